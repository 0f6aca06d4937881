-- Each API process keeps the owners of recently used login tokens in memory (server/domains/accounts/session-cache.ts)
-- and forgets one when the database says it changed: a token deleted (logout, password reset, block, a user deleted)
-- or updated (its once-a-minute `last_used_at`), or any change to its user's row (active flag, staff flags, permissions, balance). The triggers send that news on
-- the `auth_changed` channel when the writing transaction commits, whatever code or SQL wrote it.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'auth_tokens' THEN
    PERFORM pg_notify('auth_changed', 't' || OLD.key_hash);
  ELSE
    PERFORM pg_notify('auth_changed', 'u' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER auth_tokens_changed AFTER UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();

CREATE TRIGGER users_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION notify_auth_changed();

CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
