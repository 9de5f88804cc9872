// Each restaurant's own Durable Object (worker/restaurant): its schema migrates from every earlier
// version; two restaurants' codes and tokens land in two objects and never meet; a token names its
// restaurant; a made-up one creates no storage; expired rows go on the object's alarm.
import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, json } from "./helpers";
import { scopedRestaurant } from "../../worker/restaurant/scoped-id";
import { locationHint } from "../../worker/restaurant/location";
import { migrate, SCHEMA, SCHEMA_VERSION, schemaVersion } from "../../worker/restaurant/schema";
import { restaurantObject } from "../../worker/restaurant/stub";
import { catalogueRun } from "./catalogue";
import { restaurantRows, SAFFRON_ID } from "./restaurant-rows";

const GRILL_ID = 2;
const call = apiCaller(9);
let seq = 0;
const newPhone = () => `0501${String(Date.now() % 100_000).padStart(5, "0")}${++seq % 10}`;
const e164 = (phone: string) => `+971${phone.slice(1)}`;

async function tokenAt(domain: string, branch_id: number, phone: string): Promise<string> {
  expect((await call("/sendOtp", { domain, branch_id, name: "Sara", phone })).status).toBe(200);
  const out = await json(await call(`/dev/outbox?phone=${phone}`));
  const code = /(\d{6})/.exec(out.data[0].body)![1]!;
  const res = await call("/verifyOtp", { domain, branch_id, name: "Sara", phone, otp_code: code });
  expect(res.status).toBe(200);
  return (await json(res)).data.token as string;
}

beforeAll(async () => {
  // Grill House takes orders by SMS code too, for this file.
  await catalogueRun(GRILL_ID, "UPDATE branches SET active_order = 1, payment_mode = 'otp' WHERE id = 3");
});

describe("the restaurant's object", { timeout: 30_000 }, () => {
  it("migrates from every earlier schema version to the current one, keeping its rows, and twice is once", async () => {
    for (let from = 0; from < SCHEMA_VERSION; from++) {
      const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName(`schema-test-${from}`));
      await runInDurableObject(stub, (_instance, state) => {
        // The object's constructor left it empty (nobody wrote to it): build version `from` by hand.
        expect(schemaVersion(state.storage.sql)).toBe(0);
        migrate(state.storage, from);
        if (from >= 1) state.storage.sql.exec("INSERT INTO order_tokens (token_hash, phone, name, expires_at) VALUES ('h', '+971500000000', 'Sara', 1)");
        expect(migrate(state.storage)).toBe(from);
        expect(schemaVersion(state.storage.sql)).toBe(SCHEMA_VERSION);
        expect(migrate(state.storage)).toBe(SCHEMA_VERSION);
        const tables = state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
          .toArray()
          .map((t) => t.name);
        expect(tables).toEqual(expect.arrayContaining(["order_tokens", "otp_codes", "schema_version"]));
        if (from >= 1) expect(state.storage.sql.exec("SELECT name FROM order_tokens WHERE token_hash = 'h'").toArray()).toEqual([{ name: "Sara" }]);
      });
    }
    expect(SCHEMA.length).toBe(SCHEMA_VERSION);
  });

  it("moves version 5's amounts and prices (REAL, major units) to the restaurant currency's minor units: fils for KWD", async () => {
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName("schema-test-money"));
    await runInDurableObject(stub, (_instance, state) => {
      migrate(state.storage, 5);
      const sql = state.storage.sql;
      sql.exec("INSERT INTO orders (id, restaurant_id, branch_id, num_order, name, phone, price) VALUES (1, 9, 1, 1, 'Sara', '+96550000000', 9.375)");
      sql.exec("INSERT INTO order_items (id, order_id, product_id, name_en, name_ar, price, amount) VALUES (1, 1, 1, 'Kebab', 'كباب', 3.125, 3)");
      sql.exec(
        "INSERT INTO order_item_options (order_item_id, sub_option_id, name_en, name_ar, sub_name_en, sub_name_ar, price) VALUES (1, 1, 'Size', 'الحجم', 'Large', 'كبير', 0.1)",
      );
      // And the catalogue (version 7): a dish at 3.125 with an offer at 2.9 and a choice at 0.25.
      sql.exec("INSERT INTO branches (id, restaurant_id, name_en, name_ar) VALUES (1, 9, 'B', 'ب')");
      sql.exec("INSERT INTO menus (id, branch_id, name_en, name_ar) VALUES (1, 1, 'M', 'م')");
      sql.exec("INSERT INTO categories (id, menu_id, name_en, name_ar) VALUES (1, 1, 'C', 'ف')");
      sql.exec("INSERT INTO products (id, category_id, name_en, name_ar, price, price_offer) VALUES (1, 1, 'Kebab', 'كباب', 3.125, 2.9)");
      sql.exec("INSERT INTO options (id, product_id, name_en, name_ar) VALUES (1, 1, 'Size', 'الحجم')");
      sql.exec("INSERT INTO sub_options (id, option_id, name_en, name_ar, price) VALUES (1, 1, 'Large', 'كبير', 0.25)");
      expect(migrate(state.storage, SCHEMA_VERSION, "KWD")).toBe(5);
      expect(sql.exec("SELECT total_minor, currency, vat_minor, tip_minor FROM orders").toArray()).toEqual([
        { total_minor: 9375, currency: "KWD", vat_minor: 0, tip_minor: 0 },
      ]);
      expect(sql.exec("SELECT unit_minor FROM order_items").toArray()).toEqual([{ unit_minor: 3125 }]);
      expect(sql.exec("SELECT price_minor FROM order_item_options").toArray()).toEqual([{ price_minor: 100 }]);
      expect(sql.exec("SELECT price_minor, offer_minor FROM products").toArray()).toEqual([{ price_minor: 3125, offer_minor: 2900 }]);
      expect(sql.exec("SELECT price_minor FROM sub_options").toArray()).toEqual([{ price_minor: 250 }]);
      // The REAL columns are gone: nothing can read a major-unit amount by mistake.
      for (const table of ["orders", "order_items", "order_item_options", "products", "sub_options"]) {
        expect(sql.exec("SELECT name FROM pragma_table_info(?) WHERE name IN ('price', 'price_offer')", table).toArray(), table).toEqual([]);
      }
      // A dish still needs a price; an offer and a choice's extra default to none.
      expect(() => sql.exec("INSERT INTO products (category_id, name_en, name_ar) VALUES (1, 'No price', 'بلا سعر')")).toThrow(/a dish has a price/);
      sql.exec("INSERT INTO products (category_id, name_en, name_ar, price_minor) VALUES (1, 'Tea', 'شاي', 500)");
      expect(sql.exec("SELECT offer_minor FROM products WHERE name_en = 'Tea'").one()).toEqual({ offer_minor: 0 });
    });
  });

  it("adds a branch's number of tables (version 16): none set on the branches it finds, 1 to 9999 or null after", async () => {
    // Found by its statement, not its place: versions 14 and 15 came from other branches of the work.
    const version = SCHEMA.findIndex((step) => typeof step !== "function" && step.some((s) => s.includes("ADD COLUMN tables"))) + 1;
    expect(version).toBeGreaterThan(13);
    const stub = env.RESTAURANT.get(env.RESTAURANT.idFromName("schema-test-tables"));
    await runInDurableObject(stub, (_instance, state) => {
      migrate(state.storage, version - 1);
      const sql = state.storage.sql;
      sql.exec("INSERT INTO branches (id, restaurant_id, name_en, name_ar) VALUES (1, 9, 'B', 'ب')");
      expect(migrate(state.storage)).toBe(version - 1);
      expect(sql.exec("SELECT tables FROM branches").toArray()).toEqual([{ tables: null }]);
      for (const bad of [0, 10_000, -1]) expect(() => sql.exec("UPDATE branches SET tables = ? WHERE id = 1", bad), String(bad)).toThrow(/CHECK/);
      sql.exec("UPDATE branches SET tables = 9999 WHERE id = 1");
      expect(sql.exec("SELECT tables FROM branches").one()).toEqual({ tables: 9999 });
    });
  });

  it("two restaurants' codes and tokens land in two objects and never meet", async () => {
    // Two diners (one phone may ask for one code a minute, whichever the restaurant).
    const [atSaffron, atGrill] = [newPhone(), newPhone()];
    const saffron = await tokenAt("saffron", 1, atSaffron);
    const grill = await tokenAt("grill-house", 3, atGrill);
    expect([scopedRestaurant(saffron), scopedRestaurant(grill)]).toEqual([SAFFRON_ID, GRILL_ID]);
    // Each diner's code and token are in their restaurant's object, and not in the other's.
    for (const [id, own, other] of [
      [SAFFRON_ID, atSaffron, atGrill],
      [GRILL_ID, atGrill, atSaffron],
    ] as const) {
      expect(await restaurantRows(id, "SELECT phone, used FROM otp_codes WHERE phone IN (?, ?)", e164(own), e164(other))).toEqual([
        { phone: e164(own), used: 1 },
      ]);
      expect(await restaurantRows(id, "SELECT phone FROM order_tokens WHERE phone IN (?, ?)", e164(own), e164(other))).toEqual([{ phone: e164(own) }]);
    }
    const ids = (await listDurableObjectIds(env.RESTAURANT)).map((id) => id.toString());
    expect(ids).toEqual(expect.arrayContaining([SAFFRON_ID, GRILL_ID].map((id) => env.RESTAURANT.idFromName(`restaurant:${id}`).toString())));
    // Each token reads its own restaurant's orders and nobody else's.
    const read = (domain: string, token: string) => call("/getOrder", { domain, phoneCustomer: atSaffron, all: 1 }, { authorization: `Bearer ${token}` });
    expect((await json(await read("grill-house", saffron))).data).toEqual([]);
    expect((await read("saffron", saffron)).status).toBe(200);
    // A token whose restaurant part is changed to the other's is nobody there.
    const swapped = grill.replace(/^r\d+-/, `r${SAFFRON_ID}-`);
    expect((await read("saffron", swapped)).status).toBe(401);
  });

  it("a code tried at the other restaurant is no code there", async () => {
    const phone = newPhone();
    expect((await call("/sendOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone })).status).toBe(200);
    const code = /(\d{6})/.exec((await json(await call(`/dev/outbox?phone=${phone}`))).data[0].body)![1]!;
    expect((await call("/verifyOtp", { domain: "grill-house", branch_id: 3, name: "Sara", phone, otp_code: code })).status).toBe(422);
    expect((await call("/verifyOtp", { domain: "saffron", branch_id: 1, name: "Sara", phone, otp_code: code })).status).toBe(200);
  });

  it("a made-up token is nobody's, and asking creates no storage for a restaurant that has none", async () => {
    const madeUp = `r987654-${"A".repeat(43)}`;
    expect(scopedRestaurant(madeUp)).toBe(987654);
    for (const bad of [madeUp, "A".repeat(43), "r0-" + "A".repeat(43), "r01-" + "A".repeat(43)]) {
      expect((await call("/order/show/1", undefined, { authorization: `Bearer ${bad}` })).status, bad).toBe(401);
    }
    await runInDurableObject(restaurantObject(env, { id: 987654 }), (_instance, state) => {
      expect(schemaVersion(state.storage.sql)).toBe(0);
      expect(state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").toArray()).toEqual([]);
    });
  });

  it("clears expired codes and tokens on its own alarm, and keeps live ones", async () => {
    const phone = newPhone();
    await tokenAt("saffron", 1, phone);
    const stub = restaurantObject(env, { id: SAFFRON_ID });
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())).not.toBeNull();
    await restaurantRows(SAFFRON_ID, "UPDATE order_tokens SET expires_at = 1 WHERE phone = ?", e164(phone));
    await restaurantRows(SAFFRON_ID, "UPDATE otp_codes SET expires_at = 1 WHERE phone = ?", e164(phone));
    const live = await restaurantRows<{ n: number }>(SAFFRON_ID, "SELECT count(*) AS n FROM order_tokens WHERE expires_at > ?", Date.now());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await restaurantRows(SAFFRON_ID, "SELECT phone FROM order_tokens WHERE phone = ?", e164(phone))).toEqual([]);
    expect(await restaurantRows(SAFFRON_ID, "SELECT phone FROM otp_codes WHERE phone = ?", e164(phone))).toEqual([]);
    expect(await restaurantRows(SAFFRON_ID, "SELECT count(*) AS n FROM order_tokens WHERE expires_at > ?", Date.now())).toEqual(live);
  });

  it("is created near the restaurant's country: the Gulf in the Middle East", () => {
    expect(["AE", "SA", "QA", "KW", "BH", "OM"].map(locationHint)).toEqual(Array(6).fill("me"));
    expect([locationHint("gb"), locationHint("US"), locationHint(null), locationHint("ZZ")]).toEqual(["weur", "enam", undefined, undefined]);
  });
});
