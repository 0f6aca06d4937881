-- Health checks of modems (#29): the agent's request through each modem to the check target, every few minutes and on
-- demand. Per modem, not per proxy: the check measures the modem's egress, which every proxy on it shares. Kept
-- `CHECKS_KEPT_DAYS` (a prune job); the proxy page shows the last one and the share of ok ones in 24 hours.
CREATE TABLE modem_checks (
  modem_id integer NOT NULL REFERENCES modems (id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL,
  ok boolean NOT NULL,
  latency_ms integer CHECK (latency_ms >= 0),
  -- The address the target saw; null when the check failed.
  ip text,
  error text CHECK (length(error) <= 500),
  -- A report posted again (its answer was lost) carries the same checks: the key absorbs them.
  PRIMARY KEY (modem_id, checked_at)
);
