-- The free trial (#29): staff switch it on and set its terms (one row); the places it is given in (exact places, as
-- the stock lists them); and every trial given, keyed by the owner's mailbox (the canonical e-mail with gmail dots and
-- `+tags` folded) so deleting the account and registering again, or a look-alike address, gets no second one.
CREATE TABLE trial_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  minutes integer NOT NULL DEFAULT 120 CHECK (minutes BETWEEN 30 AND 1440),
  per_address_per_day integer NOT NULL DEFAULT 3 CHECK (per_address_per_day BETWEEN 1 AND 1000),
  -- No trial in a place with fewer free modems than this: paying customers come first.
  min_free_stock integer NOT NULL DEFAULT 2 CHECK (min_free_stock BETWEEN 1 AND 10000),
  changed_by integer REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz
);
INSERT INTO trial_settings (id) VALUES (true);

CREATE TABLE trial_places (
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  operator text NOT NULL CHECK (length(operator) BETWEEN 1 AND 100),
  PRIMARY KEY (country, city, operator)
);

CREATE TABLE trials (
  mailbox text PRIMARY KEY CHECK (length(mailbox) BETWEEN 3 AND 320),
  -- Kept when the account goes: the mailbox still had its trial.
  user_id integer UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  proxy_id integer REFERENCES proxies (id) ON DELETE SET NULL,
  client_address text NOT NULL CHECK (length(client_address) BETWEEN 1 AND 64),
  country text NOT NULL,
  city text NOT NULL,
  operator text NOT NULL,
  minutes integer NOT NULL,
  taken_at timestamptz NOT NULL
);
-- The per-address-per-day limit counts an address's trials of the last 24 hours.
CREATE INDEX trials_address_idx ON trials (client_address, taken_at);
