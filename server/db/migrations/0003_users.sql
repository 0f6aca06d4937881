-- Accounts (docs/auth-api-contract.md): e-mail only, unique whatever its case; the password as an argon2id PHC string.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  password_hash text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_superuser boolean NOT NULL DEFAULT false,
  is_staff boolean NOT NULL DEFAULT false,
  -- Permission strings ("pages.view_page"); `|` and `&` belong to check expressions, never to a name (AC-04).
  permissions text[] NOT NULL DEFAULT '{}' CHECK (array_to_string(permissions, ' ') !~ '[|&]'),
  email_verified boolean NOT NULL DEFAULT false,
  -- The language of the request that registered the account: mails go out in it.
  language text NOT NULL DEFAULT 'ru' CHECK (language IN ('ru', 'en')),
  -- The mailing list; every mailing carries an unsubscribe link.
  subscribed boolean NOT NULL DEFAULT true,
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz
);

CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
