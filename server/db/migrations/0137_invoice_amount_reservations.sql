-- Issue #43: a crypto amount names one payer. Until now an asset amount was unique among the pending invoices of one
-- method, so 30 s after Alice's BTC invoice expired Bob was asked the very same amount, and two methods on one wallet
-- asked two customers for the same USDT at once. Now an amount is held per receiving address and asset, across
-- methods, while its invoice is open and for a window after it closes (late deposits are common), and that is the
-- database's rule, not only the service's.

-- The address as its chain compares addresses: Ethereum's hex and the bech32 addresses of Bitcoin and Litecoin are
-- case-insensitive (EIP-55 and BIP 173 use the case only as a checksum or for QR codes), so one wallet typed two ways
-- by staff is one wallet. Base58 (Tron, legacy Bitcoin) and TON addresses are case-sensitive: kept as they are.
CREATE FUNCTION receiving_address(asset text, address text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
      WHEN asset IN ('ETH', 'USDT-ERC20') OR (asset IN ('BTC', 'LTC') AND address ~* '^(bc|tb|ltc|tltc)1')
        THEN lower(address)
      ELSE address
    END
  $$;

-- One row per amount ever asked at an address: the invoice holding it and until when (its expiry plus the window,
-- INVOICE_AMOUNT_RESERVE_HOURS; a late payment holds it that long again). A new invoice takes an amount whose row is
-- missing or lapsed (`INSERT … ON CONFLICT … DO UPDATE … WHERE reserved_until <= now()`), so two invoices never hold
-- one amount at once, whatever the code above does; the key is the range the service reads, so picking a tail reads
-- at most its 999 rows, never the invoices' history.
CREATE TABLE invoice_amount_reservations (
  pay_address text NOT NULL,
  asset text NOT NULL,
  asset_amount numeric NOT NULL CHECK (asset_amount > 0),
  invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  reserved_until timestamptz NOT NULL,
  PRIMARY KEY (pay_address, asset, asset_amount)
);
CREATE INDEX invoice_amount_reservations_invoice_idx ON invoice_amount_reservations (invoice_id);

-- The amounts still held when this runs, at the setting's default window (24 h); where the old rule let two
-- invoices ask for one amount, the one held longer keeps it.
INSERT INTO invoice_amount_reservations (pay_address, asset, asset_amount, invoice_id, reserved_until)
SELECT DISTINCT ON (pay_address, asset, asset_amount) pay_address, asset, asset_amount, id, reserved_until
  FROM (
    SELECT receiving_address(asset, pay_address) AS pay_address, asset, asset_amount, id,
           greatest(expires_at, paid_at) + interval '24 hours' AS reserved_until
      FROM invoices
     WHERE asset_amount IS NOT NULL
  ) AS held
 WHERE reserved_until > now()
 ORDER BY pay_address, asset, asset_amount, reserved_until DESC;

-- The per-method rule it replaces.
DROP INDEX invoices_open_asset_amount;

-- A customer's open invoices (issue #43: at most 20, 5 per method, and a repeated top-up answered with the open one),
-- counted and looked up under the account's row lock on every top-up: only open rows, never the account's history.
CREATE INDEX invoices_open_per_account ON invoices (user_id, method_id, amount) WHERE status = 'pending';
