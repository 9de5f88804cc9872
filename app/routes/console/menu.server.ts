// /console/menu (managers and owners): every menu of the restaurant with its categories and dishes.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, requireMember } from "~/lib/console-session.server";
import { branchesOf, menusOf, restaurantOf } from "../../../worker/api/console/reads";
import { dishPictures } from "../../../worker/storage/targets";

export async function loadMenu(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member } = await requireMember(request, env, "menu");
  const [menus, branches, restaurant, pictures] = await Promise.all([
    menusOf(env.DB, member.restaurant_id), branchesOf(env.DB, member.restaurant_id), restaurantOf(env.DB, member.restaurant_id),
    dishPictures(env.DB, member.restaurant_id),
  ]);
  return data({ menus, branches, currency: restaurant?.currency ?? "AED", pictures }, { headers: CONSOLE_HEADERS });
}
