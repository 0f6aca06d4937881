-- Customer notifications (issue #30): what each customer wants to hear about and how, their webhook, and one row per
-- event per channel (the notifications outbox). The unique key makes an event notified once per channel however many
-- processes or retries reach it.

-- A switch the customer set; an event × channel without a row uses the catalogue's default (shared/src/schemas/
-- notifications.ts: e-mail on for the events that always mailed).
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event ~ '^[a-z_]{1,40}$'),
  channel text NOT NULL CHECK (channel IN ('email', 'telegram', 'webhook')),
  enabled boolean NOT NULL,
  PRIMARY KEY (user_id, event, channel)
);

CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- '' while none. Checked when saved (https; loopback http outside production) and again at each delivery.
  webhook_url text NOT NULL DEFAULT '' CHECK (length(webhook_url) <= 500),
  -- Kept as is: it signs every delivery, so it cannot be a hash. Shown to the customer once.
  webhook_secret text NOT NULL DEFAULT '' CHECK (length(webhook_secret) <= 100),
  -- Minor units; null: no balance-low notice.
  balance_low_threshold bigint CHECK (balance_low_threshold IS NULL OR balance_low_threshold >= 0),
  -- The balance is below the threshold and that crossing was notified: the next notice waits for it to go back up.
  balance_low_notified boolean NOT NULL DEFAULT false,
  -- Crossings notified so far: each one's event key.
  balance_low_crossings integer NOT NULL DEFAULT 0
);
-- The balance-low sweep reads only the accounts with a threshold.
CREATE INDEX notification_settings_threshold_idx ON notification_settings (user_id)
  WHERE balance_low_threshold IS NOT NULL;

CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event ~ '^[a-z_]{1,40}$'),
  channel text NOT NULL CHECK (channel IN ('email', 'telegram', 'webhook')),
  -- What makes the event one event (`proxy_renewed:17:<expiry>`): the same key is never notified twice on a channel.
  event_key text NOT NULL CHECK (length(event_key) BETWEEN 1 AND 200),
  -- The id the webhook's receiver dedupes by: one per event, the same on every channel and retry.
  event_id uuid NOT NULL,
  payload jsonb NOT NULL,
  -- e-mail rows are `sent` once the mail is in the mail outbox (the mail.deliver job sends it).
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  response_code integer,
  error text NOT NULL DEFAULT '' CHECK (length(error) <= 500),
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE UNIQUE INDEX notifications_once ON notifications (user_id, event_key, channel);
CREATE INDEX notifications_due_idx ON notifications (id) WHERE status = 'queued';
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
-- Settled rows are pruned after 30 days (`notifications.prune`).
CREATE INDEX notifications_created_idx ON notifications (created_at) WHERE status <> 'queued';

-- A modem offline past the grace whose customers were told: the "back" notice goes out when it returns, once.
CREATE TABLE modem_outage_notices (
  modem_id integer PRIMARY KEY REFERENCES modems (id) ON DELETE CASCADE,
  offline_since timestamptz NOT NULL
);

-- Auto-rotations the owner has not been told about yet (the IP-changed notice). Rows before this are done.
ALTER TABLE rotations ADD COLUMN notified boolean NOT NULL DEFAULT true;
ALTER TABLE rotations ALTER COLUMN notified SET DEFAULT false;
CREATE INDEX rotations_unnotified_idx ON rotations (id) WHERE source = 'auto' AND NOT notified;
