// Cloudflare for SaaS's custom hostnames (a restaurant's own domain served by this zone's Worker):
// create, read and delete through the v4 API with an API token. Plain fetch with a timeout, no SDK;
// every answer parsed with valibot, so a changed or broken answer is a clear failure, never a crash.
// https://developers.cloudflare.com/api/resources/custom_hostnames/
import * as v from "valibot";
import { sayOnce } from "../say-once";

const DEFAULT_CF_API_BASE = "https://api.cloudflare.com/client/v4";
/** Cloudflare answers in well under a second; past this the owner is told to try again. */
const CF_TIMEOUT_MS = 5_000;

export interface CloudflareSettings {
  token: string;
  zoneId: string;
  apiBase: string;
}

/** Off (neither setting: the KV entry alone), on, or half set up (refused, said once in the log). */
export type CloudflareSetup = { kind: "off" } | { kind: "on"; settings: CloudflareSettings } | { kind: "half"; message: string };

const Settings = v.object({
  // It goes into an Authorization header: printable ASCII only.
  token: v.pipe(v.string(), v.regex(/^[\x21-\x7e]+$/, "the secret CF_API_TOKEN is malformed")),
  // It goes into the request's path.
  zoneId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/, "CF_ZONE_ID is not a zone id")),
  apiBase: v.pipe(
    v.string(),
    v.transform((s) => (s || DEFAULT_CF_API_BASE).replace(/\/+$/, "")),
    v.url("CF_API_BASE is not a URL"),
  ),
});

export function cloudflareSetup(env: Env): CloudflareSetup {
  const token = env.CF_API_TOKEN?.trim() ?? "";
  const zoneId = env.CF_ZONE_ID?.trim() ?? "";
  if (!token && !zoneId) return { kind: "off" };
  const parsed = v.safeParse(Settings, { token, zoneId, apiBase: env.CF_API_BASE?.trim() ?? "" });
  const problem = !token ? "the secret CF_API_TOKEN is missing" : !zoneId ? "CF_ZONE_ID is missing" : parsed.success ? null : parsed.issues[0].message;
  if (problem || !parsed.success) {
    sayOnce(`Cloudflare for SaaS is half set up: ${problem}, so restaurants' own domains are refused.`);
    return { kind: "half", message: "Own domains are not fully set up on this site; please try again later." };
  }
  return { kind: "on", settings: parsed.output };
}

/** A custom hostname as this site needs it: its id, and the hostname's and certificate's status. */
export interface CustomHostname {
  id: string;
  hostname: string;
  /** "pending" until Cloudflare sees the CNAME, then "active" (other values exist: moved, blocked…). */
  status: string;
  sslStatus: string | null;
}

export type CloudflareResult<T> =
  { ok: true; value: T } | { ok: false; reason: "timeout" | "unreachable" | "refused" | "malformed"; status: number; message: string };

const Errors = v.optional(v.array(v.object({ code: v.optional(v.number()), message: v.optional(v.string(), "") })), []);
const Envelope = v.object({ success: v.boolean(), errors: Errors, result: v.optional(v.unknown()) });
const Hostname = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  hostname: v.string(),
  status: v.optional(v.string(), "pending"),
  ssl: v.optional(v.nullable(v.object({ status: v.optional(v.string()) }))),
});

async function call(
  s: CloudflareSettings,
  method: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<CloudflareResult<unknown> & { httpStatus?: number }> {
  let res: Response;
  let text: string;
  try {
    // The signal covers the body too: an API that answers headers and then stalls also times out.
    res = await fetch(`${s.apiBase}/zones/${s.zoneId}${path}`, {
      method,
      headers: { authorization: `Bearer ${s.token}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    return timedOut
      ? { ok: false, reason: "timeout", status: 504, message: "Cloudflare did not answer in time; please try again." }
      : { ok: false, reason: "unreachable", status: 502, message: "Cloudflare could not be reached; please try again." };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const envelope = v.safeParse(Envelope, json);
  if (res.ok && envelope.success && envelope.output.success) return { ok: true, value: envelope.output.result, httpStatus: res.status };
  // DELETE answers {"id": …} without the envelope.
  if (res.ok && method === "DELETE" && json && typeof json === "object") return { ok: true, value: json, httpStatus: res.status };
  const said = envelope.success
    ? envelope.output.errors
        .map((e) => e.message)
        .filter(Boolean)
        .join("; ")
    : "";
  if (!res.ok)
    return {
      ok: false,
      reason: "refused",
      status: 502,
      httpStatus: res.status,
      message: `Cloudflare refused the hostname${said ? `: ${said}` : ` (HTTP ${res.status})`}.`,
    };
  return { ok: false, reason: "malformed", status: 502, message: "Cloudflare's answer was not understood; please try again." };
}

function hostnameOf(result: CloudflareResult<unknown>): CloudflareResult<CustomHostname> {
  if (!result.ok) return result;
  const parsed = v.safeParse(Hostname, result.value);
  if (!parsed.success) return { ok: false, reason: "malformed", status: 502, message: "Cloudflare's answer was not understood; please try again." };
  const { id, hostname, status, ssl } = parsed.output;
  return { ok: true, value: { id, hostname, status, sslStatus: ssl?.status ?? null } };
}

/** POST /zones/{zone}/custom_hostnames: the certificate is validated over HTTP once the CNAME is in place. */
export async function createCustomHostname(s: CloudflareSettings, hostname: string, timeoutMs = CF_TIMEOUT_MS) {
  return hostnameOf(await call(s, "POST", "/custom_hostnames", { hostname, ssl: { method: "http", type: "dv" } }, timeoutMs));
}

/** GET /zones/{zone}/custom_hostnames/{id}: its current status. */
export async function getCustomHostname(s: CloudflareSettings, id: string, timeoutMs = CF_TIMEOUT_MS) {
  return hostnameOf(await call(s, "GET", `/custom_hostnames/${encodeURIComponent(id)}`, null, timeoutMs));
}

/** DELETE /zones/{zone}/custom_hostnames/{id}; one already gone (404) counts as deleted. */
export async function deleteCustomHostname(s: CloudflareSettings, id: string, timeoutMs = CF_TIMEOUT_MS): Promise<CloudflareResult<null>> {
  const result = await call(s, "DELETE", `/custom_hostnames/${encodeURIComponent(id)}`, null, timeoutMs);
  if (result.ok || result.httpStatus === 404) return { ok: true, value: null };
  return result;
}
