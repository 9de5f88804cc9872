// Maps failures to the answers pages give: a missing or inactive restaurant is a 404 page,
// an unreachable restaurant API is a friendly 503. Never a stack trace.
import { data } from "react-router";
import { UpstreamError } from "../../worker/upstream/errors";

/** "no-table": a table path whose number is above the branch's tables (its 404 page says so). */
export type ErrorReason = "not-found" | "no-table" | "unavailable";

export const notFound = () => data<ErrorReason>("not-found", { status: 404 });
export const tableNotFound = () => data<ErrorReason>("no-table", { status: 404 });

export function rethrowUpstream(error: unknown): never {
  if (error instanceof UpstreamError) {
    if (error.kind === "unavailable") {
      throw data<ErrorReason>("unavailable", { status: 503, headers: { "Retry-After": "30" } });
    }
    throw notFound();
  }
  throw error;
}
