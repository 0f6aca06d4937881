/**
 * The demo payment methods: manual crypto transfers, so a fresh site can take a top-up end to end (a customer makes
 * an invoice, staff mark it paid in the panel). Their addresses are placeholders that say so: staff put their own
 * wallets in the panel before taking money.
 *
 * Each asks for its asset at a staff-set rate, so a fresh `npm start` shows "send exactly … USDT" at once. The rates
 * are rough rubles (the default CURRENCY) and allowed to stand a year (`DEMO_RATE_MAX_AGE_MINUTES`) so the demo keeps
 * working; staff set real ones, or a rate provider, with a short limit, in the panel.
 */
import type { CryptoAsset } from '@proxy/contract/assets';

/** A year: the demo's rates never go stale under someone trying the site. */
export const DEMO_RATE_MAX_AGE_MINUTES = 525_600;

export interface SeedPaymentMethod {
  readonly code: string;
  readonly icon: string;
  readonly kind: 'crypto' | 'fiat';
  readonly address: string;
  readonly minAmount: number;
  readonly feeBasisPoints: number;
  readonly asset: CryptoAsset;
  readonly assetDecimals: number;
  /** Rubles for one unit of the asset. */
  readonly rate: string;
  readonly ru: { readonly name: string; readonly instructions: string };
  readonly en: { readonly name: string; readonly instructions: string };
}

const instructions = (network: string) => ({
  ru: `<p>Переведите сумму к оплате в сети ${network} на адрес ниже и укажите хеш транзакции. Баланс пополнится, когда мы увидим перевод.</p><p><strong>Демо:</strong> это адрес-заглушка — замените его своим в панели (Способы оплаты), прежде чем принимать оплату.</p>`,
  en: `<p>Send the total over ${network} to the address below and enter the transaction hash. The balance is topped up once we see the transfer.</p><p><strong>Demo:</strong> this address is a placeholder — replace it with your own in the panel (Payment methods) before taking payments.</p>`,
});

export const SEED_PAYMENT_METHODS: readonly SeedPaymentMethod[] = [
  {
    code: 'usdt_trc20',
    icon: 'pay-usdt.svg',
    kind: 'crypto',
    address: 'DEMO-USDT-TRC20-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 50_000,
    feeBasisPoints: 0,
    asset: 'USDT-TRC20',
    assetDecimals: 4,
    rate: '95.50',
    ru: { name: 'USDT (TRC-20)', instructions: instructions('Tron (TRC-20)').ru },
    en: { name: 'USDT (TRC-20)', instructions: instructions('Tron (TRC-20)').en },
  },
  {
    code: 'btc',
    icon: 'pay-btc.svg',
    kind: 'crypto',
    address: 'DEMO-BITCOIN-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 100_000,
    feeBasisPoints: 100,
    asset: 'BTC',
    assetDecimals: 8,
    rate: '9000000',
    ru: { name: 'Биткоин', instructions: instructions('Bitcoin').ru },
    en: { name: 'Bitcoin', instructions: instructions('Bitcoin').en },
  },
  {
    code: 'eth',
    icon: 'pay-eth.svg',
    kind: 'crypto',
    address: 'DEMO-ETHEREUM-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 100_000,
    feeBasisPoints: 100,
    asset: 'ETH',
    assetDecimals: 6,
    rate: '300000',
    ru: { name: 'Ethereum', instructions: instructions('Ethereum').ru },
    en: { name: 'Ethereum', instructions: instructions('Ethereum').en },
  },
  {
    code: 'ltc',
    icon: 'pay-ltc.svg',
    kind: 'crypto',
    address: 'DEMO-LITECOIN-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 50_000,
    feeBasisPoints: 0,
    asset: 'LTC',
    assetDecimals: 8,
    rate: '9000',
    ru: { name: 'Litecoin', instructions: instructions('Litecoin').ru },
    en: { name: 'Litecoin', instructions: instructions('Litecoin').en },
  },
  {
    code: 'trx',
    icon: 'pay-trx.svg',
    kind: 'crypto',
    address: 'DEMO-TRON-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 50_000,
    feeBasisPoints: 0,
    asset: 'TRX',
    assetDecimals: 6,
    rate: '25',
    ru: { name: 'TRON (TRX)', instructions: instructions('Tron').ru },
    en: { name: 'TRON (TRX)', instructions: instructions('Tron').en },
  },
  {
    code: 'zec',
    icon: 'pay-zec.svg',
    kind: 'crypto',
    address: 'DEMO-ZCASH-ADDRESS-REPLACE-IN-PANEL',
    minAmount: 100_000,
    feeBasisPoints: 100,
    asset: 'ZEC',
    assetDecimals: 8,
    rate: '40000',
    ru: { name: 'Zcash', instructions: instructions('Zcash').ru },
    en: { name: 'Zcash', instructions: instructions('Zcash').en },
  },
];
