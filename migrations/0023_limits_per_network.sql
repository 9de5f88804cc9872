-- docs/decisions/0036: what bounds SMS cost across many networks, and the Low list's limits.
-- A restaurant's daily budget of diner codes (a setting; the console says when it is used up), each
-- day's count claimed by one conditional write in the restaurant's zone (worker/restaurant/sms-budget.ts).
ALTER TABLE restaurants ADD COLUMN sms_daily_budget INTEGER NOT NULL DEFAULT 200 CHECK (sms_daily_budget >= 0);
CREATE TABLE sms_budget_days (
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (restaurant_id, day)
);

-- A phone that reached its daily cap of console codes is locked out until `until`; each lockout soon
-- after the last is twice as long (`level`) (worker/limits/rules.ts LOCKOUT).
CREATE TABLE phone_lockouts (
  phone TEXT PRIMARY KEY,
  level INTEGER NOT NULL,
  until INTEGER NOT NULL
);

-- Passkey challenges are stored only while the asking network holds fewer than its share of live
-- ones (worker/directory/passkeys.ts): a loop of POST /console/passkey/sign-in-options cannot fill D1.
ALTER TABLE webauthn_challenges ADD COLUMN network TEXT;
CREATE INDEX webauthn_challenges_network ON webauthn_challenges (network, expires_at);

-- A copy's id bases (worker/console/menu-copy.ts): the maxima read by the copy's own batch (a
-- transaction), so concurrent copies never pick the same ids. A row lives only inside its batch.
CREATE TABLE copy_bases (
  token TEXT PRIMARY KEY,
  menus INTEGER NOT NULL,
  categories INTEGER NOT NULL,
  products INTEGER NOT NULL,
  options INTEGER NOT NULL,
  sub_options INTEGER NOT NULL
);

-- A menu spreadsheet's Apply spends its stash once (worker/console/menu-csv/stash.ts): claimed here
-- by one conditional write, since KV has none.
CREATE TABLE spent_stashes (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL
);
CREATE INDEX spent_stashes_at ON spent_stashes (at);

-- Every stored picture (worker/storage/quota.ts): claimed against the restaurant's quota by one
-- conditional write, swept a day after nothing points at it. Pictures stored before are entered with
-- their size unknown (0), so they count for nothing but are swept like the others once unused.
CREATE TABLE pictures (
  key TEXT PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX pictures_restaurant ON pictures (restaurant_id, created_at);
INSERT OR IGNORE INTO pictures (key, restaurant_id, bytes, created_at)
  SELECT image, CAST(substr(image, 10, instr(substr(image, 10), '/') - 1) AS INTEGER), 0, 0 FROM (
    SELECT image FROM products UNION SELECT image FROM categories UNION SELECT image FROM menus UNION SELECT logo FROM restaurants
  ) WHERE image GLOB 'pictures/[1-9]*/*' AND CAST(substr(image, 10, instr(substr(image, 10), '/') - 1) AS INTEGER) IN (SELECT id FROM restaurants);
