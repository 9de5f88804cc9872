// The branches screen's door (/console/branches, owners and managers): the restaurant's branches (its
// object's rows) and its logo's stored key.
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { branchesIn } from "./reads";

export async function branchesPage(env: Env, tenant: RestaurantRef) {
  const [branches, logo] = await Promise.all([branchesIn(env, tenant), restaurantCall(env, tenant, "currentPicture", { kind: "logo", id: 0, text: "logo" })]);
  return { branches, logo: logo ?? null };
}
