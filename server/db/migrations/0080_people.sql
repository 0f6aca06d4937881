-- People (issue #15): every change made to an account, by staff or by its owner, and where each login came from.

-- Who changed what and when. `changes` holds field → [before, after], or for a balance the amount, the reason and the
-- ledger entry. A staff member deleted later leaves their entries with no actor rather than taking them along.
CREATE TABLE user_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('update', 'balance', 'block', 'unblock', 'password_change', 'email_change',
    'sessions_revoked')),
  changes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_audit_user_idx ON user_audit (user_id, id DESC);

-- The client address of the login (the sessions list shows it beside the browser); '' for logins made before.
ALTER TABLE auth_tokens ADD COLUMN ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64);

-- The panel's user list sorts and filters by these over every account (100,000 in the benchmark).
CREATE INDEX users_date_joined_idx ON users (date_joined, id);
CREATE INDEX users_last_login_idx ON users (last_login, id);
CREATE INDEX users_balance_idx ON users (balance, id);
