// One client network, as limits see it: what every limit (code and order claims, sockets per client,
// counted visits per client) keys on, so they agree on what "one client" is.
import * as v from "valibot";

const Ip = v.pipe(v.string(), v.ip());

/** A client network's tag, made only here: a limit keyed on a raw address would not type-check. */
export type NetworkKey = string & { readonly __network: true };

/**
 * The tag of a request's client network: the address Cloudflare gives as CF-Connecting-IP (the
 * Worker forwards a socket's upgrade request as it came), an IPv6 address by its
 * /64, since one IPv6 client usually has the whole /64 to pick from. Requests without it (only
 * tests and local tools) share one tag.
 */
export function addressTag(request: Request): NetworkKey {
  const ip = request.headers.get("cf-connecting-ip") ?? "";
  if (!v.is(Ip, ip)) return "addr:unknown" as NetworkKey;
  if (!ip.includes(":") || ip.includes(".")) return `addr:${ip}` as NetworkKey; // IPv4 (or IPv4-mapped IPv6)
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `addr:${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64` as NetworkKey;
}
