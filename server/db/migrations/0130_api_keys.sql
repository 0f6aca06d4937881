-- Customer API keys (issue #30): a customer's scripts call /api/v1/ with one. Only the SHA-256 of the secret is kept;
-- `prefix` is its first characters, shown on the account page so the owner can tell keys apart. A revoked key stays
-- listed (its last use is worth seeing) but never authenticates again.
CREATE TABLE api_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Refreshed at most once a minute, as login tokens are.
  last_used_at timestamptz,
  last_used_ip text NOT NULL DEFAULT '',
  revoked_at timestamptz
);

CREATE INDEX api_keys_user_idx ON api_keys (user_id);

-- A key revoked or touched tells every process's key cache at commit, on the channel login tokens use (0031): the
-- payload is the key's hash, as a token's is (`t<hash>`), and a blocked or deleted user's `u<id>` covers their keys
-- too. 0031's function words only `auth_tokens` rows that way, so keys have their own.
CREATE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', 't' || OLD.key_hash);
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed();
