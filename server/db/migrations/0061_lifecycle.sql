-- A proxy's life after the order (docs/product.md "Scheduled work"): auto-renewal, reminders, suspension, release
-- and auto-rotation run as sweeps over the rows that are due (server/README.md "Scheduled work"). Each sweep writes,
-- in the transaction that does the work, what makes the row no longer due; these columns are that state.

-- The period the proxy was last bought or renewed for: what an auto-renewal buys again. Before this column a proxy's
-- period is its latest order line's (a hand renewal kept no per-proxy period); 30 days when none is left.
ALTER TABLE proxies ADD COLUMN period_days integer NOT NULL DEFAULT 30 CHECK (period_days BETWEEN 1 AND 365);
UPDATE proxies p SET period_days = l.period_days
  FROM (SELECT DISTINCT ON (proxy_id) proxy_id, period_days FROM order_lines
         WHERE proxy_id IS NOT NULL ORDER BY proxy_id, id DESC) l
 WHERE l.proxy_id = p.id;

ALTER TABLE proxies
  -- The expiry each reminder was sent for: a renewal moves expires_at, which arms them again.
  ADD COLUMN reminded_3d_for timestamptz,
  ADD COLUMN reminded_1d_for timestamptz,
  -- The expiry an auto-renewal last failed for (its one "renewal failed" mail) and when to try again (the customer
  -- may top up meanwhile); a renewal clears the retry.
  ADD COLUMN renewal_failed_for timestamptz,
  ADD COLUMN renew_retry_at timestamptz;

-- What the sweeps look for: proxies by expiry (renew, suspend, release, remind) and auto-rotating ones.
CREATE INDEX proxies_expiry_idx ON proxies (expires_at);
CREATE INDEX proxies_auto_rotate_idx ON proxies (last_rotation_at) WHERE auto_rotate_minutes > 0;

-- An auto-renewal is paid once per expiry whatever runs it twice: its reference names the proxy and the expiry it
-- renewed (`autorenew:{proxy id}:{expires_at in ms}`), and the second insert fails.
CREATE UNIQUE INDEX ledger_entries_one_autorenewal ON ledger_entries (reference)
  WHERE kind = 'renewal' AND reference LIKE 'autorenew:%';

-- The transactional outbox: a job's mail is a `queued` row written in the job's own transaction (both or neither),
-- delivered afterwards by the `mail.deliver` job, retried with backoff. Only mails without secrets are queued (the
-- text is stored as it is sent).
ALTER TABLE outbox
  ADD COLUMN body_html text,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  -- Null: at once.
  ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('queued', 'sent', 'logged', 'failed'));
CREATE INDEX outbox_queued_idx ON outbox (id) WHERE status = 'queued';
