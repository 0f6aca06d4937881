-- Trials leaked paid stock (#43): a trial proxy could be moved into any paid place for free and handed to another
-- account, and was held 3 days after its hour like a paid one; Yandex's aliases of one mailbox, and the addresses of
-- one IPv6 network, each got a trial of their own.

-- A free trial's proxy, while it is one: moves and transfers refuse it, and the lifecycle releases it when it ends, with
-- no hold. A renewal (paid) makes it an ordinary proxy. Until now a trial's proxy was one whose expiry was still its
-- trial's end: a renewal moves the expiry past it.
ALTER TABLE proxies ADD COLUMN trial boolean NOT NULL DEFAULT false;
UPDATE proxies p SET trial = true
  FROM trials t
 WHERE t.proxy_id = p.id AND p.expires_at <= t.taken_at + make_interval(mins => t.minutes);

-- An offer of a trial proxy made before the rule would still hand it over on accept: it is withdrawn.
UPDATE transfers SET state = 'cancelled', decided_at = now()
 WHERE state = 'pending' AND proxy_id IN (SELECT id FROM proxies WHERE trial);

-- A trial is once per mailbox (server/domains/trial/mailbox.ts), and Yandex's addresses fold now too: every Yandex
-- domain to yandex.ru, a dot in the login to the hyphen Yandex reads it as. A stored mailbox is re-folded unless a
-- trial already holds the folded one; of several that fold to one, the earliest takes it. The others keep their rows
-- (each still refuses its account a second trial); the one folded mailbox refuses every spelling of it from now on.
WITH yandex AS (
  SELECT mailbox, taken_at, replace(substring(mailbox FROM '^(.*)@'), '.', '-') || '@yandex.ru' AS folded
    FROM trials
   WHERE substring(mailbox FROM '@([^@]*)$')
         IN ('yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'yandex.com.tr', 'narod.ru')
), earliest AS (
  SELECT DISTINCT ON (folded) mailbox, folded FROM yandex ORDER BY folded, taken_at, mailbox
)
UPDATE trials t SET mailbox = e.folded
  FROM earliest e
 WHERE t.mailbox = e.mailbox AND e.folded <> e.mailbox
   AND NOT EXISTS (SELECT 1 FROM trials held WHERE held.mailbox = e.folded);

-- The per-address limit counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address it is
-- (server/domains/trial/client-network.ts): the stored addresses are re-keyed the same way. Text that is not an
-- address stays as it is, as the code keeps it.
DO $$
DECLARE
  t record;
  address inet;
BEGIN
  FOR t IN SELECT mailbox, client_address FROM trials WHERE client_address LIKE '%:%' LOOP
    BEGIN
      address := t.client_address::inet;
    EXCEPTION WHEN invalid_text_representation THEN
      CONTINUE;
    END;
    UPDATE trials SET client_address = CASE
        WHEN address << '::ffff:0:0/96' THEN host('0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet))
        ELSE network(set_masklen(address, 64))::text
      END
     WHERE mailbox = t.mailbox;
  END LOOP;
END
$$;
