/**
 * The modems' data for the panel's one shape: the edit screen's id check and loader, and what the filters and the
 * form offer (hosts, countries, operators). The list and the forms call the contract's API functions directly.
 */
import { useEffect, useState } from 'react';
import { getPanelFarmChoices, getPanelFarmModem } from '@proxy/contract/api/panel-farm';
import type { PageLoaderArgs } from '@proxy/contract/remote';
import type { FarmChoices, PanelModem } from '@proxy/contract/schemas/farm';
import { api } from '@proxy/contract/state';
import { isRowId } from '../format.ts';

export const validateModemId = ({ params }: PageLoaderArgs) => isRowId(params.id);

/** The edit screen's data: the modem with its host, state and the proxies on it. */
export const loadModemEdit = ({ params, signal }: PageLoaderArgs): Promise<PanelModem> =>
  getPanelFarmModem(api, Number(params.id), signal);

const NO_CHOICES: FarmChoices = { hosts: [], countries: [], operators: [], operators_ru: {} };

/**
 * `GET /api/panel/farm/choices/`, once per screen: without it the filters show ids (`#2`) and the host select is
 * empty, but the list itself still works, so a failure is not reported.
 */
export function useFarmChoices(): FarmChoices {
  const [choices, setChoices] = useState<FarmChoices>(NO_CHOICES);
  useEffect(() => {
    const controller = new AbortController();
    getPanelFarmChoices(api, controller.signal).then(setChoices, () => undefined);
    return () => controller.abort();
  }, []);
  return choices;
}
