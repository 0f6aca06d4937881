-- Crypto top-ups that say how much to send (issue #27): a method asks for an asset at a rate, and an invoice locks
-- the rate and the exact asset amount for its life. Asset amounts are NUMERIC (exact decimals of the asset, up to 18
-- places for Ether), never floats; the site-currency amounts stay integer minor units.

ALTER TABLE payment_methods
  -- null: the site currency (cards, bank transfers); otherwise what the customer sends.
  ADD COLUMN asset text CHECK (asset IN ('USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC', 'TON')),
  -- The decimals an invoice's asset amount has (the service keeps them within the chain's own).
  ADD COLUMN asset_decimals smallint NOT NULL DEFAULT 0 CHECK (asset_decimals BETWEEN 0 AND 18),
  ADD COLUMN max_amount bigint CHECK (max_amount IS NULL OR max_amount > 0),
  ADD COLUMN rate_source text NOT NULL DEFAULT 'staff' CHECK (rate_source IN ('staff', 'provider')),
  -- Site-currency major units for one unit of the asset.
  ADD COLUMN rate numeric CHECK (rate IS NULL OR rate > 0),
  -- When the rate was set (staff) or read (provider), and which staff member set it.
  ADD COLUMN rate_at timestamptz,
  ADD COLUMN rate_set_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN rate_url text NOT NULL DEFAULT '' CHECK (length(rate_url) <= 500),
  ADD COLUMN rate_path text NOT NULL DEFAULT '' CHECK (length(rate_path) <= 200),
  ADD COLUMN rate_max_age_minutes integer NOT NULL DEFAULT 1440 CHECK (rate_max_age_minutes BETWEEN 1 AND 525600),
  -- The rates job's claim: a process that read the provider a moment ago leaves the method to nobody else.
  ADD COLUMN rate_checked_at timestamptz,
  ADD COLUMN rate_error text NOT NULL DEFAULT '' CHECK (length(rate_error) <= 500),
  ADD CONSTRAINT payment_methods_amount_range CHECK (max_amount IS NULL OR max_amount >= min_amount);

ALTER TABLE invoices
  ADD COLUMN asset text CHECK (asset IN ('USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC', 'TON')),
  -- Exactly what the customer sends: the converted total rounded up, plus the unique tail.
  ADD COLUMN asset_amount numeric CHECK (asset_amount > 0),
  ADD COLUMN asset_decimals smallint CHECK (asset_decimals BETWEEN 0 AND 18),
  -- The rate locked when the invoice was made, and when that rate was set or read.
  ADD COLUMN asset_rate numeric CHECK (asset_rate > 0),
  ADD COLUMN asset_rate_at timestamptz,
  -- What staff recorded when marking it paid.
  ADD COLUMN paid_asset_amount numeric CHECK (paid_asset_amount >= 0),
  ADD COLUMN paid_txid text NOT NULL DEFAULT '' CHECK (length(paid_txid) <= 200),
  ADD CONSTRAINT invoices_asset_complete CHECK (
    (asset IS NULL) = (asset_amount IS NULL) AND (asset IS NULL) = (asset_rate IS NULL)
    AND (asset IS NULL) = (asset_decimals IS NULL)
  );

-- Each open invoice of a method asks for its own amount, so a deposit names its invoice. The service picks the
-- amount under the method's advisory lock; this index makes a duplicate impossible even for code that forgets to.
CREATE UNIQUE INDEX invoices_open_asset_amount ON invoices (method_id, asset_amount)
  WHERE status = 'pending' AND asset_amount IS NOT NULL;
-- Staff search by the amount a deposit came with.
CREATE INDEX invoices_asset_amount_idx ON invoices (asset_amount) WHERE asset_amount IS NOT NULL;
