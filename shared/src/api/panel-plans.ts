import type { PanelPlan, PlanInput } from '../schemas/plans.ts';
import type { ApiClient } from './client.ts';

/** `GET /api/panel/plans/`: every plan (active or not) in the price table's order. */
export function listPanelPlans(api: ApiClient, signal?: AbortSignal): Promise<PanelPlan[]> {
  return api.request<PanelPlan[]>('/api/panel/plans/', { signal });
}

export function createPanelPlan(api: ApiClient, input: PlanInput): Promise<PanelPlan> {
  return api.request<PanelPlan>('/api/panel/plans/', { method: 'POST', body: input });
}

/** A new order: every plan id, first to last; answers the plans in that order. */
export function reorderPanelPlans(api: ApiClient, ids: readonly number[]): Promise<PanelPlan[]> {
  return api.request<PanelPlan[]>('/api/panel/plans/order/', { method: 'POST', body: { ids } });
}

export function updatePanelPlan(api: ApiClient, id: number, changes: Partial<PlanInput>): Promise<PanelPlan> {
  return api.request<PanelPlan>(`/api/panel/plans/${id}/`, { method: 'PATCH', body: changes });
}

export function deletePanelPlan(api: ApiClient, id: number): Promise<null> {
  return api.request<null>(`/api/panel/plans/${id}/`, { method: 'DELETE' });
}
