import type { RemoteModule } from '@proxy/contract/remote';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { IpListPage } from './list/IpListPage.tsx';
import { loadProxyPage, ProxyPage, validateProxyPage } from './detail/ProxyPage.tsx';
import { loadTransferPage, TransferPage, validateTransferPage } from './transfer/TransferPage.tsx';

/** The customer's IPs: the list (`/ip`), one proxy (`/ip/{id}`), and handing proxies over (`/ip/transfer/{id?}`). */
const ip: RemoteModule = {
  pages: {
    ipList: { Component: IpListPage, fetchesAfterRender: true },
    ipTransfer: {
      Component: TransferPage,
      validate: validateTransferPage,
      loader: loadTransferPage,
      fetchesAfterRender: true,
    },
    ipDetail: { Component: ProxyPage, validate: validateProxyPage, loader: loadProxyPage, fetchesAfterRender: true },
  },
  translations: { ru, en },
};

export const { pages, translations } = ip;
