// The console's menu-building steps the browser tests share (tests/e2e/first-restaurant.test.ts,
// whole-day.test.ts): a menu, a category with a dish, a picture from the phone's files, a required
// option group, and table 3's code decoded from the rendered QR.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Locator, Page } from "playwright-core";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";

/** A real 48×32 PNG photo stand-in: an orange field with a dark band. */
function photo(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let y = 0; y < 32; y++) for (let x = 0; x < 48; x++) png.data.set(y > 12 && y < 20 ? [40, 30, 20, 255] : [230, 120, 20, 255], (y * 48 + x) * 4);
  return PNG.sync.write(png);
}

const decodeQr = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
};

export async function addMenu(page: Page, branch: string, en: string, ar: string) {
  const details = page.getByTestId("add-menu");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = page.getByTestId(`form-new-menu-${branch}`);
  await form.getByLabel("Name (English)").fill(en);
  await form.getByLabel("Name (Arabic)").fill(ar);
  await form.getByRole("button", { name: "Add a menu" }).click();
  await page.getByRole("heading", { name: `Menu: ${en}` }).waitFor();
  return page.getByRole("region", { name: en });
}

export async function addCategoryAndDish(page: Page, menu: Locator, category: [string, string], dish: [string, string, string]) {
  const adding = menu.getByTestId("add-category");
  if (!(await adding.evaluate((d) => (d as HTMLDetailsElement).open))) await adding.locator("summary").click();
  const categoryForm = menu.getByTestId("add-category").locator("form");
  await categoryForm.getByLabel("Name (English)").fill(category[0]);
  await categoryForm.getByLabel("Name (Arabic)").fill(category[1]);
  await categoryForm.getByRole("button", { name: "Add a category" }).click();
  await page.getByRole("heading", { name: category[0] }).waitFor();
  const details = menu.getByTestId("add-dish");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = details.locator("form");
  await form.getByLabel("Name (English)").fill(dish[0]);
  await form.getByLabel("Name (Arabic)").fill(dish[1]);
  await form.getByLabel("Price", { exact: true }).fill(dish[2]);
  await form.getByRole("button", { name: "Add a dish" }).click();
  const row = menu.getByTestId("console-dish").filter({ hasText: dish[0] });
  await row.waitFor();
  return row;
}

/** Uploads photo() as the dish row's picture; returns the dish's target ("dish:{id}") and the picture's URL. */
export async function uploadPicture(page: Page, dishRow: Locator, fileName: string) {
  const control = dishRow.getByTestId("picture-control");
  await control.getByRole("button", { name: "Upload" }).waitFor({ state: "detached" });
  const target = (await control.getAttribute("data-target"))!;
  await control.getByTestId("picture-file").setInputFiles({ name: fileName, mimeType: "image/png", buffer: photo() });
  await page.waitForURL((url) => url.searchParams.get("picture") === target && !url.searchParams.has("pictureError"));
  const picture = (await page.locator(`[data-testid="picture-control"][data-target="${target}"] [data-testid="picture-thumbnail"]`).getAttribute("src"))!;
  return { target, picture };
}

/** On the dish's options screen: a required "Bread" group of Sourdough and Pita, and `allergen` ticked if given; saved. */
export async function addRequiredBread(page: Page, target: string, allergen?: string) {
  await page.locator(`[data-testid=dish-options-link][href="/console/menu/dishes/${target.slice(5)}"]`).click();
  await page.waitForURL(/\/console\/menu\/dishes\/\d+$/);
  await page.getByTestId("add-group").click();
  const bread = page.getByTestId("dish-group").last();
  await bread.getByLabel("Name (English)").first().fill("Bread");
  await bread.getByLabel("Name (Arabic)").first().fill("الخبز");
  await bread.getByRole("checkbox", { name: "Required" }).check();
  await bread.getByRole("button", { name: "Add a choice" }).click();
  const choices = bread.getByTestId("dish-choice");
  for (const [i, [en, ar]] of [
    ["Sourdough", "عجين مخمّر"],
    ["Pita", "خبز عربي"],
  ].entries()) {
    await choices.nth(i).getByLabel("Name (English)").fill(en);
    await choices.nth(i).getByLabel("Name (Arabic)").fill(ar);
  }
  if (allergen) await page.getByRole("checkbox", { name: allergen, exact: true }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("Saved. Diners see it within seconds.").waitFor();
}

/** Table `table`'s code as printed for the branch, decoded from the rendered QR. */
export async function tableCodeUrl(page: Page, base: string, branch: string, table: number) {
  await page.goto(`${base}/console/branches/${branch}/codes?from=${table}&to=${table}&per=1`);
  return decodeQr(await page.getByTestId("table-code-svg").screenshot());
}

/**
 * A new restaurant, "Dune Café", signed up in English from the landing page, with a Breakfast menu
 * whose Eggs category holds Shakshuka (30): its web address, branch id, and the menu's and dish's places.
 */
export async function signUpWithBreakfast(page: Page, base: string, prefix: string) {
  const domain = `${prefix}-${Date.now().toString(36)}`;
  await fillSignUp(page, base, { lang: "en", domain, name: "Dune Café", nameAr: "مقهى الكثبان", owner: freshMobile() });
  await finishSignUp(page, "en");
  await page.goto(`${base}/console/menu`);
  await page.waitForLoadState("networkidle");
  const branch = await page.locator('[data-testid="add-menu"] input[name="branch"]').inputValue();
  const breakfast = await addMenu(page, branch, "Breakfast", "الفطور");
  const shakshuka = await addCategoryAndDish(page, breakfast, ["Eggs", "البيض"], ["Shakshuka", "شكشوكة", "30"]);
  return { domain, branch, breakfast, shakshuka };
}
