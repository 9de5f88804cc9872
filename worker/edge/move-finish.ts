// POST /_edge/move/finish (ADMIN_SECRET): after `npm run move-to-objects` has moved every restaurant,
// drops D1's old tables and brand columns (worker/directory/old-tables.ts, docs/decisions/0050). 409
// naming restaurants whose move has not finished; 200 with what was dropped (nothing, the second time).
import type { Context } from "hono";
import { finishMove } from "../directory/old-tables";
import { adminRefusal } from "./admin-auth";

export async function handleMoveFinish(c: Context<{ Bindings: Env }>) {
  const refusal = await adminRefusal(c.req.raw, c.env);
  if (refusal) return refusal;
  const result = await finishMove(c.env.DB);
  const headers = { "Cache-Control": "no-store" };
  if ("notMoved" in result) {
    const ids = result.notMoved.join(", ");
    return c.json({ error: `Not moved yet: restaurant(s) ${ids}. Run npm run move-to-objects, then finish again.`, notMoved: result.notMoved }, 409, headers);
  }
  return c.json(result, 200, headers);
}
