-- The panel's user search (`?search=` a part of an address) is `email ILIKE '%part%'`, which no btree serves: over
-- 100,000 accounts it read every row. A trigram index answers it (pg_trgm ships with PostgreSQL and with PGlite;
-- trusted, so the database's owner may create it). The extension lives once per database, in whichever schema has
-- it already, or in public; the operator class is named through that schema, since a schema of its own (tests,
-- benchmarks) does not have it on its search path. The migration lock is database-wide, so two schemas migrating
-- at once do not race on CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
DO $$
DECLARE
  home text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX users_email_trgm_idx ON users USING gin (email %I.gin_trgm_ops)', home);
END
$$;
