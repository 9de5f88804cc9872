// Plain HTTP for the server-level e2e tests. node:http, not fetch: fetch drops a Host header,
// and sending our own Host is how a request reaches a restaurant's custom hostname locally.
import { request as httpRequest } from "node:http";
import { purgeSignature } from "../../worker/edge/purge-signature";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function get(url: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The cache status of upstream call `name` in an answer's Server-Timing ("HIT", "MISS", …). */
export function cacheStatus(answer: Answer, name: string): string | undefined {
  const timing = [answer.headers["server-timing"] ?? []].flat().join(", ");
  return new RegExp(`(?:^|[ ,])${name};desc="([A-Z-]+)"`).exec(timing)?.[1];
}

let lastPurge = 0;

/** The signed purge call (docs/operations.md, "Purging a restaurant's cache"); timestamps strictly increase, as each is taken once. */
export async function purge(base: string, secret: string, domain: string): Promise<void> {
  lastPurge = Math.max(Date.now(), lastPurge + 1);
  const timestamp = String(lastPurge);
  const signature = await purgeSignature(secret, domain, timestamp);
  const res = await get(`${base}/_edge/purge/${domain}`, { "x-purge-timestamp": timestamp, "x-purge-signature": signature }, "POST");
  if (res.status !== 200) throw new Error(`purge ${domain}: ${res.status} ${res.body}`);
}

/** One call to a running instance's embedded API (the test's source of truth for seed data). */
export async function api<T>(base: string, path: string, json: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await get(`${base}/api/${path}`, { ...headers, "content-type": "application/json" }, "POST", JSON.stringify(json));
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (JSON.parse(res.body) as { data: T }).data;
}
