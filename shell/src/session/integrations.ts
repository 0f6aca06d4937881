import type { InitialState } from '@proxy/contract/state';

/**
 * Loads the third-party scripts the server has configured (spec §1: web-analytics tag, live-chat widget). Called
 * only after `takeAuthParams` has removed e-mail link secrets from the address bar, so these scripts never see them.
 */
export function loadIntegrations(integrations: InitialState['integrations'], target: Document): void {
  for (const src of Object.values(integrations ?? {})) {
    const script = target.createElement('script');
    script.src = src;
    script.async = true;
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    target.head.append(script);
  }
}
