-- Issue #49: the panel home's renewals figure opened the customers holding the most proxies, because a proxy did not
-- record when it was renewed. Every renewal of a proxy — by hand (a `renewals` request, one row per proxy) or by the
-- auto-renewal sweep — is a row here, written in the renewal's transaction beside its ledger entry; the figure sums
-- these rows and opens the panel's list of exactly them.
CREATE TABLE proxy_renewals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- History, as an order's lines keep it: no foreign key, the record outlives a released proxy.
  proxy_id integer NOT NULL,
  -- The proxy's owner then, who paid: money history outlives nothing (as ledger_entries).
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  source text NOT NULL CHECK (source IN ('hand', 'auto')),
  period_days integer NOT NULL CHECK (period_days BETWEEN 1 AND 365),
  -- What it cost, in minor units: 0 on a free plan, which posts no ledger entry.
  price bigint NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency IN ('RUB', 'USD', 'EUR')),
  -- The expiry the renewal gave the proxy.
  expires_at timestamptz NOT NULL,
  renewed_at timestamptz NOT NULL
);
-- The list newest first and the figure's windows; one customer's renewals.
CREATE INDEX proxy_renewals_renewed_idx ON proxy_renewals (renewed_at DESC, id DESC);
CREATE INDEX proxy_renewals_user_idx ON proxy_renewals (user_id, renewed_at DESC);

-- The renewals made before: hand renewals from their requests' lines, exactly; auto-renewals from their ledger entries
-- (reference 'autorenew:<proxy>:<old expiry in ms>'), with the proxy's period now, and the expiry it gave worked out
-- from the old one. A free plan's auto-renewal left no entry and is not known.
INSERT INTO proxy_renewals (proxy_id, user_id, source, period_days, price, currency, expires_at, renewed_at)
SELECT (line ->> 'proxy_id')::int, r.user_id, 'hand', r.period_days, (line ->> 'price')::bigint, r.currency,
       (line ->> 'expires_at')::timestamptz, r.created_at
  FROM renewals r CROSS JOIN LATERAL jsonb_array_elements(r.lines) AS line
 ORDER BY r.created_at, r.id;

INSERT INTO proxy_renewals (proxy_id, user_id, source, period_days, price, currency, expires_at, renewed_at)
SELECT split_part(e.reference, ':', 2)::int, e.user_id, 'auto', coalesce(p.period_days, 30), -e.amount, e.currency,
       greatest(to_timestamp(split_part(e.reference, ':', 3)::bigint / 1000.0), e.created_at)
         + make_interval(days => coalesce(p.period_days, 30)),
       e.created_at
  FROM ledger_entries e LEFT JOIN proxies p ON p.id = split_part(e.reference, ':', 2)::int
 WHERE e.kind = 'renewal' AND e.reference ~ '^autorenew:[0-9]+:[0-9]+$'
 ORDER BY e.created_at, e.id;
