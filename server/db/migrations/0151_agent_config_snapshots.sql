-- Config deltas (#42, AGENT_PROTOCOL 3): an order used to send its host's agent the whole configuration (~140 bytes a
-- proxy, ~100 KB for 750) because its version moved. Now the API remembers, per host, what it last sent for the last
-- few versions — a short digest of each proxy (id → hash of its fields) and of the modems — and answers an agent's
-- `since` with the proxies whose digest differs, the ids that are gone, and the modems only when they changed.
--
-- Why digests of what was sent rather than a change log written by every writer (or per-proxy version columns): the
-- delta is then correct by construction. A log depends on every one of the dozen writers that bump the config
-- (orders, moves, renewals, expiry, suspensions, credentials, whitelists, modem edits) recording exactly what it
-- touched; one that forgets leaves an agent silently wrong forever. A digest is taken of the config as it was served,
-- so the agent's state and the API's record of it cannot drift, whatever the writers do. The cost is bounded: at most
-- KEPT_SNAPSHOTS rows per host (farm-service.ts), each ~25 bytes a proxy, one insert per version actually served to
-- a protocol-3 agent; a `since` no longer kept (or never seen) is answered with the full configuration.
CREATE TABLE agent_config_snapshots (
  host_id integer NOT NULL REFERENCES agent_hosts (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  -- {"m": "<modems' hash>", "p": {"<proxy id>": "<proxy's hash>", …}}
  digest jsonb NOT NULL,
  PRIMARY KEY (host_id, version)
);
