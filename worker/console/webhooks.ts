// The webhooks screen's door (/console/webhooks, owners): the restaurant's endpoints with their recent
// deliveries, and the owner's actions on them, in the restaurant's object (../restaurant/webhooks.ts);
// the log's times on the restaurant's calendar.
import { restaurantOrders, type RestaurantRef } from "../restaurant/stub";
import * as hooks from "../restaurant/webhooks";
import { restaurantZone } from "./reads";

export { MAX_ENDPOINTS } from "../restaurant/webhooks";

export async function webhooksOf(env: Env, tenant: RestaurantRef) {
  const [log, timeZone] = await Promise.all([hooks.endpointsWithLog(restaurantOrders(env, tenant)), restaurantZone(env, tenant)]);
  return { ...log, timeZone };
}

/** The owner's actions, each on the restaurant's own endpoints and deliveries (another's id is not found). */
export const webhookActions = (env: Env, tenant: RestaurantRef) => {
  const db = restaurantOrders(env, tenant);
  return {
    add: (url: string) => hooks.addEndpoint(db, url),
    renew: (id: number) => hooks.renewSecret(db, id),
    resend: (delivery: number) => hooks.resendDelivery(db, delivery),
    test: (id: number) => hooks.sendTestEvent(db, id),
    remove: (id: number) => hooks.removeEndpoint(db, id),
    switchOn: (id: number) => hooks.switchOn(db, id),
  };
};
