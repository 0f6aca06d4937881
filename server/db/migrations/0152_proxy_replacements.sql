-- Replacing a proxy whose IP is bad (#49 item 9, Proxy-Seller's `replace`): within its term the proxy keeps its id,
-- login, password and term and is put on another free modem of the same country, city and operator (a new IP), free of
-- charge, at most a few times per proxy in a rolling 30 days.

-- Every replacement, as its history and as the request's Idempotency-Key claim (the same key answers it again). The
-- modems are kept as ids and the addresses as text: modems are renamed and deleted, what the customer had is not.
CREATE TABLE proxy_replacements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  from_modem_id integer REFERENCES modems (id) ON DELETE SET NULL,
  to_modem_id integer REFERENCES modems (id) ON DELETE SET NULL,
  from_ip text,
  to_ip text,
  ports_changed boolean NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_fingerprint text NOT NULL CHECK (request_fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
-- The monthly limit counts a proxy's replacements since a moment (a range over this index, newest first), under the
-- proxy's row lock.
CREATE INDEX proxy_replacements_proxy_idx ON proxy_replacements (proxy_id, created_at DESC);
