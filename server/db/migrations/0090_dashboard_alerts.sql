-- The panel's operations dashboard and staff alerts (#33).

-- Since when a modem has been offline by its agent's reports (NULL while it is not): the customer's /ip says so,
-- and the "modem with customers offline" alert counts from it. Modems already offline count from their last check.
ALTER TABLE modems ADD COLUMN offline_since timestamptz;
UPDATE modems SET offline_since = checked_at WHERE status = 'offline' AND checked_at IS NOT NULL;

-- The dashboard's aggregates over a window of days, read from these indexes alone at 1,000,000 ledger entries.
CREATE INDEX ledger_entries_kind_time_idx ON ledger_entries (kind, created_at) INCLUDE (amount);
CREATE INDEX orders_created_idx ON orders (created_at) INCLUDE (quantity);
CREATE INDEX renewals_created_idx ON renewals (created_at);
CREATE INDEX invoices_pending_idx ON invoices (created_at) INCLUDE (amount) WHERE status = 'pending';
CREATE INDEX invoices_paid_idx ON invoices (paid_at) INCLUDE (amount) WHERE status = 'paid';
CREATE INDEX proxies_served_idx ON proxies (expires_at) INCLUDE (auto_renew, renewal_failed_for)
  WHERE state IN ('active', 'expiring');
CREATE INDEX rotations_requested_idx ON rotations (requested_at) INCLUDE (status);
CREATE INDEX outbox_failed_idx ON outbox (created_at) WHERE status = 'failed';

-- Each scheduled job's last runs, written by the jobs runner of whichever process ran it: a job whose last success
-- is older than a few of its intervals lags, one failing run after run alerts.
CREATE TABLE job_runs (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  every_ms integer NOT NULL CHECK (every_ms > 0),
  last_started_at timestamptz NOT NULL,
  last_ok_at timestamptz,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  last_error text NOT NULL DEFAULT '' CHECK (length(last_error) <= 500)
);

-- Gateway webhooks refused (a bad signature, another store, a malformed body): repeated ones alert.
CREATE TABLE webhook_refusals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  method_id integer REFERENCES payment_methods (id) ON DELETE SET NULL,
  provider text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('bad_signature', 'other_method', 'other_store', 'malformed')),
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_refusals_time_idx ON webhook_refusals (received_at);

-- Alerts: the thresholds staff set per kind (a kind without a row uses its default), who gets which kind by e-mail,
-- and the incidents. One open incident per kind and subject (the partial unique index): two processes checking at
-- once cannot both open it, and only the one whose UPDATE closed it mails the recovery.
CREATE TABLE alert_settings (
  kind text PRIMARY KEY
    CHECK (kind IN ('agent_silent', 'modem_offline', 'place_sold_out', 'outbox_backlog', 'webhook_refused', 'job_failing')),
  threshold integer NOT NULL CHECK (threshold BETWEEN 0 AND 1000000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE alert_subscriptions (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('agent_silent', 'modem_offline', 'place_sold_out', 'outbox_backlog', 'webhook_refused', 'job_failing')),
  PRIMARY KEY (user_id, kind)
);
CREATE INDEX alert_subscriptions_kind_idx ON alert_subscriptions (kind, user_id);

CREATE TABLE alert_incidents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  label text NOT NULL CHECK (length(label) <= 300),
  value integer NOT NULL,
  threshold integer NOT NULL,
  opened_at timestamptz NOT NULL,
  resolved_at timestamptz,
  notified integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX alert_incidents_one_open ON alert_incidents (kind, subject) WHERE resolved_at IS NULL;
CREATE INDEX alert_incidents_time_idx ON alert_incidents (opened_at DESC, id DESC);
