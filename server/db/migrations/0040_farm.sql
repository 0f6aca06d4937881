-- The farm (docs/product.md "Proxies", "The farm"): farm hosts running an agent, their modems, the customers'
-- proxies on them, IP rotations and traffic. The agent pulls its host's configuration (agent/README.md): every change
-- an agent must apply bumps its host's `config_version` in the same transaction, and `NOTIFY farm_changed` wakes the
-- long polls waiting on that host.

CREATE TABLE agent_hosts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  -- What customers connect to: a host name or an address.
  public_host text NOT NULL CHECK (length(public_host) BETWEEN 1 AND 253),
  -- The ports the API hands out on this host, an HTTP and a SOCKS5 port per proxy.
  port_min integer NOT NULL CHECK (port_min BETWEEN 1024 AND 65535),
  port_max integer NOT NULL CHECK (port_max BETWEEN 1024 AND 65535),
  -- SHA-256 of the host's token: the token itself is shown once, when it is made.
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  config_version bigint NOT NULL DEFAULT 1,
  -- What the agent last said: when, which config it serves, since when it runs.
  last_seen_at timestamptz,
  served_version text,
  agent_started_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (port_min < port_max)
);

CREATE TABLE modems (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  host_id integer NOT NULL REFERENCES agent_hosts (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- The modem as the host's driver knows it (`sim-3`, `usb0`).
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$'),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  operator text NOT NULL CHECK (length(operator) BETWEEN 1 AND 100),
  -- online/offline come from the agent; maintenance is staff's and outlives reports.
  status text NOT NULL DEFAULT 'offline' CHECK (status IN ('online', 'offline', 'maintenance')),
  ip text,
  checked_at timestamptz,
  last_rotation_at timestamptz,
  -- Proxies it may carry at once: private mobile proxies are 1.
  capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 100),
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (host_id, key),
  UNIQUE (id, host_id)
);
CREATE INDEX modems_stock_idx ON modems (country, city, operator) WHERE status <> 'maintenance';

CREATE TABLE proxies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  modem_id integer NOT NULL,
  -- The modem's host, kept beside it so ports can be unique per host (the pair must match the modem's).
  host_id integer NOT NULL,
  http_port integer NOT NULL CHECK (http_port BETWEEN 1 AND 65535),
  socks_port integer NOT NULL CHECK (socks_port BETWEEN 1 AND 65535),
  login text NOT NULL UNIQUE CHECK (login ~ '^[A-Za-z0-9._~-]{1,64}$'),
  -- Kept readable: the owner reveals and copies it (a regenerate makes a new one).
  password text NOT NULL CHECK (password ~ '^[\x21-\x7e]{1,128}$'),
  whitelist text[] NOT NULL DEFAULT '{}' CHECK (cardinality(whitelist) <= 10),
  -- The change-IP link's secret (≥ 128 random bits, base64url), kept readable so the owner can copy the link; the
  -- link is looked up by its SHA-256, so how long an index search takes says nothing about a guessed token.
  rotate_token text NOT NULL CHECK (rotate_token ~ '^[A-Za-z0-9_-]{22,64}$'),
  rotate_token_hash text NOT NULL UNIQUE CHECK (rotate_token_hash ~ '^[0-9a-f]{64}$'),
  auto_rotate_minutes integer NOT NULL DEFAULT 0
    CHECK (auto_rotate_minutes = 0 OR auto_rotate_minutes BETWEEN 2 AND 1440),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'expiring', 'expired', 'suspended')),
  expires_at timestamptz NOT NULL,
  auto_renew boolean NOT NULL DEFAULT false,
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 190),
  last_rotation_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (modem_id, host_id) REFERENCES modems (id, host_id) ON DELETE RESTRICT,
  CHECK (http_port <> socks_port)
);
CREATE INDEX proxies_owner_idx ON proxies (owner_id, id);
CREATE INDEX proxies_modem_idx ON proxies (modem_id);

-- A port on a host belongs to one proxy, whichever of its two ports it is.
CREATE TABLE proxy_ports (
  host_id integer NOT NULL REFERENCES agent_hosts (id) ON DELETE RESTRICT,
  port integer NOT NULL,
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  PRIMARY KEY (host_id, port)
);
CREATE INDEX proxy_ports_proxy_idx ON proxy_ports (proxy_id);

CREATE TABLE rotations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  modem_id integer NOT NULL REFERENCES modems (id) ON DELETE CASCADE,
  -- The proxy it was asked for (null: staff rotated an idle modem).
  proxy_id integer REFERENCES proxies (id) ON DELETE SET NULL,
  source text NOT NULL CHECK (source IN ('link', 'customer', 'auto', 'staff')),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  old_ip text,
  new_ip text,
  error text NOT NULL DEFAULT '' CHECK (length(error) <= 500),
  requested_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- One rotation at a time per modem: a second request joins the pending one.
CREATE UNIQUE INDEX rotations_one_pending ON rotations (modem_id) WHERE status = 'pending';
CREATE INDEX rotations_proxy_idx ON rotations (proxy_id, requested_at DESC);

-- Bytes per proxy per minute as the agent reports them (a repeated report replaces, never adds); rolled up per hour
-- and per day for charts, minutes pruned after a few days.
CREATE TABLE traffic_minutes (
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  bytes_in bigint NOT NULL CHECK (bytes_in >= 0),
  bytes_out bigint NOT NULL CHECK (bytes_out >= 0),
  PRIMARY KEY (proxy_id, minute)
);

CREATE TABLE traffic_rollups (
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period IN ('hour', 'day')),
  starts_at timestamptz NOT NULL,
  bytes_in bigint NOT NULL CHECK (bytes_in >= 0),
  bytes_out bigint NOT NULL CHECK (bytes_out >= 0),
  PRIMARY KEY (proxy_id, period, starts_at)
);
