import type { SubmissionErrors } from 'final-form';
import { reportRequestError } from '@proxy/contract/forms';
import { formErrors, type AuthMessageKey } from '@proxy/contract/schemas/auth';
import type * as v from 'valibot';

type Translate = (key: `validation.${AuthMessageKey}` | 'networkError' | 'unknownError') => string;

/**
 * One submit of an auth form (spec §5, §8): the form schema checks every field first and nothing is sent while any
 * fails; then the request runs, and its failure is reported as every form reports one (`@proxy/contract/forms`):
 * field errors on the fields and in one toast, or what happened.
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
    return reportRequestError(error, { networkError: t('networkError'), unknownError: t('unknownError') });
  }
}
