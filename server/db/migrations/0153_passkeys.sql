-- Two-factor sign-in, second slice (issue #48): passkeys (WebAuthn) and step-up for money.

-- A passkey of an account: the credential's id and COSE public key as the authenticator gave them at registration
-- (base64url; public, so kept in clear), the signature counter last seen (an assertion that does not raise a counter
-- that has ever moved is refused: a cloned authenticator), and the name the owner gave it.
CREATE TABLE user_passkeys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE CHECK (length(credential_id) <= 1400),
  public_key text NOT NULL CHECK (length(public_key) <= 2000),
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX user_passkeys_user_idx ON user_passkeys (user_id);

-- WebAuthn challenges the server handed out: each is good once (deleted as it is used, whatever the outcome) and for
-- a few minutes. `register`, `step_up`: for the signed-in `user_id`; `sign_in`: with `login_key_hash`, the second step
-- of that sign-in (its `two_factor_challenges` key), without it a sign-in by passkey alone (the account is the
-- passkey's; `user_id` is null).
CREATE TABLE webauthn_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  challenge text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'step_up')),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  login_key_hash text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);

-- Step-up: when this login last proved a second factor (at its sign-in or since), and which kind. Money moves only
-- within STEP_UP_MINUTES of it.
ALTER TABLE auth_tokens ADD COLUMN factor_confirmed_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN factor_method text CHECK (factor_method IN ('totp', 'recovery_code', 'passkey'));

-- Passkeys added and removed, and an invoice staff marked paid (with the second factor they confirmed), are audited
-- beside the account's other changes.
ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check;
ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check CHECK (action IN ('update', 'balance', 'block',
  'unblock', 'password_change', 'email_change', 'sessions_revoked', 'two_factor_enabled', 'two_factor_disabled',
  'two_factor_reset', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'invoice_paid'));
