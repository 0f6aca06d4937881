-- Modem reboots (#29) travel as rotations of kind 'reboot': the same one-pending-per-modem rule (a reboot never runs
-- beside a rotation of the same modem), the same agent result, the same history with its source.
ALTER TABLE rotations ADD COLUMN kind text NOT NULL DEFAULT 'rotate' CHECK (kind IN ('rotate', 'reboot'));
-- The reboot cooldown and the proxy page read a modem's last reboot.
CREATE INDEX rotations_reboots_idx ON rotations (modem_id, requested_at DESC) WHERE kind = 'reboot';
