-- Each restaurant's own keys for the order-status call (POST /api/orderStatus, X-Restaurant-Key).
-- Only a key's sha256 is kept. Several per restaurant, so a key can be rotated: issue the new one
-- (scripts/restaurant-key.ts), switch the restaurant over, then delete the old row. No key is ever
-- written here: migrations (and the demo seed) run on deploys too; local demo keys come from
-- scripts/local-data.ts.
CREATE TABLE restaurant_keys (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  key_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX restaurant_keys_restaurant ON restaurant_keys (restaurant_id);
