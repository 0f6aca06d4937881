/**
 * The payment methods' data for the panel's one shape: the edit screen's id check and loader. The list and the
 * forms call the contract's API functions directly.
 */
import { getPanelPaymentMethod } from '@proxy/contract/api/panel-payments';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelPaymentMethod } from '@proxy/contract/schemas/billing';
import { api } from '@proxy/contract/state';

/** `/panel/payment/{id}` takes a database id only: anything else is the 404 page, not a failed API call. */
export const validateMethodId = ({ params }: PageLoaderArgs) => /^[1-9][0-9]{0,9}$/.test(params.id ?? '');

/** The edit screen's data: the method with every language's fields and whether its secrets are set. */
export const loadMethodEdit = ({ params, signal }: PageLoaderArgs): Promise<PanelPaymentMethod> =>
  getPanelPaymentMethod(api, Number(params.id), signal);
