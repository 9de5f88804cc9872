// A Gulf restaurant paying through Tap's stand-in, for the tap-* workers tests: signed up in its country,
// active, a branch taking cards, one dish at a given price, its own Tap key connected; and the worker's
// doors the diner and Tap reach (the checkout, the stand-in's page, the return, the notification).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { apiApp } from "../../worker/contract/catalogue";
import { createRestaurant } from "../../worker/console/signup";
import worker from "../../worker/index";
import { connectTap } from "../../worker/providers/tap/connect";
import { readCharge, saveCharge, type StandInCharge } from "../../worker/providers/tap-stand-in/state";
import { signedNotification } from "../../worker/providers/tap-stand-in/index";
import { catalogueRow, catalogueRun } from "./catalogue";

export interface TapRestaurant {
  id: number;
  domain: string;
  country: string;
  branch: number;
  dish: number;
  key: string;
}

let seq = 0;
let phones = 0;
/** A new mobile number of the country (Kuwait's 8 digits from 6, Saudi Arabia's 9 from 5, Bahrain's 8 from 3). */
const mobile = (country: string) => {
  phones += 1;
  const tail = String(100_000 + ((Date.now() + phones * 7919) % 900_000)).slice(-6);
  return { KW: "+96565", SA: "+966555", BH: "+97336" }[country as "KW"] + tail;
};

export async function tapRestaurant(country: "KW" | "SA" | "BH", price: number): Promise<TapRestaurant> {
  seq += 1;
  const domain = `tap-${country.toLowerCase()}-${seq}-${Date.now() % 100_000}`;
  const made = await createRestaurant(env, {
    domain,
    name_en: `Tap ${country}`,
    name_ar: "مطعم",
    country,
    plan: "monthly",
    provider: "demo",
    owner: { phone: mobile(country), name: "Owner" },
  });
  if (typeof made === "string") throw new Error(made);
  const id = made.restaurantId;
  await env.DB.prepare("UPDATE restaurants SET is_active = 1 WHERE id = ?").bind(id).run();
  const branch = (await catalogueRow<{ id: number }>(id, "SELECT id FROM branches LIMIT 1"))!.id;
  await catalogueRun(id, "UPDATE branches SET payment_mode = 'both' WHERE id = ?", branch);
  const menu = (await catalogueRow<{ id: number }>(id, "SELECT id FROM menus LIMIT 1"))!.id;
  const category = (await catalogueRow<{ id: number }>(
    id,
    "INSERT INTO categories (menu_id, name_en, name_ar) VALUES (?, 'Mains', 'رئيسي') RETURNING id",
    menu,
  ))!.id;
  const dish = (await catalogueRow<{ id: number }>(
    id,
    "INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (?, 'Machboos', 'مجبوس', ?) RETURNING id",
    category,
    price,
  ))!.id;
  const key = `sk_test_demo_${domain.replace(/-/g, "_")}`;
  const connected = await connectTap(env, { id, country }, key);
  if (!connected.ok) throw new Error(`connect: ${connected.problem}`);
  return { id, domain, country, branch, dish, key };
}

/** The whole worker, on the site's own host. */
export const site = (path: string, init: RequestInit = {}) => worker.fetch(new Request(new URL(path, "http://localhost"), init), env, createExecutionContext());

let diner = 0;
/** The diner's checkout (POST /orderPayment): the answer's data (the page's url, the order). */
export async function checkout(r: TapRestaurant, lang: "en" | "ar" = "en") {
  diner += 1;
  const phone = mobile(r.country);
  const res = await apiApp.request(
    "/orderPayment",
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `203.0.117.${diner % 250}` },
      body: JSON.stringify({
        domain: r.domain,
        branch_id: r.branch,
        items: JSON.stringify([{ product_id: r.dish, amount: 1 }]),
        nameCustomer: "Noor",
        phoneCustomer: phone,
        success_url: `http://localhost/${r.domain}/${r.branch}/orders?paid={CHECKOUT_SESSION_ID}`,
        cancel_url: `http://localhost/${r.domain}/${r.branch}/cart`,
        lang,
      }),
    },
    env,
  );
  if (res.status !== 200) throw new Error(`orderPayment ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { url: string; order_id: number } }).data;
}

/** The charge id in a hosted page's address. */
export const chargeOf = (url: string) => /\/api\/tap-demo\/(chg_[A-Za-z0-9_]+)/.exec(url)![1]!;

/** Sets the stand-in's charge as Tap would after the diner's payment, without its notification (the test sends them). */
export async function settleAtTap(chargeId: string, status: string): Promise<StandInCharge> {
  const charge = (await readCharge(env.HOSTS, chargeId))!;
  const done = { ...charge, status, gateway: "knet_pg1234", payment: "4327230736106619650", method: "KNET" };
  await saveCharge(env.HOSTS, done);
  return done;
}

/** Tap's notification of the charge: its body and the hashstring under `key` (the restaurant's, unless a test says otherwise). */
export async function notification(charge: StandInCharge, key = charge.key, body: Record<string, unknown> = {}) {
  const signed = await signedNotification({ ...charge, key });
  return { body: JSON.stringify({ ...(JSON.parse(signed.body) as object), ...body }), hash: signed.hash };
}

export const notify = (restaurantId: number | string, note: { body: string; hash: string }) =>
  site(`/webhooks/tap/${restaurantId}`, { method: "POST", headers: { "content-type": "application/json", hashstring: note.hash }, body: note.body });
