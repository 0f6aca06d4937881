-- Tron's TRX and Zcash's ZEC as crypto assets (issue #49): the site's content and payment icons named them, checkout
-- had neither. A manual method may ask for them and an invoice may hold them.
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_asset_check;
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_asset_check
  CHECK (asset IN ('USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC', 'TON', 'TRX', 'ZEC'));
ALTER TABLE invoices DROP CONSTRAINT invoices_asset_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_asset_check
  CHECK (asset IN ('USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC', 'TON', 'TRX', 'ZEC'));

-- The address as its chain compares addresses (0137), now for the new assets too. TRX addresses are base58 (`T…`) and
-- so are Zcash's transparent ones (`t1…`, `t3…`): case-sensitive, kept as they are, like Tron's USDT. Zcash's shielded
-- Sapling (`zs1…`) and unified (`u1…`) addresses are bech32 / bech32m, case-insensitive like Bitcoin's `bc1…`: one
-- wallet typed in two cases is one wallet. No ZEC row exists before this migration, so no held amount changes key.
CREATE OR REPLACE FUNCTION receiving_address(asset text, address text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
      WHEN asset IN ('ETH', 'USDT-ERC20') OR (asset IN ('BTC', 'LTC') AND address ~* '^(bc|tb|ltc|tltc)1')
           OR (asset = 'ZEC' AND address ~* '^(zs|u|ztestsapling|utest)1')
        THEN lower(address)
      ELSE address
    END
  $$;
