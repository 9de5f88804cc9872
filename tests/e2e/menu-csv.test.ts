// The menu spreadsheet in a real browser: an owner who just signed up uploads a CSV with one bad row,
// sees its line, fixes it, checks the dry run, applies, and a diner sees the dishes. Screenshots of the
// report: phone, EN light and AR dark.
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { ownAddress, PHONE, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

const HEADER = "menu_en,menu_ar,category_en,category_ar,dish_id,name_en,name_ar,description_en,description_ar,price,offer_price,new,popular,hidden,unavailable";
const csv = (rows: string[]) => ({ name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${[HEADER, ...rows].join("\r\n")}\r\n`) });
const GOOD = [
  'Menu,القائمة,Grills,مشاوي,,Mixed Grill,مشاوي مشكلة,"Lamb, chicken and kofta","لحم ودجاج وكفتة\nمع خبز",65,55,1,1,0,0',
  "Menu,القائمة,Grills,مشاوي,,Chicken Tikka,تكا دجاج,,,42,,0,0,0,0",
  "Menu,القائمة,Drinks,مشروبات,,Fresh Lemonade,ليموناضة,,,15,,no,yes,false,false",
];

describe("menu CSV import", () => {
  it("an owner fixes a bad line, applies the dry run, and a diner sees the dishes", { timeout: 120_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `csv-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Spreadsheet Grill", nameAr: "مشاوي الجدول", owner: freshMobile() });
    await finishSignUp(page, "en");

    // From the menu screen's link to the import page.
    await page.goto(`${base}/console/menu`);
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByRole("heading", { name: "Import a menu from a spreadsheet" }).waitFor();
    const branch = new URL((await page.getByTestId("menu-export").getAttribute("href")) ?? "", base).searchParams.get("branch");

    // One bad row (line 4: the quoted newline in line 2's Arabic description moves it on).
    await page.waitForLoadState("networkidle");
    await page.getByTestId("csv-file").setInputFiles(csv([GOOD[0]!, "Menu,القائمة,Grills,مشاوي,,Chicken Tikka,تكا دجاج,,,forty,,0,0,0,0", GOOD[2]!]));
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByTestId("import-errors").waitFor();
    expect(await page.getByTestId("import-errors").textContent()).toBe("Line 4 price must be a number of 0 or more (not “forty”)");
    // Apply is offered only as "skip the bad lines and import the rest" (a box to tick first).
    expect(await page.getByTestId("import-skip-bad").count()).toBe(1);
    expect(await page.getByTestId("import-skip-bad").evaluate((box: HTMLInputElement) => box.required)).toBe(true);

    // Fixed and uploaded again: the dry run, then Apply.
    await page.getByTestId("csv-file").setInputFiles(csv(GOOD));
    await page.getByRole("button", { name: "Check the file" }).click();
    // The first report had an Apply too (to skip the bad line): wait for the new one, without errors.
    await page.getByTestId("import-errors").waitFor({ state: "detached" });
    await page.getByTestId("import-apply").waitFor();
    expect(await page.getByTestId("count-creates").textContent()).toBe("3");
    expect(await page.getByTestId("count-categories").textContent()).toBe("2");
    expect(await page.getByTestId("count-menus").textContent()).toBe("0");
    expect(await page.getByTestId("count-errors").textContent()).toBe("0");
    await shoot(page, "menu-csv-report-en-light", { fullPage: true });
    await page.getByTestId("import-apply").click();
    await page.getByTestId("import-applied").waitFor();
    expect(await page.getByTestId("import-applied").textContent()).toContain("3 dishes created");

    // The diner's page shows them at once (the apply purged the restaurant's cache).
    const diner = await context.newPage();
    await diner.goto(`${base}/${domain}/${branch}`);
    await diner.getByRole("link", { name: "Menu" }).first().click();
    await diner.getByText("Mixed Grill").first().waitFor();
    await diner.getByText("Chicken Tikka").first().waitFor();
    await diner.close();

    // Arabic, dark: a file updating one dish, adding one and with one bad row; the report reads right to left.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/menu/import?lng=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.waitForLoadState("networkidle");
    const exported = await (await page.request.get(`${base}/console/menu/export.csv?branch=${branch}`)).text();
    const tikkaId = /\r\n(?:[^\r\n]*,){4}(\d+),Chicken Tikka,/.exec(exported)![1];
    await page
      .getByTestId("csv-file")
      .setInputFiles(
        csv([
          `Menu,القائمة,Grills,مشاوي,${tikkaId},Chicken Tikka,تكا دجاج مشوي,,,45,,0,0,0,0`,
          "Menu,القائمة,Desserts,حلويات,,Kunafa,كنافة,,,30,35,0,0,0,0",
          "Menu,القائمة,Desserts,حلويات,,Umm Ali,أم علي,,,25,,0,0,0,0",
        ]),
      );
    await page.getByRole("button", { name: "افحص الملف" }).click();
    await page.getByTestId("import-errors").waitFor();
    expect(await page.getByTestId("import-errors").textContent()).toContain("السطر 3");
    expect(await page.getByTestId("count-updates").textContent()).toBe("1");
    await shoot(page, "menu-csv-report-ar-dark", { fullPage: true });
    // The two bad uploads answered 422 on purpose.
    expect(problems.filter((p) => !p.includes("status of 422"))).toEqual([]);
    await context.close();
  });
});
