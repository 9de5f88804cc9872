-- One phone, one diner (docs/decisions/0030): codes, tokens, orders and limits are now kept under the
-- number in E.164 ("+971501234567"), read against the restaurant's country (worker/contract/diner.ts).
-- Rows stored before kept the digits as typed ("0501234567", "971501234567", "00971501234567").
-- SQLite cannot run libphonenumber, so this rewrites the spellings diners type in each country the
-- sign-up offers: 00 + country code, country code + national number, trunk 0 + national number, and
-- the bare national number where it is 10 digits long (fewer never passed the 10-to-15-digit rule).
-- tests/workers/phones.test.ts checks each rule against libphonenumber. Anything else is left as it
-- was (no call could find it before either: a code was only ever sent to a number that parsed).
-- Running it twice changes nothing: E.164 rows start with "+".

-- The country code and the national (mobile) number's length of each country.
CREATE TABLE phone_rules (country TEXT PRIMARY KEY, cc TEXT NOT NULL, n INTEGER NOT NULL, trunk TEXT NOT NULL);
INSERT INTO phone_rules (country, cc, n, trunk) VALUES
  ('AE', '971', 9, '0'), ('SA', '966', 9, '0'), ('KW', '965', 8, ''), ('QA', '974', 8, ''), ('BH', '973', 8, ''),
  ('OM', '968', 8, ''), ('EG', '20', 10, '0'), ('JO', '962', 9, '0'), ('LB', '961', 8, '0'), ('GB', '44', 10, '0'),
  ('US', '1', 10, ''), ('IN', '91', 10, '0'), ('PK', '92', 10, '0');

-- Each (country, stored phone) once, with its E.164 reading, NULL where no rule reads it.
CREATE TABLE phone_map (country TEXT NOT NULL, phone TEXT NOT NULL, e164 TEXT, PRIMARY KEY (country, phone));

-- Limits carry no restaurant: an order or payment event is read in the country of a restaurant that has
-- an order under that phone (codes' events were already E.164), else the default country.
CREATE TABLE phone_limit_country (phone TEXT PRIMARY KEY, country TEXT NOT NULL);
INSERT INTO phone_limit_country (phone, country)
  SELECT l.phone, coalesce((SELECT r.country FROM orders o JOIN restaurants r ON r.id = o.restaurant_id WHERE o.phone = l.phone ORDER BY o.id DESC LIMIT 1), 'AE')
  FROM limit_events l WHERE l.kind IN ('order', 'payment') AND l.phone NOT GLOB '+*' GROUP BY l.phone;

INSERT OR IGNORE INTO phone_map (country, phone)
  SELECT r.country, t.phone FROM orders t JOIN restaurants r ON r.id = t.restaurant_id WHERE t.phone NOT GLOB '+*'
  UNION SELECT r.country, t.phone FROM otp_codes t JOIN restaurants r ON r.id = t.restaurant_id WHERE t.phone NOT GLOB '+*'
  UNION SELECT r.country, t.phone FROM order_tokens t JOIN restaurants r ON r.id = t.restaurant_id WHERE t.phone NOT GLOB '+*'
  UNION SELECT country, phone FROM phone_limit_country;

UPDATE phone_map SET e164 = (
  SELECT CASE
    WHEN phone_map.phone GLOB '*[^0-9]*' THEN NULL
    WHEN phone_map.phone GLOB '00[1-9]*' AND x.country <> 'US' THEN '+' || substr(phone_map.phone, 3)
    WHEN substr(phone_map.phone, 1, length(x.cc)) = x.cc AND length(phone_map.phone) = length(x.cc) + x.n THEN '+' || phone_map.phone
    WHEN x.trunk = '0' AND phone_map.phone GLOB '0[1-9]*' AND length(phone_map.phone) = 1 + x.n THEN '+' || x.cc || substr(phone_map.phone, 2)
    WHEN phone_map.phone GLOB '[1-9]*' AND length(phone_map.phone) = x.n THEN '+' || x.cc || phone_map.phone
  END
  FROM phone_rules x WHERE x.country = phone_map.country
);

-- A code's hash is bound to the spelling it was sent to: a rewritten live code could never match, so it
-- is spent (the diner asks for a new one, as after ten minutes).
UPDATE otp_codes SET used = 1, phone = (SELECT m.e164 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = otp_codes.restaurant_id AND m.phone = otp_codes.phone)
  WHERE phone NOT GLOB '+*' AND EXISTS (SELECT 1 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = otp_codes.restaurant_id AND m.phone = otp_codes.phone AND m.e164 IS NOT NULL);
UPDATE order_tokens SET phone = (SELECT m.e164 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = order_tokens.restaurant_id AND m.phone = order_tokens.phone)
  WHERE phone NOT GLOB '+*' AND EXISTS (SELECT 1 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = order_tokens.restaurant_id AND m.phone = order_tokens.phone AND m.e164 IS NOT NULL);
-- OR IGNORE: one diner's two spellings holding the same Idempotency-Key (random per checkout) would
-- collide on orders_idempotency: that order then keeps its spelling rather than failing the migration.
UPDATE OR IGNORE orders SET phone = (SELECT m.e164 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = orders.restaurant_id AND m.phone = orders.phone)
  WHERE phone NOT GLOB '+*' AND EXISTS (SELECT 1 FROM phone_map m JOIN restaurants r ON r.country = m.country WHERE r.id = orders.restaurant_id AND m.phone = orders.phone AND m.e164 IS NOT NULL);
UPDATE limit_events SET phone = (SELECT m.e164 FROM phone_map m JOIN phone_limit_country p ON p.country = m.country WHERE p.phone = limit_events.phone AND m.phone = limit_events.phone)
  WHERE kind IN ('order', 'payment') AND phone NOT GLOB '+*'
    AND EXISTS (SELECT 1 FROM phone_map m JOIN phone_limit_country p ON p.country = m.country WHERE p.phone = limit_events.phone AND m.phone = limit_events.phone AND m.e164 IS NOT NULL);

DROP TABLE phone_limit_country;
DROP TABLE phone_map;
DROP TABLE phone_rules;
