// Every operation the worker asks of a restaurant's object, by name: the object runs it on its own
// SQLite (Restaurant.call), the worker calls it typed (stub.ts `restaurantCall`). Each audience's
// operations are listed in its own file; an operation takes the store and the restaurant's id first.
import { consoleCalls } from "./calls-console";
import { dinerCalls } from "./calls-diner";
import { egsCalls } from "./calls-egs";
import { menuCalls } from "./calls-menu";
import { orderCalls } from "./calls-orders";
import { tapCalls } from "./calls-tap";
import type { OrdersDb } from "./sql-bridge";

/** What an operation is: the object's store, the restaurant's id, then its own (structured-cloneable) arguments. */
// `any`: each operation names its own arguments.
export type Operation = (db: OrdersDb, restaurantId: number, ...args: any[]) => unknown;

const CALLS = { ...consoleCalls, ...dinerCalls, ...egsCalls, ...menuCalls, ...orderCalls, ...tapCalls } satisfies Record<string, Operation>;

export type CallName = keyof typeof CALLS;
export type CallArgs<K extends CallName> = (typeof CALLS)[K] extends (db: OrdersDb, restaurantId: number, ...args: infer A) => unknown ? A : never;
export type CallResult<K extends CallName> = Awaited<ReturnType<(typeof CALLS)[K]>>;

/** An operation by a name that came over RPC: only one of the listed ones. */
export function operation(name: string): Operation {
  if (!Object.hasOwn(CALLS, name)) throw new Error(`No restaurant operation is called ${name}`);
  return CALLS[name as CallName] as Operation;
}
