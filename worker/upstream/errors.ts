/** What a page needs to know about a failed upstream call. */
export type UpstreamErrorKind =
  | "not-found" // 403 (inactive restaurant, unknown branch) or 404: the page does not exist
  | "invalid" // 422: the request was refused as invalid
  | "unavailable"; // 5xx, 429, timeout, network error, bad JSON, an answer that fails its schema

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly status: number,
    message: string,
    /** The answer's JSON body when it had one (a 422's field errors, a 429's retry_after). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

export function kindOfStatus(status: number): UpstreamErrorKind {
  if (status === 403 || status === 404) return "not-found";
  if (status === 422) return "invalid";
  return "unavailable";
}
