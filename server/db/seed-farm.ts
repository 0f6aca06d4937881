/**
 * The demo farm: one host, `local`, whose agent `npm start` runs beside the API with the simulator (its modems
 * `sim-1` … `sim-8` are loopback addresses), so a fresh site has stock to order and proxies that carry traffic.
 * Staff rename, extend or delete it in the panel; its agent token is made anew on every `npm start`.
 */
export const DEMO_FARM_HOST = {
  name: 'local',
  /** What customers connect to: the demo agent listens on this machine. */
  publicHost: '127.0.0.1',
  portMin: 30_000,
  portMax: 30_999,
} as const;

export interface SeedModem {
  readonly key: string;
  readonly name: string;
  readonly country: string;
  readonly city: string;
  /** The city's Russian name (#28): Russian pages show it. */
  readonly cityRu: string;
  readonly operator: string;
  /** The operator's Russian name in its country (#49), as the operator writes itself there. */
  readonly operatorRu: string;
}

const CITIES_RU: Readonly<Record<string, string>> = {
  Moscow: 'Москва',
  'Saint Petersburg': 'Санкт-Петербург',
  Almaty: 'Алматы',
};

/** Beeline and Tele2 are Билайн and Т2 in Russia since their rebrandings, still Beeline and Tele2 in Kazakhstan. */
const OPERATORS_RU: Readonly<Record<string, string>> = {
  'RU/MTS': 'МТС',
  'RU/Beeline': 'Билайн',
  'RU/Tele2': 'Т2',
};

const modem = (n: number, country: string, city: string, operator: string): SeedModem => ({
  key: `sim-${n}`,
  name: `${city} ${operator} ${n}`,
  country,
  city,
  cityRu: CITIES_RU[city] ?? city,
  operator,
  operatorRu: OPERATORS_RU[`${country}/${operator}`] ?? operator,
});

/** Eight modems, two countries, three operators (Beeline and Tele2 work in both). */
export const SEED_MODEMS: readonly SeedModem[] = [
  modem(1, 'RU', 'Moscow', 'MTS'),
  modem(2, 'RU', 'Moscow', 'MTS'),
  modem(3, 'RU', 'Moscow', 'Beeline'),
  modem(4, 'RU', 'Moscow', 'Beeline'),
  modem(5, 'RU', 'Saint Petersburg', 'Tele2'),
  modem(6, 'KZ', 'Almaty', 'Beeline'),
  modem(7, 'KZ', 'Almaty', 'Beeline'),
  modem(8, 'KZ', 'Almaty', 'Tele2'),
];
