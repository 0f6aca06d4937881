-- Transfers (docs/product.md "Proxies", `/ip/transfer/{id?}`): the owner offers a proxy to another customer by
-- e-mail; the recipient accepts or declines, the sender may cancel while it is pending, and it lapses after 72 hours.
CREATE TABLE transfers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A proxy released after its hold leaves its offers as history.
  proxy_id integer REFERENCES proxies (id) ON DELETE SET NULL,
  sender_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  -- The customer the address belonged to when offered; null when none did (the offer is answered the same and lapses,
  -- so the form cannot tell who is a customer).
  recipient_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- The address as the sender gave it (canonical form), shown in the sender's list.
  recipient_email text NOT NULL CHECK (length(recipient_email) BETWEEN 3 AND 254),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 190),
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
  -- Where the proxy was, kept after it is gone.
  country text NOT NULL,
  city text NOT NULL,
  operator text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  CHECK ((state = 'pending') = (decided_at IS NULL)),
  CHECK (recipient_id IS DISTINCT FROM sender_id)
);
-- One pending offer per proxy: a second one must wait until the first is answered, cancelled or lapsed.
CREATE UNIQUE INDEX transfers_one_pending ON transfers (proxy_id) WHERE state = 'pending';
CREATE INDEX transfers_sender_idx ON transfers (sender_id, created_at DESC, id DESC);
CREATE INDEX transfers_recipient_idx ON transfers (recipient_id, created_at DESC, id DESC);
CREATE INDEX transfers_pending_expiry_idx ON transfers (expires_at) WHERE state = 'pending';
