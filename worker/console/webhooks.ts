// The webhooks screen's door (/console/webhooks, owners): the restaurant's endpoints with their recent
// deliveries, and the owner's actions on them, operations of the restaurant's object by name
// (../restaurant/webhooks.ts); the log's times on the restaurant's calendar.
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { restaurantZone } from "./reads";

export { MAX_ENDPOINTS } from "../restaurant/webhooks";

export async function webhooksOf(env: Env, tenant: RestaurantRef) {
  const [log, timeZone] = await Promise.all([restaurantCall(env, tenant, "webhookEndpoints"), restaurantZone(env, tenant)]);
  return { ...log, timeZone };
}

/** The owner's actions, each on the restaurant's own endpoints and deliveries (another's id is not found). */
export const webhookActions = (env: Env, tenant: RestaurantRef) => ({
  add: (url: string) => restaurantCall(env, tenant, "addWebhookEndpoint", url, Date.now()),
  renew: (id: number) => restaurantCall(env, tenant, "renewWebhookSecret", id),
  resend: (delivery: number) => restaurantCall(env, tenant, "resendWebhookDelivery", delivery, Date.now()),
  test: (id: number) => restaurantCall(env, tenant, "sendWebhookTest", id, Date.now()),
  remove: (id: number) => restaurantCall(env, tenant, "removeWebhookEndpoint", id),
  switchOn: (id: number) => restaurantCall(env, tenant, "switchWebhookOn", id),
});
