-- A proxy's history belongs to whoever had it then: after a transfer the new owner sees the rotations and traffic
-- since it became theirs, not the addresses and volumes of the previous owner's use.
ALTER TABLE proxies ADD COLUMN owned_since timestamptz;
UPDATE proxies SET owned_since = created_at;
ALTER TABLE proxies ALTER COLUMN owned_since SET NOT NULL, ALTER COLUMN owned_since SET DEFAULT now();
