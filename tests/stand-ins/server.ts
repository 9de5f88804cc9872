// Local stand-ins of the providers' HTTP APIs (Twilio, Stripe, Cloudflare) on loopback, so the real provider
// code runs in tests, request shapes, auth and failures included, without reaching the internet. One Node
// server serves them all: Twilio's paths start /2010-04-01, Stripe's /v1, Cloudflare's /client/v4, DNS-over-HTTPS /dns-query, a webhook receiver /hooks. Each stand-in keeps what it was
// sent, readable at GET /_log/{provider}?key=… (its own key: Twilio's account SID, Stripe's account).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { handleCloudflare } from "./cloudflare.ts";
import { handleDns } from "./dns.ts";
import { handleStripe } from "./stripe.ts";
import { handleTwilio } from "./twilio.ts";
import { handleWebhookReceiver } from "./webhook-receiver.ts";

/** What a stand-in was sent (the body as parsed form fields). */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  form: Record<string, string>;
  /** The body as parsed JSON (application/json: Cloudflare). */
  json?: unknown;
  /** The raw body, where a test checks a signature over its bytes (webhooks). */
  body?: string;
  /** What the stand-in answered, where a test needs it (Stripe's session). */
  answer?: unknown;
}

interface StandInRequest extends Recorded {
  url: URL;
  raw: string;
}

/** A stand-in's answer; `hang` never answers (a provider timing out). */
export type StandInAnswer = { status: number; json: unknown } | { status: number; html: string } | { redirect: string } | "hang";

export type Handler = (request: StandInRequest, log: (key: string, entry: Recorded) => void) => StandInAnswer | null | Promise<StandInAnswer | null>;

const HANDLERS: Record<string, Handler> = {
  twilio: handleTwilio,
  stripe: handleStripe,
  cloudflare: handleCloudflare,
  dns: handleDns,
  webhooks: handleWebhookReceiver,
};

export interface StandIns {
  /** http://127.0.0.1:PORT */
  base: string;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

function send(res: ServerResponse, answer: StandInAnswer) {
  if (answer === "hang") return;
  if ("redirect" in answer) return void res.writeHead(303, { location: answer.redirect }).end();
  if ("html" in answer) return void res.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" }).end(answer.html);
  res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.json));
}

export async function startStandIns(): Promise<StandIns> {
  const logs = new Map<string, Recorded[]>();
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await read(req);
    const logRoute = /^\/_log\/(\w+)$/.exec(url.pathname);
    if (logRoute) {
      const key = `${logRoute[1]}:${url.searchParams.get("key") ?? ""}`;
      return send(res, { status: 200, json: logs.get(key) ?? [] });
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const form = (headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(raw)) : {};
    let json: unknown;
    if ((headers["content-type"] ?? "").startsWith("application/json")) {
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
    }
    const request: StandInRequest = { method: req.method ?? "GET", path: url.pathname, headers, form, json, url, raw };
    for (const [name, handle] of Object.entries(HANDLERS)) {
      const answer = await handle(request, (key, entry) => {
        const k = `${name}:${key}`;
        logs.set(k, [...(logs.get(k) ?? []), entry]);
      });
      if (answer) return send(res, answer);
    }
    send(res, { status: 404, json: { error: `no stand-in for ${req.method} ${url.pathname}` } });
  };
  // A stand-in that throws answers 500 with the error: the test reads it instead of waiting on a hung request.
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => send(res, { status: 500, json: { error: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("stand-ins: no port");
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
