/**
 * `GET /r/{token}`: the change-IP link (design/product.md "Proxies"). No login: the token is the credential. It asks
 * the modem's agent to rotate and answers when the new address is known: `{"ok":true,"ip":"…"}`; within a minute of
 * the proxy's last rotation `429` with `Retry-After` and `{"ok":false,"wait_seconds":N}`; an unknown token `404`.
 * Every answer is JSON, never cached and never indexed; `error` names a refusal for scripts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FarmService } from './farm-service.ts';
import type { NotificationWaits } from './notification-waits.ts';
import type { Rotation } from './rotations-repository.ts';

/** The simulator rotates in 1–3 s, a USB modem reconnects in 5–30 s: a link waits this long for the new address. */
export const ROTATION_WAIT_MS = 60_000;
const SLICE_MS = 1_000;
/** Tokens are base64url; anything else is unknown without a database lookup. */
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export interface RotateLinkOptions {
  readonly farm: FarmService;
  readonly waits: NotificationWaits;
  readonly rotationWaitMs?: number;
}

/** The rotation once it is done or failed, or null if it is still pending after `waitMs`. */
export async function waitForRotation(
  farm: FarmService,
  waits: NotificationWaits,
  id: number,
  waitMs: number,
): Promise<Rotation | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const rotation = await farm.rotation(id);
    if (rotation && rotation.status !== 'pending') return rotation;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await waits.wait(`r${id}`, Math.min(SLICE_MS, left));
  }
}

function answer(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('application/json; charset=utf-8')
    .send(body);
}

const rotateLinkRoute: FastifyPluginAsync<RotateLinkOptions> = async (app, options) => {
  const { farm, waits } = options;
  const waitMs = options.rotationWaitMs ?? ROTATION_WAIT_MS;

  app.get<{ Params: { token: string } }>('/r/:token', async (request, reply) => {
    const { token } = request.params;
    // The same work for a malformed token as for an unknown one: a hash and an index lookup.
    const outcome = await farm.requestLinkRotation(TOKEN.test(token) ? token : '-');
    switch (outcome.kind) {
      case 'unknown':
        return answer(reply, 404, { ok: false, error: 'not_found' });
      case 'inactive':
        return answer(reply, 403, { ok: false, error: 'proxy_inactive' });
      case 'unavailable':
        return answer(reply, 503, { ok: false, error: 'modem_unavailable' });
      case 'wait':
        reply.header('retry-after', String(outcome.seconds));
        return answer(reply, 429, { ok: false, wait_seconds: outcome.seconds });
      case 'started':
        break;
    }
    const rotation = await waitForRotation(farm, waits, outcome.rotationId, waitMs);
    if (rotation?.status === 'done') return answer(reply, 200, { ok: true, ip: rotation.newIp });
    if (rotation?.status === 'failed') {
      request.log.warn({ rotationId: rotation.id, error: rotation.error }, 'link rotation failed');
      return answer(reply, 502, { ok: false, error: 'rotation_failed' });
    }
    // Still pending: the agent will rotate when it can; the link's next use joins that rotation.
    return answer(reply, 504, { ok: false, error: 'timeout' });
  });
};

export default rotateLinkRoute;
