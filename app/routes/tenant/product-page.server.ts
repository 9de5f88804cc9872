// Loader of the product page: the product (visit-counted) and the branch's menus, in parallel.
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { notFound, rethrowUpstream } from "~/lib/route-errors.server";
import { idOrNull, idParam } from "./ids.server";
import { tenantParams } from "./params.server";
import { moneyOf, toCard, windowedCategories } from "./products.server";
import { dishHead } from "./head.server";

export async function loadProductPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { domain?: string; table?: string; branchId?: string; menu?: string; product?: string },
) {
  const tenant = tenantParams(params, context);
  const branchId = idParam(params.branchId);
  const productId = idParam(params.product);
  const { upstream, visits } = getApp(context);
  visits.count("p", productId);
  const [menus, product] = await Promise.all([upstream.getMenu(tenant.domain, branchId), upstream.getProductById(tenant.domain, productId)]).catch(
    rethrowUpstream,
  );
  // A hidden product, or one of another branch's menus, does not exist here.
  if (product.hidden) throw notFound();
  if (product.menu_id !== null && !menus.menu.some((m) => m.id === product.menu_id)) throw notFound();
  const menuFromPath = idOrNull(params.menu);
  const card = toCard(product, upstream.imageBase, moneyOf(menus.restaurant), product.menu_id ?? menuFromPath, windowedCategories(menus.menu));
  await dishHead(context, { domain: tenant.domain, branchId, restaurant: menus.restaurant, branch: menus.branch }, card, card.menu_id);
  return data({ product: card });
}
