-- Where each account has signed in from: the SHA-256 of the client address (no address is stored), per account.
-- A source that signed in with the right password before is not held by the account-wide failure ceiling, so a
-- flood of wrong passwords from elsewhere cannot lock the owner out (server/README.md, "Rate limits").
CREATE TABLE login_sources (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_hash text NOT NULL CHECK (source_hash ~ '^[0-9a-f]{64}$'),
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source_hash)
);
