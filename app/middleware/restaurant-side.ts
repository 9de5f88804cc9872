// The console and sign-up answer on the site's own hosts only: on a restaurant's custom hostname every
// loader and action of theirs is a 404, whatever the spelling of the path (the worker checks it too).
import type { MiddlewareFunction } from "react-router";
import { getApp } from "~/context";
import { notFound } from "~/lib/route-errors.server";
import { isRestaurantSide } from "../../worker/edge/restaurant-side";

export const restaurantSideMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (getApp(context).host.kind !== "app" && isRestaurantSide(new URL(request.url).pathname)) throw notFound();
  return next();
};
