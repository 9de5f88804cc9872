-- No free restaurants, consented invites (docs/decisions/0037).
-- restaurants.is_active now reads 0 inactive, 1 live, 2 draft: a signed-up restaurant is a draft,
-- seen by its own members only, until its trial really starts (worker/directory/drafts.ts).

-- Sign-ups claimed per person (E.164 phone) and per client network (an IPv6 client's /64), each by
-- one conditional INSERT (worker/console/signup-limits.ts), apart from the send limits' table.
CREATE TABLE signup_events (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  network TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX signup_events_phone ON signup_events (phone, at);
CREATE INDEX signup_events_network ON signup_events (network, at);
CREATE INDEX signup_events_at ON signup_events (at);

-- An invitation is a membership still pending (pending = 1): it grants nothing until the invitee,
-- signed in, accepts it. The name the restaurant typed stays on the membership (name); the person's
-- own name (people.name) is theirs alone. Every membership made before is accepted (the default).
ALTER TABLE members ADD COLUMN name TEXT;
ALTER TABLE members ADD COLUMN pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1));

-- The restaurant the person worked in last: the console opens there on any device.
ALTER TABLE people ADD COLUMN last_restaurant_id INTEGER;
