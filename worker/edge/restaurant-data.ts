// POST /_edge/restaurants/{domain}/export and …/import: an operator writes a restaurant's data file to
// R2, or restores one (a backup, or a restaurant moved to another location) into its object
// (docs/decisions/0041). Authorised by ADMIN_SECRET (./admin-auth.ts). Used by scripts/restaurant-data.ts.
import type { Context } from "hono";
import * as v from "valibot";
import { DomainInPath } from "../rules/reserved";
import { adminRefusal } from "./admin-auth";
import { ExportKey, importExport, restaurantByDomain, writeExport } from "../restaurant/data-file";

const ImportBody = v.object({
  key: ExportKey,
  /** Takes another restaurant's file into this one (a copy); moving a restaurant keeps its id and needs none. */
  allow_other_restaurant: v.optional(v.boolean(), false),
});

const NO_STORE = { "Cache-Control": "no-store" };
type Ctx = Context<{ Bindings: Env }>;

/** The restaurant the request names when its bearer is the admin secret, else the answer to give. */
async function authorised(c: Ctx) {
  const refused = await adminRefusal(c.req.raw, c.env);
  if (refused) return refused;
  const domain = v.safeParse(DomainInPath, c.req.param("domain"));
  if (!domain.success) return c.json({ error: "Invalid restaurant domain" }, 400, NO_STORE);
  const restaurant = await restaurantByDomain(c.env.DB, domain.output);
  return restaurant ?? c.json({ error: `Unknown restaurant: ${domain.output}` }, 404, NO_STORE);
}

export async function handleExport(c: Ctx) {
  const restaurant = await authorised(c);
  if (restaurant instanceof Response) return restaurant;
  const { key, dump } = await writeExport(c.env, restaurant);
  const rows = Object.values(dump.tables).reduce((n, t) => n + t.length, 0);
  return c.json({ key, restaurant: restaurant.id, version: dump.version, rows }, 200, NO_STORE);
}

const STATUS = { invalid: 422, "other-restaurant": 409, missing: 404, "too-large": 413 } as const;

export async function handleImport(c: Ctx) {
  const restaurant = await authorised(c);
  if (restaurant instanceof Response) return restaurant;
  const body = v.safeParse(ImportBody, await c.req.json().catch(() => null));
  if (!body.success) return c.json({ error: `Send JSON { "key": "exports/…json" }: ${body.issues[0].message}` }, 400, NO_STORE);
  const result = await importExport(c.env, restaurant, body.output.key, body.output.allow_other_restaurant);
  if (!result.ok) return c.json({ error: result.error }, STATUS[result.refused], NO_STORE);
  // New credentials were made for these (webhook secrets, printer keys, API keys): their owners must get new ones shown.
  return c.json({ imported: body.output.key, restaurant: restaurant.id, rows: result.rows, renewed: result.renewed }, 200, NO_STORE);
}
