import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Migrations include the demo seed (migrations/0002_*), so every test file starts from the demo data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.HOSTS.put("host:menu.grillhouse.test", "grill-house");
