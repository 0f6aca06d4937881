import { ApiError, NetworkError, type FieldErrors } from './api/errors.ts';
import { appStore, showMessageAtom } from './state.ts';

/**
 * What every form and every panel action does with the outcome of a request (spec §5, §8), written once for the
 * auth dialog, the customer pages and the panel kit: a 400–403 answer with a DRF body puts each message on its field
 * and shows them all in one error toast (`joinMessages`); another client error with a `detail` (a 404 of a row deleted
 * meanwhile, a 429) shows that detail; a request that got no answer, or a 5xx, shows the caller's generic text.
 */

export interface RequestMessages {
  readonly networkError: string;
  readonly unknownError: string;
}

/** Errors in final-form's shape: nested objects and arrays along the DRF path (`data_ru.items.1.title`). */
export type SubmissionErrors = { [key: string]: unknown };

/** Messages per dotted path, nested as final-form reads them; each field's messages joined by a space. */
export function nestErrors(fieldErrors: FieldErrors): SubmissionErrors {
  const errors: SubmissionErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const keys = path.split('.');
    let node: Record<string, unknown> = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = messages.join(' ');
        return;
      }
      // A numeric next key is a list item: an array, as final-form's getIn/setIn build them.
      node[key] ??= /^\d+$/.test(keys[index + 1] ?? '') ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return errors;
}

export const submissionErrorsOf = (error: ApiError): SubmissionErrors => nestErrors(error.fieldErrors);

/** Whether an error carries field messages for a form (a 400–403 with a DRF body). */
export const hasFieldErrors = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status <= 403 && error.messages.length > 0;

/**
 * Several messages as one toast's text: bare phrases joined by ', ' (spec §5, §8: "Обязательное поле, Неверный
 * email"), but a message that is a sentence of its own, ending in its full stop, by a space, as sentences follow one
 * another ("…слишком распространён. Введённый пароль…", not "распространён., Введённый").
 */
export function joinMessages(messages: readonly string[]): string {
  return messages.reduce(
    (text, message, index) => (index === 0 ? message : `${text}${/[.!?…]$/.test(text) ? ' ' : ', '}${message}`),
    '',
  );
}

/** The toast for a failed request; answers the form's field errors when the answer had any. */
export function reportRequestError(error: unknown, messages: RequestMessages): SubmissionErrors | undefined {
  if (hasFieldErrors(error)) {
    appStore.set(showMessageAtom, joinMessages(error.messages), 'error');
    return submissionErrorsOf(error);
  }
  if (error instanceof ApiError && error.status < 500 && error.detail) {
    appStore.set(showMessageAtom, error.detail, 'error');
  } else if (error instanceof NetworkError) {
    appStore.set(showMessageAtom, messages.networkError, 'error');
  } else {
    appStore.set(showMessageAtom, messages.unknownError, 'error');
  }
  return undefined;
}

export type RequestOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: SubmissionErrors | undefined };

/** Runs one request of a form or an action: a success toast when `saved` is given, else the error's toast and fields. */
export async function runRequest<T>(
  send: () => Promise<T>,
  messages: RequestMessages & { readonly saved?: string },
): Promise<RequestOutcome<T>> {
  try {
    const value = await send();
    if (messages.saved) appStore.set(showMessageAtom, messages.saved, 'success');
    return { ok: true, value };
  } catch (error) {
    return { ok: false, errors: reportRequestError(error, messages) };
  }
}
