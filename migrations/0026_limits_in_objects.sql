-- The limits that cross restaurants (codes, orders, sign-ups, a phone's console lockout) live
-- in Durable Objects keyed by phone and by client network (worker/limits, docs/decisions/0039), so
-- D1 keeps no limit tables. Events already here are windows of at most a day: dropping them frees at
-- most a day's allowance once, at the deploy.
DROP TABLE limit_events;
DROP TABLE phone_lockouts;
DROP TABLE signup_events;
