import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { loadVersionEdit, validateVersionId } from './versions/version-resource.ts';
import { VersionCreate } from './versions/VersionCreate.tsx';
import { VersionEdit } from './versions/VersionEdit.tsx';
import { VersionsList } from './versions/VersionsList.tsx';

/** The panel's Updates section: releases of the client apps, their builds and changelogs. */
const panelVersion: RemoteModule = {
  pages: {
    panelVersions: { Component: VersionsList, fetchesAfterRender: true },
    panelVersionAdd: { Component: VersionCreate },
    panelVersionEdit: { Component: VersionEdit, loader: loadVersionEdit, validate: validateVersionId },
  },
  translations: { ru, en },
};

export const { pages, translations } = panelVersion;
