// The channels and events the site itself uses, named in one place for the worker and the browser.
// No imports: the client bundle takes it as it is.

/** The spec's test channel (/chat): event MessageSent, data {message}. */
export const CHAT_CHANNEL = "chat";
export const CHAT_EVENT = "MessageSent";

/** One channel per order, named by the order's random public id (never its sequential id). */
export const orderChannel = (publicId: string) => `order-${publicId}`;
/** Sent on an order's channel when the restaurant changes its status: data {order_id, status}. */
export const ORDER_STATUS_EVENT = "status";

/** A branch's private order stream, readable only by its staff (the console's orders board). */
export const branchOrdersChannel = (branchId: number) => `private-branch-${branchId}-orders`;
/** Sent on a branch's stream when an order arrives or moves: data {order_id, status}. */
export const BOARD_EVENT = "order";

/** One channel per call from a table (a waiter, the bill), named by the call's random public id. */
export const serviceChannel = (publicId: string) => `service-${publicId}`;
/** Sent on a call's channel when staff acknowledge it: data {id}. */
export const SERVICE_EVENT = "acknowledged";

/**
 * Which channel server object serves a page (docs/decisions/0038): a restaurant's own, named by its
 * domain (what the diner's page and the console both know), or the site's own, which serves /chat.
 * The name is the object's name; the browser's socket names it in its path (hubPath).
 */
export type Hub = "site" | `restaurant:${string}`;
export const SITE_HUB: Hub = "site";
export const restaurantHub = (domain: string): Hub => `restaurant:${domain}`;

/** Where the site's own server takes a hub's sockets and triggers: {prefix}/app/{key}, {prefix}/apps/{id}/events. */
export const HUB_PATH_ROOT = "/api/realtime";
export const hubPath = (hub: Hub) => (hub === SITE_HUB ? `${HUB_PATH_ROOT}/chat` : `${HUB_PATH_ROOT}/r/${hub.slice("restaurant:".length)}`);
