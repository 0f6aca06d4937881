-- Farm settings staff change in the panel (#29), one row. The health checks' target: the agents request it through
-- each modem; NULL means the site's own `GET /api/ip/` (what agents ask when the config names none). Kept as an
-- http(s) URL of at most 500 characters, the limit the agents' contract accepts.
CREATE TABLE farm_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  check_url text CHECK (check_url IS NULL OR (length(check_url) <= 500 AND check_url ~ '^https?://')),
  check_url_changed_by integer REFERENCES users (id) ON DELETE SET NULL,
  check_url_changed_at timestamptz
);
INSERT INTO farm_settings (id) VALUES (true);
