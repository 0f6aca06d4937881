-- Issue #43: a lease per notification delivery, and Telegram linked to private chats only.

-- The `notifications.deliver` job claims a row (FOR UPDATE SKIP LOCKED) by setting this in the claiming transaction:
-- until it passes no process claims the row again, however long the claiming run lasts; the attempt's outcome clears
-- it. `next_attempt_at` stays the time of the next retry, as the delivery log shows it.
ALTER TABLE notifications ADD COLUMN leased_until timestamptz;

-- A group, supergroup or channel could be linked before: any member could /status and /rotate the account's proxies
-- and read its notifications. Telegram gives those chats negative ids; a private chat's id is the person's own.
DELETE FROM telegram_links WHERE chat_id < 0;
