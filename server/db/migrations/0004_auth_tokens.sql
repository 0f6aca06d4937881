-- Login tokens: one per login, only the SHA-256 of the key is kept (a database dump holds nothing usable).
-- Deleted by logout (that row), by a password reset (all rows of the user); unused for 30 days they expire.
CREATE TABLE auth_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Refreshed at most once a minute, not on every request.
  last_used_at timestamptz NOT NULL DEFAULT now(),
  user_agent text NOT NULL DEFAULT ''
);

CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);
