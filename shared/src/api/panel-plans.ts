import * as v from 'valibot';
import { decodeWith } from './decode.ts';
import { type PanelPlan, type PlanInput, PanelPlanSchema } from '../schemas/plans.ts';
import type { ApiClient } from './client.ts';

const decodeList = decodeWith(v.array(PanelPlanSchema));
const decodeOne = decodeWith(PanelPlanSchema);

/** `GET /api/panel/plans/`: every plan (active or not) in the price table's order. */
export function listPanelPlans(api: ApiClient, signal?: AbortSignal): Promise<PanelPlan[]> {
  return api.request('/api/panel/plans/', { signal, decode: decodeList });
}

export function createPanelPlan(api: ApiClient, input: PlanInput): Promise<PanelPlan> {
  return api.request('/api/panel/plans/', { method: 'POST', body: input, decode: decodeOne });
}

/** A new order: every plan id, first to last; answers the plans in that order. */
export function reorderPanelPlans(api: ApiClient, ids: readonly number[]): Promise<PanelPlan[]> {
  return api.request('/api/panel/plans/order/', { method: 'POST', body: { ids }, decode: decodeList });
}

export function updatePanelPlan(api: ApiClient, id: number, changes: Partial<PlanInput>): Promise<PanelPlan> {
  return api.request(`/api/panel/plans/${id}/`, { method: 'PATCH', body: changes, decode: decodeOne });
}

export function deletePanelPlan(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/plans/${id}/`, { method: 'DELETE' });
}
