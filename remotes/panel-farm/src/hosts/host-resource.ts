/** The farm hosts' edit screen: its id check and loader. The list and the forms call the contract's API directly. */
import { getPanelFarmHost } from '@proxy/contract/api/panel-farm';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { AgentHostItem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { isRowId } from '../format.ts';

export const validateHostId = ({ params }: PageLoaderArgs) => isRowId(params.id);

export const loadHostEdit = ({ params, signal }: PageLoaderArgs): Promise<AgentHostItem> =>
  getPanelFarmHost(api, Number(params.id), signal);
