// The embedded API's reads. A call resolves its restaurant once in the directory (D1: the active
// restaurant with that domain), then reads that restaurant's catalogue in ONE operation of its object
// (worker/restaurant/catalogue-reads.ts: the rows asked for, their options and the visit counter come
// back, or are bumped, together; another restaurant's ids simply match nothing).
import { restaurantCall } from "../restaurant/stub";
import { restaurantOfBranch, restaurantOfDomain } from "../directory/directory";
import type { BranchFilter } from "../restaurant/catalogue-reads";
import type { CountedTable, HourlyVisits } from "../restaurant/visit-rows";
import { shown } from "./preview";
import type { RestaurantRow } from "../directory/restaurant-row";
import type { BrandRow, SellerRow } from "../restaurant/catalogue-rows";
import { groupOptions, majorPrices, sellerTerms, withBrand } from "./rows";

/** The live restaurant with `domain` (the ordering calls), from the directory (its cached row). */
export async function activeRestaurant(env: Env, domain: string): Promise<RestaurantRow | null> {
  const row = await restaurantOfDomain(env, domain);
  return row?.is_active === 1 ? row : null;
}

/** The restaurant a catalogue call about `domain` reads: live, or the draft this render previews. */
async function shownRestaurant(env: Env, domain: string): Promise<RestaurantRow | null> {
  const row = await restaurantOfDomain(env, domain);
  return row && shown(env, row.is_active, row.domain) ? row : null;
}

/** A branch of the restaurant (its object's row), or null. */
export const branchOf = (env: Env, restaurant: { id: number; country?: string | null }, branchId: number) =>
  restaurantCall(env, restaurant, "branchRow", branchId);

/**
 * Adds summed visits (table → id → count) to the rows of the active restaurant with `domain` in ONE
 * operation of its object (worker/restaurant/visit-rows.ts; worker/edge/visit-tally.ts sums them), the
 * same visits by hour to visit_hours in the same transaction. Returns the number of write statements
 * sent (0 when the domain is no active restaurant's).
 */
export async function addVisits(env: Env, domain: string, counts: Partial<Record<CountedTable, Record<number, number>>>, hourly: readonly HourlyVisits[] = []) {
  const restaurant = await activeRestaurant(env, domain);
  if (!restaurant || (Object.keys(counts).length === 0 && hourly.length === 0)) return 0;
  return restaurantCall(env, restaurant, "addVisitCounts", counts, hourly);
}

/** The restaurant as a diner's screen shows it: its look and its selling terms, read in the same operation. */
const shownWithTerms = (restaurant: RestaurantRow, brand: BrandRow | undefined, seller: SellerRow | undefined) => ({
  ...withBrand(restaurant, brand),
  ...sellerTerms(restaurant.country, seller),
});

export async function branches(env: Env, domain: string) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return { restaurant: null, branches: [], socials: [] };
  const read = await restaurantCall(env, restaurant, "dinerBranches");
  return { restaurant: shownWithTerms(restaurant, read.brand, read.seller), branches: read.branches, socials: read.socials };
}

export async function menus(env: Env, domain: string, branchId: number, visit: number) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return { restaurant: null, branch: null, menus: [], socials: [] };
  const read = await restaurantCall(env, restaurant, "dinerMenus", branchId, visit);
  return { restaurant: shownWithTerms(restaurant, read.brand, read.seller), branch: read.branch, menus: read.menus, socials: read.socials };
}

/** Categories of a menu of this restaurant (none for another restaurant's menu, like a Laravel `where`). */
export async function categories(env: Env, domain: string, menuId: number, visit: number) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return { restaurant: null, categories: [] };
  return { restaurant, categories: await restaurantCall(env, restaurant, "dinerCategories", menuId, visit) };
}

async function productsBy(env: Env, domain: string, by: "category" | "product" | "options", id: number, visit: number) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return { restaurant: null, products: [], options: groupOptions([], "AED") };
  const read = await restaurantCall(env, restaurant, "dinerProducts", by, id, visit);
  return {
    restaurant,
    products: read.products.map((p) => majorPrices(p, restaurant.currency)),
    options: groupOptions(read.options, restaurant.currency),
  };
}

export const productsOfCategory = (env: Env, domain: string, categoryId: number, visit: number) => productsBy(env, domain, "category", categoryId, visit);

export const productById = (env: Env, domain: string, productId: number, visit: number) => productsBy(env, domain, "product", productId, visit);

export const optionsOf = (env: Env, domain: string, productId: number) => productsBy(env, domain, "options", productId, 0);

/** The restaurant shown for `domain` with its brand (the style call), or null. */
export async function style(env: Env, domain: string) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return null;
  return withBrand(restaurant, await restaurantCall(env, restaurant, "restaurantBrand"));
}

/** Whether `domain` names a restaurant shown to this request (live, or the previewed draft). */
export const isShown = async (env: Env, domain: string) => (await shownRestaurant(env, domain)) !== null;

export async function socials(env: Env, domain: string) {
  const restaurant = await shownRestaurant(env, domain);
  if (!restaurant) return { restaurant: null, socials: [] };
  return { restaurant, socials: await restaurantCall(env, restaurant, "restaurantSocials") };
}

/**
 * A branch's products matching `filter` (with or without their options), with the restaurant that
 * owns the branch (whatever its state: the caller decides whether it is shown). `domain` (offers
 * call, new form) names the restaurant the caller expects; another's branch is then no branch.
 */
export async function productsOfBranch(env: Env, branchId: number, filter: BranchFilter, withOptions: boolean, domain: string | null = null) {
  // The GET calls carry a branch id, not always a domain: the directory knows whose branch it is
  // (a branch of another restaurant than the one named is then not in that one's catalogue: no branch).
  const owner = domain !== null ? await restaurantOfDomain(env, domain) : await restaurantOfBranch(env, branchId);
  if (!owner) return { branch: null, owner, products: [], options: groupOptions([], "AED") };
  const read = await restaurantCall(env, owner, "branchProducts", branchId, filter, withOptions);
  return {
    branch: read.branch,
    owner,
    products: read.products.map((p) => majorPrices(p, owner.currency)),
    options: groupOptions(read.options, owner.currency),
  };
}
