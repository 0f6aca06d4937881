-- Whitelists once took any address or network, `0.0.0.0/0` and `::/0` included, which served the proxy to anyone
-- without its password. The API now refuses what `whitelistProblem` (shared/src/ip-ranges.ts) refuses; this drops the
-- entries stored before, by the same rule, and moves the hosts' config versions so their agents apply the cleaned
-- lists. An entry PostgreSQL cannot read as `inet` (a zone `fe80::1%eth0`, a leading zero `::ffff:01.2.3.4`) is
-- refused by that rule too. Kept: IPv4 /24 or narrower and IPv6 /48 or narrower, outside the reserved blocks;
-- `::ffff:a.b.c.d` forms are judged as the IPv4 they map.
DO $$
DECLARE
  proxy record;
  entry text;
  net inet;
  kept text[];
BEGIN
  FOR proxy IN SELECT id, host_id, whitelist FROM proxies WHERE whitelist <> '{}' ORDER BY id FOR UPDATE LOOP
    kept := '{}';
    FOREACH entry IN ARRAY proxy.whitelist LOOP
      BEGIN
        net := entry::inet;
      EXCEPTION WHEN invalid_text_representation THEN
        CONTINUE;
      END;
      IF net <<= '::ffff:0:0/96' THEN
        -- IPv4-mapped: /120 is IPv4's /24, and each reserved IPv4 block is written in its mapped form.
        CONTINUE WHEN masklen(net) < 120 OR net <<= ANY ('{::ffff:0.0.0.0/104, ::ffff:10.0.0.0/104,
          ::ffff:100.64.0.0/106, ::ffff:127.0.0.0/104, ::ffff:169.254.0.0/112, ::ffff:172.16.0.0/108,
          ::ffff:192.168.0.0/112, ::ffff:224.0.0.0/100, ::ffff:240.0.0.0/100}'::inet[]);
      ELSIF family(net) = 4 THEN
        CONTINUE WHEN masklen(net) < 24 OR net <<= ANY ('{0.0.0.0/8, 10.0.0.0/8, 100.64.0.0/10, 127.0.0.0/8,
          169.254.0.0/16, 172.16.0.0/12, 192.168.0.0/16, 224.0.0.0/4, 240.0.0.0/4}'::inet[]);
      ELSE
        CONTINUE WHEN masklen(net) < 48 OR net <<= ANY ('{::/8, fc00::/7, fe80::/10, ff00::/8}'::inet[]);
      END IF;
      kept := kept || entry;
    END LOOP;
    IF kept <> proxy.whitelist THEN
      UPDATE proxies SET whitelist = kept WHERE id = proxy.id;
      UPDATE agent_hosts SET config_version = config_version + 1 WHERE id = proxy.host_id;
    END IF;
  END LOOP;
END
$$;
