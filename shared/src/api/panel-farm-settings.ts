import { decodeWith } from './decode.ts';
import { type CheckTarget, type CheckTargetInput, CheckTargetSchema } from '../schemas/farm-settings.ts';
import { type TrialSettings, type TrialSettingsInput, TrialSettingsSchema } from '../schemas/trial.ts';
import type { ApiClient } from './client.ts';

/** The panel's Farm settings (#29): the health checks' target and the free trial's terms. */

const decodeCheckTarget = decodeWith(CheckTargetSchema);
const decodeTrialSettings = decodeWith(TrialSettingsSchema);

export function getCheckTarget(api: ApiClient, signal?: AbortSignal): Promise<CheckTarget> {
  return api.request('/api/panel/farm/settings/check/', { signal, decode: decodeCheckTarget });
}

/** `PUT`: every agent gets the new target with its next configuration (at once, through its long poll). */
export function saveCheckTarget(api: ApiClient, input: CheckTargetInput): Promise<CheckTarget> {
  return api.request('/api/panel/farm/settings/check/', { method: 'PUT', body: input, decode: decodeCheckTarget });
}

export function getTrialSettings(api: ApiClient, signal?: AbortSignal): Promise<TrialSettings> {
  return api.request('/api/panel/farm/settings/trial/', { signal, decode: decodeTrialSettings });
}

export function saveTrialSettings(api: ApiClient, input: TrialSettingsInput): Promise<TrialSettings> {
  return api.request('/api/panel/farm/settings/trial/', { method: 'PUT', body: input, decode: decodeTrialSettings });
}
