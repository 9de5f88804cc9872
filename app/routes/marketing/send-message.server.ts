// GET /send_message?message=…: the spec's test call, publishing MessageSent on channel 'chat' (the route
// module ./send-message.ts calls it).
// A GET that writes, so abuse is kept small: short plain text only, a per-IP limit, browsers'
// cross-site requests refused (Sec-Fetch-Site; an <img> on another site cannot post here), and
// only on the site's own hosts.
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { ChatText } from "~/lib/chat";
import { notFound } from "~/lib/route-errors.server";
import { CHAT_CHANNEL, CHAT_EVENT, SITE_HUB } from "../../../worker/realtime/channels";
import { addressTag } from "../../../worker/rules/network-key";
import { publish } from "../../../worker/realtime/publish";

const WINDOW_MS = 10_000;
const PER_WINDOW = 10;
/** Per isolate, so a modest brake rather than a guarantee; bounded so it cannot grow without end. */
const recent = new Map<string, number[]>();
const MAX_TRACKED = 10_000;

function allowed(ip: string, now = Date.now()): boolean {
  const times = (recent.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
  if (times.length >= PER_WINDOW) return false;
  if (recent.size >= MAX_TRACKED) recent.clear();
  recent.set(ip, [...times, now]);
  return true;
}

const answer = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function sendMessage(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, host } = getApp(context);
  if (host.kind !== "app") throw notFound();
  if (request.headers.get("sec-fetch-site") === "cross-site") return answer({ error: "Cross-site request refused" }, 403);
  const parsed = v.safeParse(ChatText, new URL(request.url).searchParams.get("message") ?? "");
  if (!parsed.success) return answer({ error: parsed.issues[0].message }, 400);
  if (!allowed(addressTag(request))) return answer({ error: "Too many messages" }, 429);
  await publish(env, { hub: SITE_HUB, channel: CHAT_CHANNEL, event: CHAT_EVENT, data: { message: parsed.output } });
  return answer({ ok: true });
}
