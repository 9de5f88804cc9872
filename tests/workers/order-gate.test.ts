// The embedded API decides once whether a branch takes an order now and what the cart costs
// (worker/contract/order-gate.ts): the code calls carrying the cart check it before a code is sent or
// spent, and name each line's problem in the cart's words, a changed price included.
import { describe, expect, it } from "vitest";
import { catalogueRow, catalogueRun, plainDish } from "./catalogue";
import { apiCaller, json } from "./helpers";
import { SAFFRON_ID } from "./restaurant-rows";

const call = apiCaller(0);
let seq = 0;
const newPhone = () => `050${String(Date.now() % 10_000).padStart(4, "0")}${String(++seq % 1000).padStart(3, "0")}`;
const outbox = async (phone: string) => (await json(await call(`/dev/outbox?phone=${phone}`))).data as { body: string }[];

async function cart() {
  const dish = await plainDish(SAFFRON_ID, 1);
  const { price } = (await catalogueRow<{ price: number }>(
    SAFFRON_ID,
    "SELECT CASE WHEN offer_minor > 0 THEN offer_minor ELSE price_minor END / 100.0 AS price FROM products WHERE id = ?",
    dish,
  ))!;
  const hidden = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 1",
  ))!.id;
  return { dish, price, hidden };
}

describe("the code calls carrying the cart", () => {
  it("name each line's problem (a changed price with the price now, a hidden dish gone) and send no code", async () => {
    const { dish, price, hidden } = await cart();
    const phone = newPhone();
    const body = { domain: "saffron", branch_id: 1, name: "Sara", phone };
    const both = await call("/sendOtp", {
      ...body,
      items: [
        { product_id: dish, amount: 1, unit_price: price + 1 },
        { product_id: hidden, amount: 1 },
      ],
    });
    expect(both.status).toBe(422);
    expect((await json(both)).problems).toEqual([
      { index: 0, reason: "price", price },
      { index: 1, reason: "gone" },
    ]);
    const priceOnly = await call("/sendOtp", { ...body, items: [{ product_id: dish, amount: 2, unit_price: price + 1 }] });
    expect(priceOnly.status).toBe(409);
    expect(await json(priceOnly)).toMatchObject({ errorCode: "cart_changed", problems: [{ index: 0, reason: "price", price }] });
    expect(await outbox(phone)).toEqual([]);
    // The cart as shown: a code is sent.
    expect((await call("/sendOtp", { ...body, items: [{ product_id: dish, amount: 2, unit_price: price }] })).status).toBe(200);
    expect(await outbox(phone)).toHaveLength(1);
  });

  it("spend no code on an order the branch cannot take now (paused), and the same code works once it can", async () => {
    const { dish, price } = await cart();
    const phone = newPhone();
    const body = { domain: "saffron", branch_id: 1, name: "Sara", phone };
    const items = [{ product_id: dish, amount: 1, unit_price: price }];
    expect((await call("/sendOtp", { ...body, items })).status).toBe(200);
    const code = /(\d{6})/.exec((await outbox(phone))[0]!.body)![1]!;
    const until = Date.now() + 3_600_000;
    await catalogueRun(SAFFRON_ID, "UPDATE branches SET paused_until = ? WHERE id = 1", until);
    try {
      const refused = await call("/verifyOtp", { ...body, otp_code: code, items });
      expect(refused.status).toBe(409);
      expect(await json(refused)).toMatchObject({ errorCode: "paused", data: { paused_until: until } });
    } finally {
      await catalogueRun(SAFFRON_ID, "UPDATE branches SET paused_until = NULL WHERE id = 1");
    }
    const verified = await call("/verifyOtp", { ...body, otp_code: code, items });
    expect(verified.status).toBe(200);
    expect((await json(verified)).data.token).toEqual(expect.any(String));
  });
});
