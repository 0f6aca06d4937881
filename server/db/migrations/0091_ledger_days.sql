-- The dashboard's money figures per closed day (#33): a month of ledger entries is ~80,000 rows at 1,000,000, too many
-- to sum on every dashboard load within 100 ms. A day's totals never change once the day is over, so the dashboard
-- sums a closed day once, stores it here, and reads only today live. Nothing on the posting path writes here: no hot
-- row for every top-up to queue behind.
CREATE TABLE ledger_days (
  day date NOT NULL,
  kind text NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (day, kind)
);

-- An entry written into a closed day (a correction by hand, a test moving time) makes the dashboard sum that day
-- again. A day is closed an hour after it ends (the dashboard's rule), so an entry dated within the last hour can
-- never fall into a stored day, and ordinary postings (dated now) do not fire this at all.
CREATE FUNCTION ledger_days_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM ledger_days WHERE day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    DELETE FROM ledger_days WHERE day = (NEW.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_entries_backdated AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 hour') EXECUTE FUNCTION ledger_days_forget();
CREATE TRIGGER ledger_entries_changed AFTER UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_days_forget();
