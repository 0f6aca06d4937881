import type { RemotePage } from '@proxy/contract/remote';

/**
 * The pages the shell itself owns (`remote: 'shell'` in the contract's route table), each in its own lazily loaded
 * chunk: the panel's sign-in and landing page belong to the panel frame, which every panel section shares.
 */
export const SHELL_PAGES: Readonly<Record<string, () => Promise<RemotePage>>> = {
  panelLogin: async () => ({ Component: (await import('../panel/PanelLoginPage.tsx')).PanelLoginPage }),
  panelHome: async () => ({ Component: (await import('../panel/PanelHomePage.tsx')).PanelHomePage }),
};
