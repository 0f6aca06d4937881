-- Health checks asked for now (#29): a customer's "check now" is listed in the host's agent configuration until the
-- agent posts its result (stored in modem_checks too). A proxy may ask once per `CHECK_COOLDOWN_SECONDS`; asks for a
-- modem already being checked join the pending one.
CREATE TABLE check_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  modem_id integer NOT NULL REFERENCES modems (id) ON DELETE CASCADE,
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  finished_at timestamptz
);
-- The cooldown reads a proxy's last ask.
CREATE INDEX check_requests_proxy_idx ON check_requests (proxy_id, requested_at DESC);
-- At most one pending check per modem: the agent measures the modem, whichever proxy asked.
CREATE UNIQUE INDEX check_requests_pending_idx ON check_requests (modem_id) WHERE status = 'pending';
