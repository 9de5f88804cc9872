-- Limits claimed by one conditional write (DESIGN.md "Security defaults"): every code sent and every order
-- (online or verified) is an event; a new one is inserted only while the counts in its windows are
-- under their limits, in the same statement, so no burst of concurrent requests passes a limit.
-- (Replaces otp_sends, which was read, then written.)
CREATE TABLE limit_events (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('otp', 'payment', 'order')),
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX limit_events_phone ON limit_events (kind, phone, at);
CREATE INDEX limit_events_ip ON limit_events (kind, ip, at);
CREATE INDEX limit_events_at ON limit_events (at);
INSERT INTO limit_events (kind, phone, ip, at) SELECT 'otp', phone, ip, sent_at FROM otp_sends;
DROP TABLE otp_sends;

-- An order and its items are written in one batch; options find their item by its line number.
ALTER TABLE order_items ADD COLUMN line INTEGER;
CREATE INDEX order_items_line ON order_items (order_id, line);

-- Hosted payment sessions end: a decision is taken once, and never after expires_at.
ALTER TABLE payment_sessions ADD COLUMN expires_at INTEGER;
UPDATE payment_sessions SET expires_at = created_at + 1800000;
