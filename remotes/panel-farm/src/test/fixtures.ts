import type { AgentHostItem, FarmChoices, PanelModem } from '@proxy/contract/schemas/farm';

export const MODEM_ALL = ['farm.view_modem', 'farm.add_modem', 'farm.change_modem', 'farm.delete_modem'];
export const HOST_ALL = ['farm.view_agenthost', 'farm.add_agenthost', 'farm.change_agenthost', 'farm.delete_agenthost'];

export const host = (id: number, name: string, extra: Partial<AgentHostItem> = {}): AgentHostItem => ({
  id,
  name,
  public_host: `${name}.farm.example.com`,
  port_min: 30_000,
  port_max: 30_999,
  last_seen_at: '2026-03-01T09:30:00Z',
  served_version: 'v7',
  config_version: 'v7',
  modems: 0,
  created_at: '2026-01-10T08:00:00Z',
  ...extra,
});

export const modem = (id: number, name: string, extra: Partial<PanelModem> = {}): PanelModem => ({
  id,
  host: { id: 1, name: 'local' },
  name,
  key: `sim-${id}`,
  country: 'RU',
  city: 'Moscow',
  city_ru: 'Москва',
  operator: 'MTS',
  operator_ru: 'МТС',
  status: 'online',
  ip: `127.0.0.${id + 10}`,
  checked_at: '2026-03-01T09:30:00Z',
  last_rotation_at: null,
  capacity: 1,
  notes: '',
  proxies: [],
  ...extra,
});

export const CHOICES: FarmChoices = {
  hosts: [
    { id: 1, name: 'local' },
    { id: 2, name: 'msk-2' },
  ],
  countries: ['KZ', 'RU'],
  operators: ['Beeline', 'MTS', 'Tele2'],
  operators_ru: { Beeline: 'Beeline / Билайн', MTS: 'МТС', Tele2: 'Tele2 / Т2' },
};

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
