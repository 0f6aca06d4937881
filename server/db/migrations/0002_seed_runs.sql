-- Which demo-content seeds have run: each runs once per database, so content that staff edited or deleted is
-- never brought back by a restart.
CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
