/**
 * The Farm section's reads, in the panel's wire shapes: hosts with their modem counts, modems with their host and the
 * proxies they carry (paginated, filtered, searched), and the values the filters offer.
 */
import type { AgentHostItem, FarmChoices, ModemListParams, PanelModem } from '@proxy/contract/schemas/farm';
import type { Queryable, SqlParam } from '../../db/db.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { operatorNamesRu, placeRuOf } from './place-names.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type HostRow = Omit<AgentHostItem, 'last_seen_at' | 'created_at' | 'config_version'> & {
  last_seen_at: Date | string | null;
  created_at: Date | string;
  config_version: number;
};

const HOST_SELECT = `SELECT h.id, h.name, h.public_host, h.port_min, h.port_max, h.last_seen_at, h.served_version,
    h.config_version, h.created_at, (SELECT count(*)::int FROM modems m WHERE m.host_id = h.id) AS modems
  FROM agent_hosts h`;

const toHost = (row: HostRow): AgentHostItem => ({
  ...row,
  config_version: String(row.config_version),
  last_seen_at: iso(row.last_seen_at),
  created_at: iso(row.created_at) as string,
});

type ModemRow = Omit<PanelModem, 'checked_at' | 'last_rotation_at'> & {
  checked_at: Date | string | null;
  last_rotation_at: Date | string | null;
};

const MODEM_SELECT = `SELECT m.id, json_build_object('id', h.id, 'name', h.name) AS host, m.name, m.key, m.country,
    m.city, ${placeRuOf('m')}, m.operator, m.status, m.ip, m.checked_at, m.last_rotation_at, m.capacity, m.notes,
    COALESCE((SELECT json_agg(json_build_object('id', p.id, 'owner', json_build_object('id', u.id, 'email', u.email),
                                                'state', p.state) ORDER BY p.id)
                FROM proxies p JOIN users u ON u.id = p.owner_id WHERE p.modem_id = m.id), '[]') AS proxies
  FROM modems m JOIN agent_hosts h ON h.id = m.host_id`;

const toModem = (row: ModemRow): PanelModem => ({
  ...row,
  checked_at: iso(row.checked_at),
  last_rotation_at: iso(row.last_rotation_at),
});

type Filters = NonNullable<ModemListParams['filters']>;

function where(filters: Filters, search: string | undefined): { sql: string; values: SqlParam[] } {
  const clauses: string[] = [];
  const values: SqlParam[] = [];
  const add = (clause: (n: number) => string, value: SqlParam) => {
    values.push(value);
    clauses.push(clause(values.length));
  };
  if (filters.status) add((n) => `m.status = ANY($${n}::text[])`, filters.status);
  if (filters.host) add((n) => `m.host_id = ANY($${n}::int[])`, filters.host);
  if (filters.country) add((n) => `m.country = ANY($${n}::text[])`, filters.country);
  if (filters.operator) add((n) => `m.operator = ANY($${n}::text[])`, filters.operator);
  for (const term of searchTerms(search)) {
    add(
      (n) => `(m.name ILIKE $${n} OR m.city ILIKE $${n} OR m.key ILIKE $${n} OR coalesce(m.ip, '') ILIKE $${n})`,
      likePattern(term),
    );
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', values };
}

export function farmPanelRepository(q: Queryable) {
  return {
    async hosts(): Promise<AgentHostItem[]> {
      return (await q.query<HostRow>(`${HOST_SELECT} ORDER BY h.name, h.id`)).map(toHost);
    },

    async host(id: number): Promise<AgentHostItem | null> {
      const [row] = await q.query<HostRow>(`${HOST_SELECT} WHERE h.id = $1`, [id]);
      return row ? toHost(row) : null;
    },

    async modem(id: number): Promise<PanelModem | null> {
      const [row] = await q.query<ModemRow>(`${MODEM_SELECT} WHERE m.id = $1`, [id]);
      return row ? toModem(row) : null;
    },

    async countModems(params: ModemListParams): Promise<number> {
      const { sql, values } = where(params.filters ?? {}, params.search);
      const [row] = await q.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM modems m WHERE ${sql}`,
        values,
      );
      return row?.count ?? 0;
    },

    async modems(params: ModemListParams, window: Pick<PageWindow, 'limit' | 'offset'>): Promise<PanelModem[]> {
      const { sql, values } = where(params.filters ?? {}, params.search);
      const ordering = params.ordering ?? 'name';
      const direction = ordering.startsWith('-') ? 'DESC' : 'ASC';
      const column = `m.${ordering.replace(/^-/, '')}`;
      const rows = await q.query<ModemRow>(
        `${MODEM_SELECT} WHERE ${sql}
          ORDER BY ${column} ${direction} NULLS LAST, m.id ${direction}
          LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
        [...values, window.limit, window.offset],
      );
      return rows.map(toModem);
    },

    async choices(): Promise<FarmChoices> {
      const [hosts, countries, operators, operatorsRu] = await Promise.all([
        q.query<{ id: number; name: string }>('SELECT id, name FROM agent_hosts ORDER BY name, id'),
        q.query<{ value: string }>('SELECT DISTINCT country AS value FROM modems ORDER BY 1'),
        q.query<{ value: string }>('SELECT DISTINCT operator AS value FROM modems ORDER BY 1'),
        operatorNamesRu(q, 'modems m', 'true', []),
      ]);
      return {
        hosts,
        countries: countries.map((row) => row.value),
        operators: operators.map((row) => row.value),
        operators_ru: operatorsRu,
      };
    },
  };
}
