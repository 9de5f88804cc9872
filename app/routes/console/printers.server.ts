// /console/branches/:branchId/printers (owners and managers): the branch's kitchen printers. Adding one
// or asking for a new URL answers its server URL once (only the secret's hash is kept); pairing takes
// the MAC that asked and was shown; removing deletes it and its tickets. Every field is parsed with
// valibot (bad: 400/422, kept as typed); another restaurant's branch or printer is a 404.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, ConsoleId, requireMember, worksIn } from "~/lib/console-session.server";
import { readForm } from "~/lib/form-body.server";
import {
  addBranchPrinter,
  MAX_PRINTERS,
  pairBranchPrinter,
  printersBranch,
  printersOf,
  removeBranchPrinter,
  renewBranchPrinter,
} from "../../../worker/console/printers";
import { plainText } from "../../../worker/rules/plain-text";
import { normalMac, PRINTER_NAME_MAX } from "../../../worker/rules/printers";

async function printersContext(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "branches");
  const id = v.safeParse(ConsoleId, branchId);
  const branch = id.success ? await printersBranch(env, tenant, id.output) : undefined;
  if (!branch) throw data({ error: "no such branch in this restaurant" }, { status: 404, headers: CONSOLE_HEADERS });
  if (!worksIn(member, branch.id)) throw data({ error: "not one of your branches" }, { status: 403, headers: CONSOLE_HEADERS });
  return { env, tenant, branch };
}

export async function loadPrinters(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { env, tenant, branch } = await printersContext(request, context, branchId);
  const printers = await printersOf(env, tenant, branch.id);
  return data(
    { branch: { id: branch.id, name_en: branch.name_en, name_ar: branch.name_ar, time_zone: branch.time_zone }, printers, max: MAX_PRINTERS, now: Date.now() },
    { headers: CONSOLE_HEADERS },
  );
}

const Name = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(PRINTER_NAME_MAX), plainText());
const Form = v.variant("intent", [
  v.object({ intent: v.literal("add"), name: v.string() }),
  v.object({ intent: v.literal("renew"), printer: ConsoleId }),
  v.object({ intent: v.literal("pair"), printer: ConsoleId, mac: v.pipe(v.string(), v.maxLength(64)) }),
  v.object({ intent: v.literal("remove"), printer: ConsoleId }),
]);

export type PrintersOutcome =
  /** `url`: the new server URL, shown this once. */
  | { ok: true; done: "added" | "renewed"; printer: number; name: string; url: string }
  | { ok: true; done: "paired" | "removed"; printer: number }
  | { ok: false; problem: "invalid" | "name" | "mac" | "tooMany" | "notFound" | "changed"; error: string; typed?: string };

const STATUS = { invalid: 400, name: 422, mac: 422, tooMany: 409, notFound: 404, changed: 409 } as const;
const ERRORS = {
  invalid: "The form must name what to do (add, renew, pair, remove) and its printer.",
  name: `A printer's name is 1 to ${PRINTER_NAME_MAX} characters on one line.`,
  mac: "Not a MAC address.",
  tooMany: `A branch has at most ${MAX_PRINTERS} printers.`,
  notFound: "No such printer in this branch.",
  changed: "Another MAC address asked to connect since (or the printer is paired already): look again before pairing.",
} as const;
const refuse = (problem: keyof typeof STATUS, typed?: string) =>
  data({ ok: false, problem, error: ERRORS[problem], typed } as PrintersOutcome, { status: STATUS[problem], headers: CONSOLE_HEADERS });
const done = (outcome: PrintersOutcome) => data(outcome, { headers: CONSOLE_HEADERS });

export async function printersAction(request: Request, context: Readonly<RouterContextProvider>, branchId: string | undefined) {
  const { env, tenant, branch } = await printersContext(request, context, branchId);
  const form = await readForm(request);
  const parsed = v.safeParse(Form, form ? Object.fromEntries(form) : undefined);
  if (!parsed.success) return refuse("invalid");
  const input = parsed.output;
  // The console is served on the site's own hosts, so the request's origin is where printers reach it.
  const origin = new URL(request.url).origin;
  if (input.intent === "add") {
    const name = v.safeParse(Name, input.name);
    if (!name.success) return refuse("name", input.name.slice(0, 200));
    const added = await addBranchPrinter(env, tenant, branch.id, name.output, origin);
    if (!added) return refuse("tooMany", name.output);
    return done({ ok: true, done: "added", printer: added.id, name: name.output, url: added.url });
  }
  if (input.intent === "renew") {
    const renewed = await renewBranchPrinter(env, tenant, branch.id, input.printer, origin);
    if (!renewed) return refuse("notFound");
    return done({ ok: true, done: "renewed", printer: input.printer, ...renewed });
  }
  if (input.intent === "pair") {
    const mac = normalMac(input.mac);
    if (!mac) return refuse("mac");
    const paired = await pairBranchPrinter(env, tenant, branch.id, input.printer, mac);
    return paired === "paired" ? done({ ok: true, done: "paired", printer: input.printer }) : refuse(paired);
  }
  if (!(await removeBranchPrinter(env, tenant, branch.id, input.printer))) return refuse("notFound");
  return done({ ok: true, done: "removed", printer: input.printer });
}
