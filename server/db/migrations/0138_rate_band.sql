-- Rates have a plausibility band (issue #43): the `payments.rates` job refuses a read more than ×2 or ÷2 away from the
-- method's last accepted rate, keeps that rate and says why in `rate_error`; staff are alerted while it lasts.

-- Since when (the job's clock) the provider's reads have been refused as implausible; NULL once a rate is accepted,
-- read or typed by staff. The `rate_refused` alert counts its minutes from here, so one incident spans the refusals.
ALTER TABLE payment_methods ADD COLUMN rate_refused_since timestamptz;

ALTER TABLE alert_settings DROP CONSTRAINT alert_settings_kind_check;
ALTER TABLE alert_settings ADD CONSTRAINT alert_settings_kind_check
  CHECK (kind IN ('agent_silent', 'modem_offline', 'place_sold_out', 'outbox_backlog', 'webhook_refused', 'job_failing',
                  'rate_refused'));
ALTER TABLE alert_subscriptions DROP CONSTRAINT alert_subscriptions_kind_check;
ALTER TABLE alert_subscriptions ADD CONSTRAINT alert_subscriptions_kind_check
  CHECK (kind IN ('agent_silent', 'modem_offline', 'place_sold_out', 'outbox_backlog', 'webhook_refused', 'job_failing',
                  'rate_refused'));
