-- Live order status: every order gets an unguessable public id, the name of its realtime channel
-- (order-{public_id}). Channels are public (anyone who knows the name may listen), so the name must
-- not be derivable from the sequential order id. Only the order's owner is ever told it.
ALTER TABLE orders ADD COLUMN public_id TEXT;
UPDATE orders SET public_id = lower(hex(randomblob(16))) WHERE public_id IS NULL;
CREATE UNIQUE INDEX orders_public_id ON orders (public_id);
