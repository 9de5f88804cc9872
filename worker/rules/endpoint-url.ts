// Which URLs a restaurant may name as a webhook endpoint: public HTTPS only, so the site never posts into
// a private network on anyone's behalf (no SSRF). Plain http to this machine is allowed only while the
// site itself runs on this machine (a developer's receiver), as the checkout allows a local provider.
import * as v from "valibot";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/**
 * Special-use and private names (RFC 6761, RFC 6762, RFC 7686, RFC 9476, ICANN's `.internal`, and the
 * usual private suffixes): they never name a public receiver, or name one the site should not post to.
 */
const PRIVATE_NAMES = /(^|\.)(localhost|localdomain|local|internal|intranet|lan|home|arpa|corp|test|invalid|example|onion|alt)$/i;

/** True for an IPv4 literal in a private, loopback, link-local, shared, multicast or reserved range. */
function privateV4(host: string): boolean {
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** Any IPv6 literal is refused: the public ones are not worth the mapped and embedded private forms. */
const v6Literal = (host: string) => host.startsWith("[");

export type EndpointProblem = "invalid" | "https" | "private";

/** Why `raw` cannot be an endpoint for a site served at `siteUrl`, or null when it can. */
export function endpointProblem(raw: string, siteUrl: URL): EndpointProblem | null {
  if (raw.length > 300) return "invalid";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.username || url.password || url.hash) return "invalid";
  const local = siteUrl.protocol === "http:" && LOOPBACK.has(siteUrl.hostname) && LOOPBACK.has(url.hostname);
  if (local) return url.protocol === "http:" || url.protocol === "https:" ? null : "invalid";
  if (url.protocol !== "https:") return "https";
  // The URL parser already wrote any numeric form of an IPv4 address (2130706433, 0x7f.1) as a.b.c.d.
  // A trailing dot ("localhost.", "example.com.") is the same name spelt absolute: judged without it, then refused anyway.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (!host.includes(".") || PRIVATE_NAMES.test(host) || v6Literal(host) || privateV4(host)) return "private";
  if (host !== url.hostname.toLowerCase() || host.split(".").some((label) => label === "")) return "invalid";
  return null;
}

/** The console's field: a trimmed URL of at most 300 characters (the rule above then judges it). */
export const EndpointField = v.pipe(v.string(), v.trim(), v.minLength(1, "Enter the endpoint's URL."), v.maxLength(300, "At most 300 characters."));
