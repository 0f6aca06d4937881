-- Each mail's Message-ID, fixed when its outbox row is written (#43): `mail.deliver` sends a queued row again after a
-- crash between the SMTP server's acceptance and the commit (a kill -9 re-sent 5 of 305 mails), and the copy must
-- carry the same Message-ID for receiving servers and mail clients to recognise it as the same mail. The id's domain
-- is the sender's (MAIL_FROM), added when the mail is sent. Rows already written, queued ones included, get one here.
ALTER TABLE outbox ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid();
