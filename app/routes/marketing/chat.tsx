// /chat: the spec's realtime test page. Send publishes MessageSent on channel 'chat' through
// GET /send_message; every open copy of the page shows what arrives (as text, newest last).
import { useState } from "react";
import * as v from "valibot";
import type { Route } from "./+types/chat";
import { MarketingShell } from "~/components/marketing/site-footer";
import { useMarketing } from "~/components/marketing/use-marketing";
import { ChatMessage, MAX_CHAT_CHARS } from "~/lib/chat";
import { marketingData, marketingPage } from "~/lib/marketing.server";
import { marketingMeta } from "~/lib/marketing-meta";
import { useRealtime, type ConnectionState } from "~/lib/use-realtime";
import { CHAT_CHANNEL, CHAT_EVENT, SITE_HUB } from "../../../worker/realtime/channels";
import { publicPageHeaders } from "~/lib/route-headers";

export const meta: Route.MetaFunction = ({ loaderData }) => [...marketingMeta(loaderData, "chat"), { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = publicPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  return marketingData(marketingPage(request, context));
}

/** Enough to follow a test conversation; older messages leave the page. */
const KEEP = 50;
const CHANNELS = [CHAT_CHANNEL];
const DOT: Record<ConnectionState, string> = {
  initialized: "bg-amber-500",
  connecting: "bg-amber-500",
  connected: "bg-emerald-600",
  unavailable: "bg-red-600",
  failed: "bg-red-600",
  disconnected: "bg-stone-500",
};

export default function Chat() {
  const c = useMarketing().chat;
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { state, live } = useRealtime({
    hub: SITE_HUB,
    channels: CHANNELS,
    event: CHAT_EVENT,
    onEvent: (_, data) => {
      const parsed = v.safeParse(ChatMessage, data);
      if (parsed.success) setMessages((list) => [...list.slice(-(KEEP - 1)), { id: Date.now() + Math.random(), text: parsed.output.message }]);
    },
  });

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("message") as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return input.focus();
    setError(null);
    const res = await fetch(`/send_message?message=${encodeURIComponent(text)}`).catch(() => null);
    if (res?.ok) {
      form.reset();
      input.focus();
    } else {
      setError(res?.status === 429 ? c.tooFast : c.failed);
    }
  };

  return (
    <MarketingShell>
      <div className="mx-auto max-w-xl px-4 pt-8">
        <h1 className="text-3xl font-bold">{c.title}</h1>
        <p className="mt-2 text-on-surface/80">{c.text}</p>
        <p
          data-testid="chat-state"
          data-state={state}
          data-live={live}
          className="mt-4 inline-flex items-center gap-2 rounded-full bg-on-surface/5 px-3 py-1 text-sm font-bold"
        >
          <span aria-hidden="true" className={`size-2.5 rounded-full ${DOT[state]}`} />
          {c.states[state]}
        </p>
        <section aria-labelledby="chat-messages" className="mt-6 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10">
          <h2 id="chat-messages" className="text-lg font-bold">
            {c.messages}
          </h2>
          {/* role=log: a polite live region that announces what is added, newest last. */}
          <div role="log" aria-labelledby="chat-messages" data-testid="chat-log" className="mt-3 max-h-80 overflow-y-auto">
            <ol className="space-y-2">
              {messages.map((m) => (
                <li key={m.id} dir="auto" data-testid="chat-message" className="rounded-2xl bg-on-surface/5 px-3 py-2 break-words whitespace-pre-wrap">
                  {m.text}
                </li>
              ))}
            </ol>
            {messages.length === 0 && <p className="text-on-surface/75">{c.empty}</p>}
          </div>
        </section>
        <form onSubmit={(event) => void onSubmit(event)} className="mt-4" noValidate>
          <label htmlFor="chat-message" className="mb-1 block font-bold">
            {c.label}
          </label>
          <div className="flex gap-2">
            <input
              id="chat-message"
              name="message"
              type="text"
              dir="auto"
              autoComplete="off"
              maxLength={MAX_CHAT_CHARS}
              placeholder={c.placeholder}
              aria-describedby={error ? "chat-error" : undefined}
              aria-invalid={error ? true : undefined}
              className="min-w-0 flex-1 rounded-xl bg-surface p-3 ring-1 ring-on-surface/20 focus:ring-2 focus:ring-amber-700 focus:outline-none"
            />
            <button type="submit" className="h-12 shrink-0 rounded-full bg-amber-800 px-6 font-bold text-white hover:bg-amber-900">
              {c.send}
            </button>
          </div>
          {error && (
            <p id="chat-error" role="alert" className="mt-2 text-sm font-bold text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      </div>
    </MarketingShell>
  );
}
