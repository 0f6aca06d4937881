import { acceptTransfer, cancelTransfer, declineTransfer, getTransfer } from '@proxy/contract/api/transfers';
import { ApiError } from '@proxy/contract/api/errors';
import { reportRequestError, type RequestMessages } from '@proxy/contract/forms';
import type { Transfer } from '@proxy/contract/schemas/transfers';
import { api } from '@proxy/contract/state';

export type TransferAction = 'accept' | 'decline' | 'cancel';

const SEND = { accept: acceptTransfer, decline: declineTransfer, cancel: cancelTransfer } as const;

/**
 * What an answer to an offer came to: the offer as it is now, or — a 409 — why it could not be done (it lapsed, the
 * other side acted first) and the offer as it stands after that, read again. `null`: the request failed otherwise
 * and the toast said so.
 */
export type ActionResult =
  | { readonly ok: true; readonly transfer: Transfer }
  | { readonly ok: false; readonly detail: string | undefined; readonly transfer: Transfer | undefined };

export async function runTransferAction(
  action: TransferAction,
  id: number,
  messages: RequestMessages,
): Promise<ActionResult | null> {
  try {
    return { ok: true, transfer: await SEND[action](api, id) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const transfer = await getTransfer(api, id).catch(() => undefined);
      return { ok: false, detail: error.detail, transfer };
    }
    reportRequestError(error, messages);
    return null;
  }
}
