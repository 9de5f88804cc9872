// The ZATCA queue's consumer (wrangler.toml, docs/decisions/0073): each message names a restaurant's object
// and a branch; the consumer reports (simplified) or clears (standard) that branch's documents in counter order with its
// EGS's CSID (opened in memory by egsSigner, never logged), one claimed attempt at a time, and records each
// answer in the object. A failure (a 500, a timeout, no answer) ends the message: the object queues the
// retry with its backoff, so every message is acknowledged here.
import * as v from "valibot";
import { zatcaConnection, type ZatcaConnection } from "../providers/zatca";
import type { ZatcaResult } from "../providers/zatca-api";
import type { ReportAttempt, ReportOutcome } from "../restaurant/zatca-reports";
import { egsSigner, type EgsSigner } from "../restaurant/zatca-egs";

/** The queue this consumer takes (wrangler.toml `menu-zatca`). */
export const REPORT_QUEUE = "menu-zatca";
/** Documents one message reports at most (the rest follow in the next message the object queues). */
const PER_MESSAGE = 100;

const Message = v.object({ object: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), branch: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** ZATCA's answer as the object records it: its status and its error and warning messages. */
const outcomeOf = (result: ZatcaResult): ReportOutcome => ({
  status: result.status,
  httpStatus: result.httpStatus || null,
  messages: [...result.validationResults.errorMessages, ...result.validationResults.warningMessages].map(({ type, code, message }) => ({
    type,
    code,
    message,
  })),
  ...(result.clearedInvoice ? { clearedInvoice: result.clearedInvoice } : {}),
});

/** Why a document cannot be sent with this deploy and this branch's EGS, or null: it can. */
export function cannotSend(connection: ZatcaConnection | null, signer: { environment: string } | null): ReportOutcome | null {
  if (!connection) return failed("not-configured", "This deploy does not reach ZATCA (ZATCA_ENVIRONMENT)");
  if (!signer) return failed("no-csid", "The branch's EGS has no usable CSID: onboard it again");
  if (signer.environment !== connection.environment)
    return failed("environment", `The branch was onboarded to ${signer.environment}, this deploy reports to ${connection.environment}`);
  return null;
}

/** One document sent: reported (simplified) or cleared (standard) with the branch's CSID. */
export async function sendDocument(connection: ZatcaConnection, signer: EgsSigner, attempt: ReportAttempt): Promise<ReportOutcome> {
  const credentials = { binarySecurityToken: signer.certificate, secret: signer.secret };
  const body = { invoiceHash: attempt.hash, uuid: attempt.uuid, invoice: attempt.xml };
  return outcomeOf(await (attempt.kind === "standard" ? connection.api.clear(credentials, body) : connection.api.report(credentials, body)));
}

const failed = (code: string, message: string): ReportOutcome => ({ status: "error", httpStatus: null, messages: [{ type: "ERROR", code, message }] });

async function reportBranch(env: Env, body: unknown, connection: ZatcaConnection | null): Promise<void> {
  const message = v.safeParse(Message, body);
  if (!message.success) return console.error("zatca: a message that names no branch", body);
  const object = env.RESTAURANT.get(env.RESTAURANT.idFromString(message.output.object));
  const branch = message.output.branch;
  for (let n = 0; n < PER_MESSAGE; n++) {
    const claimed = await object.claimZatcaReport(branch);
    if (!claimed) return;
    const { restaurant, attempt } = claimed;
    const signer = await egsSigner(env, restaurant, branch);
    const outcome = cannotSend(connection, signer) ?? (await sendDocument(connection!, signer!, attempt));
    if (!(await object.recordZatcaReport(attempt.id, attempt.attempt, outcome))) return;
  }
}

/** The batch's branches, each reported in turn; `connection` is the deploy's (a test passes one over a wrapped transport). */
export async function reportDocuments(batch: MessageBatch<unknown>, env: Env, connection = zatcaConnection(env)): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await reportBranch(env, message.body, connection);
        message.ack();
      } catch (error) {
        // The object could not be reached: the queue tries the message again.
        console.error("zatca: reporting failed", error instanceof Error ? error.name : "error");
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}
