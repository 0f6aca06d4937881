/**
 * The health checks' target staff set (#29): one URL every agent requests through each modem (`check_url` in its
 * configuration). Changing it bumps every host's configuration version in the same transaction, so each agent's long
 * poll answers at once and the next checks go to the new target. Panel routes: `GET`/`PUT
 * /api/panel/farm/settings/check/` — the farm's permissions (modems: view to read, change to save).
 */
import { MODEM_PERMISSIONS } from '@proxy/contract/permissions';
import { AGENT_API_PATHS } from '@proxy/contract/schemas/farm-agent';
import { type CheckTarget, CheckTargetInputSchema, CheckTargetSchema } from '@proxy/contract/schemas/farm-settings';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { parseBody } from '../../lib/drf-errors.ts';
import { answers } from '../../lib/panel.ts';

/** The configured target; null: the agents' default (the site's own `GET /api/ip/`). */
export async function checkUrlOf(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ check_url: string | null }>('SELECT check_url FROM farm_settings');
  return row?.check_url ?? null;
}

/** The same as a subquery, for reads that answer it beside other columns (a proxy's page). */
export const CHECK_URL_COLUMN = '(SELECT check_url FROM farm_settings) AS check_url';

export function checkTargetRepository(db: Db, options: { readonly publicUrl: string; readonly now: () => number }) {
  const defaultUrl = new URL(AGENT_API_PATHS.ip, options.publicUrl || 'http://localhost').href;

  async function read(q: Queryable): Promise<CheckTarget> {
    const [row] = await q.query<{ check_url: string | null; changed_by: string | null; changed_at: Date | null }>(
      `SELECT s.check_url, u.email AS changed_by, s.check_url_changed_at AS changed_at
         FROM farm_settings s LEFT JOIN users u ON u.id = s.check_url_changed_by`,
    );
    return {
      check_url: row?.check_url ?? null,
      default_url: defaultUrl,
      changed_by: row?.changed_by ?? null,
      changed_at: row?.changed_at ? new Date(row.changed_at).toISOString() : null,
    };
  }

  return {
    get: () => read(db),

    /** Stores the target (null: the default) and tells every agent; answers what is stored now. */
    save(checkUrl: string | null, actorId: number): Promise<CheckTarget> {
      return db.transaction(async (tx) => {
        // The settings row first, then the hosts in id order (the order every writer of several hosts keeps): two
        // saves at once queue on the row instead of crossing on the hosts.
        const [before] = await tx.query<{ check_url: string | null }>('SELECT check_url FROM farm_settings FOR UPDATE');
        await tx.query(
          'UPDATE farm_settings SET check_url = $1, check_url_changed_by = $2, check_url_changed_at = $3',
          [checkUrl, actorId, new Date(options.now())],
        );
        if ((before?.check_url ?? null) !== checkUrl) {
          await tx.query('SELECT id FROM agent_hosts ORDER BY id FOR UPDATE');
          await tx.query('UPDATE agent_hosts SET config_version = config_version + 1');
        }
        return read(tx);
      });
    },
  };
}

const checkTargetRoutes: FastifyPluginAsync<{ publicUrl: string; now: () => number }> = async (app, options) => {
  const target = checkTargetRepository(app.db, options);
  const can = (permission: string) => ({ preHandler: app.requirePermission(permission) });
  const path = '/api/panel/farm/settings/check/';

  app.get(path, { ...can(MODEM_PERMISSIONS.view), schema: { response: answers(CheckTargetSchema) } }, () =>
    target.get(),
  );

  app.put(
    path,
    { ...can(MODEM_PERMISSIONS.change), schema: { response: answers(CheckTargetSchema) } },
    async (request: FastifyRequest) => {
      const input = parseBody(CheckTargetInputSchema, request.body, request.language);
      const checkUrl = input.check_url === null || input.check_url === '' ? null : input.check_url;
      const actorId = (request.user as { id: number }).id;
      const saved = await target.save(checkUrl, actorId);
      request.log.info({ checkUrl }, 'health check target changed');
      return saved;
    },
  );
};

export default checkTargetRoutes;
