-- Money (docs/product.md "Money"): integer minor units of the site's one currency, never floats.

-- The balance lives on the account row so that the row's lock serialises every change to it, and the database itself
-- refuses a negative balance: a debit larger than the balance fails its UPDATE, whatever the code above it did.
ALTER TABLE users ADD COLUMN balance bigint NOT NULL DEFAULT 0 CONSTRAINT users_balance_not_negative CHECK (balance >= 0);

-- The ledger is the only way a balance changes: each entry is written in the transaction that moves the balance, with
-- the balance right after it, so the history always adds up to the balance.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Money history outlives nothing: an account with entries cannot be deleted, only blocked.
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('topup', 'purchase', 'renewal', 'refund', 'adjustment', 'transfer')),
  amount bigint NOT NULL CHECK ((kind = 'transfer') = (amount = 0)),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  -- What it is for: 'invoice:12', 'order:7'.
  reference text NOT NULL DEFAULT '' CHECK (length(reference) <= 100),
  -- The staff member behind an adjustment or a hand-confirmed payment.
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, created_at DESC, id DESC);
-- An invoice credits once, whatever arrives twice: the second insert of its top-up fails.
CREATE UNIQUE INDEX ledger_entries_one_topup ON ledger_entries (reference) WHERE kind = 'topup';

CREATE TABLE payment_methods (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9_]{0,29}$'),
  name_ru text NOT NULL CHECK (length(name_ru) BETWEEN 1 AND 100),
  name_en text NOT NULL DEFAULT '' CHECK (length(name_en) <= 100),
  -- The contract's stored-image shape: {id, width, height, alt}.
  icon jsonb,
  kind text NOT NULL CHECK (kind IN ('crypto', 'fiat')),
  provider text NOT NULL CHECK (provider IN ('manual', 'btcpay')),
  -- What may be shown back to staff: {address, server_url, store_id}.
  settings jsonb NOT NULL DEFAULT '{}',
  -- Write-only: API keys and webhook secrets never leave the server.
  secrets jsonb NOT NULL DEFAULT '{}',
  min_amount bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
  -- Percent × 100 (2.5 % = 250).
  fee_basis_points integer NOT NULL DEFAULT 0 CHECK (fee_basis_points BETWEEN 0 AND 5000),
  -- Sanitized HTML.
  instructions_ru text NOT NULL DEFAULT '',
  instructions_en text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_methods_sort_idx ON payment_methods (active, sort_order, id);

CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- A method with invoices is switched off, never deleted: the history keeps naming it.
  method_id integer NOT NULL REFERENCES payment_methods (id) ON DELETE RESTRICT,
  provider text NOT NULL CHECK (provider IN ('manual', 'btcpay')),
  -- What the balance gets; the customer pays amount + fee.
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'cancelled')),
  -- manual: the address shown when the invoice was made (a later edit of the method does not change it).
  pay_address text NOT NULL DEFAULT '',
  -- btcpay: the gateway's invoice id and checkout page.
  provider_reference text NOT NULL DEFAULT '',
  checkout_url text,
  customer_reference text NOT NULL DEFAULT '' CHECK (length(customer_reference) <= 200),
  status_reason text NOT NULL DEFAULT '' CHECK (length(status_reason) <= 500),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- The customer's Idempotency-Key: a retried request answers the same invoice.
  idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at DESC);
CREATE INDEX invoices_status_idx ON invoices (status, created_at DESC);
CREATE INDEX invoices_method_idx ON invoices (method_id);
CREATE UNIQUE INDEX invoices_provider_reference ON invoices (provider, provider_reference) WHERE provider_reference <> '';

-- Gateway webhook deliveries already handled: a replay of one changes nothing.
CREATE TABLE webhook_deliveries (
  provider text NOT NULL,
  delivery_id text NOT NULL CHECK (length(delivery_id) BETWEEN 1 AND 200),
  invoice_id integer REFERENCES invoices (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, delivery_id)
);

CREATE TABLE promo_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  value bigint NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
  valid_from date,
  valid_until date CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until >= valid_from),
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)),
  once_per_customer boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE promo_code_uses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promo_code_id integer NOT NULL REFERENCES promo_codes (id) ON DELETE RESTRICT,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- The order it was used on.
  reference text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promo_code_uses_idx ON promo_code_uses (promo_code_id, user_id);
