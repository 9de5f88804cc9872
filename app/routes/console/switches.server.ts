// The board's switches on the server: find a branch's dishes, mark one sold out (for today or until
// turned back on) and pause or resume new orders. Staff may do both in their own branches ("orders").
import { data, redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { requireBranch } from "~/lib/console-branch.server";
import { CONSOLE_HEADERS, ConsoleId, requireMember } from "~/lib/console-session.server";
import { safeLocalPath } from "~/lib/safe-path";
import { readFields } from "~/lib/form-body.server";
import { PAUSE_MINUTES } from "../../../worker/rules/availability";
import { findDishes, setPause, setSoldOut } from "../../../worker/console/switches";

const Query = v.object({ branch: ConsoleId, q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "at most 60 characters")), "") });
const Minutes = v.pipe(v.string(), v.transform(Number), v.picklist(PAUSE_MINUTES, "a pause lasts 15, 30 or 60 minutes"));
const Form = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal("sold-out"),
      branch: ConsoleId,
      product_id: ConsoleId,
      mode: v.picklist(["today", "manual", "off"], "mode must be today, manual or off"),
    }),
    v.object({
      intent: v.literal("pause"),
      branch: ConsoleId,
      mode: v.union([v.picklist(["manual", "resume"]), Minutes], "mode must be 15, 30, 60, manual or resume"),
    }),
  ],
  "intent must be sold-out or pause",
);

const bad = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]], status = 400) =>
  data({ error: v.summarize(issues) }, { status, headers: CONSOLE_HEADERS });

export async function loadSwitchDishes(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "orders", { copy: true });
  const query = v.safeParse(Query, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw bad(query.issues);
  const branch = await requireBranch(env, tenant, member, query.output.branch);
  const dishes = await findDishes(env, tenant, branch.id, query.output.q);
  return data({ dishes, now: Date.now() }, { headers: CONSOLE_HEADERS });
}

export async function switchAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env, "orders", { copy: true });
  const fields = (await readFields(request)) ?? {};
  const form = v.safeParse(Form, fields);
  if (!form.success) return bad(form.issues, 422);
  const input = form.output;
  await requireBranch(env, tenant, member, input.branch);
  const done =
    input.intent === "pause"
      ? await setPause(env, tenant, input.branch, input.mode)
      : await setSoldOut(env, tenant, input.branch, input.product_id, input.mode);
  if (!done) return data({ error: "no such dish in this branch" }, { status: 404, headers: CONSOLE_HEADERS });
  // A form posted before the page's script (a document navigation) goes back to the board.
  if (request.headers.get("sec-fetch-mode") === "navigate")
    throw redirect(safeLocalPath(fields.back, "/console/orders"), { status: 303, headers: CONSOLE_HEADERS });
  return data({ ok: true as const, ...done }, { headers: CONSOLE_HEADERS });
}
