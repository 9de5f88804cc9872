// Table QR codes (/console/branches/:id/codes, its sheet and its PDF) through the whole worker: roles,
// another restaurant's branch, the range's bounds, the PDF's pages, the sheet's codes and the URL each holds.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import jsQR from "jsqr";
import { PDFArray, PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { codesPdf } from "../../app/lib/codes-pdf";
import { tableCode } from "../../worker/rules/table-codes";
import { registerHost } from "../../worker/directory/hosts";
import worker from "../../worker/index";
import { seedMember } from "./console-members";

// The seed: saffron (restaurant 1, branches 1 and 2), grill-house (restaurant 2, branch 3).
const SAFFRON = 1;

const member = async (restaurantId: number, role: Role, branchIds: number[] = []) => (await seedMember(restaurantId, role, branchIds)).cookie;

const site = (path: string, cookie: string | null, environment: Env = env) =>
  worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} }), environment, createExecutionContext());

const countOf = (html: string, needle: string) => html.split(needle).length - 1;

/** Decodes a code by drawing its path's rectangles into a bitmap, as a printer would. */
function decode(code: { size: number; path: string }): string | null {
  const scale = 4;
  const width = code.size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of code.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

let owner: string;
let manager: string;
let staff: string;
beforeAll(async () => {
  owner = await member(SAFFRON, "owner");
  manager = await member(SAFFRON, "manager");
  staff = await member(SAFFRON, "staff", [1]);
});

const PATHS = ["/console/branches/1/codes", "/console/branches/1/codes/sheet", "/console/branches/1/codes.pdf"];

describe("who may open table codes", () => {
  it("owners and managers (200, private); staff 403, even for their own branch; no session: sign-in", async () => {
    for (const path of PATHS) {
      for (const who of [owner, manager]) {
        const res = await site(path, who);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      }
      const refused = await site(path, staff);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get("cache-control"), path).toContain("no-store");
      expect(await refused.text()).not.toContain("%PDF");
      const anonymous = await site(path, null);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toMatch(/^\/console\/sign-in\?next=/);
    }
  }, 30_000);

  it("another restaurant's branch, an unknown one or a malformed id: 404 and nothing of it", async () => {
    for (const branch of ["3", "999", "0", "abc", "1.0"]) {
      for (const path of [`/console/branches/${branch}/codes`, `/console/branches/${branch}/codes/sheet`, `/console/branches/${branch}/codes.pdf`]) {
        const res = await site(path, owner);
        expect(res.status, path).toBe(404);
        const body = await res.text();
        expect(body, path).not.toContain("grill-house");
        expect(body, path).not.toContain("%PDF");
      }
    }
  });

  it("with an external backend (UPSTREAM_URL) there are no codes here: 404", async () => {
    const external: Env = { ...env, UPSTREAM_URL: "https://backend.example/api" };
    for (const path of PATHS) expect((await site(path, owner, external)).status, path).toBe(404);
  });
});

describe("the range of tables", () => {
  const BAD = [
    ["from=5&to=2&per=4", "“To table” must not be lower than “From table”."],
    ["from=1&to=201&per=4", "At most 200 codes per sheet"],
    ["from=abc&to=6&per=4", "“From table” must be a whole number"],
    ["from=1&to=1e3&per=4", "“To table” must be a whole number"],
    ["from=0&to=6&per=4", "“From table” must be a whole number"],
    ["from=1&to=10000&per=4", "“To table” must be a whole number"],
    ["from=1&to=6&per=5", "Choose 1, 4, 6 or 12 codes per page."],
    ["from=&to=6&per=4", "“From table” must be a whole number"],
    ["from=1&from=2&to=6&per=4", "“From table” must be a whole number"],
  ] as const;

  it("a bad range is a 400 that says what is wrong and keeps what was typed", async () => {
    for (const [query, message] of BAD) {
      const res = await site(`/console/branches/1/codes?${query}`, owner);
      expect(res.status, query).toBe(400);
      const html = await res.text();
      expect(html, query).toContain('data-testid="codes-problem"');
      expect(html, query).toContain(message);
      expect(html, query).not.toContain('data-testid="table-code"');
      const typed = new URLSearchParams(query);
      if (typed.getAll("from").length === 1) expect(html, query).toContain(`name="from" value="${typed.get("from")}"`);
      expect(html, query).toContain(`name="to" value="${typed.get("to")}"`);
    }
  });

  it("the sheet and the PDF refuse the same ranges with 400 (the PDF in plain text)", async () => {
    for (const [query] of BAD) {
      const sheet = await site(`/console/branches/1/codes/sheet?${query}`, owner);
      expect(sheet.status, query).toBe(400);
      expect(await sheet.text(), query).not.toContain('data-testid="table-code"');
      const pdf = await site(`/console/branches/1/codes.pdf?${query}`, owner);
      expect(pdf.status, query).toBe(400);
      expect(pdf.headers.get("content-type"), query).toContain("text/plain");
      expect(await pdf.text(), query).toMatch(/^Bad range: /);
    }
  });

  it("50 requests at once, good and bad ranges mixed: each answered as alone, none fails", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => site(`/console/branches/${i % 2 ? 1 : 2}/codes.pdf?from=${i + 1}&to=${i % 5 ? i + 12 : i}&per=6`, manager)),
    );
    answers.forEach((res, i) => expect(res.status, String(i)).toBe(i % 5 ? 200 : 400));
  }, 60_000);
});

describe("what the codes hold", () => {
  it("the screen previews the first table's code and prints its URL: the diner's table path of this branch", async () => {
    const res = await site("/console/branches/2/codes?from=7&to=9&per=4", owner);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="codes-preview-url" dir="ltr" class="break-all text-center font-mono text-sm">http://localhost/table/7/saffron/2</p>');
    expect(countOf(html, 'data-testid="table-code"')).toBe(1);
    expect(html).toContain('href="/console/branches/2/codes.pdf?from=7&amp;to=9&amp;per=4"');
  });

  it("the sheet has one code per table, each decoding to that table's URL", async () => {
    const res = await site("/console/branches/1/codes/sheet?from=3&to=9&per=4", owner);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(countOf(html, 'data-testid="table-code"')).toBe(7);
    expect(countOf(html, 'data-testid="codes-page"')).toBe(2);
    expect(html).toContain("@page { size: A4; margin: 10mm; }");
    for (let t = 3; t <= 9; t++) expect(html).toContain(`data-table="${t}"`);
    // The drawn modules decode to the URL (the same path the sheet's SVG and the PDF draw).
    for (const t of [3, 9]) expect(decode(tableCode(t, `http://localhost/table/${t}/saffron/1`))).toBe(`http://localhost/table/${t}/saffron/1`);
    const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]!);
    expect(paths).toHaveLength(7);
    expect(decode({ size: tableCode(3, "http://localhost/table/3/saffron/1").size, path: paths[0]! })).toBe("http://localhost/table/3/saffron/1");
  });

  it('each card carries the restaurant\'s logo and "Scan to order / امسح للطلب"', async () => {
    const html = await (await site("/console/branches/1/codes/sheet?from=1&to=4&per=4", owner)).text();
    expect(countOf(html, 'data-testid="table-code-logo"')).toBe(4);
    expect(html).toMatch(/<img src="\/storage\/[^"]+" alt="" data-testid="table-code-logo"/);
    expect(countOf(html, 'data-testid="table-code-scan"')).toBe(4);
    expect(html).toContain('<span lang="en" dir="ltr">Scan to order</span> / <span lang="ar" dir="rtl">امسح للطلب</span>');
    // The sheet's PDF button builds the full PDF in the browser; its link is the server's, for no script.
    expect(html).toContain('data-testid="codes-sheet-pdf"');
  });

  it('the PDF draws the browser\'s pictures (logo, Arabic lines) when given, and "Scan to order"', async () => {
    // A 1×1 PNG stands for each picture the browser draws.
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
      c.charCodeAt(0),
    );
    const picture = { png, width: 4, height: 1 };
    const codes = [1, 2].map((t) => tableCode(t, `http://localhost/table/${t}/saffron/1`));
    const images = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes).split("/Subtype /Image").length - 1;
    const full = await codesPdf(codes, 4, { table: (t) => `Table ${t}`, place: "Saffron" }, { logo: picture, scanAr: picture, placeAr: picture });
    // Three pictures, each with its alpha mask.
    expect(images(full)).toBe(6);
    expect(images(await codesPdf(codes, 4, { table: (t) => `Table ${t}`, place: "Saffron" }))).toBe(0);
    // The page's drawing, inflated: "Scan to order / " under each code, in the standard font's hex text.
    const doc = await PDFDocument.load(full, { updateMetadata: false });
    const contents = doc.context.lookup(doc.getPage(0).node.get(PDFName.of("Contents")));
    const streams = (contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents]) as PDFRawStream[];
    const inflate = (stream: PDFRawStream) =>
      new Response(new Blob([stream.getContents() as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"))).text();
    const inflated = (await Promise.all(streams.map(inflate))).join("\n");
    const hex = (text: string) =>
      [...text]
        .map((c) => c.charCodeAt(0).toString(16).padStart(2, "0"))
        .join("")
        .toUpperCase();
    expect(inflated.split(`<${hex("Scan to order / ")}> Tj`).length - 1).toBe(2);
  });

  it("the whole allowed range (200 codes) fits one sheet", async () => {
    const html = await (await site("/console/branches/1/codes/sheet?from=1&to=200&per=12", owner)).text();
    expect(countOf(html, 'data-testid="table-code"')).toBe(200);
    expect(countOf(html, 'data-testid="codes-page"')).toBe(17);
  }, 30_000);

  it("the PDF is a PDF: A4 pages of `per` codes, an attachment named after the branch, private", async () => {
    for (const [from, to, per] of [
      [1, 6, 1],
      [1, 7, 4],
      [5, 10, 6],
      [1, 200, 12],
    ] as const) {
      const res = await site(`/console/branches/1/codes.pdf?from=${from}&to=${to}&per=${per}`, owner);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="table-codes-saffron-1-${from}-${to}.pdf"`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount(), `${from}-${to}/${per}`).toBe(Math.ceil((to - from + 1) / per));
      const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    }
  }, 30_000);

  it("a restaurant with its own hostname gets codes for that host", async () => {
    await registerHost(env.HOSTS, "Codes.Saffron.test", "saffron");
    try {
      const html = await (await site("/console/branches/1/codes?from=4&to=4&per=1", owner)).text();
      expect(html).toContain(">https://codes.saffron.test/table/4/saffron/1</p>");
      // The host must still point at the restaurant: a stale reverse entry is ignored.
      await env.HOSTS.put("host:codes.saffron.test", "grill-house");
      expect(await (await site("/console/branches/1/codes?from=4&to=4&per=1", owner)).text()).toContain(">http://localhost/table/4/saffron/1</p>");
    } finally {
      await env.HOSTS.delete("host:codes.saffron.test");
      await env.HOSTS.delete("domain-host:saffron");
    }
  });
});
