/**
 * The browser's side of passkeys (issue #48): the server's WebAuthn options handed to `navigator.credentials` through
 * `@simplewebauthn/browser` (bundled, no CDN), and what the authenticator answered handed back as JSON.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebAuthnJson } from './schemas/two-factor.ts';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Makes a passkey for the options from `passkeyCreationOptions`. */
export async function createPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return (await startRegistration({ optionsJSON })) as unknown as WebAuthnJson;
}

/** Signs the options' challenge with one of the account's passkeys (or any of this site's, for a sign-in alone). */
export async function signWithPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return (await startAuthentication({ optionsJSON })) as unknown as WebAuthnJson;
}

/** The person closed the browser's prompt, or it timed out: nothing to report as an error. */
export function passkeyCancelled(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'NotAllowedError' ||
      error.name === 'AbortError' ||
      (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED')
  );
}
