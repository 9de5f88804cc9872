// A restaurant's webhook receiver as the stand-in plays it (POST /hooks/{key}): it keeps each request
// with its raw body (the signature covers those bytes) at GET /_log/webhooks?key={key}, and answers by its
// key: "fail-once" 500 to the first request, "fail-always" 500 every time, "moved" a redirect, "hang" never.
import type { Handler } from "./server.ts";

const seen = new Map<string, number>();

export const handleWebhookReceiver: Handler = (request, log) => {
  const match = /^\/hooks\/([\w-]{1,80})$/.exec(request.path);
  if (!match || request.method !== "POST") return null;
  const key = match[1]!;
  const count = (seen.get(key) ?? 0) + 1;
  seen.set(key, count);
  const { method, path, headers, form, json, raw } = request;
  log(key, { method, path, headers, form, json, body: raw });
  if (key.includes("hang")) return "hang";
  if (key.includes("moved")) return { redirect: "http://127.0.0.1:9/elsewhere" };
  if (key.includes("fail-always") || (key.includes("fail-once") && count === 1)) return { status: 500, json: { error: "receiver down" } };
  return { status: 200, json: { received: true } };
};
