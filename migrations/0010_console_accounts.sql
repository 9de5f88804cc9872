-- The restaurant's side (DESIGN.md "The restaurant's side"): people who sign in by phone, their
-- membership and role in restaurants, their sessions, passkeys and sign-in codes, and each
-- restaurant's subscription. Phones are E.164 (+9715…), one person per phone.
CREATE TABLE people (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL UNIQUE CHECK (phone GLOB '+[1-9]*' AND length(phone) BETWEEN 8 AND 16),
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- owner > manager > staff (worker/rules/roles.ts). A staff member sees only their branches.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  person_id INTEGER NOT NULL REFERENCES people(id),
  role TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'staff')),
  created_at INTEGER NOT NULL,
  UNIQUE (restaurant_id, person_id)
);
CREATE INDEX members_person ON members (person_id);

CREATE TABLE member_branches (
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  branch_id INTEGER NOT NULL REFERENCES branches(id),
  PRIMARY KEY (member_id, branch_id)
);

-- A random id in an HttpOnly cookie; only its sha256 is kept. Sliding: expires_at moves on use.
CREATE TABLE console_sessions (
  id_hash TEXT PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES people(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX console_sessions_person ON console_sessions (person_id);

-- Sign-in and sign-up codes: like diners' codes (hashed, single use, 10 minutes, 5 tries), by purpose.
CREATE TABLE console_codes (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'sign-up')),
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX console_codes_phone ON console_codes (phone, purpose, id);

-- WebAuthn credentials (passkeys) of a person.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES people(id),
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  name TEXT,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_person ON passkeys (person_id);

-- One subscription per restaurant that signed up (the demo restaurants have none and stay active).
CREATE TABLE subscriptions (
  restaurant_id INTEGER PRIMARY KEY REFERENCES restaurants(id),
  plan TEXT NOT NULL CHECK (plan IN ('monthly', 'annual')),
  status TEXT NOT NULL CHECK (status IN ('incomplete', 'trialing', 'active', 'past_due', 'canceled')),
  provider TEXT NOT NULL CHECK (provider IN ('demo', 'stripe')),
  customer_id TEXT,
  subscription_id TEXT UNIQUE,
  trial_ends_at INTEGER,
  current_period_end INTEGER,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  -- When a renewal first failed: the grace period (BILLING_GRACE_DAYS) counts from here.
  past_due_since INTEGER,
  -- Stripe's event time of the newest event applied: an older one arriving late changes nothing.
  event_at INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
