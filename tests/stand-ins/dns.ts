// A DNS-over-HTTPS resolver's JSON API as the stand-in sees it (GET /dns-query?name=…&type=TXT, what
// worker/providers/cloudflare/dns-txt.ts asks), answering from TXT records the tests publish with
// POST /_dns/txt {name, value} (a value of null removes them). A name starting "fail." answers 500.
import type { Handler } from "./server.ts";

const records = new Map<string, string[]>();

export const handleDns: Handler = (request) => {
  if (request.path === "/_dns/txt" && request.method === "POST") {
    const body = request.json as { name?: unknown; value?: unknown } | undefined;
    if (typeof body?.name !== "string") return { status: 400, json: { error: "name" } };
    const name = body.name.toLowerCase();
    if (typeof body.value === "string") records.set(name, [...(records.get(name) ?? []), body.value]);
    else records.delete(name);
    return { status: 200, json: { ok: true } };
  }
  if (request.path !== "/dns-query" || request.method !== "GET") return null;
  const name = (request.url.searchParams.get("name") ?? "").toLowerCase();
  if (request.url.searchParams.get("type") !== "TXT") return { status: 400, json: { error: "type" } };
  if (name.startsWith("fail.") || name.includes(".fail.")) return { status: 500, json: { error: "resolver down" } };
  const found = records.get(name) ?? [];
  return {
    status: 200,
    json: {
      Status: found.length ? 0 : 3,
      TC: false,
      Question: [{ name, type: 16 }],
      Answer: found.map((value) => ({ name, type: 16, TTL: 60, data: JSON.stringify(value) })),
    },
  };
};
