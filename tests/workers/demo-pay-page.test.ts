// The embedded demo payment page (docs/decisions/0062): in the diner's language (Arabic right to left), still marked
// DEMO; asked again once decided (the browser's back after paying, a second tap) it leads to the order,
// or back to the cart, never to a bare English dead end; an unknown link says so in the page's language.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueRow } from "./catalogue";
import { ordersOf, SAFFRON_ID } from "./restaurant-rows";
import { apiApp } from "../../worker/contract/catalogue";

const SUCCESS = "http://localhost/saffron/1/orders?paid={CHECKOUT_SESSION_ID}";
const CANCEL = "http://localhost/saffron/1/cart?cancelled=true";
let seq = 0;
let product: number;
beforeAll(async () => {
  product = (await catalogueRow<{ id: number }>(
    SAFFRON_ID,
    "SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 1 AND p.hidden = 0 AND p.unavailable = 0 LIMIT 1",
  ))!.id;
});

/** A payment started as the site starts one; the pay page's path and query, and its session. */
async function started(lang: "en" | "ar") {
  seq += 1;
  const res = await apiApp.request(
    "/orderPayment",
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `203.0.115.${seq}` },
      body: JSON.stringify({
        domain: "saffron",
        branch_id: 1,
        items: [{ product_id: product, amount: 1 }],
        nameCustomer: "Omar",
        // A real UAE mobile (05X then seven digits): the numbering plan refuses a number too long for it.
        phoneCustomer: `055${String(Date.now() % 10_000).padStart(4, "0")}${String(seq).padStart(3, "0")}`,
        success_url: SUCCESS,
        cancel_url: CANCEL,
        lang,
      }),
    },
    env,
  );
  expect(res.status).toBe(200);
  const url = new URL(((await res.json()) as { data: { url: string } }).data.url);
  const session = url.pathname.split("/").pop()!;
  return { page: `/pay/${session}${url.search}`, session };
}
const get = (path: string, headers: Record<string, string> = {}) => apiApp.request(path, { headers }, env);
const decide = (path: string, decision: "pay" | "cancel") => apiApp.request(path, { method: "POST", body: new URLSearchParams({ decision }) }, env);

describe("the demo payment page", () => {
  it("speaks the diner's language: Arabic right to left, English otherwise, and says DEMO in both", async () => {
    const ar = await started("ar");
    expect(ar.page).toMatch(/\?lang=ar$/);
    const arHtml = await (await get(ar.page)).text();
    expect(arHtml).toContain('<html lang="ar" dir="rtl">');
    for (const text of ["DEMO", "دفع تجريبي", "ادفع", "إلغاء", "د.إ", "الطلب رقم"]) expect(arHtml, text).toContain(text);
    expect(arHtml).not.toContain(">Pay<");
    const en = await started("en");
    const res = await get(en.page);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const enHtml = await res.text();
    expect(enHtml).toContain('<html lang="en" dir="ltr">');
    for (const text of ["DEMO", "Demo payment", ">Pay<", ">Cancel<", "AED", "Order #"]) expect(enHtml, text).toContain(text);
  });

  it("once paid, asked again (back, or a second tap) it leads to the order, which stays paid", async () => {
    const { page, session } = await started("ar");
    const order = `http://localhost/saffron/1/orders?paid=${session}`;
    const pay = await decide(page, "pay");
    expect([pay.status, pay.headers.get("location")]).toEqual([303, order]);
    for (const again of [await get(page), await decide(page, "pay"), await decide(page, "cancel")]) {
      expect([again.status, again.headers.get("location")]).toEqual([303, order]);
    }
    const row = await ordersOf(SAFFRON_ID)
      .prepare("SELECT o.paid, o.status FROM orders o JOIN payment_sessions s ON s.order_id = o.id WHERE s.id = ?")
      .bind(session)
      .first();
    expect(row).toEqual({ paid: 1, status: 0 });
  });

  it("once cancelled or ended unpaid, it leads back to the cart", async () => {
    const cancelled = await started("en");
    expect((await decide(cancelled.page, "cancel")).headers.get("location")).toBe(CANCEL);
    const back = await get(cancelled.page);
    expect([back.status, back.headers.get("location")]).toEqual([303, CANCEL]);
    const ended = await started("en");
    await ordersOf(SAFFRON_ID)
      .prepare("UPDATE payment_sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, ended.session)
      .run();
    for (const res of [await get(ended.page), await decide(ended.page, "pay")]) expect([res.status, res.headers.get("location")]).toEqual([303, CANCEL]);
    // Paying an ended session changes nothing.
    expect(await ordersOf(SAFFRON_ID).prepare("SELECT status FROM payment_sessions WHERE id = ?").bind(ended.session).first()).toEqual({ status: "open" });
  });

  it("an unknown link is a 404 page in the asked language, or the browser's", async () => {
    const ar = await get("/pay/unknownSession0123456789?lang=ar");
    expect(ar.status).toBe(404);
    const arHtml = await ar.text();
    expect(arHtml).toContain('dir="rtl"');
    expect(arHtml).toContain("رابط الدفع هذا لم يعد صالحًا.");
    const browser = await (await get("/pay/unknownSession0123456789", { "accept-language": "ar-KW,ar;q=0.9" })).text();
    expect(browser).toContain("رابط الدفع هذا لم يعد صالحًا.");
    const en = await get("/pay/x");
    expect([en.status, await en.text()]).toEqual([404, expect.stringContaining("This payment link is no longer valid.")]);
  });
});
