import { createUseT } from '@proxy/contract/i18n';
import type en from './en.json';

export const useT = createUseT<typeof en>('panel-users');
