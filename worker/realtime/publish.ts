// Server-side publishing for the rest of the app (loaders, actions, the embedded API):
//   await publish(env, { hub: restaurantHub(domain), channel: "order-42", event: "status", data: { status: "ready" } });
// Without PUSHER_KEY the event goes straight to that hub, the restaurant's own ChannelHub or the
// site's (/chat) (an RPC, no HTTP); with it, to the external service as a signed Pusher HTTP
// trigger, where the hub means nothing (one app serves every channel).
import * as v from "valibot";
import type { Hub } from "./channels";
import { externalRealtime, hubFor, type ExternalRealtime } from "./settings";
import { signTrigger } from "./signature";
import { TriggerBody } from "./trigger";

export interface PublishInput {
  /** Whose hub serves the channel(s): the restaurant's (restaurantHub(domain)) or SITE_HUB for /chat. */
  hub: Hub;
  channel?: string;
  channels?: string[];
  event: string;
  /** A string is sent as it is; anything else as JSON (as Pusher's libraries do). */
  data: unknown;
  /** Leave out this socket (the one that caused the event). */
  socketId?: string;
}

/** How long a call to the external service may take. */
const EXTERNAL_TIMEOUT_MS = 4000;

/** Validates like the trigger endpoint; throws on a bad event (a programming error). */
function triggerBody(input: PublishInput): v.InferOutput<typeof TriggerBody> {
  const data = typeof input.data === "string" ? input.data : JSON.stringify(input.data);
  const body = { name: input.event, data, channel: input.channel, channels: input.channels, socket_id: input.socketId };
  const parsed = v.safeParse(TriggerBody, body);
  if (!parsed.success) throw new Error(`publish: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** The signed trigger request for an external service (exported so tests can check the signing). */
export async function externalTriggerRequest(service: ExternalRealtime, input: PublishInput): Promise<Request> {
  if (!service.secret) throw new Error("publish: PUSHER_SECRET is not set");
  const body = JSON.stringify(triggerBody(input));
  const query = await signTrigger({ appId: service.appId, key: service.key, secret: service.secret, body });
  return new Request(`${service.apiOrigin}/apps/${service.appId}/events?${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
}

/**
 * Sends an event to every browser subscribed to the channel(s). Resolves once the event is handed
 * over; throws on a bad event or when the external service refuses it.
 */
export async function publish(env: Env, input: PublishInput): Promise<void> {
  const external = externalRealtime(env);
  if (!external) {
    const { channel, channels, name, data, socket_id } = triggerBody(input);
    await hubFor(env, input.hub).publish({ channels: channels ?? [channel!], event: name, data, socketId: socket_id });
    return;
  }
  const res = await fetch(await externalTriggerRequest(external, input), { signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`publish: ${res.status} from the realtime service: ${(await res.text()).slice(0, 200)}`);
}

/**
 * Drops every subscription to these private channels from the site's own channel server (a member
 * removed or demoted): their sockets reconnect and ask for a signature again. An external Pusher
 * service has no such call: there a signature holds until the browser leaves the page.
 */
export async function revokePrivateChannels(env: Env, hub: Hub, channels: string[]): Promise<number> {
  if (externalRealtime(env) || channels.length === 0) return 0;
  return hubFor(env, hub).revoke(channels);
}
