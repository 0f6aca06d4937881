import * as v from 'valibot';
import { MODEM_KEY } from './farm-agent.ts';
import { cityRu, operatorNamesRu, operatorRu, requiredText, rowId, text } from './fields.ts';
import { defineList, type ListParams } from './list-query.ts';

/**
 * The panel's Farm section (docs/product.md "The farm"): the farm hosts an agent runs on and their modems. A modem
 * is `online`/`offline` as its agent reports it; `maintenance` is staff's and outlives reports.
 */

export const FARM_MODEM_STATUSES = ['online', 'offline', 'maintenance'] as const;
export type FarmModemStatus = (typeof FARM_MODEM_STATUSES)[number];

const timestamp = v.string();
const port = v.pipe(v.number(), v.integer(), v.minValue(1024), v.maxValue(65_535));
/** A host name or an IPv4/IPv6 address customers connect to. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]+)$/;

export const AgentHostSchema = v.object({
  id: v.number(),
  name: v.string(),
  public_host: v.string(),
  port_min: v.number(),
  port_max: v.number(),
  /** When its agent last asked or reported; null: never. */
  last_seen_at: v.nullable(timestamp),
  /** The configuration version the agent serves, and the current one: equal once it has applied every change. */
  served_version: v.nullable(v.string()),
  config_version: v.string(),
  modems: v.number(),
  created_at: timestamp,
  /**
   * In the list: whether the public address answered a TCP connect to one of the host's proxy ports, as the API just
   * tried it; false: customers' connection strings point nowhere. Null: nothing to try (no proxy served, agent
   * silent); absent from a single host's answer and from an API older than the check.
   */
  reachable: v.optional(v.nullable(v.boolean())),
});
export type AgentHostItem = v.InferOutput<typeof AgentHostSchema>;

/** A host as created, or its token regenerated: the token is in this answer only (the API keeps its hash). */
export const AgentHostTokenSchema = v.object({ ...AgentHostSchema.entries, token: v.string() });
export type AgentHostToken = v.InferOutput<typeof AgentHostTokenSchema>;

/** A host's fields; an edit sends any of them (`v.partial`), a create all (`AgentHostInputSchema`). */
export const AgentHostFieldsSchema = v.object({
  name: requiredText(100),
  public_host: v.pipe(requiredText(253), v.regex(HOST, 'host')),
  port_min: port,
  port_max: port,
});

export const AgentHostInputSchema = v.pipe(
  AgentHostFieldsSchema,
  v.forward(
    v.check((host) => host.port_min < host.port_max, 'port_order'),
    ['port_max'],
  ),
);
export type AgentHostInput = v.InferOutput<typeof AgentHostInputSchema>;

export const PanelModemSchema = v.object({
  id: v.number(),
  host: v.object({ id: v.number(), name: v.string() }),
  name: v.string(),
  key: v.string(),
  country: v.string(),
  city: v.string(),
  city_ru: cityRu(),
  operator: v.string(),
  operator_ru: operatorRu(),
  status: v.picklist(FARM_MODEM_STATUSES),
  ip: v.nullable(v.string()),
  checked_at: v.nullable(timestamp),
  last_rotation_at: v.nullable(timestamp),
  capacity: v.number(),
  notes: v.string(),
  /** The proxies it carries now (private proxies: one). */
  proxies: v.array(
    v.object({ id: v.number(), owner: v.object({ id: v.number(), email: v.string() }), state: v.string() }),
  ),
});
export type PanelModem = v.InferOutput<typeof PanelModemSchema>;

export const ModemInputSchema = v.object({
  host: rowId(),
  name: requiredText(100),
  key: v.pipe(v.string(), v.trim(), v.regex(MODEM_KEY, 'modem_key')),
  country: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country')),
  city: requiredText(100),
  /**
   * The city's Russian name: one per city, so every modem there (and its customers' pages) reads the one set last.
   * The panel's form always sends it (empty is refused); a panel built before it existed leaves it out, and the
   * city keeps the name it has.
   */
  city_ru: v.optional(requiredText(100)),
  operator: requiredText(100),
  /** The operator's Russian name in the modem's country (#49), one per operator and country, as `city_ru` is. */
  operator_ru: v.optional(requiredText(100)),
  capacity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 1),
  notes: v.optional(text(1000), ''),
  /** Staff take a modem out of service (no new proxies on it) and back; the agent's reports do not undo it. */
  maintenance: v.optional(v.boolean(), false),
});
export type ModemInput = v.InferOutput<typeof ModemInputSchema>;

export const MODEM_LIST = defineList({
  orderings: ['name', 'country', 'operator', 'status', 'last_rotation_at'],
  filters: {
    status: { type: 'list', choices: FARM_MODEM_STATUSES },
    host: { type: 'ids' },
    country: { type: 'values' },
    operator: { type: 'values' },
  },
});
export type ModemListParams = ListParams<typeof MODEM_LIST>;

/** What the modem filters offer: the hosts, and the countries and operators the modems have. */
export const FarmChoicesSchema = v.object({
  hosts: v.array(v.object({ id: v.number(), name: v.string() })),
  countries: v.array(v.string()),
  operators: v.array(v.string()),
  operators_ru: operatorNamesRu(),
});
export type FarmChoices = v.InferOutput<typeof FarmChoicesSchema>;

/** `POST /api/panel/farm/modems/{id}/rotate/`: the new address, once the agent has it. */
export const RotationAnswerSchema = v.object({
  ok: v.boolean(),
  ip: v.optional(v.string()),
  error: v.optional(v.string()),
});
