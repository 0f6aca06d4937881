-- Ordering (docs/product.md "Ordering"): a customer buys proxies on free modems, paid from the balance by one ledger
-- entry, and renews them the same way. Both are idempotent: the customer's Idempotency-Key is claimed by inserting the
-- row first in the paying transaction, so a repeated or concurrent request waits on the unique index and then answers
-- what the first one made.

-- "A plan may name a country; the most specific plan wins": NULL prices every country, a code prices only its own.
ALTER TABLE plans ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
CREATE INDEX plans_price_list_idx ON plans (period_days, currency) WHERE active;

CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Money history outlives nothing: an account with orders is blocked, never deleted.
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- Only paid orders exist: a refused order leaves no row (its transaction rolls back).
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid')),
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 365),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 50),
  subtotal bigint NOT NULL CHECK (subtotal >= 0),
  discount bigint NOT NULL CHECK (discount >= 0 AND discount <= subtotal),
  total bigint NOT NULL CHECK (total = subtotal - discount),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  -- The code as it was used (a code with uses is never deleted, but keep the order readable regardless).
  promo_code_id integer REFERENCES promo_codes (id) ON DELETE SET NULL,
  promo_code text,
  auto_renew boolean NOT NULL DEFAULT false,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  -- SHA-256 of the request the key was first used with: the same key with another request is a 422, not this order.
  request_fingerprint text NOT NULL CHECK (request_fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC, id DESC);

-- One proxy an order bought, with where and for how much, kept after the proxy is gone.
CREATE TABLE order_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- A released proxy (a later issue returns it to inventory) leaves its line as history.
  proxy_id integer REFERENCES proxies (id) ON DELETE SET NULL,
  modem_id integer REFERENCES modems (id) ON DELETE SET NULL,
  country text NOT NULL,
  city text NOT NULL,
  operator text NOT NULL,
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 365),
  price bigint NOT NULL CHECK (price >= 0)
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id, id);
CREATE INDEX order_lines_proxy_idx ON order_lines (proxy_id);

-- A hand renewal of a selection of proxies: one `renewal` ledger entry (reference `renewal:{id}`), the lines it paid
-- for, and the balance after it, so a repeated key answers exactly what the first request answered.
CREATE TABLE renewals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 365),
  total bigint NOT NULL CHECK (total >= 0),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  -- [{proxy_id, price, expires_at}] as answered: history, not something the code joins on.
  lines jsonb NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  request_fingerprint text NOT NULL CHECK (request_fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);

-- Stock is counted per place from the modems that are online and the proxies on them.
CREATE INDEX modems_online_idx ON modems (country, city, operator, id) WHERE status = 'online';
