/**
 * `GET /r/{token}`: the change-IP link (docs/product.md "Proxies"). No login: the token is the credential. It asks
 * the modem's agent to rotate and answers when the new address is known: `{"ok":true,"ip":"…"}`; within a minute of
 * the proxy's last rotation `429` with `Retry-After` and `{"ok":false,"wait_seconds":N}`; an unknown token `404`.
 * Every answer is JSON, never cached and never indexed; `error` names a refusal for scripts.
 */
import type { Language } from '@proxy/contract/languages';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import { MESSAGES, type Text, throttled } from '../../lib/messages.ts';
import type { FarmService, RebootRequest } from './farm-service.ts';
import { FARM_MESSAGES } from './messages.ts';
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

/**
 * What a rotation request came to, as the change-IP link and "change IP now" both answer it: the status, and a body
 * whose `error` names a refusal for scripts (the customer's route adds a worded `detail`). A started rotation is
 * waited for, up to `waitMs`.
 */
export interface RotationAnswer {
  readonly status: 200 | 403 | 404 | 409 | 429 | 502 | 503 | 504;
  readonly body: {
    readonly ok: boolean;
    readonly ip?: string;
    readonly wait_seconds?: number;
    readonly error?: string;
  };
}

export async function answerRotation(
  farm: FarmService,
  waits: NotificationWaits,
  outcome: RebootRequest,
  waitMs: number,
  log: FastifyBaseLogger,
): Promise<RotationAnswer> {
  switch (outcome.kind) {
    case 'unknown':
      return { status: 404, body: { ok: false, error: 'not_found' } };
    case 'inactive':
      return { status: 403, body: { ok: false, error: 'proxy_inactive' } };
    case 'unavailable':
      return { status: 503, body: { ok: false, error: 'modem_unavailable' } };
    case 'wait':
      return { status: 429, body: { ok: false, wait_seconds: outcome.seconds } };
    case 'shared':
      return { status: 409, body: { ok: false, error: 'modem_shared' } };
    case 'busy':
      return { status: 409, body: { ok: false, error: 'modem_busy' } };
    case 'started':
      break;
  }
  const rotation = await waitForRotation(farm, waits, outcome.rotationId, waitMs);
  if (rotation?.status === 'done') return { status: 200, body: { ok: true, ip: rotation.newIp as string } };
  if (rotation?.status === 'failed') {
    log.warn({ rotationId: rotation.id, error: rotation.error }, 'rotation failed');
    return { status: 502, body: { ok: false, error: 'rotation_failed' } };
  }
  // Still pending: the agent will rotate when it can; the next request joins that rotation.
  return { status: 504, body: { ok: false, error: 'timeout' } };
}

/** The worded reason of a rotation refusal, for the owner's page (the link's scripts read `error`). */
const ROTATION_DETAILS: Readonly<Record<string, Text>> = {
  not_found: MESSAGES.notFound,
  proxy_inactive: FARM_MESSAGES.proxyInactive,
  modem_unavailable: FARM_MESSAGES.modemBusy,
  rotation_failed: FARM_MESSAGES.rotationFailed,
  timeout: FARM_MESSAGES.rotationTimeout,
};

/** The same for a reboot (`POST /api/proxies/{id}/reboot/`), worded for a reboot. */
export const REBOOT_DETAILS: Readonly<Record<string, Text>> = {
  not_found: MESSAGES.notFound,
  proxy_inactive: FARM_MESSAGES.rebootInactive,
  modem_unavailable: FARM_MESSAGES.rebootUnavailable,
  modem_shared: FARM_MESSAGES.modemShared,
  modem_busy: FARM_MESSAGES.modemRestarting,
  rotation_failed: FARM_MESSAGES.rebootFailed,
  timeout: FARM_MESSAGES.rebootTimeout,
};

/** A rotation answer's `detail` in `language`: the cooldown as DRF's throttling words it, or the refusal's reason. */
export function rotationDetail(
  body: RotationAnswer['body'],
  language: Language,
  details: Readonly<Record<string, Text>> = ROTATION_DETAILS,
): string | undefined {
  if (body.wait_seconds !== undefined) return throttled(body.wait_seconds, language);
  return body.error === undefined ? undefined : details[body.error]?.[language];
}

/** Every answer about a rotation: JSON, never cached, never indexed, `Retry-After` within the cooldown. */
export function sendRotation(reply: FastifyReply, answer: RotationAnswer, body: object = answer.body) {
  if (answer.body.wait_seconds !== undefined) reply.header('retry-after', String(answer.body.wait_seconds));
  return reply
    .code(answer.status)
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
    return sendRotation(reply, await answerRotation(farm, waits, outcome, waitMs, request.log));
  });
};

export default rotateLinkRoute;
