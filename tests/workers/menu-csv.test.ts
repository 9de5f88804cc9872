// The menu spreadsheet through the whole worker: GET /console/menu/export.csv (quoting, BOM, formula
// guard) and /console/menu/import (dry run, line numbers across quoted newlines, all-or-nothing apply,
// another restaurant's dishes refused, roles, size and row limits, the purge diners see), plus the
// RFC 4180 parser on its own.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../worker/rules/roles";
import { applyPlan } from "../../worker/console/menu-csv/apply";
import { branchMenu } from "../../worker/console/menu-csv/branch-menu";
import { csvCell, parseCsv } from "../../worker/rules/menu-csv/csv";
import { MAX_ROWS, planImport, type ImportPlan } from "../../worker/rules/menu-csv/plan";
import { MAX_CSV_BYTES } from "../../worker/console/menu-csv/upload";
import { MAX_BODY_BYTES } from "../../worker/edge/body-limit";
import { catalogueRow, catalogueRows, catalogueRun, GRILL_ID } from "./catalogue";
import { seedMember } from "./console-members";
import { MAX_DESCRIPTION } from "../../worker/rules/menu-rules";

const SAFFRON = 1;
const GRILL = GRILL_ID;
const HEADER = "menu_en,menu_ar,category_en,category_ar,dish_id,name_en,name_ar,description_en,description_ar,price,offer_price,new,popular,hidden,unavailable";

interface Person {
  cookie: string;
}
const member = (restaurantId: number, role: Role) => seedMember(restaurantId, role);

const site = (path: string, init: RequestInit = {}) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual", ...init });
const as = (who: Person, path: string, init: RequestInit = {}) =>
  site(path, { ...init, headers: { cookie: who.cookie, accept: "text/html", ...init.headers } });
const exportCsv = (who: Person, branch: number) => as(who, `/console/menu/export.csv?branch=${branch}`);

function fileForm(csv: string | Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.set("intent", "preview");
  body.set("file", new File([csv], "menu.csv", { type: "text/csv" }));
  return body;
}
const preview = (who: Person, branch: number, csv: string | Uint8Array<ArrayBuffer>) =>
  as(who, `/console/menu/import?branch=${branch}`, { method: "POST", body: fileForm(csv) });
function applyForm(stash: string, choices: Record<string, string> = {}) {
  const body = new FormData();
  body.set("intent", "apply");
  body.set("stash", stash);
  for (const [name, value] of Object.entries(choices)) body.set(name, value);
  return body;
}
const apply = (who: Person, branch: number, stash: string, choices: Record<string, string> = {}) =>
  as(who, `/console/menu/import?branch=${branch}`, { method: "POST", body: applyForm(stash, choices) });

/** What the report page shows: its counts, the error lines, the Apply form's stash id. */
function report(html: string) {
  const counts = Object.fromEntries([...html.matchAll(/data-testid="count-(\w+)">(\d+)</g)].map((m) => [m[1]!, Number(m[2])]));
  const lines = [...html.matchAll(/data-line="(\d+)"/g)].map((m) => Number(m[1]));
  const stash = /name="stash" value="([^"]+)"/.exec(html)?.[1] ?? null;
  return { counts, lines, stash };
}

/** The dishes and menus of one of saffron's branches (1 or 2). */
const dishesOfBranch = (branch: number) =>
  catalogueRows(
    SAFFRON,
    "SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = ? ORDER BY p.id",
    branch,
  );
const menusOfBranch = (branch: number) => catalogueRows(SAFFRON, "SELECT * FROM menus WHERE branch_id = ? ORDER BY id", branch);

let owner: Person, manager: Person, staff: Person, grillOwner: Person;
let grillDish: number;
beforeAll(async () => {
  [owner, manager, staff, grillOwner] = [
    await member(SAFFRON, "owner"),
    await member(SAFFRON, "manager"),
    await member(SAFFRON, "staff"),
    await member(GRILL, "owner"),
  ];
  // A dish of Grill House's with an id Saffron's object does not hold (ids are each restaurant's own: docs/decisions/0045).
  const category = (await catalogueRow<{ id: number }>(GRILL, "SELECT c.id FROM categories c JOIN menus m ON m.id = c.menu_id WHERE m.branch_id = 3 LIMIT 1"))!
    .id;
  grillDish = (await catalogueRow<{ id: number }>(
    GRILL,
    "INSERT INTO products (id, category_id, name_en, name_ar, price_minor) VALUES (9000001, ?, 'Grill dish', 'طبق', 1000) RETURNING id",
    category,
  ))!.id;
});

describe("parseCsv (RFC 4180)", () => {
  it("reads quotes, doubled quotes, commas, newlines inside quotes, CRLF / LF / CR, a BOM and blank lines", () => {
    const parsed = parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","one\r\ntwo"\n\nلبنة,,"مرحباً\nبكم"\rlast,"",z');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ["a", "b", "c"] },
        { line: 2, cells: ["x, y", 'say "hi"', "one\ntwo"] },
        { line: 5, cells: ["لبنة", "", "مرحباً\nبكم"] },
        { line: 7, cells: ["last", "", "z"] },
      ],
    });
  });

  it("says where a quote is never closed, and text after a closing quote", () => {
    expect(parseCsv('a,b\n1,2\n"open\nstill\n')).toEqual({ ok: false, line: 3, problem: "unclosed-quote" });
    expect(parseCsv('a,b\n1,"2"x\n')).toEqual({ ok: false, line: 2, problem: "after-quote" });
  });

  it("guards formula cells with a leading quote and quotes what needs it", () => {
    expect(["=SUM(A1)", "+1", "-2", "@cmd", "\tx"].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx"]);
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('5" pan')).toBe('"5"" pan"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain عربي")).toBe("plain عربي");
    expect(csvCell(12.5)).toBe("12.5");
  });
});

describe("GET /console/menu/export.csv", () => {
  it("is a UTF-8 CSV download with a BOM, CRLF and one row per dish of the branch", async () => {
    const res = await exportCsv(manager, 1);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="menu-saffron-branch-1.csv"');
    expect(res.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.slice(1).startsWith(`${HEADER},allergens,calories,caffeine_mg,high_salt\r\n`)).toBe(true);
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error("export does not parse");
    expect(parsed.records.length - 1).toBe((await dishesOfBranch(1)).length);
    expect(text).toContain("شكشوكة بالزعفران");
  });

  it("quotes commas, quotes and Arabic newlines, and guards formula cells", async () => {
    await catalogueRun(
      SAFFRON,
      "UPDATE products SET name_en = ?, description_ar = ?, description_en = ? WHERE id = 1",
      'Eggs, "Saffron" style',
      "سطر أول\nسطر ثانٍ، مع فاصلة",
      '=HYPERLINK("http://evil")',
    );
    const text = await (await exportCsv(owner, 1)).text();
    expect(text).toContain('"Eggs, ""Saffron"" style"');
    expect(text).toContain('"سطر أول\nسطر ثانٍ، مع فاصلة"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("refuses another restaurant's branch (404), a bad branch (400), staff (403) and no session", async () => {
    expect((await exportCsv(owner, 3)).status).toBe(404);
    expect((await as(owner, "/console/menu/export.csv?branch=abc")).status).toBe(400);
    expect((await exportCsv(staff, 1)).status).toBe(403);
    expect((await site("/console/menu/export.csv?branch=1")).status).toBe(302);
    expect((await exportCsv(grillOwner, 3)).status).toBe(200);
  });
});

describe("import: the dry run", () => {
  it("export → import says every dish is unchanged (quotes, Arabic newlines and formula cells included)", async () => {
    const csv = await (await exportCsv(owner, 1)).text();
    const res = await preview(owner, 1, csv);
    expect(res.status).toBe(200);
    const { counts, lines, stash } = report(await res.text());
    expect(counts).toEqual({ menus: 0, categories: 0, creates: 0, updates: 0, unchanged: (await dishesOfBranch(1)).length, errors: 0 });
    expect(lines).toEqual([]);
    expect(stash).toBeTruthy();
  });

  it("reports bad rows with the file's physical lines, counting quoted newlines", async () => {
    const csv = [
      HEADER,
      "Brunch,برنش,Plates,أطباق,,Good Dish,طبق,,,20,,0,0,0,0", // line 2
      'Brunch,برنش,Plates,أطباق,,Long Dish,,"first\nsecond\nthird","سطر\r\nسطر",20,,,,,', // lines 3–6
      "Brunch,برنش,Plates,أطباق,,Bad Price,,,,abc,,,,,", // line 7
      "Brunch,برنش,Plates,أطباق,,Bad Offer,,,,10,12,,,,", // line 8
      "Brunch,برنش,Plates,أطباق,,Bad Flag,,,,10,,maybe,,,", // line 9
      "Brunch,برنش,Plates,أطباق,,,,,,10,,,,,", // line 10: no name
      "Brunch,برنش,Plates,أطباق,,Negative,,,,-3,,,,,", // line 11
      `Brunch,برنش,Plates,أطباق,${grillDish},Not Ours,,,,10,,,,,`, // line 12
    ].join("\r\n");
    const before = await dishesOfBranch(1);
    const res = await preview(owner, 1, csv);
    expect(res.status).toBe(422);
    const html = await res.text();
    const { counts, lines, stash } = report(html);
    expect(lines).toEqual([7, 8, 9, 10, 11, 12]);
    expect(counts.errors).toBe(6);
    expect(counts.creates).toBe(2);
    // Nothing was written by the dry run; Apply is offered only as "skip the bad lines".
    expect(await dishesOfBranch(1)).toEqual(before);
    expect(html).toContain(`dish ${grillDish} is not a dish of this branch`);
    expect(html).toContain("Skip the 6 bad lines and import the rest");
    expect(/<input[^>]*name="skipBad"[^>]*>/.exec(html)?.[0]).toContain("required");
    // Without the choice: refused, nothing written, the file kept for the choice.
    const refused = await apply(owner, 1, stash!);
    expect(refused.status).toBe(422);
    expect(report(await refused.text()).stash).toBe(stash);
    expect(await dishesOfBranch(1)).toEqual(before);
    // Skipping them: the two good lines are written, the six bad ones are not.
    const applied = await apply(owner, 1, stash!, { skipBad: "on" });
    expect(applied.status).toBe(200);
    expect(await applied.text()).toContain("6 lines skipped.");
    const after = await dishesOfBranch(1);
    expect(after.length).toBe(before.length + 2);
    expect(after.map((d) => d.name_en)).toEqual(expect.arrayContaining(["Good Dish", "Long Dish"]));
    expect(after.map((d) => d.name_en)).not.toContain("Bad Price");
  });

  it("offers no Apply when the file itself cannot be read (a bad header)", async () => {
    const html = await (await preview(owner, 1, "menu_en,category_en,name_en,prize\nA,B,C,1")).text();
    expect(report(html).stash).toBeNull();
    expect(html).not.toContain('name="skipBad"');
  });

  it("warns before creating a dish whose name is already a dish's, and skips those lines unless told to create them", async () => {
    const csv = [
      HEADER,
      "Breakfast,الفطور,Dup Corner,,,turkish eggs,,,,30,,,,,", // line 2: the seed's Turkish Eggs (dish 2), in a new category
      "Breakfast,الفطور,Eggs,البيض,,Twice Toast,,,,12,,,,,", // line 3
      "Breakfast,الفطور,Eggs,البيض,,Twice Toast,,,,12,,,,,", // line 4: line 3's name again
      "Breakfast,الفطور,Eggs,البيض,,Only Once Toast,,,,12,,,,,", // line 5
    ].join("\n");
    const dry = await (await preview(owner, 1, csv)).text();
    expect(dry).toContain('data-testid="import-duplicates"');
    expect([...dry.matchAll(/data-duplicate-line="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([2, 4]);
    expect(dry.replace(/<[^>]+>/g, "")).toContain("a dish of this branch has this name (dish 2)");
    expect(dry.replace(/<[^>]+>/g, "")).toContain("line 3 of this file creates a dish with this name");
    const before = await dishesOfBranch(1);
    const skipped = await apply(owner, 1, report(dry).stash!);
    expect(skipped.status).toBe(200);
    expect(await skipped.text()).toContain("2 lines skipped.");
    const after = await dishesOfBranch(1);
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((d) => d.name_en === "Twice Toast")).toHaveLength(1);
    // The new category only a skipped line needed is not created.
    expect((await catalogueRow<{ n: number }>(SAFFRON, "SELECT count(*) AS n FROM categories WHERE name_en = 'Dup Corner'"))!.n).toBe(0);
    // Told to create them: every line is written.
    const again = await (await preview(owner, 1, csv)).text();
    expect((await apply(owner, 1, report(again).stash!, { duplicates: "create" })).status).toBe(200);
    expect((await dishesOfBranch(1)).length).toBe(after.length + 4);
    expect((await catalogueRow<{ n: number }>(SAFFRON, "SELECT count(*) AS n FROM categories WHERE name_en = 'Dup Corner'"))!.n).toBe(1);
    expect((await apply(owner, 1, "x", { duplicates: "maybe" })).status).toBe(400);
  });

  it("names an unclosed quote's line and unknown or missing columns", async () => {
    const unclosed = report(await (await preview(owner, 1, `${HEADER}\nA,,B,,,"Dish\nstill open,,,,5`)).text());
    expect(unclosed.lines).toEqual([2]);
    const columns = await (await preview(owner, 1, "menu_en,category_en,name_en,prize\nA,B,C,1")).text();
    expect(columns).toContain("unknown column “prize”");
    expect(columns).toContain("column price is missing");
  });

  it("refuses another restaurant's dish and another branch's dish by dish_id", async () => {
    const branch2Dish = (await dishesOfBranch(2))[0]!.id as number;
    const csv = `${HEADER}\nA,,B,,${grillDish},X,,,,5,,,,,\nA,,B,,${branch2Dish},Y,,,,5,,,,,\nA,,B,,${branch2Dish},Y,,,,5,,,,,\n`;
    const { lines, counts } = report(await (await preview(owner, 1, csv)).text());
    expect(lines).toEqual([2, 3, 4]);
    expect(counts.errors).toBe(3);
    // The other restaurant's owner cannot import into saffron's branch.
    expect((await preview(grillOwner, 1, csv)).status).toBe(404);
  });

  it("lists the fields an update changes, and a move to another category", async () => {
    const csv = `${HEADER}\nBreakfast,الفطور,Specials,,2,Turkish Eggs Deluxe,بيض تركي,,,99,,no,,,\n`;
    const page = await (await preview(owner, 1, csv)).text();
    const { counts } = report(page);
    const html = page.replace(/<[^>]+>/g, "");
    expect(counts).toMatchObject({ updates: 1, categories: 1, menus: 0 });
    expect(html).toContain("name_en: Turkish Eggs → Turkish Eggs Deluxe");
    expect(html).toMatch(/price: \d+(\.\d+)? → 99/);
    expect(html).toContain("new: 1 → 0");
    expect(html).toContain("category: Breakfast › Eggs → Breakfast › Specials");
  });
});

describe("import: apply", () => {
  it("writes menus, categories, new and updated dishes, and the diner's page shows them after the purge", async () => {
    const page = "/saffron/1/1";
    expect(await (await site(page)).text()).not.toContain("CSV Pancakes");
    const csv = [
      HEADER,
      "Breakfast,الفطور,Eggs,البيض,,CSV Pancakes,بان كيك,Fluffy,,25,20,1,0,0,0",
      "Breakfast,الفطور,Eggs,البيض,3,Halloumi Omelette CSV,أومليت بالحلوم,,,31,,,,,",
      "Late Night,سهرة,Snacks,وجبات خفيفة,,Midnight Fries,بطاطا,,,15,,,,,",
    ].join("\n");
    const dry = await preview(owner, 1, csv);
    const { counts, stash } = report(await dry.text());
    expect(counts).toMatchObject({ menus: 1, categories: 1, creates: 2, updates: 1, errors: 0 });
    const res = await apply(owner, 1, stash!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="import-applied"');
    const html = await (await site(page)).text();
    expect(html).toContain("CSV Pancakes");
    expect(html).toContain("Halloumi Omelette CSV");
    const late = (await menusOfBranch(1)).find((m) => m.name_en === "Late Night");
    expect(late).toBeTruthy();
    expect(await (await site(`/saffron/1/${late!.id as number}`)).text()).toContain("Midnight Fries");
    // The stash is spent: a second apply (or a replay) is refused and writes nothing more.
    const count = (await dishesOfBranch(1)).length;
    expect((await apply(owner, 1, stash!)).status).toBe(409);
    expect((await dishesOfBranch(1)).length).toBe(count);
  });

  it("applies only for the member who uploaded it", async () => {
    const csv = `${HEADER}\nBreakfast,,Eggs,,,Someone Else's Dish,,,,5,,,,,\n`;
    const { stash } = report(await (await preview(owner, 1, csv)).text());
    expect((await apply(manager, 1, stash!)).status).toBe(409);
    expect((await apply(grillOwner, 3, stash!)).status).toBe(409);
    expect((await dishesOfBranch(1)).some((d) => d.name_en === "Someone Else's Dish")).toBe(false);
  });

  it("writes nothing when one statement of the batch fails (one transaction)", async () => {
    const csv = `${HEADER}\nBrand New Menu,,Fresh Category,,,First Of Many,,,,5,,,,,\nBreakfast,,Eggs,,2,Turkish Eggs,,,,44,,,,,\n`;
    const planned = planImport(csv, await branchMenu(env, { id: 1 }, 1, "AED"), "AED") as ImportPlan;
    expect(planned.errors).toEqual([]);
    // The last statement breaks products' CHECK (price_minor >= 0): the menu, category and dish before it must go too.
    planned.updates.at(-1)!.set.price = -1;
    const [menusBefore, dishesBefore] = [await menusOfBranch(1), await dishesOfBranch(1)];
    expect(await applyPlan(env, { id: 1, domain: "saffron", currency: "AED" }, 1, planned)).toEqual({ ok: false, status: 409 });
    expect(await menusOfBranch(1)).toEqual(menusBefore);
    expect(await dishesOfBranch(1)).toEqual(dishesBefore);
  });
});

describe("import: roles and limits", () => {
  it("managers and owners open the page; staff get 403; no session goes to sign-in", async () => {
    expect((await as(manager, "/console/menu/import")).status).toBe(200);
    expect((await as(owner, "/console/menu/import?branch=2")).status).toBe(200);
    expect((await as(staff, "/console/menu/import")).status).toBe(403);
    expect((await preview(staff, 1, `${HEADER}\nA,,B,,,C,,,,1,,,,,`)).status).toBe(403);
    expect((await site("/console/menu/import")).status).toBe(302);
    expect((await as(owner, "/console/menu/import?branch=3")).status).toBe(404);
  });

  // Both descriptions at the editor's longest (menu-rules.ts): about 1 KB a row.
  const bigRow = (i: number) => `Big,,Menu,,,Dish ${i},,${"x".repeat(MAX_DESCRIPTION)},${"y".repeat(MAX_DESCRIPTION)},1,,,,,`;
  it("takes a file above the site-wide body bound but under its own (1 MB)", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => bigRow(i));
    const csv = `${HEADER}\n${rows.join("\n")}`;
    expect(csv.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(csv.length).toBeLessThan(MAX_CSV_BYTES);
    const { counts } = report(await (await preview(owner, 2, csv)).text());
    expect(counts.creates).toBe(600);
  });

  it("refuses a file over 1 MB with 413 (50 at once), and more than 2,000 rows with 422", { timeout: 30_000 }, async () => {
    const huge = `${HEADER}\n${Array.from({ length: 1100 }, (_, i) => bigRow(i)).join("\n")}`;
    expect(huge.length).toBeGreaterThan(MAX_CSV_BYTES);
    const answers = await Promise.all(Array.from({ length: 50 }, () => preview(owner, 2, huge)));
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(await res.text()).toContain("larger than 1 MB");
    }
    const many = `${HEADER}\n${Array.from({ length: MAX_ROWS + 1 }, (_, i) => `M,,C,,,D${i},,,,1,,,,,`).join("\n")}`;
    const res = await preview(owner, 2, many);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("2001 dish rows");
    const enough = `${HEADER}\n${Array.from({ length: MAX_ROWS }, (_, i) => `M,,C,,,D${i},,,,1,,,,,`).join("\n")}`;
    expect((await preview(owner, 2, enough)).status).toBe(200);
  });

  it("refuses a file that is not UTF-8 (422)", async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nA,,B,,,Caf`), 0xe9, ...new TextEncoder().encode(",,,,1,,,,,")]);
    const res = await preview(owner, 2, latin1);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("not UTF-8");
  });
});
