-- The console's code limits (worker/limits/rules.ts kind "console") are events in limit_events,
-- whose CHECK (migration 0005) allowed only the diners' kinds: every console code failed to claim.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with its rows and indexes.
CREATE TABLE limit_events_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('otp', 'payment', 'order', 'console')),
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL
);
INSERT INTO limit_events_new (id, kind, phone, ip, at) SELECT id, kind, phone, ip, at FROM limit_events;
DROP TABLE limit_events;
ALTER TABLE limit_events_new RENAME TO limit_events;
CREATE INDEX limit_events_phone ON limit_events (kind, phone, at);
CREATE INDEX limit_events_ip ON limit_events (kind, ip, at);
CREATE INDEX limit_events_at ON limit_events (at);
