import { createUseT } from '@proxy/contract/i18n';
import type en from './en.json';

/** The shell's own namespace; keys are typed from the English file. */
export const SHELL_NAMESPACE = 'shell';
export const useT = createUseT<typeof en>(SHELL_NAMESPACE);
