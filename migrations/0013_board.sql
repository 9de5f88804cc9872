-- The orders board's switches (docs/decisions/0021): a branch's time zone (its local midnight ends a dish's
-- "sold out for today"), a pause on new orders, and a dish sold out until a moment.
-- Times are unix milliseconds; NULL means not paused / not sold out for today.
ALTER TABLE branches ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Asia/Dubai';
-- A pause "until resumed" is stored as 8640000000000000 (the largest JavaScript date).
ALTER TABLE branches ADD COLUMN paused_until INTEGER;
ALTER TABLE products ADD COLUMN sold_out_until INTEGER;
CREATE INDEX products_sold_out_until ON products (sold_out_until) WHERE sold_out_until IS NOT NULL;
