-- Every e-mail the site sends (or, without SMTP_URL, only logs). The text is kept with its secret link replaced:
-- confirmation keys and reset tokens only ever go to the recipient.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  recipient text NOT NULL,
  language text NOT NULL CHECK (language IN ('ru', 'en')),
  subject text NOT NULL,
  body_text text NOT NULL,
  status text NOT NULL CHECK (status IN ('sent', 'logged', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_created_idx ON outbox (created_at);
