-- A restaurant's own hostname (docs/decisions/0022): each row is the claim on one host. KV has no transactions,
-- so D1's UNIQUE(host) decides which restaurant gets a host when two ask at once; the KV entries the
-- tenancy reads (host:{host}, domain-host:{domain}) are written only by the holder of the row.
-- A restaurant keeps one host: a replacement is a newer row (higher id) and the older rows are
-- released once the new host is live (worker/console/own-domain.ts).
-- cf_id: Cloudflare for SaaS's custom hostname id, when the deployment uses it (CF_API_TOKEN, CF_ZONE_ID).
CREATE TABLE custom_hosts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  host TEXT NOT NULL UNIQUE CHECK (host = lower(host) AND length(host) BETWEEN 1 AND 253),
  cf_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX custom_hosts_restaurant ON custom_hosts (restaurant_id, id);
