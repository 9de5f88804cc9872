// Cloudflare for SaaS's custom hostnames API as the stand-in sees it, under /client/v4/zones/{zone}/…:
// POST custom_hostnames {hostname, ssl}, GET and DELETE custom_hostnames/{id}, Bearer auth, answers in
// Cloudflare's envelope {success, errors, messages, result} (DELETE: {id}). It keeps each zone's
// hostnames, so a duplicate is refused (code 1406) as Cloudflare does. Failures are chosen by the zone
// id, so parallel tests never share a switch: a zone ending "fail500" fails, one ending "timeout" hangs.
// A hostname starting "active." is active at once; others stay pending (no CNAME checks here).
import type { Handler } from "./server.ts";

/** The API token the stand-in accepts. */
export const CLOUDFLARE_STAND_IN_TOKEN = "stand-in-cloudflare-token";

const zones = new Map<string, Map<string, { id: string; hostname: string; status: string }>>();
const failure = (status: number, code: number, message: string) => ({
  status,
  json: { success: false, errors: [{ code, message }], messages: [], result: null },
});
const success = (result: unknown, status = 200) => ({ status, json: { success: true, errors: [], messages: [], result } });
const shape = (h: { id: string; hostname: string; status: string }) => ({
  id: h.id,
  hostname: h.hostname,
  status: h.status,
  ssl: { id: `ssl-${h.id}`, method: "http", type: "dv", status: h.status === "active" ? "active" : "pending_validation" },
  created_at: new Date().toISOString(),
});

export const handleCloudflare: Handler = (request, log) => {
  const route = /^\/client\/v4\/zones\/([A-Za-z0-9]+)\/custom_hostnames(?:\/([A-Za-z0-9-]+))?$/.exec(request.path);
  if (!route) return null;
  const [, zone, id] = route as unknown as [string, string, string | undefined];
  if (request.headers.authorization !== `Bearer ${CLOUDFLARE_STAND_IN_TOKEN}`) return failure(403, 10000, "Authentication error");
  log(zone, { method: request.method, path: request.path, headers: request.headers, form: request.form, json: request.json });
  if (zone.endsWith("timeout")) return "hang";
  if (zone.endsWith("fail500")) return failure(500, 1000, "Internal error");
  const hostnames = zones.get(zone) ?? new Map();
  zones.set(zone, hostnames);
  if (!id && request.method === "POST") {
    const body = request.json as { hostname?: unknown; ssl?: { method?: unknown; type?: unknown } } | undefined;
    if (typeof body?.hostname !== "string" || !body.hostname) return failure(400, 1407, "Invalid custom hostname.");
    if (body.ssl?.method !== "http" || body.ssl?.type !== "dv") return failure(400, 1409, "Invalid SSL settings.");
    if ([...hostnames.values()].some((h) => h.hostname === body.hostname)) return failure(409, 1406, "Duplicate custom hostname found.");
    const created = { id: crypto.randomUUID(), hostname: body.hostname, status: body.hostname.startsWith("active.") ? "active" : "pending" };
    hostnames.set(created.id, created);
    return success(shape(created), 201);
  }
  const found = id ? hostnames.get(id) : undefined;
  if (!found) return failure(404, 1436, "The custom hostname was not found.");
  if (request.method === "GET") return success(shape(found));
  if (request.method === "DELETE") {
    hostnames.delete(found.id);
    return { status: 200, json: { id: found.id } };
  }
  return failure(405, 10405, "Method not allowed");
};
