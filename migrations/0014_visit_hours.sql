-- What diners look at over time (/console/insights; docs/decisions/0007): the visit tally's flush adds each
-- item's counted visits to the bucket of the unix hour (ms / 3,600,000) they were counted in, in the
-- same batch as the num_visit totals. Kinds as in the visit keys: b(ranch), m(enu), p(roduct);
-- categories are not kept (nothing reads them). branch_id is the item's branch at the flush, so a
-- branch's reads are one index range. The cron deletes buckets older than ~400 days.
CREATE TABLE visit_hours (
  kind TEXT NOT NULL CHECK (kind IN ('b', 'm', 'p')),
  item_id INTEGER NOT NULL,
  hour INTEGER NOT NULL,
  branch_id INTEGER NOT NULL,
  visits INTEGER NOT NULL,
  PRIMARY KEY (kind, item_id, hour)
);
CREATE INDEX visit_hours_branch ON visit_hours (branch_id, kind, hour);
-- The cron's bounded delete of old buckets (whatever branch they were of).
CREATE INDEX visit_hours_hour ON visit_hours (hour);
-- Orders per day of one branch over a window (the insights screen).
CREATE INDEX orders_branch_created ON orders (branch_id, created_at);
