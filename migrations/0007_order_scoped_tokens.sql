-- A paid hosted payment ends in an order the diner can follow, but paying with a phone number proves
-- nothing about owning it: its success return is exchanged once (POST /api/paymentToken) for a token
-- scoped to that one order. order_tokens.order_id NULL is a phone token (SMS code: the phone's whole
-- history); set, the token reads only that order and cannot store orders. payment_sessions.token_hash
-- records the one exchange (the hash of the token it gave), so a session is exchanged at most once.
ALTER TABLE order_tokens ADD COLUMN order_id INTEGER REFERENCES orders(id);
ALTER TABLE payment_sessions ADD COLUMN token_hash TEXT;
