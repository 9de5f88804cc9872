// The embedded restaurant API (docs/CONTRACT.md, catalogue half): what the existing Laravel backend
// answers, quirks included, over D1. Routes are chained so `typeof apiApp` types the Hono client.
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { Domain, IdField, readInput, typed, VisitField } from "./input";
import { orderingApp } from "./ordering";
import { serviceApp } from "./service";
import * as db from "./queries";
import type { RestaurantRow } from "../directory/restaurant-row";
import { branchNotFound, inactive, invalid, ok, productNotFound, unavailable } from "./respond";
import { cardTerms } from "../providers/card-payments";
import { honouredMode } from "../rules/modes";
import { hasOffer } from "../rules/offer-price";
import { shown } from "./preview";
import { branchJson, categoryJson, menuJson, productJson, productRawJson, restaurantJson, socialJson, styleJson } from "./rows";

const DomainBody = v.object({ domain: Domain });
const MenuBody = v.object({ domain: Domain, branch_id: IdField, visit: VisitField });
const CategoryBody = v.object({ domain: Domain, menu_id: IdField, visit: VisitField });
const ProductBody = v.object({ domain: Domain, category_id: IdField, visit: VisitField });
const OptionBody = v.object({ domain: Domain, product_id: IdField });
/** `{id}&{visit}`: the existing backend's path joins them with a literal "&" (Hono's hc does not encode it). */
const ProductRef = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}&[01]$/),
  v.transform((s) => s.split("&").map(Number) as [number, number]),
);
/** `{branch_id}&{domain}`, or just `{branch_id}` on older backends. */
const OfferRef = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}(&[^&/]{1,100})?$/),
  v.transform((s) => {
    const [branch, domain] = s.split("&");
    return { branchId: Number(branch), domain: domain ?? null };
  }),
);
const BranchParam = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number));

type Json<S extends v.GenericSchema> = v.InferInput<S>;
type Ctx = Context<{ Bindings: Env }>;

/**
 * The GET calls name a branch, not a restaurant: an unknown branch is "Branch not found", a branch
 * of an inactive restaurant answers like every other call of that restaurant.
 */
const branchRefusal = (c: Ctx, branch: unknown, owner: RestaurantRow | null) =>
  !branch || !owner ? branchNotFound(c) : !shown(c.env, owner.is_active, owner.domain) ? inactive(c) : null;

/** getProductCommon / getProductNew: a branch's products matching `filter`, in the raw-query shape. */
async function rawBranchList(c: Ctx, filter: "common" | "new") {
  const branchId = v.safeParse(BranchParam, c.req.param("branch_id"));
  if (!branchId.success) return invalid(c, { branch_id: ["integer"] });
  const { branch, owner, products } = await db.productsOfBranch(c.env, branchId.output, filter, false);
  return (
    branchRefusal(c, branch, owner) ??
    ok(
      c,
      products.map((p) => productRawJson(p, owner!.currency)),
    )
  );
}

export const apiApp = new Hono<{ Bindings: Env }>()
  .post("/getBranch", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const { restaurant, branches, socials } = await db.branches(c.env, input.value.domain);
    if (!restaurant) return inactive(c);
    const terms = await cardTerms(c.env, restaurant);
    return ok(c, {
      restaurant: restaurantJson(restaurant, terms),
      branch: branches.map((b) => branchJson(honouredMode(b, terms.cards))),
      style: styleJson(restaurant),
      social: socials.map(socialJson),
    });
  })
  .post("/getMenu", typed<Json<typeof MenuBody>>(), async (c) => {
    const input = await readInput(c, MenuBody);
    if (!input.ok) return input.response;
    const { domain, branch_id, visit } = input.value;
    const { restaurant, branch, menus, socials } = await db.menus(c.env, domain, branch_id, visit);
    if (!restaurant) return inactive(c);
    if (!branch) return branchNotFound(c);
    const terms = await cardTerms(c.env, restaurant);
    return ok(c, {
      restaurant: restaurantJson(restaurant, terms),
      branch: branchJson(honouredMode(branch, terms.cards)),
      menu: menus.map(menuJson),
      style: styleJson(restaurant),
      social: socials.map(socialJson),
    });
  })
  // Unknown menu, category or product ids of a valid restaurant answer an empty list, as a
  // Laravel `where(...)->get()` would.
  .post("/getCategory", typed<Json<typeof CategoryBody>>(), async (c) => {
    const input = await readInput(c, CategoryBody);
    if (!input.ok) return input.response;
    const { domain, menu_id, visit } = input.value;
    const { restaurant, categories } = await db.categories(c.env, domain, menu_id, visit);
    if (!restaurant) return inactive(c);
    return ok(c, categories.map(categoryJson));
  })
  .post("/getProduct", typed<Json<typeof ProductBody>>(), async (c) => {
    const input = await readInput(c, ProductBody);
    if (!input.ok) return input.response;
    const { domain, category_id, visit } = input.value;
    const { restaurant, products, options } = await db.productsOfCategory(c.env, domain, category_id, visit);
    if (!restaurant) return inactive(c);
    return ok(
      c,
      products.map((p) => productJson(p, options)),
    );
  })
  .post("/getProductById/:ref", typed<Json<typeof DomainBody>>(), async (c) => {
    const ref = v.safeParse(ProductRef, c.req.param("ref"));
    if (!ref.success) return invalid(c, { id: ["integer"] });
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const [productId, visit] = ref.output;
    const { restaurant, products, options } = await db.productById(c.env, input.value.domain, productId, visit);
    if (!restaurant) return inactive(c);
    const product = products[0];
    // Laravel's `findOrFail` on a scoped query: a 404, here with the API's one-line error body.
    if (!product) return productNotFound(c);
    return ok(c, productJson(product, options));
  })
  .post("/getOption", typed<Json<typeof OptionBody>>(), async (c) => {
    const input = await readInput(c, OptionBody);
    if (!input.ok) return input.response;
    const { restaurant, options } = await db.optionsOf(c.env, input.value.domain, input.value.product_id);
    if (!restaurant) return inactive(c);
    // The backend's option resource renames the name fields (and keeps ids for the client's cart).
    const list = options.get(input.value.product_id) ?? [];
    return ok(
      c,
      list.map((o) => ({
        id: o.id,
        product_id: o.product_id,
        NameOption_en: o.name_en,
        NameOption_ar: o.name_ar,
        required: o.required,
        min_choices: o.min_choices,
        max_choices: o.max_choices,
        subOption: o.subOption,
      })),
    );
  })
  .post("/getStyle", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const restaurant = await db.style(c.env, input.value.domain);
    if (!restaurant) return inactive(c);
    return ok(c, { restaurant: restaurantJson(restaurant), style: styleJson(restaurant) });
  })
  .post("/getSocialMedia", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const { restaurant, socials } = await db.socials(c.env, input.value.domain);
    if (!restaurant) return inactive(c);
    return ok(c, socials.map(socialJson));
  })
  .get("/getProductCommon/:branch_id", (c) => rawBranchList(c, "common"))
  .get("/getProductNew/:branch_id", (c) => rawBranchList(c, "new"))
  .get("/getProductPriceOffer/:ref", async (c) => {
    const ref = v.safeParse(OfferRef, c.req.param("ref"));
    if (!ref.success) return invalid(c, { branch_id: ["integer"] });
    const { branchId, domain } = ref.output;
    // New form: the named restaurant must be shown and own the branch.
    if (domain !== null && !(await db.isShown(c.env, domain))) return inactive(c);
    const { branch, owner, products, options } = await db.productsOfBranch(c.env, branchId, "all", true, domain);
    const refusal = branchRefusal(c, branch, owner);
    if (refusal || !branch) return refusal ?? branchNotFound(c);
    const json = products.map((p) => productJson(p, options));
    return ok(c, {
      offer: json.filter(hasOffer),
      new: json.filter((p) => p.new),
      common: json.filter((p) => p.common),
      image_offer: branch.image_offer,
      image_new: branch.image_new,
      image_common: branch.image_common,
    });
  })
  .route("/", orderingApp)
  .route("/", serviceApp);

// `readInput` answers bad bodies itself; this only catches a body Hono failed to read (a 400),
// still a validation failure as in Laravel. Anything else (a failing D1, most often) is logged and
// answered with the friendly 503: callers retry or show their "temporarily unavailable" screen.
apiApp.onError((error, c) => {
  if (error instanceof HTTPException && error.status === 400) return invalid(c, { body: ["json"] });
  console.error(error);
  return unavailable(c, "unavailable", "The restaurant service is temporarily unavailable.");
});
apiApp.notFound((c) => c.json({ error: "Not found" }, 404));

export type ApiType = typeof apiApp;
