// The orders screen's action (docs/decisions/0055): a diner rates a ready order, 1–5 stars and a short note, with
// the branch's order token (the API checks the order is theirs and ready, and takes one rating). The
// answer says what to show: thanks, and after a high rating the restaurant's review link if it set one.
import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getApp } from "~/context";
import { readOrderToken } from "~/lib/order-token.server";
import { readFields } from "~/lib/form-body.server";
import { IdText } from "../../../worker/rules/ids";
import { UpstreamError } from "../../../worker/upstream/errors";
import { requireOrderingBranch } from "./ordering-branch.server";
import { PRIVATE_HEADERS } from "~/lib/route-headers";

const RateForm = v.object({
  order_id: IdText,
  stars: v.pipe(v.string(), v.regex(/^[1-5]$/), v.transform(Number)),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300)), ""),
});

export type RateOutcome =
  { ok: true; order_id: number; stars: number; review_url: string | null } | { ok: false; problem: "invalid" | "signedOut" | "refused" | "unavailable" };

export async function rateAction(request: Request, context: Readonly<RouterContextProvider>, params: { domain?: string; table?: string; branchId?: string }) {
  const { branchId } = await requireOrderingBranch(context, params);
  const answer = (body: RateOutcome, status = 200) => data(body, { status, headers: PRIVATE_HEADERS });
  const form = v.safeParse(RateForm, (await readFields(request)) ?? {});
  if (!form.success) return answer({ ok: false, problem: "invalid" }, 400);
  const owner = readOrderToken(request, branchId);
  if (!owner) return answer({ ok: false, problem: "signedOut" }, 401);
  const { order_id, stars, note } = form.output;
  try {
    const rated = await getApp(context).ordering.rateOrder(owner.token, order_id, { stars, note });
    return answer({ ok: true, order_id, stars, review_url: rated.review_url });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 401) return answer({ ok: false, problem: "signedOut" }, 401);
    if (error instanceof UpstreamError && (error.status === 409 || error.status === 404 || error.status === 422))
      return answer({ ok: false, problem: "refused" }, 409);
    throw error;
  }
}
