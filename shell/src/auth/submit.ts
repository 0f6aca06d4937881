import { setIn, type SubmissionErrors } from 'final-form';
import { ApiError, NetworkError } from '@proxy/contract/api/errors';
import { formErrors, type AuthMessageKey } from '@proxy/contract/schemas/auth';
import { appStore, showMessageAtom } from '@proxy/contract/state';
import type * as v from 'valibot';

type Translate = (key: `validation.${AuthMessageKey}` | 'auth.networkError' | 'auth.unknownError') => string;

/** Field errors of an API error as final-form submit errors; nested paths (`address.city`) become nested objects. */
export function submitErrorsOf(error: ApiError): SubmissionErrors {
  let errors: object = {};
  for (const [path, messages] of Object.entries(error.fieldErrors)) errors = setIn(errors, path, messages.join(' '));
  return errors as SubmissionErrors;
}

/**
 * One submit of an auth form (spec §5, §8): the form schema checks every field first and nothing is sent while any
 * fails; then the request runs. A 400–403 answer with a body puts its field errors on the fields (nested too) and shows
 * them all joined by ', ' in an error toast; a throttled or failed request, or one without a body, shows what happened.
 */
export async function submitForm<Values extends Record<string, unknown>>(
  schema: v.GenericSchema,
  values: Values,
  t: Translate,
  send: (values: Values) => Promise<void>,
): Promise<SubmissionErrors | undefined> {
  const problems = formErrors(schema, values);
  const fields = Object.entries(problems) as [string, AuthMessageKey][];
  if (fields.length > 0) return Object.fromEntries(fields.map(([field, key]) => [field, t(`validation.${key}`)]));
  try {
    await send(values);
    return undefined;
  } catch (error) {
    // Spec §8: only an answer with a body has field errors to show; one without falls through to the generic text.
    if (error instanceof ApiError && error.status >= 400 && error.status <= 403 && error.messages.length > 0) {
      appStore.set(showMessageAtom, error.messages.join(', '), 'error');
      return submitErrorsOf(error);
    }
    if (error instanceof ApiError && error.status === 429 && error.detail) {
      appStore.set(showMessageAtom, error.detail, 'error');
    } else if (error instanceof NetworkError) {
      appStore.set(showMessageAtom, t('auth.networkError'), 'error');
    } else {
      appStore.set(showMessageAtom, t('auth.unknownError'), 'error');
    }
    return undefined;
  }
}
