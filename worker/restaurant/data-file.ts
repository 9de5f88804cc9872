// A restaurant's data file in R2 (docs/decisions/0041): an export is written to the PICTURES bucket
// under exports/{restaurantId}/{ISO time}.json (never served: /storage/ serves pictures/… only), and an
// import reads such a file back into a restaurant's object. The console's download and the admin
// endpoints both go through here.
import * as v from "valibot";
import type { ImportResult, RestaurantDump } from "./dump";
import { restaurantObject, type RestaurantRef } from "./stub";

/** An export's key: what writeExport makes, and all an import reads. */
export const ExportKey = v.pipe(
  v.string(),
  v.regex(/^exports\/[1-9]\d{0,15}\/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.json$/, "an export's key: exports/{restaurant id}/{ISO time}.json"),
);
/** Bound of a file an import reads: the file crosses to the object in one RPC call (32 MiB at most). */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;

/** The restaurant a domain names in the directory, or null. */
export const restaurantByDomain = (db: D1Database, domain: string) =>
  db.prepare("SELECT id, country FROM restaurants WHERE domain = ?").bind(domain).first<RestaurantRef>();

/** The restaurant's export by its id (the console's download): null for an id the directory lacks. */
export async function exportRestaurant(env: Env, id: number): Promise<WrittenExport | null> {
  const restaurant = await env.DB.prepare("SELECT id, country FROM restaurants WHERE id = ?").bind(id).first<RestaurantRef>();
  return restaurant ? writeExport(env, restaurant) : null;
}

export interface WrittenExport {
  key: string;
  body: string;
  dump: RestaurantDump;
}

/** Reads the restaurant's whole object into one file and stores it in R2; answers the key and the file. */
export async function writeExport(env: Env, restaurant: RestaurantRef): Promise<WrittenExport> {
  // RPC's typing cannot follow a record of unknown cells: the object answers a RestaurantDump.
  const dump = (await restaurantObject(env, restaurant).exportData(restaurant.id)) as unknown as RestaurantDump;
  const body = JSON.stringify(dump);
  const key = `exports/${restaurant.id}/${dump.exported_at}.json`;
  await env.PICTURES.put(key, body, {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { restaurant: String(restaurant.id), version: String(dump.version) },
  });
  return { key, body, dump };
}

export type ReadImport = ImportResult | { ok: false; refused: "missing" | "too-large"; error: string };

/** Imports the R2 file `key` into the restaurant's object (all or nothing); another restaurant's only with allowOther. */
export async function importExport(env: Env, restaurant: RestaurantRef, key: string, allowOther: boolean): Promise<ReadImport> {
  const object = await env.PICTURES.get(key);
  if (!object) return { ok: false, refused: "missing", error: `No export at ${key}` };
  if (object.size > MAX_IMPORT_BYTES) return { ok: false, refused: "too-large", error: `The file is larger than ${MAX_IMPORT_BYTES} bytes` };
  let dump: unknown;
  try {
    dump = JSON.parse(await object.text());
  } catch {
    return { ok: false, refused: "invalid", error: `${key} is not JSON` };
  }
  return restaurantObject(env, restaurant).importData(dump, { restaurant: restaurant.id, allowOther });
}
