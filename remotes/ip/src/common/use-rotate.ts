import { useState } from 'react';
import { rotateProxy } from '@proxy/contract/api/proxies';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { RotateAnswerSchema } from '@proxy/contract/schemas/proxies';
import * as v from 'valibot';
import { api } from '@proxy/contract/state';

/** What the last "change IP" said: the new address, how long to wait (429), or why it failed. */
export type RotateOutcome =
  | { readonly kind: 'ip'; readonly ip: string }
  | { readonly kind: 'wait'; readonly seconds: number; readonly until: number }
  | { readonly kind: 'error'; readonly detail: string | undefined; readonly network: boolean };

/**
 * "Change IP now" (`POST /api/proxies/{id}/rotate/`). The refusals come as an ApiError whose body is a RotateAnswer:
 * 429 carries `wait_seconds`, the cooldown left; 502/503/504 carry a `detail` in the request's language.
 */
export function useRotate(id: number, onRotated: (ip: string) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RotateOutcome | null>(null);
  const rotate = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await rotateProxy(api, id);
      if (answer.ip) {
        setOutcome({ kind: 'ip', ip: answer.ip });
        onRotated(answer.ip);
      } else {
        setOutcome({ kind: 'error', detail: answer.detail, network: false });
      }
    } catch (error) {
      setOutcome(outcomeOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, rotate, clear: () => setOutcome(null) };
}

/** A refused or failed "change IP now" as its outcome: the 429's wait, or the refusal's words, or a network error. */
export function outcomeOf(error: unknown): RotateOutcome {
  if (error instanceof ApiError) {
    const answer = v.safeParse(RotateAnswerSchema, error.body);
    const seconds = answer.success ? answer.output.wait_seconds : undefined;
    if (error.status === 429 && seconds !== undefined) {
      return { kind: 'wait', seconds, until: Date.now() + seconds * 1000 };
    }
    return { kind: 'error', detail: answer.success ? answer.output.detail : error.detail, network: false };
  }
  return { kind: 'error', detail: undefined, network: error instanceof NetworkError };
}
