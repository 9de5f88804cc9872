// TXT records read over DNS-over-HTTPS (the JSON API Cloudflare's and Google's resolvers answer):
// how a restaurant proves it controls a hostname (worker/directory/host-claims.ts). DNS_API_BASE is
// the resolver (default Cloudflare's); the tests point it at a local stand-in (tests/stand-ins/dns.ts).
import * as v from "valibot";

const DEFAULT_DNS_API_BASE = "https://cloudflare-dns.com/dns-query";
const TIMEOUT_MS = 5_000;
const TXT = 16;

const Answer = v.object({
  Status: v.number(),
  Answer: v.optional(v.array(v.looseObject({ type: v.number(), data: v.string() })), []),
});

/** A TXT record's data as DoH gives it ("\"a\" \"b\""): its strings joined, as DNS means them. */
const textOf = (data: string) => [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1")).join("") || data;

/** The TXT texts at `name`, or null when the resolver could not be asked or answered nonsense. */
export async function txtRecords(env: Pick<Env, "DNS_API_BASE">, name: string): Promise<string[] | null> {
  const base = env.DNS_API_BASE?.trim() || DEFAULT_DNS_API_BASE;
  try {
    const url = new URL(base);
    url.searchParams.set("name", name);
    url.searchParams.set("type", "TXT");
    const res = await fetch(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) return null;
    const parsed = v.safeParse(Answer, await res.json());
    if (!parsed.success) return null;
    // NXDOMAIN (3) is an answer: there is no such record.
    if (parsed.output.Status !== 0 && parsed.output.Status !== 3) return null;
    return parsed.output.Answer.filter((a) => a.type === TXT).map((a) => textOf(a.data));
  } catch {
    return null;
  }
}
