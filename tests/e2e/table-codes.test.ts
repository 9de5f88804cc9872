// Table QR codes in a real browser: a new owner sets the branch's 8 tables (the codes' default range, and
// table 9 answers a 404 that says so), opens the printable sheet for tables 1–6, each drawn code is
// screenshotted and decoded in Node (pngjs + jsQR) to exactly its table's URL, and that URL opens the
// branch's menu. Screenshots: the screen (EN light, AR dark, phone) and the print layout (A4).
import { readFileSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, inject, it } from "vitest";
import { fillSignUp, finishSignUp, freshMobile } from "./console-flow";
import { ownAddress, PHONE, screenshotPath, sharedBrowser, watchConsole, shoot } from "./browser";

const base = inject("baseUrl");
const browser = sharedBrowser();

/** The text of the QR code in a PNG, decoded in Node. */
function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

// A4 at 96 CSS pixels per inch.
const A4 = { width: 794, height: 1123 };

describe("table QR codes", () => {
  it("the sheet's codes decode to each table's URL, which opens the branch's menu", { timeout: 150_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: "light", ...ownAddress() });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const domain = `codes-${Date.now().toString(36)}`;
    await fillSignUp(page, base, { lang: "en", domain, name: "Corniche Codes", nameAr: "رموز الكورنيش", owner: freshMobile() });
    await finishSignUp(page, "en");

    // From the branches screen to the branch's codes.
    await page.goto(`${base}/console/branches`);
    await page.getByTestId("branch-codes-link").first().click();
    await page.waitForURL(/\/console\/branches\/\d+\/codes$/);
    const branchId = /branches\/(\d+)\/codes/.exec(page.url())![1]!;
    const urlOf = (t: number) => `${base}/table/${t}/${domain}/${branchId}`;

    // The branch's number of tables, set in its settings, is the codes' default range.
    expect(await page.getByTestId("codes-tables").textContent()).toContain("The number of tables is not set");
    await page.getByRole("link", { name: "Change it in the branch's settings" }).click();
    await page.waitForURL(/\/console\/branches\/\d+$/);
    await page.getByLabel("Number of tables").fill("8");
    await page.getByTestId("branch-save").click();
    await page.getByTestId("branch-saved").waitFor();
    // The saved form is drawn again from the loader's answer: the field is scrolled to once that has settled.
    await page.waitForLoadState("networkidle");
    expect(await page.getByLabel("Number of tables").inputValue()).toBe("8");
    await page.getByLabel("Number of tables").scrollIntoViewIfNeeded();
    await shoot(page, "branch-settings-tables-en-light");
    await page.goto(`${base}/console/branches/${branchId}/codes`);
    expect(await page.getByTestId("codes-tables").textContent()).toContain("Tables 1–8.");
    expect(await page.getByLabel("To table").inputValue()).toBe("8");

    // A bad range says so and keeps what was typed.
    await page.getByLabel("From table").fill("7");
    await page.getByLabel("To table").fill("3");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByTestId("codes-problem").waitFor();
    expect(await page.getByTestId("codes-problem").textContent()).toBe("“To table” must not be lower than “From table”.");
    expect(await page.getByLabel("From table").inputValue()).toBe("7");

    await page.getByLabel("From table").fill("1");
    await page.getByLabel("To table").fill("6");
    await page.getByLabel("Codes per A4 page").selectOption("4");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/from=1&to=6&per=4/);
    expect(await page.getByTestId("codes-preview-url").textContent()).toBe(urlOf(1));
    expect(decodePng(await page.getByTestId("table-code-svg").screenshot())).toBe(urlOf(1));
    await shoot(page, "table-codes-screen-en-light", { fullPage: true });

    // The printable sheet: six codes, each decoding to its own table's URL.
    await page.getByTestId("codes-sheet-link").click();
    await page.waitForURL(/\/codes\/sheet\?/);
    const codes = page.getByTestId("table-code");
    expect(await codes.count()).toBe(6);
    expect(await page.getByTestId("codes-page").count()).toBe(2);
    for (let i = 0; i < 6; i++) {
      const code = codes.nth(i);
      const table = Number(await code.getAttribute("data-table"));
      expect(table).toBe(i + 1);
      await code.scrollIntoViewIfNeeded();
      expect(decodePng(await code.getByTestId("table-code-svg").screenshot()), `table ${table}`).toBe(urlOf(table));
      expect(await code.locator("figcaption").textContent()).toContain(`Table ${table}`);
    }

    // Print: A4, the sheet's own bar hidden, one page of codes per printed page.
    await page.setViewportSize(A4);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("codes-print").isVisible()).toBe(false);
    await shoot(page, "table-codes-print-a4", { fullPage: true });
    const printed = await page.pdf({ format: "A4", preferCSSPageSize: true });
    expect((printed.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(2);
    await page.emulateMedia({ media: "screen" });

    // The PDF link answers a PDF.
    const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    const pdf = await page.request.get(`${base}${pdfHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The sheet's own PDF button builds the PDF in the browser: "Scan to order / امسح للطلب" and the
    // Arabic place under every code, the Arabic drawn by the browser as pictures (saved here to look at).
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("codes-sheet-pdf").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^table-codes-${domain}-${branchId}-1-6\\.pdf$`));
    const built = await PDFDocument.load(readFileSync((await download.path())!));
    expect(built.getPageCount()).toBe(2);
    const pictures = built.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") && o.dict.has(PDFName.of("SMask")),
      );
    expect(pictures).toHaveLength(2);
    pictures.forEach((picture, i) => {
      const [width, height] = ["Width", "Height"].map((k) => (picture.dict.get(PDFName.of(k)) as PDFNumber).asNumber()) as [number, number];
      const rgb = inflateSync(picture.getContents());
      const alpha = inflateSync((built.context.lookup(picture.dict.get(PDFName.of("SMask"))) as PDFRawStream).getContents());
      const png = new PNG({ width, height });
      for (let p = 0; p < width * height; p++) png.data.set([rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!, alpha[p]!], p * 4);
      writeFileSync(screenshotPath(`table-codes-pdf-arabic-${i + 1}`), PNG.sync.write(png));
    });

    // A diner scanning table 3's code lands on the branch's menu.
    const diner = await browser().newContext({ viewport: PHONE, ...ownAddress() });
    const dinerPage = await diner.newPage();
    expect((await dinerPage.goto(urlOf(3)))!.status()).toBe(200);
    await dinerPage.getByText("Corniche Codes").first().waitFor();
    await dinerPage.getByRole("link", { name: /Menu/ }).first().waitFor();
    // A table the branch does not have says so.
    expect((await dinerPage.goto(urlOf(9)))!.status()).toBe(404);
    await dinerPage.getByText("This branch has no table 9.").waitFor();
    await shoot(dinerPage, "table-codes-no-table-en-light");
    await diner.close();

    // The screen in Arabic, dark, on the phone.
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${base}/console/branches/${branchId}/codes?from=1&to=6&per=4&lng=ar`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.getByRole("heading", { name: "رموز QR للطاولات" }).waitFor();
    expect(await page.getByTestId("codes-preview-url").textContent()).toBe(urlOf(1));
    expect(decodePng(await page.getByTestId("table-code-svg").screenshot())).toBe(urlOf(1));
    await shoot(page, "table-codes-screen-ar-dark", { fullPage: true });
    await page.goto(`${base}/console/branches/${branchId}/codes/sheet?from=1&to=6&per=4`);
    await shoot(page, "table-codes-sheet-ar-dark");

    // The one refused range above answered 400 on purpose.
    expect(problems.filter((p) => !p.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
