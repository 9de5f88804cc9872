// A restaurant in a Gulf country signed up in a real browser with one dish, and a diner with it in the
// cart: the steps tests/e2e/gulf-invoices.test.ts and gulf-cards.test.ts share.
import type { Browser, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { PHONE, ownAddress, watchConsole } from "./browser";
import { fillSignUp, finishSignUp } from "./console-flow";
import { catalogueSql } from "./console-seed";
import { api, purge } from "./http";

const base = inject("baseUrl");
const PURGE_SECRET = inject("purgeSecret");

export interface Shop {
  domain: string;
  id: number;
  branch: number;
  owner: Page;
}

/**
 * Signs a restaurant up in `country` (DEMO trial) and checks its branch runs on the country's clock; adds
 * one dish at `price` (minor units: halalas, fils), with an optional choice at `extra` when given; takes
 * cards too. The owner stays signed in.
 */
export async function openShop(
  browser: () => Browser,
  country: "SA" | "KW",
  owner: { typed: string; e164: string },
  names: [string, string],
  price: number,
  extra?: number,
): Promise<Shop> {
  const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: "light" });
  const page = await context.newPage();
  const domain = `gulf-${country.toLowerCase()}-${Date.now().toString(36)}`;
  await fillSignUp(page, base, { lang: "en", domain, name: names[0], nameAr: names[1], owner, country });
  await finishSignUp(page, "en");
  const { restaurant, branch } = await api<{ restaurant: { id: number; currency: string }; branch: { id: number; time_zone: string }[] }>(base, "getBranch", {
    domain,
  });
  expect(restaurant.currency).toBe(country === "SA" ? "SAR" : "KWD");
  // The country's own clock from sign-up, not Dubai's (docs/decisions/0058).
  expect(branch[0]!.time_zone).toBe(country === "SA" ? "Asia/Riyadh" : "Asia/Kuwait");
  const branchId = branch[0]!.id;
  const option =
    extra === undefined
      ? ""
      : `INSERT INTO options (product_id, name_en, name_ar) SELECT id, 'Milk', 'الحليب' FROM products WHERE name_en = 'Karak';
     INSERT INTO sub_options (option_id, name_en, name_ar, price_minor) SELECT id, 'Oat milk', 'حليب الشوفان', ${extra} FROM options WHERE name_en = 'Milk';`;
  catalogueSql(
    restaurant.id,
    `UPDATE branches SET payment_mode = 'both', address_en = 'King Fahd Rd', address_ar = 'طريق الملك فهد' WHERE id = ${branchId};
     INSERT INTO categories (menu_id, name_en, name_ar) SELECT id, 'Drinks', 'مشروبات' FROM menus WHERE branch_id = ${branchId};
     INSERT INTO products (category_id, name_en, name_ar, price_minor) SELECT id, 'Karak', 'كرك', ${price} FROM categories WHERE name_en = 'Drinks';${option}`,
  );
  await purge(base, PURGE_SECRET, domain);
  return { domain, id: restaurant.id, branch: branchId, owner: page };
}

/** A diner on a phone: Karak × `quantity` (2 unless said) in the cart (with `choice` picked when given), from the branch's menu. */
export async function dinerWithCart(browser: () => Browser, shop: Shop, lang: "en" | "ar", scheme: "light" | "dark", choice?: string, quantity = 2) {
  const context = await browser().newContext({ ...ownAddress(), viewport: PHONE, colorScheme: scheme });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${base}/${shop.domain}/${shop.branch}/search?q=Karak&lng=${lang}`);
  await page.waitForLoadState("networkidle");
  await page.locator("[data-testid=product-card] button:not([disabled])").first().click();
  const sheet = page.locator("dialog[open]");
  if (choice) await sheet.getByLabel(choice).check();
  for (let more = 1; more < quantity; more++) await sheet.getByRole("button", { name: lang === "en" ? "Increase quantity" : "زيادة الكمية" }).click();
  await sheet.getByRole("button", { name: lang === "en" ? "Add to cart" : "أضف إلى السلة" }).click();
  await page.getByTestId("toast-success").click();
  await page.waitForURL(new RegExp(`/${shop.domain}/${shop.branch}/cart$`));
  await page.getByTestId("cart-line").first().waitFor();
  // The dish's id, as the cart on the device keeps it (an order by SMS code below uses it).
  const dish = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key)!) as { id: number }[])[0]!.id, `cart${shop.branch}`);
  return { page, problems, dish };
}
