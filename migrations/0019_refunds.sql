-- Refunds of card-paid orders that were cancelled (docs/decisions/0029): one per order, full amount.
-- Claimed by conditional writes (a new one is attempted once; a failed or stalled one only by an
-- explicit retry), so concurrent cancels and retries never refund twice. Amount in minor units.
CREATE TABLE refunds (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  -- The paid session it refunds, and its provider ('demo' records a DEMO refund, 'stripe' calls Stripe).
  session_id TEXT NOT NULL REFERENCES payment_sessions(id),
  provider TEXT NOT NULL CHECK (provider IN ('demo', 'stripe')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- Stripe's re_… id, or the demo's demo_re_…; NULL until the provider accepted it.
  provider_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  -- When the latest attempt claimed it (unix ms): a pending refund claimed long ago has stalled.
  claimed_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX refunds_open ON refunds (status) WHERE status <> 'succeeded';

-- Stripe's PaymentIntent of a paid Checkout Session (from the webhook), which a refund names.
ALTER TABLE payment_sessions ADD COLUMN payment_intent TEXT CHECK (payment_intent IS NULL OR payment_intent GLOB 'pi_[A-Za-z0-9_]*');
