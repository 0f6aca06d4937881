import { useEffect, useRef, useState } from 'react';
import { getCurrentUser } from '@proxy/contract/api/auth';
import { getInvoice } from '@proxy/contract/api/billing';
import { ApiError } from '@proxy/contract/api/errors';
import type { Invoice } from '@proxy/contract/schemas/billing';
import { api, appStore, setUserAtom } from '@proxy/contract/state';
import { useKitT } from './i18n/use-kit-t.ts';

/** How often a pending invoice is asked about: staff or a gateway's webhook may settle it at any moment. */
export const INVOICE_POLL_MS = 4000;

export interface WatchedInvoice {
  /** The invoice as last read; null until the first answer. */
  readonly invoice: Invoice | null;
  /** The API does not know it (404): someone else's, or a made-up id. */
  readonly missing: boolean;
  /** The invoice as an action answered it (cancelled, a reference saved): it replaces the one shown. */
  readonly setInvoice: (invoice: Invoice) => void;
}

/**
 * An invoice and its live status, for the top-up dialog and the page a payment gateway sends the customer back to:
 * asked about every few seconds while pending (a network blip or a 5xx keeps asking: the payment may still arrive),
 * never again once settled. Once paid, the session user is read again, so the header and the balance show the new
 * balance. `initial` is the invoice just created, which the server answered a moment ago: the first ask waits; later
 * restarts (a language switch: the method's name comes in the request's language) ask at once.
 */
export function useInvoice(id: number, initial: Invoice | null = null): WatchedInvoice {
  const { language } = useKitT();
  const [invoice, setInvoice] = useState<Invoice | null>(initial);
  const [missing, setMissing] = useState(false);
  const firstPoll = useRef(true);
  const status = invoice?.status;
  const waiting = !missing && (status === undefined || status === 'pending');

  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getInvoice(api, id, controller.signal);
        setInvoice(next);
        if (next.status === 'pending') timer = setTimeout(() => void poll(), INVOICE_POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else timer = setTimeout(() => void poll(), INVOICE_POLL_MS);
      }
    };
    timer = setTimeout(() => void poll(), firstPoll.current && initial ? INVOICE_POLL_MS : 0);
    firstPoll.current = false;
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, initial, language, waiting]);

  useEffect(() => {
    if (status !== 'paid') return;
    // A 401 signs the session out in the API client; anything else keeps the balance shown until the next read.
    getCurrentUser(api).then(
      (user) => appStore.set(setUserAtom, user),
      () => undefined,
    );
  }, [status]);

  return { invoice, missing, setInvoice };
}
