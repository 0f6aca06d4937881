/**
 * What a crypto payment method asks for (issue #27): an amount in the method's asset at a rate locked when the invoice
 * is made, exact to the asset's smallest unit. Amounts here are decimal strings or `bigint`s of the method's smallest
 * unit (10^-decimals of the asset) — never floats: 0.1 ETH is 10^17 wei, past a double's exact integers.
 */

/** The assets a manual method may ask for; a method without one asks for the site currency. */
export const CRYPTO_ASSETS = ['USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC', 'TON', 'TRX', 'ZEC'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

export interface AssetInfo {
  /** What the customer sends, as wallets name it. */
  readonly symbol: string;
  /** The network, for people ("Tron (TRC-20)"). */
  readonly network: string;
  /** The chain's own smallest unit: a method may not ask for more decimals than a wallet can send. */
  readonly chainDecimals: number;
  /** The decimals a new method starts with: fine enough that the unique tail (below) stays worth cents. */
  readonly defaultDecimals: number;
}

export const ASSET_INFO: Readonly<Record<CryptoAsset, AssetInfo>> = {
  'USDT-TRC20': { symbol: 'USDT', network: 'Tron (TRC-20)', chainDecimals: 6, defaultDecimals: 4 },
  'USDT-ERC20': { symbol: 'USDT', network: 'Ethereum (ERC-20)', chainDecimals: 6, defaultDecimals: 4 },
  BTC: { symbol: 'BTC', network: 'Bitcoin', chainDecimals: 8, defaultDecimals: 8 },
  ETH: { symbol: 'ETH', network: 'Ethereum', chainDecimals: 18, defaultDecimals: 6 },
  LTC: { symbol: 'LTC', network: 'Litecoin', chainDecimals: 8, defaultDecimals: 8 },
  TON: { symbol: 'TON', network: 'TON', chainDecimals: 9, defaultDecimals: 4 },
  // A sun is 10^-6 TRX; at a few rubles a TRX even six decimals keep the tail far below a cent.
  TRX: { symbol: 'TRX', network: 'Tron', chainDecimals: 6, defaultDecimals: 6 },
  // A zatoshi is 10^-8 ZEC, as a satoshi is of a bitcoin.
  ZEC: { symbol: 'ZEC', network: 'Zcash', chainDecimals: 8, defaultDecimals: 8 },
};

/** Tether's USDT contract on Ethereum mainnet: an ERC-20 transfer is a call to it (EIP-681 `/transfer`). */
export const USDT_ERC20_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * Each invoice gets its own amount: the converted amount rounded up to the method's decimals plus the lowest of
 * 1…UNIQUE_TAIL_MAX smallest units no other invoice to the same wallet in the same asset holds (open, or closed within
 * the server's reserve window: a late deposit still names one invoice). Staff (or a watcher) tell whose a deposit is
 * by its amount alone; at 4 decimals of USDT the tail stays under 0.1 USDT.
 */
export const UNIQUE_TAIL_MAX = 999;

/** A positive decimal as typed or stored ('95.37', '0.000031'): at most 20 whole and 18 fraction digits. */
export const DECIMAL = /^\d{1,20}(?:\.\d{1,18})?$/;

/** A decimal string as an integer of its smallest unit at `scale` decimals; null when it has more decimals. */
export function toUnits(text: string, scale: number): bigint | null {
  if (!DECIMAL.test(text)) return null;
  const [whole = '0', rawFraction = ''] = text.split('.');
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > scale) return null;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/**
 * An integer of smallest units at `decimals` as a decimal string with all its decimals ('104.7130', '0.00100001'):
 * the customer sees the precision the amount is exact to, and copies what they see.
 */
export function formatUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Digits after the decimal point of a decimal string. */
const scaleOf = (text: string) => (text.split('.')[1] ?? '').length;

/**
 * What `totalMinor` minor units of the site currency are in the asset at `rate` (site-currency major units for one
 * unit of the asset), in smallest units at `decimals`, rounded up: the site never asks for less than the total.
 * Null when the rate is not a positive decimal.
 */
export function assetUnitsFor(totalMinor: number, rate: string, decimals: number): bigint | null {
  const rateScale = scaleOf(rate);
  const rateUnits = toUnits(rate, rateScale);
  if (rateUnits === null || rateUnits <= 0n) return null;
  // total / 100 / (rateUnits / 10^rateScale) × 10^decimals, in integers.
  const numerator = BigInt(totalMinor) * 10n ** BigInt(decimals + rateScale);
  const denominator = rateUnits * 100n;
  return (numerator + denominator - 1n) / denominator;
}

/** Whether a rate set at `rateAt` may still price an invoice at `now`, given the method's limit in minutes. */
export function rateIsFresh(rateAt: string | Date | null, maxAgeMinutes: number, now: number): boolean {
  if (rateAt === null) return false;
  return now - new Date(rateAt).getTime() <= maxAgeMinutes * 60_000;
}

const scaled = (units: bigint, from: number, to: number) => units * 10n ** BigInt(to - from);

/**
 * What the invoice's QR code carries: the asset's wallet URI with the address and the exact amount where a standard
 * exists — BIP21 for Bitcoin and Litecoin (`amount` in coins), EIP-681 for Ether (`value` in wei) and for USDT on
 * Ethereum (a `transfer` call on Tether's contract, `uint256` in its 6-decimal units), TON's `ton://transfer` (nanotons),
 * ZIP-321 for Zcash (`zcash:` with `amount` in ZEC, at most 8 decimals: the chain's own, which a method never exceeds).
 * Tron has no URI standard that wallets agree on, for TRX as for TRC-20 (TronLink, Trust and others each read their
 * own forms, if any), while every Tron wallet's scanner reads a bare `T…` address: so its QR code is the plain address
 * and the amount is shown beside it with its own copy button.
 */
export function walletUri(asset: CryptoAsset, address: string, units: bigint, decimals: number): string {
  const coins = formatUnits(units, decimals);
  switch (asset) {
    case 'BTC':
      return `bitcoin:${address}?amount=${coins}`;
    case 'LTC':
      return `litecoin:${address}?amount=${coins}`;
    case 'ETH':
      return `ethereum:${address}@1?value=${scaled(units, decimals, 18)}`;
    case 'USDT-ERC20':
      return `ethereum:${USDT_ERC20_CONTRACT}@1/transfer?address=${address}&uint256=${scaled(units, decimals, 6)}`;
    case 'TON':
      return `ton://transfer/${address}?amount=${scaled(units, decimals, 9)}`;
    case 'ZEC':
      return `zcash:${address}?amount=${coins}`;
    case 'USDT-TRC20':
    case 'TRX':
      return address;
  }
}
