// A restaurant's object's own rows, as a test sets them up and reads them: the D1-shaped store its
// operations use (worker/restaurant/sql-bridge.ts), run inside the object (runInDurableObject), with
// what the object does around an operation — the catalogue taken from D1 first, and after a write the
// alarm set and the webhooks it made due sent. The product itself reaches the object only by naming
// an operation (worker/restaurant/stub.ts `restaurantCall`); a test may write any row directly.
import { env, runInDurableObject } from "cloudflare:test";
import { ordersDb, runStatements, type OrdersDb } from "../../worker/restaurant/sql-bridge";
import { restaurantObject } from "../../worker/restaurant/stub";

/** The object's private steps around an operation (worker/restaurant/object.ts `call`). */
interface Inside {
  catalogueReady(restaurantId: number): Promise<void>;
  alarmForSwitches(): Promise<void>;
  pruneLater(): Promise<void>;
  sendWebhooks(): Promise<boolean>;
}

export const objectStore = (restaurantId: number): OrdersDb =>
  ordersDb({
    run: (statements) =>
      runInDurableObject(restaurantObject(env, { id: restaurantId }), async (instance, state) => {
        const inside = instance as unknown as Inside;
        await inside.catalogueReady(restaurantId);
        const results = runStatements(state.storage, statements);
        if (results.some((r) => r.meta.changes > 0)) {
          await inside.alarmForSwitches();
          await inside.pruneLater();
          state.waitUntil(inside.sendWebhooks());
        }
        return results;
      }),
  });
