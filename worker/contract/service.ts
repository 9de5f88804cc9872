// The embedded API's addition beside the contract (docs/decisions/0055): a diner at a table calls a waiter or asks
// for the bill, and reads the table's calls, only from a table the branch has (1 to its number of
// tables, else to 9999: 422 on `table_id`). Never cached. Bounded per client network (a ledger claim,
// given back when the tap found the open call), per table and kind (one open call: the object's unique
// index) and per table an hour (the same INSERT). The branch's board hears of a new call at once.
import { Hono } from "hono";
import * as v from "valibot";
import { Domain, IdField, readInput, typed } from "./input";
import { activeRestaurant } from "./queries";
import { branchNotFound, inactive, noSuchTable, ok, rateLimited } from "./respond";
import { clientNetwork } from "./otp";
import { claimNetwork, releaseNetwork } from "../limits/claim";
import { publishBoard } from "../restaurant/board-events";
import type { ServiceCall } from "../restaurant/service-calls";
import { restaurantCall } from "../restaurant/stub";
import { serviceChannel } from "../realtime/channels";
import { isTableNumber } from "../rules/table-number";

/**
 * A table any branch can have (its codes stop at MAX_TABLE): another number is a 422 on `table_id`; one
 * above the branch's own number of tables is refused by the object (the call's INSERT) with the same 422.
 */
const TableField = v.pipe(
  IdField,
  v.check((table) => isTableNumber(table), "max"),
);
const CallBody = v.object({
  domain: Domain,
  branch_id: IdField,
  table_id: TableField,
  kind: v.picklist(["waiter", "bill"], "in"),
  pay: v.optional(v.picklist(["card", "counter"], "in")),
});
const CallsBody = v.object({ domain: Domain, branch_id: IdField, table_id: TableField });
type Json<S extends v.GenericSchema> = v.InferInput<S>;

/** A call as answered: its channel's name is the diner's to listen on. */
const callJson = (call: ServiceCall) => ({
  id: call.public_id,
  channel: serviceChannel(call.public_id),
  kind: call.kind,
  pay: call.pay,
  created_at: call.created_at,
  acknowledged_at: call.acknowledged_at,
});

/** A call's retry wait when the table made its hour's calls: until the hour's first leaves the window (at most an hour). */
const TABLE_RETRY_S = 600;

export const serviceApp = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  })
  .post("/service/call", typed<Json<typeof CallBody>>(), async (c) => {
    const input = await readInput(c, CallBody);
    if (!input.ok) return input.response;
    const { domain, branch_id, table_id, kind, pay } = input.value;
    if (kind === "bill" && !pay) return c.json({ errors: { pay: ["required"] }, errorCode: 0, data: [] }, 422);
    const restaurant = await activeRestaurant(c.env, domain);
    if (!restaurant) return inactive(c);
    const network = clientNetwork(c);
    const claimed = await claimNetwork(c.env, "service", network, restaurant.id);
    if (!claimed.ok) return rateLimited(c, claimed.retryAfter);
    const outcome = await restaurantCall(c.env, restaurant, "callService", { branchId: branch_id, tableId: table_id, kind, pay: pay ?? null }, Date.now());
    // Only a new call keeps the network's claim: a tap that found the open call made nothing.
    if (!outcome.ok || !outcome.created) await releaseNetwork(c.env, network, claimed.id);
    if (!outcome.ok) {
      if (outcome.problem === "noBranch") return branchNotFound(c);
      if (outcome.problem === "noTable") return noSuchTable(c, outcome.lastTable);
      if (outcome.problem === "off") return c.json({ errors: [], errorCode: "service_off", message: "This branch takes no calls from tables.", data: [] }, 409);
      return rateLimited(c, TABLE_RETRY_S);
    }
    if (outcome.created) await publishBoard(c.env, restaurant, branch_id, { call: outcome.call.public_id });
    return ok(c, callJson(outcome.call));
  })
  .post("/service/calls", typed<Json<typeof CallsBody>>(), async (c) => {
    const input = await readInput(c, CallsBody);
    if (!input.ok) return input.response;
    const { domain, branch_id, table_id } = input.value;
    const restaurant = await activeRestaurant(c.env, domain);
    if (!restaurant) return inactive(c);
    const found = await restaurantCall(c.env, restaurant, "tableCalls", branch_id, table_id, Date.now());
    return found.ok ? ok(c, found.calls.map(callJson)) : noSuchTable(c, found.lastTable);
  });
