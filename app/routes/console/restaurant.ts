// POST /console/restaurant: the restaurant switcher's form (resource route, no screen of its own).
import type { Route } from "./+types/restaurant";
import { switchRestaurantAction } from "./restaurant.server";

export async function action({ request, context }: Route.ActionArgs) {
  return switchRestaurantAction(request, context);
}
