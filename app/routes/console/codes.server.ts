// Table QR codes of one branch (managers and owners): the range of tables and codes per page from the
// query (valibot; a bad one is a 400 that keeps what was typed), by default the branch's tables 1 to its
// number of tables and never above it, the branch checked against the member's restaurant (another's:
// 404), and each code's URL built from the diner's paths on the public origin.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember, type ConsoleMember, type ConsoleTenant } from "~/lib/console-session.server";
import { branchPath } from "~/lib/tenant-paths";
import { codesPdf } from "~/lib/codes-pdf";
import { codesBranch, codesOrigin, logoUrl, type ConsoleBranch } from "../../../worker/console/table-sheet";
import { LAYOUTS, MAX_CODES, tableCode, type PerPage } from "../../../worker/rules/table-codes";
import { lastTable } from "../../../worker/rules/table-number";
import { placeName } from "../../../worker/rules/place-name";

/** What the form shows again, exactly as typed. */
interface TypedRange {
  from: string;
  to: string;
  per: string;
}
/** Why a range is refused (the screen says it in the console's language). */
type RangeProblem = "from" | "to" | "per" | "order" | "tooMany";

/** The form's first range: the branch's tables (as many as a sheet takes), or 1 to 12 while their number is not set. */
const defaults = (tables: number | null): TypedRange => ({ from: "1", to: String(tables === null ? 12 : Math.min(tables, MAX_CODES)), per: "6" });
/** A table number of the branch: 1 to its number of tables (or 9999). */
const tableOf = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(max));
const Per = v.pipe(
  v.picklist(Object.keys(LAYOUTS)),
  v.transform((p) => Number(p) as PerPage),
);

type Parsed = { ok: true; from: number; to: number; per: PerPage } | { ok: false; problem: RangeProblem };

/** The query's range, each field checked on its own first so the message names the one that is wrong. */
function parseRange(typed: TypedRange, maxTable: number): Parsed {
  const Table = tableOf(maxTable);
  const from = v.safeParse(Table, typed.from);
  if (!from.success) return { ok: false, problem: "from" };
  const to = v.safeParse(Table, typed.to);
  if (!to.success) return { ok: false, problem: "to" };
  const per = v.safeParse(Per, typed.per);
  if (!per.success) return { ok: false, problem: "per" };
  if (to.output < from.output) return { ok: false, problem: "order" };
  if (to.output - from.output + 1 > MAX_CODES) return { ok: false, problem: "tooMany" };
  return { ok: true, from: from.output, to: to.output, per: per.output };
}

/** The query's fields as typed (a field given twice is refused as that field). */
function typedRange(url: URL, tables: number | null): TypedRange {
  const field = (name: keyof TypedRange) => {
    const all = url.searchParams.getAll(name);
    return all.length === 0 ? defaults(tables)[name] : all.length === 1 ? all[0]! : "";
  };
  return { from: field("from"), to: field("to"), per: field("per") };
}

const problemText = (maxTable: number): Record<RangeProblem, string> => ({
  from: `"from" must be a table number from 1 to ${maxTable}`,
  to: `"to" must be a table number from 1 to ${maxTable}`,
  per: `"per" must be one of ${Object.keys(LAYOUTS).join(", ")} codes per page`,
  order: `"to" must not be lower than "from"`,
  tooMany: `at most ${MAX_CODES} codes per sheet`,
});

interface CodesContext {
  env: Env;
  member: ConsoleMember["member"];
  tenant: ConsoleTenant;
  branch: ConsoleBranch;
  typed: TypedRange;
  range: Parsed;
  origin: string;
  /** The branch's last table: its number of tables, or 9999 while not set. */
  maxTable: number;
}

async function codesContext(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined): Promise<CodesContext> {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  const id = v.safeParse(ConsoleId, branchId);
  const branch = id.success ? await codesBranch(env, tenant, id.output) : undefined;
  if (!branch) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  const url = new URL(request.url);
  const typed = typedRange(url, branch.tables);
  const maxTable = lastTable(branch.tables);
  const origin = await codesOrigin(env, tenant, url.origin);
  return { env, member, tenant, branch, typed, range: parseRange(typed, maxTable), origin, maxTable };
}

/** The URL a table's code holds: the diner's table path of this branch. */
const codeUrl = (c: CodesContext, table: number) => `${c.origin}${branchPath({ domain: c.member.domain, table: String(table) }, c.branch.id)}`;

const tables = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function names(c: CodesContext) {
  return {
    restaurant: { name_en: c.member.name_en, name_ar: c.member.name_ar },
    branch: { id: c.branch.id, name_en: c.branch.name_en, name_ar: c.branch.name_ar },
  };
}

/** The screen: the form, and a preview of the first table's code. */
export async function loadCodesScreen(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const c = await codesContext(request, context, branchId);
  const base = { ...names(c), typed: c.typed, limit: MAX_CODES, maxTable: c.maxTable, tables: c.branch.tables };
  if (!c.range.ok) return data({ ...base, problem: c.range.problem, preview: null }, { status: 400, headers: CONSOLE_HEADERS });
  return data(
    { ...base, problem: null, preview: tableCode(c.range.from, codeUrl(c, c.range.from)), count: c.range.to - c.range.from + 1 },
    { headers: CONSOLE_HEADERS },
  );
}

/** The printable sheet: every code of the range, in pages of `per`, with the logo. */
export async function loadCodesSheet(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const c = await codesContext(request, context, branchId);
  const base = { ...names(c), typed: c.typed, limit: MAX_CODES, maxTable: c.maxTable, logo: await logoUrl(c.env, c.tenant), domain: c.member.domain };
  if (!c.range.ok) return data({ ...base, problem: c.range.problem, per: 6 as PerPage, codes: [] }, { status: 400, headers: CONSOLE_HEADERS });
  const { from, to, per } = c.range;
  return data({ ...base, problem: null, per, codes: tables(from, to).map((t) => tableCode(t, codeUrl(c, t))) }, { headers: CONSOLE_HEADERS });
}

/**
 * The PDF download without the page's script: Latin labels only (the standard PDF fonts have no Arabic
 * script) and no logo; the sheet's own button builds the full one in the browser (docs/decisions/0033).
 */
export async function loadCodesPdf(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const c = await codesContext(request, context, branchId);
  if (!c.range.ok)
    return new Response(`Bad range: ${problemText(c.maxTable)[c.range.problem]}.\n`, {
      status: 400,
      headers: { ...CONSOLE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  const { from, to, per } = c.range;
  const codes = tables(from, to).map((t) => tableCode(t, codeUrl(c, t)));
  const pdf = await codesPdf(codes, per, { table: (t) => `Table ${t}`, place: placeName(c.member.name_en, c.branch.name_en) });
  const filename = codesPdfName(c.member.domain, c.branch.id, from, to);
  return new Response(pdf, {
    headers: { ...CONSOLE_HEADERS, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"` },
  });
}

/** The PDF's file name, the same from the server and from the browser. */
const codesPdfName = (domain: string, branchId: number, from: number, to: number) => `table-codes-${domain}-${branchId}-${from}-${to}.pdf`;
