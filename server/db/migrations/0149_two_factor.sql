-- Two-factor sign-in, first slice (issue #48): authenticator codes (TOTP, RFC 6238) and recovery codes.

-- One authenticator per account and kind. The secret is AES-256-GCM under a key derived from SECRET_KEY (never stored
-- in clear, never answered after enrolment). A row without `confirmed_at` is an enrolment begun and not yet proven by a
-- first code: it does not guard sign-in. `last_step` is the last accepted 30-second time step: a code of that step or
-- an earlier one is refused, so no code is accepted twice (decided under the row's lock).
CREATE TABLE user_second_factors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('totp')),
  secret_encrypted text NOT NULL CHECK (length(secret_encrypted) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_step bigint,
  UNIQUE (user_id, kind)
);

-- Ten single-use codes per account for a lost device, kept only as keyed hashes; regenerating replaces them all.
CREATE TABLE user_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);

-- The second step of a sign-in: a correct password for an account with a factor gets one of these (its key's SHA-256
-- only is stored), good for a few minutes and once. `password_stamp` ties it to the password that was checked: a
-- password reset in between kills it.
CREATE TABLE two_factor_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  password_stamp text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id);
CREATE INDEX two_factor_challenges_expires_idx ON two_factor_challenges (expires_at);

-- Changes of factors are audited beside the other changes of an account.
ALTER TABLE user_audit DROP CONSTRAINT user_audit_action_check;
ALTER TABLE user_audit ADD CONSTRAINT user_audit_action_check CHECK (action IN ('update', 'balance', 'block',
  'unblock', 'password_change', 'email_change', 'sessions_revoked', 'two_factor_enabled', 'two_factor_disabled',
  'two_factor_reset', 'recovery_codes_regenerated'));
