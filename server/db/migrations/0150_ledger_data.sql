-- Issue #49: a ledger line was written as finished text in the account's language of that moment, so an account whose
-- language changed read its history in two languages. A line now stores what it means — the facts of its kind — and
-- the server renders its words in the reader's language when it is read (server/domains/billing/ledger-lines.ts).
-- `reason` keeps only what a person typed (a staff adjustment's reason, a hand-confirmed payment's note).
ALTER TABLE ledger_entries ADD COLUMN data jsonb NOT NULL DEFAULT '{}';

-- A day's totals depend on the kind, the amount and the time only: filling `data` below (or any later change of the
-- words) must not make the dashboard sum every stored day again.
DROP TRIGGER ledger_entries_changed ON ledger_entries;
CREATE TRIGGER ledger_entries_changed AFTER UPDATE OF kind, amount, created_at OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_days_forget();

-- The lines written before, where their reference names what they were for and that record is still there. A line
-- this cannot read keeps `data` empty and shows the text it was written with: nothing is lost.

-- Transfers: the place from the offer; the other party's e-mail from the stored text (the address as it was then),
-- only when the text is one the code wrote.
WITH read AS (
  SELECT e.id, t.id AS transfer_id, e.user_id = t.sender_id AS given, t.country, t.city, t.operator,
         regexp_match(e.reason, '^(?:Proxy|Прокси) .+ (handed to|received from|передан|получен от) (\S+)$') AS parts
    FROM ledger_entries e JOIN transfers t ON t.id = substring(e.reference FROM '^transfer:([0-9]{1,9})$')::int
   WHERE e.kind = 'transfer' AND e.reference ~ '^transfer:[0-9]{1,9}$'
)
UPDATE ledger_entries e
   SET data = jsonb_build_object('transfer_id', r.transfer_id, 'given', r.given, 'other_email', r.parts[2],
                                 'country', r.country, 'city', r.city, 'operator', r.operator)
  FROM read r
 WHERE e.id = r.id AND r.parts IS NOT NULL AND r.given = (r.parts[1] IN ('handed to', 'передан'));

-- Orders: the reference is the order (lines that carried no text only, as every one did).
UPDATE ledger_entries
   SET data = jsonb_build_object('order_id', substring(reference FROM '^order:([0-9]{1,9})$')::int)
 WHERE kind = 'purchase' AND reason = '' AND reference ~ '^order:[0-9]{1,9}$';

-- Moves: the place the proxy moved to, from the move's record.
UPDATE ledger_entries e
   SET data = jsonb_build_object('move_id', m.id, 'proxy_id', m.proxy_id,
                                 'country', m.to_country, 'city', m.to_city, 'operator', m.to_operator)
  FROM proxy_moves m
 WHERE e.kind = 'purchase' AND e.reason = '' AND e.reference ~ '^move:[0-9]{1,9}$'
   AND m.id = substring(e.reference FROM '^move:([0-9]{1,9})$')::int AND m.proxy_id IS NOT NULL;

-- Hand renewals: how many proxies for how long, from the request.
UPDATE ledger_entries e
   SET data = jsonb_build_object('renewal_id', r.id, 'proxies', jsonb_array_length(r.lines),
                                 'period_days', r.period_days)
  FROM renewals r
 WHERE e.kind = 'renewal' AND e.reason = '' AND e.reference ~ '^renewal:[0-9]{1,9}$'
   AND r.id = substring(e.reference FROM '^renewal:([0-9]{1,9})$')::int;

-- Auto-renewals: the proxy from the reference ('autorenew:<proxy>:<old expiry in ms>'), the period from the renewal's
-- record (migration 0147 or the sweep wrote it beside the entry, within its transaction).
WITH read AS (
  SELECT e.id, substring(e.reference FROM '^autorenew:([0-9]{1,9}):[0-9]+$')::int AS proxy_id,
         (SELECT r.period_days FROM proxy_renewals r
           WHERE r.source = 'auto' AND r.user_id = e.user_id AND r.proxy_id = substring(e.reference FROM '^autorenew:([0-9]{1,9}):[0-9]+$')::int
             AND r.renewed_at BETWEEN e.created_at - interval '1 hour' AND e.created_at + interval '1 hour'
           ORDER BY abs(extract(epoch FROM r.renewed_at - e.created_at)) LIMIT 1) AS period_days
    FROM ledger_entries e
   WHERE e.kind = 'renewal' AND e.reason = '' AND e.reference ~ '^autorenew:[0-9]{1,9}:[0-9]+$'
)
UPDATE ledger_entries e
   SET data = jsonb_build_object('proxy_id', r.proxy_id, 'period_days', r.period_days, 'auto', true)
  FROM read r
 WHERE e.id = r.id AND r.period_days IS NOT NULL;

-- Top-ups: the invoice (the note staff typed stays in `reason`).
UPDATE ledger_entries
   SET data = jsonb_build_object('invoice_id', substring(reference FROM '^invoice:([0-9]{1,9})$')::int)
 WHERE kind = 'topup' AND reference ~ '^invoice:[0-9]{1,9}$';
