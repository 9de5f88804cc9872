// Inside the restaurant's object: the D1-shaped store (./sql-bridge.ts) over the object's own SQLite,
// so an operation (./calls.ts) reads as code written for D1 does, and the object learns whether it
// wrote (its alarm and webhooks follow a write).
import { ordersDb, runStatements, type OrdersDb } from "./sql-bridge";

export function localStore(storage: DurableObjectStorage): { store: OrdersDb; wrote: () => boolean } {
  let wrote = false;
  const store = ordersDb({
    run: async (statements) => {
      const results = runStatements(storage, statements);
      if (results.some((r) => r.meta.changes > 0)) wrote = true;
      return results;
    },
  });
  return { store, wrote: () => wrote };
}
