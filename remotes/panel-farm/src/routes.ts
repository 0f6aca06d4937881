import type { RemoteModule } from '@proxy/contract/remote';
import { FarmSection } from './FarmSection.tsx';
import { loadHostEdit, validateHostId } from './hosts/host-resource.ts';
import { HostCreate } from './hosts/HostCreate.tsx';
import { HostEdit } from './hosts/HostEdit.tsx';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { loadModemEdit, validateModemId } from './modems/modem-resource.ts';
import { ModemCreate } from './modems/ModemCreate.tsx';
import { ModemEdit } from './modems/ModemEdit.tsx';

/** The panel's Farm section: the modems and the farm hosts their agents run on. */
const panelFarm: RemoteModule = {
  pages: {
    panelFarm: { Component: FarmSection, fetchesAfterRender: true },
    panelFarmModemAdd: { Component: ModemCreate, fetchesAfterRender: true },
    panelFarmModemEdit: {
      Component: ModemEdit,
      loader: loadModemEdit,
      validate: validateModemId,
      fetchesAfterRender: true,
    },
    panelFarmHostAdd: { Component: HostCreate },
    panelFarmHostEdit: { Component: HostEdit, loader: loadHostEdit, validate: validateHostId },
  },
  translations: { ru, en },
};

export const { pages, translations } = panelFarm;
