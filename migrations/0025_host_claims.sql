-- Proven own domains (docs/decisions/0037): a hostname an owner enters is first a
-- claim here, which routes nothing and blocks nobody (several restaurants may claim one host). It
-- becomes the restaurant's host (custom_hosts, KV) only once its ownership is proven: the claim's
-- token found in the TXT record _menu-verify.{host}. Unproven claims expire after 72 hours.
CREATE TABLE host_claims (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  host TEXT NOT NULL CHECK (host = lower(host) AND length(host) BETWEEN 1 AND 253),
  token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (restaurant_id, host)
);
CREATE INDEX host_claims_host ON host_claims (host);
CREATE INDEX host_claims_created ON host_claims (created_at);
