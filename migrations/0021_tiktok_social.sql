-- TikTok as social type 7 (docs/decisions/0033: a handle "@name" opens the network's profile; app/lib/social.ts),
-- the embedded API's addition beside the contract's 0–6. SQLite cannot change a CHECK in place, so
-- the table is rebuilt with the same rows and ids.
CREATE TABLE socials_new (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  name TEXT,
  type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 7),
  value TEXT NOT NULL
);
INSERT INTO socials_new (id, restaurant_id, name, type, value) SELECT id, restaurant_id, name, type, value FROM socials;
DROP TABLE socials;
ALTER TABLE socials_new RENAME TO socials;
CREATE INDEX socials_restaurant ON socials (restaurant_id);
