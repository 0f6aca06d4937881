-- Host liveness from the API's side (#42): a farm host counts as offline once the API has not heard from its agent (a
-- config poll or a report) for AGENT_SILENT_SECONDS. `alive_until` is the moment that happens, written with
-- `last_seen_at` (the setting added to it), so every reader — stock, orders, the customer's proxies, notices, alerts —
-- compares one column with its clock and needs no setting of its own. NULL: never heard from, not started yet (its
-- modems are offline until it reports). Rows already heard from get the default setting, 60 seconds.
ALTER TABLE agent_hosts ADD COLUMN alive_until timestamptz;
UPDATE agent_hosts SET alive_until = last_seen_at + interval '60 seconds' WHERE last_seen_at IS NOT NULL;
