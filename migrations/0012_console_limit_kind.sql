-- Console codes claim their own limits (worker/api/ordering/limits.ts, kind "console"), but 0005's
-- CHECK knew only the diners' kinds, so every console code failed. SQLite cannot change a CHECK:
-- the table is rebuilt with the new kind, its events and indexes kept.
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
