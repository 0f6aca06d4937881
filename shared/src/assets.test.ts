// The arithmetic of a crypto invoice: exact to the asset's smallest unit (never a float), rounded up so the site never
// asks for less than the total, and the wallet URI each asset's wallets read.
import { describe, expect, it } from 'vitest';
import { ASSET_INFO, assetUnitsFor, formatUnits, rateIsFresh, toUnits, walletUri } from './assets.ts';
import { amountProblem, amountText, minorUnitsOf, readAmountText } from './money.ts';

describe('asset amounts', () => {
  it('reads and writes decimals exactly, 18 places included', () => {
    expect(toUnits('0.000000000000000001', 18)).toBe(1n);
    expect(toUnits('104.7122', 4)).toBe(1_047_122n);
    expect(toUnits('104.71220', 4)).toBe(1_047_122n);
    expect(toUnits('104.71225', 4)).toBeNull();
    expect(toUnits('1e3', 4)).toBeNull();
    expect(formatUnits(1_047_122n, 4)).toBe('104.7122');
    expect(formatUnits(5n, 8)).toBe('0.00000005');
    expect(formatUnits(1_047_130n, 4)).toBe('104.7130');
    expect(formatUnits(3n, 0)).toBe('3');
  });

  it('converts the total at the rate, rounded up to the decimals', () => {
    // 10 000 ₽ at 95.50 = 104.712041… USDT.
    expect(assetUnitsFor(1_000_000, '95.50', 4)).toBe(1_047_121n);
    // Exact: no rounding up of a whole result.
    expect(assetUnitsFor(300_000, '300000', 6)).toBe(10_000n);
    // 1 ₽ at 9 000 000 ₽/BTC = 0.000000111… BTC → 12 satoshi.
    expect(assetUnitsFor(100, '9000000', 8)).toBe(12n);
    // 0.1 ETH in wei is past a double's exact integers; the arithmetic stays exact.
    expect(assetUnitsFor(3_000_000, '300000', 18)).toBe(100_000_000_000_000_000n);
    expect(assetUnitsFor(100, '0', 4)).toBeNull();
    // 1 000 ₽ at 25 ₽/TRX = 40 TRX in sun (6 decimals); at 40 000 ₽/ZEC = 0.025 ZEC in zatoshi (8); at 9 000 ₽/LTC
    // 0.11111112 LTC, rounded up.
    expect(assetUnitsFor(100_000, '25', 6)).toBe(40_000_000n);
    expect(assetUnitsFor(100_000, '40000', 8)).toBe(2_500_000n);
    expect(assetUnitsFor(100_000, '9000', 8)).toBe(11_111_112n);
  });

  it("knows each chain's smallest unit: a litoshi, a sun, a zatoshi", () => {
    expect(ASSET_INFO.LTC).toMatchObject({ symbol: 'LTC', chainDecimals: 8 });
    expect(ASSET_INFO.TRX).toMatchObject({ symbol: 'TRX', network: 'Tron', chainDecimals: 6, defaultDecimals: 6 });
    expect(ASSET_INFO.ZEC).toMatchObject({ symbol: 'ZEC', network: 'Zcash', chainDecimals: 8, defaultDecimals: 8 });
  });

  it('judges a rate by its age against the limit', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(rateIsFresh('2026-11-28T09:00:00Z', 60, now)).toBe(true);
    expect(rateIsFresh('2026-11-28T08:59:59Z', 60, now)).toBe(false);
    expect(rateIsFresh(null, 60, now)).toBe(false);
  });

  it.each([
    ['BTC', 'bc1qaddr', 100_001n, 8, 'bitcoin:bc1qaddr?amount=0.00100001'],
    ['LTC', 'ltc1qaddr', 150_000_000n, 8, 'litecoin:ltc1qaddr?amount=1.50000000'],
    ['ETH', '0xAbC', 10_001n, 6, 'ethereum:0xAbC@1?value=10001000000000000'],
    [
      'USDT-ERC20',
      '0xAbC',
      1_047_122n,
      4,
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xAbC&uint256=104712200',
    ],
    ['TON', 'UQaddr', 10_001n, 4, 'ton://transfer/UQaddr?amount=1000100000'],
    ['USDT-TRC20', 'TQaddr', 1_047_122n, 4, 'TQaddr'],
    // TRX: no URI Tron wallets agree on, so the bare address every one of them scans.
    ['TRX', 'TQaddr', 400_000_001n, 6, 'TQaddr'],
    // ZIP-321: ZEC in decimal, at most 8 fraction digits (the chain's), trailing zeros allowed.
    ['ZEC', 't1addr', 25_000_001n, 8, 'zcash:t1addr?amount=0.25000001'],
    ['ZEC', 't1addr', 100_000_000n, 8, 'zcash:t1addr?amount=1.00000000'],
  ] as const)('%s: %s', (asset, address, units, decimals, uri) => {
    expect(walletUri(asset, address, units, decimals)).toBe(uri);
  });
});

describe('the top-up amount rule', () => {
  const limits = { min: 50_000, max: 100_000_000_000 };
  it.each([
    ['500', { minor: 50_000 }],
    ['1 000,25', { minor: 100_025 }],
    ['99.5', { minor: 9950 }],
    ['-100', { problem: 'negative' }],
    ['−5', { problem: 'negative' }],
    ['-0', { minor: 0 }],
    ['12.345', { problem: 'decimals' }],
    // Three decimals are refused even as zeros: "1,000" is a thousand in English, never 1 ₽ (#49).
    ['12.340', { problem: 'decimals' }],
    ['1,000', { problem: 'decimals' }],
    ['1.000', { problem: 'decimals' }],
    ['99999999999999', { problem: 'above_max' }],
    ['abc', { problem: 'format' }],
    ['', { problem: 'format' }],
    ['.', { problem: 'format' }],
    [',', { problem: 'format' }],
  ])('reads %j', (text, outcome) => {
    expect(readAmountText(text)).toEqual(outcome);
  });

  // #49: the panel read "150,5" as 1 505 ₽. Both marks in both languages; whatever could be misread is refused.
  it.each([
    ['150,5', 15_050],
    ['150.5', 15_050],
    ['150,50', 15_050],
    [' 150 ', 15_000],
    ['1 505,50', 150_550],
    ['1\u00a0505.5', 150_550],
    ['1\u202f000\u00a0000', 100_000_000],
    ['0,05', 5],
    ['007', 700],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(readAmountText(text)).toEqual({ minor });
  });

  it.each([
    '1.000,5',
    '1,000.5',
    '1.000.000',
    '1,5,0',
    '150,',
    '150.',
    ',5',
    '15 05',
    '1  505',
    '1 505 ,5',
    '150,5 ₽',
    '150a',
    '1e3',
    '+150',
    '- 150',
  ])('refuses %j as not an amount', (text) => {
    expect(readAmountText(text)).toEqual({ problem: 'format' });
  });

  it('reads a signed amount only when asked to', () => {
    expect(readAmountText('-150,5', { signed: true })).toEqual({ minor: -15_050 });
    expect(readAmountText('−1 000', { signed: true })).toEqual({ minor: -100_000 });
    expect(readAmountText('-150,5')).toEqual({ problem: 'negative' });
    expect(readAmountText('-1,000', { signed: true })).toEqual({ problem: 'decimals' });
  });

  it('writes an amount for a field as the language does, and reads it back exactly', () => {
    expect(amountText(123_450, 'ru')).toBe('1234,50');
    expect(amountText(123_450, 'en')).toBe('1234.50');
    expect(amountText(500_000, 'en')).toBe('5000');
    expect(amountText(-5, 'ru')).toBe('-0,05');
    for (const minor of [0, 1, 99, 100, 15_050, -15_050, 100_000_000_000]) {
      for (const language of ['ru', 'en'] as const) {
        expect(readAmountText(amountText(minor, language), { signed: true })).toEqual({ minor });
      }
    }
  });

  it('gives a request null for an empty field and NaN, which a schema refuses, for an unreadable one', () => {
    expect(minorUnitsOf('  ')).toBeNull();
    expect(minorUnitsOf('150,5')).toBe(15_050);
    expect(minorUnitsOf('1.000,5')).toBeNaN();
    expect(minorUnitsOf('-1', { signed: true })).toBe(-100);
  });

  it.each([
    [-100, 'negative'],
    [0, 'zero'],
    [100.5, 'decimals'],
    [49_999, 'below_min'],
    [100_000_000_001, 'above_max'],
    [Number.NaN, 'format'],
    [50_000, null],
  ] as const)('judges %s minor units: %s', (minor, problem) => {
    expect(amountProblem(minor, limits)).toBe(problem);
  });
});
