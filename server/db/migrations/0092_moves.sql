-- Moving a proxy to another place (#29, mobileproxy's `change_equipment`, Illusory's "swap"): the proxy keeps its id,
-- login and password and is re-allocated to a free modem of the target place in one transaction, a staff-set fee
-- taken from the balance when the target is priced by another plan.

-- The fee staff set (panel, Farm settings): one row, in the site's currency, with who set it and when (null: nobody
-- yet). 0: every move is free.
CREATE TABLE move_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0 AND fee <= 100000000),
  changed_by integer REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz
);
INSERT INTO move_settings (id, fee) VALUES (true, 0);

-- Every move, as its history: the place left and the place taken (kept as text, as order lines keep theirs: modems
-- are renamed and deleted), the ports before and after, and the fee paid (ledger reference `move:{id}`). The row is
-- also the request's Idempotency-Key claim: the same key answers this move again.
CREATE TABLE proxy_moves (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  proxy_id integer REFERENCES proxies (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  from_modem_id integer REFERENCES modems (id) ON DELETE SET NULL,
  to_modem_id integer REFERENCES modems (id) ON DELETE SET NULL,
  from_country text NOT NULL,
  from_city text NOT NULL,
  from_operator text NOT NULL,
  to_country text NOT NULL,
  to_city text NOT NULL,
  to_operator text NOT NULL,
  from_ip text,
  to_ip text,
  ports_changed boolean NOT NULL,
  fee bigint NOT NULL CHECK (fee >= 0),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_fingerprint text NOT NULL CHECK (request_fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
-- The proxy's history and the move cooldown read a proxy's moves newest first.
CREATE INDEX proxy_moves_proxy_idx ON proxy_moves (proxy_id, created_at DESC);
