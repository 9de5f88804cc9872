// The two webhook queues' consumer (the main one for healthy endpoints, the slow one for failing ones:
// docs/decisions/0087): each message names a delivery in a restaurant's object; the consumer claims it from
// its lane, POSTs the signed event to the endpoint (no redirects followed, 10 s at most) and records the
// answer. A retry is queued by the object with its backoff, so every message is acknowledged here.
import * as v from "valibot";
import { laneOfQueue, type Lane } from "../rules/webhook-lanes";
import type { Answer, Attempt } from "../restaurant/webhook-deliveries";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { webhookBody } from "./payload";

const TIMEOUT_MS = 10_000;
const Message = v.object({ object: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), delivery: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** POSTs `body` to `url`; any 2xx is delivered, anything else (a redirect too) is a failure. */
async function post(url: string, secret: string, body: string, eventId: string, type: string): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "Menu-Webhooks/1.0",
        "menu-event-id": eventId,
        "menu-event-type": type,
        [SIGNATURE_HEADER]: await signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { ok, response_code: response.status, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      response_code: null,
      error: timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : `could not connect: ${String(error).slice(0, 200)}`,
    };
  }
}

async function deliverOne(env: Env, body: unknown, lane: Lane): Promise<void> {
  const message = v.safeParse(Message, body);
  if (!message.success) return console.error("webhooks: a message that names no delivery", body);
  const object = env.RESTAURANT.get(env.RESTAURANT.idFromString(message.output.object));
  // (Its rows cross as plain data; RPC's types cannot follow `Record<string, unknown>`.)
  const attempt = (await object.claimWebhookAttempt(message.output.delivery, lane)) as Attempt | null;
  if (!attempt) return;
  const answer = await post(attempt.url, attempt.secret, webhookBody(attempt), attempt.event_id, attempt.type);
  const switchedOff = await object.recordWebhookAttempt(message.output.delivery, attempt.attempt, answer);
  if (switchedOff) console.error(JSON.stringify({ event: "webhook.endpoint_switched_off", url: attempt.url }));
}

export async function deliverWebhooks(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const lane = laneOfQueue(batch.queue);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await deliverOne(env, message.body, lane);
        message.ack();
      } catch (error) {
        // The object could not be reached: the queue tries the message again.
        console.error("webhooks: delivery failed", error);
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}
