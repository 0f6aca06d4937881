-- Rotations travel apart from the configuration (#42): asking a modem for a new address and recording the result move
-- `rotations_version`, not `config_version`, so an agent that speaks the rotations protocol (AGENT_PROTOCOL 2) is
-- sent the pending rotations alone (a few hundred bytes) instead of its host's whole configuration (~110 KB for 750
-- proxies) twice per rotation. An older agent is sent both counters as one version and refetches as before.
ALTER TABLE agent_hosts ADD COLUMN rotations_version bigint NOT NULL DEFAULT 0;
