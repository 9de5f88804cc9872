import * as v from "valibot";
import { Envelope } from "./schemas";
import { kindOfStatus, UpstreamError } from "./errors";

/** Rejects with an `unavailable` error when `promise` takes longer than `ms` (the spec set no timeout). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError("unavailable", 504, `${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads one upstream answer: non-2xx → its error kind; a body that breaks, is not JSON, lacks the
 * envelope or fails `schema` → `unavailable`. Never throws anything but an UpstreamError.
 */
/** What `readEnvelope` needs of an answer: a fetch Response or a Hono client response. */
export interface AnswerLike {
  ok: boolean;
  status: number;
  body?: ReadableStream | null;
  text(): Promise<string>;
}

export async function readEnvelope<S extends v.GenericSchema>(
  what: string,
  send: () => Promise<AnswerLike>,
  schema: S,
  timeoutMs: number,
): Promise<v.InferOutput<S>> {
  return withTimeout((async () => readAnswer(what, await sent(what, send), schema))(), timeoutMs, what);
}

/** `send()`, with a failure to reach the API as an `unavailable` UpstreamError. */
export async function sent(what: string, send: () => Promise<AnswerLike>): Promise<AnswerLike> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError("unavailable", 502, `${what}: ${String(error)}`);
  }
}

/** Reads an answer's envelope and data (see readEnvelope). */
export async function readAnswer<S extends v.GenericSchema>(what: string, res: AnswerLike, schema: S): Promise<v.InferOutput<S>> {
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(kindOfStatus(res.status), res.status, `${what} answered ${res.status}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch {
    throw new UpstreamError("unavailable", 502, `${what} answered a body that is not JSON`);
  }
  return parseData(what, json, schema);
}

/** Checks the envelope and its data; exported for the property tests (never throws on any JSON but UpstreamError). */
export function parseData<S extends v.GenericSchema>(what: string, json: unknown, schema: S): v.InferOutput<S> {
  const envelope = v.safeParse(Envelope, json);
  const data = envelope.success ? v.safeParse(schema, envelope.output.data) : null;
  if (!data?.success) throw new UpstreamError("unavailable", 502, `${what} answered an unexpected shape`);
  return data.output;
}
