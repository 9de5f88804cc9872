// Shared test wiring: an upstream client over the embedded API with a controllable clock and
// fault injection, and a waitUntil that the test can drain.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { purgeGuardFor, versionKey } from "../../worker/directory/versions";
import { apiApp } from "../../worker/contract/catalogue";
import { purgeSignature } from "../../worker/edge/purge-signature";
import { defaultPolicy } from "../../worker/upstream/cache";
import { createUpstream } from "../../worker/upstream/client";
import { ServerTimings } from "../../worker/upstream/timing";

export type Fault = "none" | "500" | "429" | "timeout" | "bad-json" | "broken-stream";

/**
 * `source` stands for UPSTREAM_URL ("embedded" or a base URL); the same embedded API answers either way.
 * `timeoutMs`: 2 s unless a test waits on the "timeout" fault (a cold first call on a busy machine, two
 * test files at once, can take longer than a short one: docs/decisions/0063).
 */
export function testUpstream(options: { version?: string; timeoutMs?: number; source?: string } = {}) {
  const state = { now: 1_750_000_000_000, fault: "none" as Fault, calls: [] as string[] };
  const pending: Promise<unknown>[] = [];
  const timings = new ServerTimings();
  const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const fetchWithFaults = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    state.calls.push(new URL(request.url).pathname);
    switch (state.fault) {
      case "500":
        return new Response("Server Error", { status: 500 });
      case "429":
        return new Response("Too Many Requests", { status: 429 });
      case "timeout":
        return new Promise<Response>(() => {});
      case "bad-json":
        return new Response("<html>maintenance</html>", { status: 200, headers: { "content-type": "application/json" } });
      case "broken-stream": {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"errors":[],"data":{"restaurant":'));
            controller.error(new Error("connection reset"));
          },
        });
        return new Response(body, { status: 200 });
      }
      default:
        return apiApp.fetch(request, env, ctx);
    }
  };
  const upstream = createUpstream({
    config: { baseUrl: "http://embedded.api", imageBase: "/storage/", fetch: fetchWithFaults, timeoutMs: options.timeoutMs ?? 2000 },
    cache: {
      cache: (caches as unknown as { default: Cache }).default,
      waitUntil: (p) => void pending.push(p),
      now: () => state.now,
      policy: defaultPolicy,
    },
    timings,
    keyOrigin: "https://upstream-cache.internal",
    source: options.source ?? "embedded",
    versionOf: async () => options.version ?? crypto.randomUUID(),
  });
  const drain = async () => {
    while (pending.length) await Promise.allSettled(pending.splice(0));
  };
  const lastStatus = () => timings.entries.at(-1)?.desc;
  return { upstream, state, timings, drain, lastStatus };
}

let lastPurgeTimestamp = 0;

/**
 * Purge timestamps for tests, strictly increasing: the endpoint takes each timestamp once per
 * domain, and two purges can fall in the same millisecond.
 */
export function nextPurgeTimestamp(): string {
  lastPurgeTimestamp = Math.max(Date.now(), lastPurgeTimestamp + 1);
  return String(lastPurgeTimestamp);
}

/** The headers of a signed purge of `domain` (the test secret and a fresh timestamp unless given). */
export async function purgeHeaders(domain: string, options: { secret?: string; timestamp?: string } = {}) {
  const timestamp = options.timestamp ?? nextPurgeTimestamp();
  return { "x-purge-timestamp": timestamp, "x-purge-signature": await purgeSignature(options.secret ?? "test-purge-secret", domain, timestamp) };
}

/**
 * The embedded API as the ordering tests call it: JSON in, each request from its own client address
 * `10.{net}.0.*`, so a file's requests do not share one address's limits. Give each file its own `net`.
 */
export function apiCaller(net: number) {
  let ip = 0;
  return (path: string, body?: unknown, headers: Record<string, string> = {}, environment: Env = env) =>
    apiApp.request(
      path,
      {
        method: body === undefined ? "GET" : "POST",
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { "content-type": "application/json", "cf-connecting-ip": `10.${net}.0.${++ip % 250}`, ...headers },
      },
      environment,
    );
}
export const json = async (res: Response) => (await res.json()) as any;

/** A diner's order token through the real code flow (the code read from the demo outbox); throws on a refusal. */
export async function dinerToken(call: ReturnType<typeof apiCaller>, phone: string, branch_id = 1, domain = "saffron"): Promise<string> {
  const sent = await call("/sendOtp", { domain, branch_id, name: "Sara", phone });
  if (sent.status !== 200) throw new Error(`sendOtp answered ${sent.status}`);
  const out = await json(await call(`/dev/outbox?phone=${encodeURIComponent(phone)}`));
  const code = /(\d{6})/.exec(out.data[0].body)![1]!;
  const verified = await call("/verifyOtp", { domain, branch_id, name: "Sara", phone, otp_code: code });
  if (verified.status !== 200) throw new Error(`verifyOtp answered ${verified.status}`);
  return (await json(verified)).data.token as string;
}

/** A restaurant's cache version as KV holds it, once its guard's pending write (if any) has landed. */
export async function versionInKv(domain: string): Promise<string | null> {
  await runDurableObjectAlarm(purgeGuardFor(env, domain));
  return env.HOSTS.get(versionKey(domain));
}
