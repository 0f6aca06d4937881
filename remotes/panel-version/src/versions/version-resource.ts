/**
 * The releases' data for the panel's one shape: the edit screen's id check and loader, and the names and formats
 * the list and the forms share. The list and the forms call the contract's API functions directly.
 */
import { getPanelVersion } from '@proxy/contract/api/panel-versions';
import type { Language } from '@proxy/contract/languages';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { PanelVersion } from '@proxy/contract/schemas/versions';
import { api } from '@proxy/contract/state';
import { panelLocale } from '@proxy/panel-kit';

/** `/panel/version/{id}` takes a database id only: anything else is the 404 page, not a failed API call. */
export const validateVersionId = ({ params }: PageLoaderArgs) => /^[1-9][0-9]{0,9}$/.test(params.id ?? '');

/** The edit screen's data: the release with both changelogs and its uploaded file. */
export const loadVersionEdit = ({ params, signal }: PageLoaderArgs): Promise<PanelVersion> =>
  getPanelVersion(api, Number(params.id), signal);

/** A timestamp as a short date and time in the panel's language. */
export const formatMoment = (iso: string, language: Language): string =>
  new Date(iso).toLocaleString(panelLocale(language), { dateStyle: 'short', timeStyle: 'short' });

/** A calendar day (`YYYY-MM-DD`) in the panel's language, the same day wherever the browser is. */
export const formatDay = (day: string, language: Language): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(panelLocale(language), { timeZone: 'UTC' });
