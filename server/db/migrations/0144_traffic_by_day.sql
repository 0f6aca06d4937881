-- Issue #42: a report's cost must not grow with history. `traffic_minutes` becomes partitioned by UTC day, so the
-- prune drops a day's table instead of deleting its rows one by one; the rows already stored move over. Days are
-- created ahead, here and by the hourly `traffic.prune` job, through `traffic_minutes_days` (one naming rule for both).

CREATE FUNCTION traffic_minutes_days(first date, last date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  FOR day IN SELECT generate_series(first, last, interval '1 day')::date LOOP
    -- Checked first rather than IF NOT EXISTS, which would lock the parent table and raise a notice per existing day.
    CONTINUE WHEN to_regclass('traffic_minutes_' || to_char(day, 'YYYYMMDD')) IS NOT NULL;
    EXECUTE format('CREATE TABLE %I PARTITION OF traffic_minutes FOR VALUES FROM (%L) TO (%L)',
                   'traffic_minutes_' || to_char(day, 'YYYYMMDD'),
                   day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;

ALTER TABLE traffic_minutes RENAME TO traffic_minutes_unpartitioned;
ALTER INDEX traffic_minutes_pkey RENAME TO traffic_minutes_unpartitioned_pkey;

CREATE TABLE traffic_minutes (
  proxy_id integer NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  bytes_in bigint NOT NULL CHECK (bytes_in >= 0),
  bytes_out bigint NOT NULL CHECK (bytes_out >= 0),
  PRIMARY KEY (proxy_id, minute)
) PARTITION BY RANGE (minute);

-- Every day a stored minute falls on (the prune may not have run for a while), and from the oldest day a report may
-- still write (traffic-repository.ts, MINUTES_KEPT_DAYS) through a week ahead, as the job keeps them.
SELECT traffic_minutes_days(
  least((SELECT min(minute) AT TIME ZONE 'UTC' FROM traffic_minutes_unpartitioned)::date,
        (now() AT TIME ZONE 'UTC')::date - 3),
  (now() AT TIME ZONE 'UTC')::date + 7
);
INSERT INTO traffic_minutes SELECT proxy_id, minute, bytes_in, bytes_out FROM traffic_minutes_unpartitioned;
DROP TABLE traffic_minutes_unpartitioned;

-- The prune deletes hourly sums past their keeping time, and daily ones past theirs, by a range of `starts_at`.
CREATE INDEX traffic_rollups_period_starts_at ON traffic_rollups (period, starts_at);
