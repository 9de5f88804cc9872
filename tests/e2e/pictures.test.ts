// An owner changes a dish's picture from the phone's file input on /console/menu; the diner's product
// page shows the new picture (served from R2 under /storage/, loaded by the browser). Screenshots of
// the control: phone, English light and Arabic dark.
import { PNG } from "pngjs";
import { describe, expect, inject, it } from "vitest";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { catalogueSql, sqlRows as d1 } from "./console-seed";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** A real 48×32 PNG: an orange field with a dark band. */
function photo(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 48; x++) {
      const i = (y * 48 + x) * 4;
      const band = y > 12 && y < 20;
      png.data.set(band ? [40, 30, 20, 255] : [230, 120, 20, 255], i);
    }
  return PNG.sync.write(png);
}

/** A real PNG of noise, too big for the upload's 5 MB (a phone camera's photo, as far as size goes). */
function bigPhoto(): Buffer {
  const side = 1400;
  const png = new PNG({ width: side, height: side });
  let seed = 7;
  for (let i = 0; i < png.data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    png.data[i] = i % 4 === 3 ? 255 : seed >> 16;
  }
  return PNG.sync.write(png, { deflateLevel: 0 });
}

describe("pictures", () => {
  it("an owner uploads a dish's picture from the phone and the diner's product page shows it", { timeout: 150_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `pictures-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Harbour Bakery", nameAr: "مخبز الميناء", owner: freshMobile() });
    await finishSignUp(page, "en");
    // The menu editor is another session's: its first dish comes straight into the restaurant's catalogue
    // here (its id from the directory), in its one menu; the ids the test needs are read off the editor.
    const restaurant = Number(d1(`SELECT id FROM restaurants WHERE domain = '${domain}'`)[0]!.id);
    const itsMenu = `(SELECT m.id FROM menus m JOIN branches b ON b.id = m.branch_id WHERE b.restaurant_id = ${restaurant} ORDER BY m.id LIMIT 1)`;
    catalogueSql(restaurant, `INSERT INTO categories (menu_id, name_en, name_ar) VALUES (${itsMenu}, 'Bread', 'الخبز')`);
    catalogueSql(
      restaurant,
      `INSERT INTO products (category_id, name_en, name_ar, price_minor) SELECT id, 'Sourdough loaf', 'رغيف العجين المخمر', 2500 FROM categories WHERE menu_id = ${itsMenu}`,
    );

    await page.goto(`${base}/console/menu`);
    const idIn = async (selector: string, attribute: string, pattern: RegExp) =>
      Number(pattern.exec((await page.locator(selector).first().getAttribute(attribute))!)![1]);
    const dish = { id: await idIn('[data-testid="picture-control"][data-target^="dish:"]', "data-target", /^dish:(\d+)$/) };
    const menu = {
      menu: await idIn('[data-testid="picture-control"][data-target^="menu:"]', "data-target", /^menu:(\d+)$/),
      branch: await idIn('[data-testid="menu-export"]', "href", /[?&]branch=(\d+)/),
    };
    const control = page.locator(`[data-testid="picture-control"][data-target="dish:${dish.id}"]`);
    await control.waitFor();
    await control.getByRole("button", { name: "Upload" }).waitFor({ state: "detached" });
    await shoot(page, "pictures-control-phone-en-light", { fullPage: true });
    // A file that is not a picture is refused beside the control.
    await control
      .getByTestId("picture-file")
      .setInputFiles({ name: "menu.png", mimeType: "image/png", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
    await page.waitForURL(/pictureError=unsupported-type/);
    expect(await control.getByTestId("picture-error").textContent()).toContain("not a JPEG, PNG");
    // The page's script is running (its no-script Upload button is gone), as a person would see it.
    await control.getByRole("button", { name: "Upload" }).waitFor({ state: "detached" });

    await control.getByTestId("picture-file").setInputFiles({ name: "loaf.jpg", mimeType: "image/jpeg", buffer: photo() });
    await page.waitForURL((url) => url.searchParams.get("picture") === `dish:${dish.id}` && !url.searchParams.has("pictureError"));
    await control.getByTestId("picture-saved").waitFor();
    const src = await control.getByTestId("picture-thumbnail").getAttribute("src");
    // Named with the size of the share copy the browser made and sent beside it (a JPEG for link previews).
    expect(src).toMatch(/^\/storage\/pictures\/\d+\/[0-9a-f]{32}\.48x32\.png$/);
    const share = await fetch(`${base}${src!.replace(/\.png$/, ".share.jpg")}`);
    expect([share.status, share.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(problems).toEqual([]);

    // The diner sees it (the tenant was purged): the image loads.
    const diner = await context.newPage();
    await diner.goto(`${base}/${domain}/${menu.branch}/${menu.menu}/${dish.id}`);
    const img = diner.locator(`img[src="${src}"]`).first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(48);
    const served = await fetch(`${base}${src}`);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/png");
    // The demo's static pictures under public/storage still come from the assets.
    expect((await fetch(`${base}/storage/logos/saffron.svg`)).status).toBe(200);

    // A photo over 5 MB is made smaller in the browser and taken; one that cannot be read says so.
    const big = bigPhoto();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    await control.getByTestId("picture-file").setInputFiles({ name: "camera.png", mimeType: "image/png", buffer: big });
    await expect.poll(async () => await control.getByTestId("picture-thumbnail").getAttribute("src"), { timeout: 30_000 }).not.toBe(src);
    await control.getByTestId("picture-saved").waitFor();
    const smaller = (await control.getByTestId("picture-thumbnail").getAttribute("src"))!;
    expect(smaller).toMatch(/^\/storage\/pictures\/\d+\/[0-9a-f]{32}\.\d+x\d+\.(webp|jpg)$/);
    const bigShare = await fetch(`${base}${smaller.replace(/\.\w+$/, ".share.jpg")}`);
    expect((await bigShare.arrayBuffer()).byteLength).toBeLessThanOrEqual(300_000);
    expect(Number((await fetch(`${base}${smaller}`)).headers.get("content-length"))).toBeLessThanOrEqual(5 * 1024 * 1024);
    await control.getByRole("button", { name: "Upload" }).waitFor({ state: "detached" });
    await control.getByTestId("picture-file").setInputFiles({ name: "broken.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 7) });
    await control.getByTestId("picture-error").waitFor();
    expect(await control.getByTestId("picture-error").textContent()).toContain("could not be made smaller");
    expect(page.url()).not.toContain("pictureError");
    await shoot(page, "pictures-unfit-phone-en-light", { fullPage: true });

    // Arabic, dark.
    const dark = await browser().newContext({ viewport: PHONE, colorScheme: "dark", storageState: await context.storageState(), ...ownAddress() });
    const ar = await dark.newPage();
    await ar.goto(`${base}/console/menu?lng=ar&picture=dish:${dish.id}&pictureError=too-large`);
    await ar.locator(`[data-target="dish:${dish.id}"] [data-testid="picture-error"]`).waitFor();
    await ar.locator(`[data-target="dish:${dish.id}"]`).getByRole("button", { name: "رفع" }).waitFor({ state: "detached" });
    expect(await ar.locator(`[data-target="dish:${dish.id}"] [data-testid="picture-error"]`).textContent()).toContain("٥ ميغابايت");
    await shoot(ar, "pictures-control-phone-ar-dark", { fullPage: true });
    await dark.close();
    await context.close();
  });
});
