// The embedded restaurant API (CONTRACT.md, catalogue half): what the existing Laravel backend
// answers, quirks included, over D1. Routes are chained so `typeof apiApp` types the Hono client.
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { Domain, IdField, readInput, typed, VisitField } from "./input";
import { orderingApp } from "./ordering/app";
import * as db from "./queries";
import { branchNotFound, inactive, invalid, ok, productNotFound } from "./respond";
import { branchJson, namedJson, productJson, productRawJson, restaurantJson, socialJson, styleJson } from "./rows";

const DomainBody = v.object({ domain: Domain });
const MenuBody = v.object({ domain: Domain, branch_id: IdField, visit: VisitField });
const CategoryBody = v.object({ domain: Domain, menu_id: IdField, visit: VisitField });
const ProductBody = v.object({ domain: Domain, category_id: IdField, visit: VisitField });
const OptionBody = v.object({ domain: Domain, product_id: IdField });
/** `{id}&{visit}` — the existing backend's path joins them with a literal "&". */
const ProductRef = v.pipe(v.string(), v.regex(/^\d{1,10}&[01]$/), v.transform((s) => s.split("&").map(Number) as [number, number]));
/** `{branch_id}&{domain}`, or just `{branch_id}` on older backends. */
const OfferRef = v.pipe(v.string(), v.regex(/^\d{1,10}(&[a-z0-9-]{1,100})?$/), v.transform((s) => {
  const [branch, domain] = s.split("&");
  return { branchId: Number(branch), domain: domain ?? null };
}));
const BranchParam = v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number));

type Json<S extends v.GenericSchema> = v.InferInput<S>;

/** getProductCommon / getProductNew: a branch's products matching `filter`, in the raw-query shape. */
async function rawBranchList(c: Context<{ Bindings: Env }>, filter: "p.common = 1" | "p.is_new = 1") {
  const branchId = v.safeParse(BranchParam, c.req.param("branch_id"));
  if (!branchId.success) return invalid(c, { branch_id: ["integer"] });
  const branch = await db.activeBranch(c.env.DB, branchId.output);
  if (!branch) return branchNotFound(c);
  const { products } = await db.productsOfBranch(c.env.DB, branch.id, filter);
  return ok(c, products.map(productRawJson));
}

export const apiApp = new Hono<{ Bindings: Env }>()
  .post("/getBranch", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const restaurant = await db.activeRestaurant(c.env.DB, input.value.domain);
    if (!restaurant) return inactive(c);
    const { branches, socials } = await db.branchesAndSocials(c.env.DB, restaurant.id);
    return ok(c, { restaurant: restaurantJson(restaurant), branch: branches.map(branchJson), style: styleJson(restaurant), social: socials.map(socialJson) });
  })
  .post("/getMenu", typed<Json<typeof MenuBody>>(), async (c) => {
    const input = await readInput(c, MenuBody);
    if (!input.ok) return input.response;
    const { domain, branch_id, visit } = input.value;
    const restaurant = await db.activeRestaurant(c.env.DB, domain);
    if (!restaurant) return inactive(c);
    const branch = await db.branchOf(c.env.DB, restaurant.id, branch_id);
    if (!branch) return branchNotFound(c);
    const [menus, socials] = await Promise.all([
      db.menusOf(c.env.DB, branch.id),
      db.socialsOf(c.env.DB, restaurant.id),
      visit === 1 ? db.countVisit(c.env.DB, "branches", branch.id) : null,
    ]);
    return ok(c, { restaurant: restaurantJson(restaurant), branch: branchJson(branch), menu: menus.map(namedJson), style: styleJson(restaurant), social: socials.map(socialJson) });
  })
  .post("/getCategory", typed<Json<typeof CategoryBody>>(), async (c) => {
    const input = await readInput(c, CategoryBody);
    if (!input.ok) return input.response;
    const { domain, menu_id, visit } = input.value;
    const restaurant = await db.activeRestaurant(c.env.DB, domain);
    if (!restaurant) return inactive(c);
    const categories = await db.categoriesOf(c.env.DB, restaurant.id, menu_id);
    if (visit === 1 && categories.length > 0) await db.countVisit(c.env.DB, "menus", menu_id);
    return ok(c, categories.map(namedJson));
  })
  .post("/getProduct", typed<Json<typeof ProductBody>>(), async (c) => {
    const input = await readInput(c, ProductBody);
    if (!input.ok) return input.response;
    const { domain, category_id, visit } = input.value;
    const restaurant = await db.activeRestaurant(c.env.DB, domain);
    if (!restaurant) return inactive(c);
    const { products, options } = await db.productsOfCategory(c.env.DB, restaurant.id, category_id);
    if (visit === 1 && products.length > 0) await db.countVisit(c.env.DB, "categories", category_id);
    return ok(c, products.map((p) => productJson(p, options)));
  })
  .post("/getProductById/:ref", typed<Json<typeof DomainBody>>(), async (c) => {
    const ref = v.safeParse(ProductRef, c.req.param("ref"));
    if (!ref.success) return invalid(c, { id: ["integer"] });
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const restaurant = await db.activeRestaurant(c.env.DB, input.value.domain);
    if (!restaurant) return inactive(c);
    const [productId, visit] = ref.output;
    const { products, options } = await db.productById(c.env.DB, restaurant.id, productId);
    const product = products[0];
    if (!product) return productNotFound(c); // Laravel's findOrFail
    if (visit === 1) await db.countVisit(c.env.DB, "products", productId);
    return ok(c, productJson(product, options));
  })
  .post("/getOption", typed<Json<typeof OptionBody>>(), async (c) => {
    const input = await readInput(c, OptionBody);
    if (!input.ok) return input.response;
    const restaurant = await db.activeRestaurant(c.env.DB, input.value.domain);
    if (!restaurant) return inactive(c);
    const { options } = await db.productById(c.env.DB, restaurant.id, input.value.product_id);
    const list = options.get(input.value.product_id) ?? [];
    return ok(c, list.map((o) => ({ NameOption_en: o.name_en, NameOption_ar: o.name_ar, subOption: o.subOption })));
  })
  .post("/getStyle", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const restaurant = await db.activeRestaurant(c.env.DB, input.value.domain);
    if (!restaurant) return inactive(c);
    return ok(c, { restaurant: restaurantJson(restaurant), style: styleJson(restaurant) });
  })
  .post("/getSocialMedia", typed<Json<typeof DomainBody>>(), async (c) => {
    const input = await readInput(c, DomainBody);
    if (!input.ok) return input.response;
    const restaurant = await db.activeRestaurant(c.env.DB, input.value.domain);
    if (!restaurant) return inactive(c);
    return ok(c, (await db.socialsOf(c.env.DB, restaurant.id)).map(socialJson));
  })
  .get("/getProductCommon/:branch_id", (c) => rawBranchList(c, "p.common = 1"))
  .get("/getProductNew/:branch_id", (c) => rawBranchList(c, "p.is_new = 1"))
  .get("/getProductPriceOffer/:ref", async (c) => {
    const ref = v.safeParse(OfferRef, c.req.param("ref"));
    if (!ref.success) return invalid(c, { branch_id: ["integer"] });
    const branch = await db.activeBranch(c.env.DB, ref.output.branchId);
    if (!branch) return branchNotFound(c);
    if (ref.output.domain !== null && ref.output.domain !== branch.domain) return branchNotFound(c);
    const { products, options } = await db.productsOfBranch(c.env.DB, branch.id);
    const json = products.map((p) => productJson(p, options));
    return ok(c, {
      offer: json.filter((p) => p.price_offer > 0),
      new: json.filter((p) => p.new),
      common: json.filter((p) => p.common),
      image_offer: branch.image_offer,
      image_new: branch.image_new,
      image_common: branch.image_common,
    });
  })
  .route("/", orderingApp);

// A malformed JSON body (caught by Hono's JSON reader) is a validation failure, as in Laravel.
apiApp.onError((error, c) => {
  if (error instanceof HTTPException && error.status === 400) return invalid(c, { body: ["json"] });
  console.error(error);
  return c.json({ errors: [], errorCode: "server_error", data: [] }, 500);
});
apiApp.notFound((c) => c.json({ error: "Not found" }, 404));

export type ApiType = typeof apiApp;
