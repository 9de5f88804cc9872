-- Card payments through Stripe Checkout, paid into each restaurant's own connected account (Connect).
-- A restaurant without an account takes no card payment when Stripe is the provider. The demo seed's
-- saffron gets the demo account id that the tests' Stripe stand-in accepts.
ALTER TABLE restaurants ADD COLUMN stripe_account_id TEXT CHECK (stripe_account_id IS NULL OR stripe_account_id GLOB 'acct_[A-Za-z0-9_]*');
UPDATE restaurants SET stripe_account_id = 'acct_demo_saffron' WHERE domain = 'saffron';

-- Which provider made a session ('demo' page or 'stripe' Checkout), and where its page is, so a retry
-- of the same order sends the diner to the same page instead of opening a second session.
ALTER TABLE payment_sessions ADD COLUMN provider TEXT NOT NULL DEFAULT 'demo' CHECK (provider IN ('demo', 'stripe'));
ALTER TABLE payment_sessions ADD COLUMN url TEXT;
CREATE INDEX payment_sessions_order ON payment_sessions (order_id);

-- Stripe's events already handled, by event id: a replayed delivery changes nothing twice.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
