// Issues a restaurant's key for the order-status call (POST /api/orderStatus, X-Restaurant-Key) through
// the running site's admin endpoint (worker/edge/restaurant-keys.ts): the site stores only its sha256 in
// the restaurant's own object and this prints the key once; it cannot be shown again. A restaurant may
// hold several keys (rotation: issue a new one, then delete the old row).
// Usage: npm run restaurant-key -- <domain> [--url https://your.site] [--label text]   (ADMIN_SECRET as for restaurant-data)
import { parseArgs } from "node:util";
import { adminSecret } from "./restaurant-data.ts";
import { LOCAL_VARS_FILE } from "./secrets.ts";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { url: { type: "string", default: "http://127.0.0.1:8787" }, label: { type: "string" } },
  });
  const [domain] = positionals;
  if (!domain || positionals.length !== 1 || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(domain)) {
    console.error("Usage: npm run restaurant-key -- <domain> [--url https://your.site] [--label text]");
    process.exit(2);
  }
  const secret = adminSecret();
  if (!secret) {
    console.error(
      `Set ADMIN_SECRET in the environment (the deploy's, from \`wrangler secret put ADMIN_SECRET\`) or run \`npm start\` once to generate ${LOCAL_VARS_FILE}.`,
    );
    process.exit(2);
  }
  const res = await fetch(new URL(`/_edge/restaurants/${domain}/keys`, values.url!), {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(values.label ? { label: values.label } : {}),
  });
  const answer = (await res.json().catch(() => ({}))) as { key?: string; error?: string };
  if (!res.ok || !answer.key) {
    console.error(`No key issued (${res.status}): ${answer.error ?? "the site did not answer with one"}`);
    process.exit(1);
  }
  console.error(`A new key for ${domain} (shown only now; send it as X-Restaurant-Key with "domain": "${domain}"):`);
  console.log(answer.key);
}

if (import.meta.main) await main();
