// Today's diner codes by SMS against the restaurant's daily budget, as the console's home and board
// show it: the budget is the directory's row as this place caches it (the diners' code requests read the
// same copy, worker/directory/directory.ts; D1 when it does not match), the day's count the restaurant's
// object keeps on its clock. A board's read after a reconnect then costs D1 nothing (docs/decisions/0088).
import { restaurantOfMember } from "../directory/directory";
import { restaurantCall } from "../restaurant/stub";
import type { ConsoleTenant } from "./reads";

const dailyBudget = async (env: Env, tenant: ConsoleTenant) => (await restaurantOfMember(env, tenant))?.sms_daily_budget ?? 0;

export async function smsBudgetToday(env: Env, tenant: ConsoleTenant, now = Date.now()) {
  const [budget, used] = await Promise.all([dailyBudget(env, tenant), restaurantCall(env, tenant, "smsUsedToday", now)]);
  return { budget, used, spent: used >= budget };
}
