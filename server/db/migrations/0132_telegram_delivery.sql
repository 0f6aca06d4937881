-- Telegram (issues #30, #33), on top of 0131: staff choose per alert kind whether it reaches them by e-mail, by the
-- Telegram bot or both, and alert messages wait in an outbox of their own until the bot has sent them.

-- A subscription row is a kind the member follows; the channels say how. Existing rows were e-mail subscriptions.
ALTER TABLE alert_subscriptions
  ADD COLUMN email boolean NOT NULL DEFAULT true,
  ADD COLUMN telegram boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT alert_subscriptions_some_channel CHECK (email OR telegram);

-- Staff alerts for the bot, written in the alert check's transaction (so they exist if and only if the incident's
-- change committed) and sent by the `telegram.send` job, which claims each row with SKIP LOCKED: one process sends it.
CREATE TABLE telegram_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4096),
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'dropped', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text NOT NULL DEFAULT '' CHECK (char_length(last_error) <= 500)
);
CREATE INDEX telegram_outbox_due_idx ON telegram_outbox (next_attempt_at) WHERE status = 'queued';
