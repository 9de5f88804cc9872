// What the branch's board hears (docs/decisions/0084), sent by whoever changed it: an order placed, paid, moved
// or refunded, a call from a table made or answered, a printer back. The change is numbered and read as the
// board shows it by the restaurant's object (./board-feed.ts), then published on the branch's private channel.
import { BOARD_EVENT, branchOrdersChannel, restaurantHub, SERVICE_EVENT, serviceChannel } from "../realtime/channels";
import { publish } from "../realtime/publish";
import type { BoardChange, BoardItem } from "./board-feed";
import { restaurantCall, type RestaurantRef } from "./stub";

/** A board event's data stays under this (Pusher's frame limit is 10 KB, with the frame's own words around it). */
export const BOARD_EVENT_MAX_CHARS = 8 * 1024;

/** Best effort: the change is stored, and screens catch up on their next load or reconnect. */
export async function tell(env: Env, domain: string, channel: string, event: string, data: unknown) {
  try {
    await publish(env, { hub: restaurantHub(domain), channel, event, data });
  } catch (error) {
    console.error(`realtime publish on ${channel} failed`, error);
  }
}

/**
 * Tells the board of branch `branchId` what changed (docs/decisions/0084): the change's sequence number and its
 * row as the board shows it (./board-feed.ts), which only the branch's staff can read (a private channel,
 * app/routes/console/realtime-auth.server.ts). A row over BOARD_EVENT_MAX_CHARS goes without it (`big`): the board reads again.
 */
export async function publishBoard(env: Env, restaurant: RestaurantRef & { domain: string }, branchId: number, change: BoardChange) {
  try {
    const item = await restaurantCall(env, restaurant, "boardChange", branchId, change, Date.now());
    if (item) await tell(env, restaurant.domain, branchOrdersChannel(branchId), BOARD_EVENT, boardEventData(branchId, item));
  } catch (error) {
    console.error("board change: not numbered or not published", error);
  }
}

/** The board event's data: the item with its branch, or without its row when that is too large. */
export function boardEventData(branchId: number, item: BoardItem): string {
  const whole = JSON.stringify({ branch_id: branchId, ...item });
  if (whole.length <= BOARD_EVENT_MAX_CHARS) return whole;
  const { row: _left, ...rest } = item;
  return JSON.stringify({ branch_id: branchId, ...rest, big: true });
}

/** Tells a call's diner (its channel) that staff acknowledged it, and the branch's other screens. */
export const publishAcknowledged = (env: Env, restaurant: RestaurantRef & { domain: string }, branchId: number, publicId: string) =>
  Promise.all([
    tell(env, restaurant.domain, serviceChannel(publicId), SERVICE_EVENT, { id: publicId }),
    publishBoard(env, restaurant, branchId, { call: publicId }),
  ]);
