-- Telegram (issue #30): the one bot staff set up in the panel, and the chats users link to their accounts with a
-- one-time code sent to it. Customers get their notifications there, staff their alerts (#33).
CREATE TABLE telegram_bot (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  token text NOT NULL CHECK (token ~ '^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$'),
  -- From getMe when staff save the token: the link on /user is t.me/<username>.
  username text NOT NULL DEFAULT '',
  -- getUpdates' offset: the next update to read, kept so a restart or another process never answers one twice.
  updates_offset bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL
);

-- One chat per account and one account per chat: /status and /rotate in a chat act for exactly one customer.
CREATE TABLE telegram_links (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  chat_id bigint NOT NULL UNIQUE,
  -- The chat's @username or name when it linked, so the owner can tell which chat it is.
  chat_name text NOT NULL DEFAULT '' CHECK (char_length(chat_name) <= 200),
  linked_at timestamptz NOT NULL DEFAULT now()
);

-- A code the customer sends to the bot (`/start <code>`): only its SHA-256 is kept; one open code per account.
CREATE TABLE telegram_link_codes (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz NOT NULL
);
