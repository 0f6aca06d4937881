-- A staff balance adjustment sent with an Idempotency-Key posts once: its ledger entry's reference is
-- `staff:{actor}:{hash of the key}`, unique per account, so a retry whose first answer was lost finds the entry the
-- first attempt made instead of crediting again. Adjustments without a key (`staff:{actor}`) are not constrained.
CREATE UNIQUE INDEX ledger_entries_one_adjustment ON ledger_entries (user_id, reference)
  WHERE kind = 'adjustment' AND reference LIKE 'staff:%:%';
