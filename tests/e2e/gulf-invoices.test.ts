// A Gulf day in a real browser, on `npm start`'s configuration (docs/decisions/0053, 0058 and 0060): a grill in Riyadh (SAR,
// 15 % VAT) and a diwan in Kuwait City (KWD, three decimals, no VAT) sign up from the landing page and get
// their country's clock; they set seller details and tips on /console/tax; each takes a card order with a
// tip. Riyadh: the tax invoice shows the taxable total and its VAT, then the tip and the amount paid; its
// QR (read off the screen) carries ZATCA's values without the tip, issued on Riyadh's clock; an order by
// SMS code is marked paid at the counter (the next invoice number), the card order cancelled gets the
// first number of the credit notes' own series; the month's CSV (times with +03:00) and insights' revenue
// equal the documents. Kuwait: a dish with a priced choice, a tip typed by the diner, a local 8-digit
// number; cart, payment page, receipt (no VAT lines) and board agree to the fils; insights equal the receipt.
// Screenshots: invoice phone EN light and AR dark, carts with tips, /console/tax, the boards (tablet).
import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, ownAddress, seriousA11yViolations, sharedBrowser, watchConsole, shoot } from "./browser";
import { openShop, dinerWithCart, type Shop } from "./gulf-flow";
import { api, purge } from "./http";
import { latestCode } from "./ordering-flow";

const base = inject("baseUrl");
const PURGE_SECRET = inject("purgeSecret");
const browser = sharedBrowser();
const TABLET = { width: 1024, height: 768 };
const stamp = () => String(Date.now()).slice(-7);

/** ZATCA's TLV (one byte tag, one byte length, UTF-8 value) read back from base64. */
function readTlv(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, "base64");
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]!) out[bytes[i]!] = bytes.subarray(i + 2, i + 2 + bytes[i + 1]!).toString("utf8");
  return out;
}

/** The invoice's time as ZATCA's QR carries it (tag 3). */
const tlvTime = (png: Buffer) => readTlv(decodeQr(png)!)[3]!;

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/** The owner's seller details and tips on /console/tax, saved. */
async function setTax(page: Page, fields: Record<string, string>) {
  await page.goto(`${base}/console/tax?lng=en`);
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`seller-${name}`).fill(value);
  await page.getByTestId("save-seller").click();
  await expect.poll(() => page.getByTestId("tax-outcome").textContent()).toContain("Saved");
}

/** Pays on the demo page and opens the order's sheet on the orders screen; returns the order's id. */
async function payAndOpen(page: Page, shop: Shop): Promise<number> {
  await page.waitForURL(/\/api\/pay\//);
  // The demo page speaks the diner's language ("ادفع" in Arabic): its Pay button by its value.
  await page.locator('button[value="pay"]').click();
  await page.waitForURL(new RegExp(`/${shop.domain}/${shop.branch}/orders\\?justOrdered=true$`));
  const card = page.getByTestId("order-card").first();
  await card.waitFor();
  const id = Number(await card.getAttribute("data-order-id"));
  await card.click();
  await page.getByTestId("order-sheet").waitFor();
  return id;
}

describe("selling in the Gulf", () => {
  it("a Saudi and a Kuwaiti restaurant take card orders with tips, issue invoices, credit notes and the month's CSV", { timeout: 300_000 }, async () => {
    const n = stamp();
    // ——— Riyadh: SAR, 15 % VAT (the country's), tips 10 and 15 %.
    const riyadh = await openShop(browser, "SA", { typed: `050${n}`, e164: `+96650${n}` }, ["Riyadh Tea", "شاي الرياض"], 1150);
    await setTax(riyadh.owner, { legal_name_en: "Riyadh Tea Co.", legal_name_ar: "شركة شاي الرياض", trn: "310122393500003", tips: "10, 15" });
    await shoot(riyadh.owner, "tax-console-phone-en-light", { fullPage: true });
    expect(await seriousA11yViolations(riyadh.owner)).toEqual([]);

    const saudi = await dinerWithCart(browser, riyadh, "en", "light");
    const cart = saudi.page;
    expect(await cart.getByTestId("cart-total").textContent()).toBe("23.00 SAR");
    expect(await cart.getByTestId("cart-vat").textContent()).toBe("Includes VAT 15 %3.00 SAR");
    await cart.getByText("10%", { exact: true }).click();
    expect(await cart.getByTestId("cart-total-card").textContent()).toBe("Total by card25.30 SAR");
    await cart.getByLabel("Name", { exact: true }).fill("Noura");
    await cart.getByLabel("Phone", { exact: true }).fill(`055${n}`);
    await shoot(cart, "tip-cart-phone-en-light", { fullPage: true });
    expect(await seriousA11yViolations(cart)).toEqual([]);
    await cart.getByRole("button", { name: "Pay online by card" }).click();
    const cardOrder = await payAndOpen(cart, riyadh);
    expect(await cart.getByTestId("order-money").textContent()).toContain("Tip2.30 SAR");
    await cart.getByTestId("order-invoice").click();
    await cart.waitForURL(new RegExp(`/orders/${cardOrder}/invoice$`));
    const invoice = cart.getByTestId("invoice");
    await invoice.waitFor();
    const first = Number(await cart.getByTestId("invoice-number").textContent());
    // The taxable total and its VAT, then the tip outside VAT, then the amount paid.
    expect(await cart.getByTestId("invoice-total").textContent()).toBe("23.00 SAR");
    expect(await cart.getByTestId("invoice-vatAt").textContent()).toBe("3.00 SAR");
    expect(await cart.getByTestId("invoice-tip").textContent()).toBe("2.30 SAR");
    expect(await cart.getByTestId("invoice-paid").textContent()).toBe("25.30 SAR");
    // Both languages on every line, whatever the page's.
    expect(await cart.getByTestId("invoice-line").first().textContent()).toBe("Karakكرك211.50 SAR23.00 SAR");
    expect(await invoice.textContent()).toContain("310122393500003");
    // Issued on the branch's clock (Riyadh, UTC+3), whatever the server's or the phone's.
    const riyadhNow = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "Asia/Riyadh" }).format(
      Date.parse(tlvTime(await cart.getByTestId("invoice-qr").screenshot())),
    );
    expect(await cart.getByTestId("invoice-field-issued").textContent()).toContain(riyadhNow);
    expect(await invoice.textContent()).toContain("Simplified tax invoice");
    expect(await invoice.textContent()).toContain("فاتورة ضريبية مبسطة");
    const tlv = readTlv(decodeQr(await cart.getByTestId("invoice-qr").screenshot())!);
    expect(tlv[1]).toBe("شركة شاي الرياض");
    expect(tlv[2]).toBe("310122393500003");
    expect(Math.abs(Date.parse(tlv[3]!) - Date.now())).toBeLessThan(10 * 60_000);
    expect([tlv[4], tlv[5]]).toEqual(["23.00", "3.00"]);
    await shoot(cart, "invoice-phone-en-light", { fullPage: true });
    expect(await seriousA11yViolations(cart)).toEqual([]);
    // On paper (or a saved PDF) only the document: the page's bars and buttons are left out.
    await cart.emulateMedia({ media: "print" });
    expect(await invoice.isVisible()).toBe(true);
    expect(await cart.getByTestId("print-invoice").isVisible()).toBe(false);
    expect(await cart.getByRole("link", { name: "Orders" }).first().isVisible()).toBe(false);
    await shoot(cart, "invoice-print-en", { fullPage: true });
    await cart.emulateMedia({ media: "screen" });

    // ——— The board, on a tablet: an order by SMS code, paid at the counter, takes the next number.
    const phone = `056${n}`;
    const diner = { domain: riyadh.domain, branch_id: riyadh.branch, name: "Fahad", phone };
    await api(base, "sendOtp", diner);
    const { token } = await api<{ token: string }>(base, "verifyOtp", { ...diner, otp_code: await latestCode(base, phone) });
    const stored = await api<{ order_id: number }>(
      base,
      "storeOrder",
      { domain: riyadh.domain, branch_id: riyadh.branch, items: [{ product_id: saudi.dish, amount: 1 }], note: "", table_id: 2 },
      { authorization: `Bearer ${token}` },
    );
    await riyadh.owner.setViewportSize(TABLET);
    await riyadh.owner.goto(`${base}/console/orders?branch=${riyadh.branch}&lng=en`);
    const counterCard = riyadh.owner.locator(`[data-testid=board-order][data-order-id="${stored.order_id}"]`);
    await counterCard.getByTestId("paid-at-counter").click();
    await expect
      .poll(() =>
        counterCard
          .getByTestId("order-invoice")
          .textContent({ timeout: 5000 })
          .catch(() => null),
      )
      .toBe(`Invoice ${first + 1}`);
    expect(await counterCard.getByTestId("order-payment").textContent()).toBe("Paid at the counter");
    await shoot(riyadh.owner, "board-paid-at-counter-tablet-en-light");

    // The card order cancelled on the board: its credit note, which the diner opens.
    const paidCard = riyadh.owner.locator(`[data-testid=board-order][data-order-id="${cardOrder}"]`);
    await paidCard.getByRole("button", { name: "Cancel" }).click();
    await riyadh.owner.getByRole("button", { name: "Cancel the order" }).click();
    await paidCard.waitFor({ state: "detached" });
    await cart.goto(`${base}/${riyadh.domain}/${riyadh.branch}/orders?lng=en`);
    await cart.getByTestId("order-card").first().click();
    await cart.getByTestId("order-credit-note").click();
    await cart.locator("[data-testid=invoice][data-kind=credit]").waitFor();
    // The credit notes' own series: the restaurant's first.
    expect(await cart.getByTestId("invoice-number").textContent()).toBe("1");
    expect(await cart.getByTestId("invoice-field-credits").textContent()).toBe(String(first));
    expect(await cart.getByTestId("invoice-total").textContent()).toBe("-23.00 SAR");
    expect(await cart.getByTestId("invoice-refunded").textContent()).toBe("-25.30 SAR");

    // The month on /console/tax, and its CSV: 34.50 of sales (11.50 + 23.00 − 23.00 → only the counter's 11.50 remain).
    await riyadh.owner.goto(`${base}/console/tax?lng=en`);
    expect(await riyadh.owner.getByTestId("invoice-row").count()).toBe(3);
    expect(await riyadh.owner.getByTestId("total-sales").textContent()).toBe("11.50 SAR");
    expect(await riyadh.owner.getByTestId("total-vat").textContent()).toBe("1.50 SAR");
    const download = riyadh.owner.waitForEvent("download");
    await riyadh.owner.getByTestId("invoice-csv").click();
    const csv = readFileSync((await (await download).path())!, "utf8")
      .trim()
      .split("\r\n");
    // Net, VAT, the taxable total, the tips, the amount paid.
    expect(csv.at(-1)).toBe("rate,SAR,15,10.00,1.50,11.50,0.00,11.50");
    const documents = csv.slice(1, csv.indexOf("")).map((l) => l.split(","));
    expect(documents.map((d) => [d[0], d[1], d[9], d[11], d[12]])).toEqual([
      [String(first), "invoice", "23.00", "2.30", "25.30"],
      [String(first + 1), "invoice", "11.50", "0.00", "11.50"],
      ["1", "credit", "-23.00", "-2.30", "-25.30"],
    ]);
    // Times on Riyadh's clock with its offset.
    expect(documents.every((d) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/.test(d[3]!))).toBe(true);
    await shoot(riyadh.owner, "tax-invoices-tablet-en-light", { fullPage: true });
    expect(saudi.problems).toEqual([]);

    // Insights' revenue is the month's documents: the counter's 11.50 (the card order was cancelled and credited).
    await riyadh.owner.goto(`${base}/console/insights?days=7&lng=en`);
    expect(await riyadh.owner.getByTestId("insights-total-revenue").textContent()).toBe("11.50 SAR");

    // ——— Kuwait City: KWD with three decimals, no VAT, a choice with a price, a tip typed by the diner, a
    // number typed as Kuwaitis write it, in Arabic and dark.
    const kuwait = await openShop(browser, "KW", { typed: `66${n.slice(1)}`, e164: `+96566${n.slice(1)}` }, ["Kuwait Karak", "كرك الكويت"], 1250, 250);
    await setTax(kuwait.owner, { legal_name_ar: "شركة كرك الكويت", tips: "5, 10" });
    const kuwaiti = await dinerWithCart(browser, kuwait, "ar", "dark", "حليب الشوفان");
    const arCart = kuwaiti.page;
    // (1.250 + 0.250 oat milk) × 2, to the fils.
    expect(await arCart.getByTestId("cart-total").textContent()).toBe("3.000 د.ك");
    expect(await arCart.getByTestId("cart-vat").count()).toBe(0);
    await arCart.getByText("مبلغ آخر").click();
    // 0.245 typed: card amounts in KWD go in steps of 10 fils (Stripe's rule), so 0.250 is what is charged,
    // and the cart says so beside the field before sending (docs/decisions/0060).
    await arCart.getByTestId("tip-amount").fill("0.245");
    expect(await arCart.getByTestId("tip-step").textContent()).toContain("تُحتسب 0.250 د.ك");
    expect(await arCart.getByTestId("cart-total-card").textContent()).toBe("الإجمالي بالبطاقة3.250 د.ك");
    await arCart.getByLabel("الاسم", { exact: true }).fill("سارة");
    // A Kuwaiti mobile as written locally: eight digits, no country code, a space.
    const local = `50${n.slice(1, 3)} ${n.slice(3)}`;
    await arCart.getByLabel("رقم الهاتف", { exact: true }).fill(local);
    await shoot(arCart, "tip-cart-phone-ar-dark", { fullPage: true });
    await arCart.getByRole("button", { name: "الدفع بالبطاقة عبر الإنترنت" }).click();
    // The charge: what the payment page asks for is the cart's total by card.
    await arCart.waitForURL(/\/api\/pay\//);
    expect(await arCart.getByTestId("demo-order").locator("strong").textContent()).toBe("3.250 د.ك");
    const kwOrder = await payAndOpen(arCart, kuwait);
    await arCart.getByTestId("order-invoice").click();
    await arCart.waitForURL(new RegExp(`/orders/${kwOrder}/invoice$`));
    await arCart.getByTestId("invoice").waitFor();
    // No VAT in Kuwait: a receipt, with no VAT lines.
    expect(await arCart.getByTestId("invoice").locator("h1").textContent()).toBe("إيصالReceipt");
    expect(await arCart.getByTestId("invoice-sum").textContent()).toBe("3.000 د.ك");
    expect(await arCart.getByTestId("invoice-plainTip").textContent()).toBe("0.250 د.ك");
    expect(await arCart.getByTestId("invoice-paid").textContent()).toBe("3.250 د.ك");
    expect(await arCart.getByTestId("invoice-vatAt").count()).toBe(0);
    // Both names with the choice, the quantity, the unit price with its choice and the line, to the fils.
    expect(await arCart.getByTestId("invoice-line").first().textContent()).toBe("كرك (حليب الشوفان)Karak (Oat milk)21.500 د.ك3.000 د.ك");
    expect(await arCart.getByTestId("invoice-seller").textContent()).toBe("شركة كرك الكويت");
    expect(await arCart.getByTestId("invoice-qr").count()).toBe(0);
    expect(await arCart.getAttribute("html", "dir")).toBe("rtl");
    await shoot(arCart, "invoice-phone-ar-dark", { fullPage: true });
    expect(await seriousA11yViolations(arCart)).toEqual([]);

    // The board (a tablet, Arabic, dark): the order's choice and its total to the fils, the tip apart.
    await kuwait.owner.setViewportSize(TABLET);
    await kuwait.owner.emulateMedia({ colorScheme: "dark" });
    await kuwait.owner.goto(`${base}/console/orders?branch=${kuwait.branch}&lng=ar`);
    const kwCard = kuwait.owner.locator(`[data-testid=board-order][data-order-id="${kwOrder}"]`);
    expect(await kwCard.getByTestId("order-choices").textContent()).toBe("الحليب: حليب الشوفان");
    expect(await kwCard.getByTestId("order-total").textContent()).toBe("المجموع: 3.250 د.ك · إكرامية 0.250 د.ك");
    // No VAT in Kuwait: the board names the sale's document a receipt too.
    expect(await kwCard.getByTestId("order-invoice").textContent()).toBe("إيصال 1");
    await kuwait.owner.locator("[data-testid=board-live][data-live=true]").waitFor({ timeout: 10_000 });
    await shoot(kuwait.owner, "board-kwd-tablet-ar-dark");
    await kuwait.owner.goto(`${base}/console/insights?days=7&lng=ar`);
    expect(await kuwait.owner.getByTestId("insights-total-revenue").textContent()).toBe("3.000 د.ك");
    await shoot(kuwait.owner, "insights-kwd-phone-ar-dark", { fullPage: true });
    expect(kuwaiti.problems).toEqual([]);
  });
});
