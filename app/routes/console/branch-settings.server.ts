// /console/branches/:branchId (owners and managers): one branch's details, ordering, number of tables,
// payment mode, time zone and opening hours. Every field is parsed with valibot on its own so a refusal (422) names
// the field beside which its message shows, and the form comes back as typed; another restaurant's
// branch is a 404; a save purges the tenant's diner cache.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { requireBranch } from "~/lib/console-branch.server";
import { readForm } from "~/lib/form-body.server";
import { branchSettingsOf, saveBranchSettings, type BranchSettingsRow } from "../../../worker/console/branch-settings";
import { IsoDate, Range, readHours, TimeZone } from "../../../worker/rules/hours-schema";
import { WEEKDAYS, type OpeningHours } from "../../../worker/rules/opening-hours";
import { plainLines, plainText } from "../../../worker/rules/plain-text";
import { zonesOfCountry } from "../../../worker/rules/zones";
import { MAX_TABLE } from "../../../worker/rules/table-number";
import { forPeople, toE164 } from "../../../worker/rules/e164";

/** The form as typed: text fields, each day's ranges, and the exceptions' rows. */
export interface TypedBranch {
  fields: Record<TextField | "active_order" | "service_calls" | "pickup" | "prep_minutes" | "tables" | "payment_mode" | "time_zone", string>;
  weekly: { opens: string; closes: string }[][];
  exceptions: { date: string; kind: "closed" | "hours"; opens: string; closes: string }[];
}
/** Why a field is refused (the screen says it in the console's language, beside the field). */
export type FieldProblem = "required" | "tooLong" | "text" | "phone" | "mode" | "zone" | "time" | "same" | "date" | "mixed" | "tooMany" | "prep" | "tables";
export type SaveResult = { ok: true } | { ok: false; problems: Record<string, FieldProblem>; typed: TypedBranch };

const TEXT_FIELDS = ["name_en", "name_ar", "description_en", "description_ar", "address_en", "address_ar", "phone", "mobile"] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LIMITS: Record<TextField, number> = {
  name_en: 100,
  name_ar: 100,
  description_en: 1000,
  description_ar: 1000,
  address_en: 300,
  address_ar: 300,
  phone: 30,
  mobile: 30,
};
// No control or bidi-override characters in what diners read (descriptions may keep line breaks).
const Plain = v.pipe(v.string(), plainText());
const PlainLines = v.pipe(v.string(), plainLines());
const MAX_EXCEPTIONS = 60;

async function branchContext(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  const id = v.safeParse(ConsoleId, branchId);
  if (!id.success) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  await requireBranch(env, tenant, member, id.output);
  const settings = await branchSettingsOf(env, tenant, id.output);
  if (!settings) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  // `country`: the branch's phones are read against it (worker/rules/e164.ts).
  return { env, tenant, ...settings };
}

/** The stored branch as the form shows it. */
function typedOf(row: BranchSettingsRow): TypedBranch {
  const hours = readHours(row.opening_hours);
  const fields = Object.fromEntries(TEXT_FIELDS.map((f) => [f, row[f] ?? ""])) as Record<TextField, string>;
  // Phones are stored in E.164 and shown as people read them ("+971 4 388 1234").
  fields.phone = forPeople(fields.phone);
  fields.mobile = forPeople(fields.mobile);
  const shown = (t: string) => (t === "24:00" ? "00:00" : t); // a time input has no 24:00
  return {
    fields: {
      ...fields,
      active_order: row.active_order ? "1" : "",
      service_calls: row.service_calls ? "1" : "",
      pickup: row.pickup ? "1" : "",
      prep_minutes: String(row.prep_minutes),
      tables: row.tables === null ? "" : String(row.tables),
      payment_mode: row.payment_mode,
      time_zone: row.time_zone,
    },
    weekly: WEEKDAYS.map((day) => (hours?.weekly ?? []).filter((r) => r.day === day).map((r) => ({ opens: r.opens, closes: shown(r.closes) }))),
    exceptions: (hours?.exceptions ?? []).flatMap((e): TypedBranch["exceptions"] =>
      e.ranges.length === 0
        ? [{ date: e.date, kind: "closed" as const, opens: "", closes: "" }]
        : e.ranges.map((r) => ({ date: e.date, kind: "hours" as const, opens: r.opens, closes: shown(r.closes) })),
    ),
  };
}

/** Every IANA zone this runtime knows: the restaurant's country's first (worker/rules/zones.ts), the branch's own among them. */
function zones(current: string, country: string): string[] {
  const all = Intl.supportedValuesOf("timeZone");
  const first = [...zonesOfCountry(country), ...(all.includes(current) ? [] : [current])];
  return [...new Set([...first, ...all])];
}

export async function loadBranchSettings(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { branch, cards, country } = await branchContext(request, context, branchId);
  return data({ id: branch.id, typed: typedOf(branch), cards, zones: zones(branch.time_zone, country) }, { headers: CONSOLE_HEADERS });
}

/**
 * The form's rows as typed (getAll keeps their order; missing lists are empty); a form from before a
 * field existed (no `prep_minutes`, no `tables`) keeps what is stored.
 */
function typedForm(form: FormData, stored: BranchSettingsRow): TypedBranch {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const all = (name: string) => form.getAll(name).map((x) => (typeof x === "string" ? x : ""));
  const fields = Object.fromEntries(TEXT_FIELDS.map((f) => [f, one(f)])) as Record<TextField, string>;
  const weekly = WEEKDAYS.map((day) => {
    const opens = all(`opens-${day}`);
    const closes = all(`closes-${day}`);
    return opens.map((o, i) => ({ opens: o, closes: closes[i] ?? "" })).filter((r) => r.opens || r.closes);
  });
  const [dates, kinds, opens, closes] = [all("ex-date"), all("ex-kind"), all("ex-opens"), all("ex-closes")];
  const exceptions = dates
    .map((date, i) => ({ date, kind: kinds[i] === "hours" ? ("hours" as const) : ("closed" as const), opens: opens[i] ?? "", closes: closes[i] ?? "" }))
    .filter((e) => e.date || e.opens || e.closes);
  return {
    fields: {
      ...fields,
      active_order: one("active_order") ? "1" : "",
      service_calls: one("service_calls") ? "1" : "",
      pickup: one("pickup") ? "1" : "",
      prep_minutes: form.has("prep_minutes") ? one("prep_minutes").trim() : String(stored.prep_minutes),
      tables: form.has("tables") ? one("tables").trim() : stored.tables === null ? "" : String(stored.tables),
      payment_mode: one("payment_mode"),
      time_zone: one("time_zone"),
    },
    weekly,
    exceptions,
  };
}

/** A pickup order's preparation time: whole minutes, 5 to 240. */
const PrepMinutes = v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(5), v.maxValue(240));
/** The branch's number of tables: whole, 1 to MAX_TABLE, or empty (not set: any table up to MAX_TABLE). */
const Tables = v.union([v.literal(""), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1), v.maxValue(MAX_TABLE))]);

/** A range as typed; a closing at 00:00 is midnight (stored as 24:00, see migrations/0015). */
function rangeOf(typed: { opens: string; closes: string }): { opens: string; closes: string } | FieldProblem {
  const range = v.safeParse(Range, { opens: typed.opens, closes: typed.closes === "00:00" ? "24:00" : typed.closes });
  if (range.success) return range.output;
  return typed.opens === typed.closes && typed.opens !== "" ? "same" : "time";
}

/** Each field on its own: the problems by field name, or the row to store (phones in E.164, read in `country`). */
function parseBranch(typed: TypedBranch, cards: boolean, country: string) {
  const problems: Record<string, FieldProblem> = {};
  for (const field of TEXT_FIELDS) {
    const value = typed.fields[field].trim();
    if ((field === "name_en" || field === "name_ar") && value === "") problems[field] = "required";
    else if (value.length > LIMITS[field]) problems[field] = "tooLong";
    else if ((field === "phone" || field === "mobile") && value !== "" && !toE164(value, country)) problems[field] = "phone";
    else if (!v.is(field.startsWith("description") ? PlainLines : Plain, value)) problems[field] = "text";
  }
  const modes = cards ? ["otp", "online", "both"] : ["otp"];
  if (!modes.includes(typed.fields.payment_mode)) problems.payment_mode = "mode";
  if (!v.is(TimeZone, typed.fields.time_zone)) problems.time_zone = "zone";
  if (!v.is(PrepMinutes, typed.fields.prep_minutes)) problems.prep_minutes = "prep";
  if (!v.is(Tables, typed.fields.tables)) problems.tables = "tables";

  const weekly: OpeningHours["weekly"] = [];
  typed.weekly.forEach((ranges, day) => {
    if (ranges.length > 6) problems[`hours-${day}`] = "tooMany";
    ranges.forEach((r, i) => {
      const range = rangeOf(r);
      if (typeof range === "string") problems[`hours-${day}-${i}`] = range;
      else weekly.push({ day: WEEKDAYS[day]!, ...range });
    });
  });
  const byDate = new Map<string, { closed: boolean; ranges: { opens: string; closes: string }[] }>();
  if (typed.exceptions.length > MAX_EXCEPTIONS) problems.exceptions = "tooMany";
  typed.exceptions.forEach((e, i) => {
    if (!v.is(IsoDate, e.date)) return void (problems[`ex-${i}`] = "date");
    const day = byDate.get(e.date) ?? { closed: false, ranges: [] };
    byDate.set(e.date, day);
    if (e.kind === "closed") {
      if (day.ranges.length) problems[`ex-${i}`] = "mixed";
      day.closed = true;
      return;
    }
    if (day.closed) return void (problems[`ex-${i}`] = "mixed");
    const range = rangeOf(e);
    if (typeof range === "string") problems[`ex-${i}`] = range;
    else day.ranges.push(range);
  });
  if (Object.keys(problems).length) return { ok: false as const, problems };
  const exceptions = [...byDate].map(([date, d]) => ({ date, ranges: d.ranges })).sort((a, b) => a.date.localeCompare(b.date));
  const hours = weekly.length || exceptions.length ? JSON.stringify({ weekly, exceptions } satisfies OpeningHours) : null;
  const text = (f: TextField) => {
    const value = typed.fields[f].trim();
    return !value ? null : f === "phone" || f === "mobile" ? toE164(value, country) : value;
  };
  return {
    ok: true as const,
    row: {
      ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(f)])) as Record<TextField, string | null>),
      active_order: typed.fields.active_order ? 1 : 0,
      service_calls: typed.fields.service_calls ? 1 : 0,
      pickup: typed.fields.pickup ? 1 : 0,
      prep_minutes: Number(typed.fields.prep_minutes),
      tables: typed.fields.tables === "" ? null : Number(typed.fields.tables),
      payment_mode: typed.fields.payment_mode,
      time_zone: typed.fields.time_zone,
      opening_hours: hours,
    },
  };
}

export async function branchSettingsAction(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { env, tenant, branch, cards, country } = await branchContext(request, context, branchId);
  const form = await readForm(request);
  if (!form) return data<SaveResult>({ ok: false, problems: { form: "required" }, typed: typedOf(branch) }, { status: 400, headers: CONSOLE_HEADERS });
  const typed = typedForm(form, branch);
  const parsed = parseBranch(typed, cards, country);
  if (!parsed.ok) return data<SaveResult>({ ok: false, problems: parsed.problems, typed }, { status: 422, headers: CONSOLE_HEADERS });
  await saveBranchSettings(env, tenant, branch.id, parsed.row);
  return data<SaveResult>({ ok: true }, { headers: CONSOLE_HEADERS });
}
