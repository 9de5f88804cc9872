-- The ordering half of the embedded API (CONTRACT.md "Ordering calls").

-- One-time codes: stored hashed, single use, short-lived, locked after too many wrong tries.
CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX otp_codes_phone ON otp_codes (restaurant_id, phone, id);

-- Every code sent, for the per-phone and per-IP limits.
CREATE TABLE otp_sends (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  sent_at INTEGER NOT NULL
);
CREATE INDEX otp_sends_phone ON otp_sends (phone, sent_at);
CREATE INDEX otp_sends_ip ON otp_sends (ip, sent_at);

-- Order tokens (bearer), bound to one phone and one restaurant; only their hash is kept.
CREATE TABLE order_tokens (
  token_hash TEXT PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  phone TEXT NOT NULL,
  name TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  branch_id INTEGER NOT NULL REFERENCES branches(id),
  num_order INTEGER NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  note TEXT,
  table_id INTEGER NOT NULL DEFAULT 1,
  price REAL NOT NULL,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  payment TEXT NOT NULL DEFAULT 'otp' CHECK (payment IN ('otp', 'online')),
  paid INTEGER NOT NULL DEFAULT 0,
  idempotency_key TEXT,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX orders_phone ON orders (restaurant_id, phone, id);
CREATE UNIQUE INDEX orders_idempotency ON orders (restaurant_id, phone, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Items keep a snapshot of names and prices as ordered.
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  image TEXT,
  price REAL NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 1),
  note TEXT
);
CREATE INDEX order_items_order ON order_items (order_id);

CREATE TABLE order_item_options (
  id INTEGER PRIMARY KEY,
  order_item_id INTEGER NOT NULL REFERENCES order_items(id),
  sub_option_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sub_name_en TEXT NOT NULL,
  sub_name_ar TEXT NOT NULL,
  price REAL NOT NULL
);
CREATE INDEX order_item_options_item ON order_item_options (order_item_id);

-- The demo hosted payment page's sessions.
CREATE TABLE payment_sessions (
  id TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  created_at INTEGER NOT NULL
);

-- The development SMS provider's outbox.
CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);
