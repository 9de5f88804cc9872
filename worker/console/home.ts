// The "first steps" screen's door (/console, owners): each step's signal from the restaurant's object
// (../restaurant/checklist-rows.ts), today's diner codes by SMS against its budget, and the Phase-2
// documents ZATCA refused or that wait too long to be reported (docs/decisions/0073).
import { restaurantCall } from "../restaurant/stub";
import type { ConsoleTenant } from "./reads";
import { smsBudgetToday } from "./sms-budget";

export async function firstStepsOf(env: Env, tenant: ConsoleTenant) {
  const [steps, ordered, smsBudget, zatca] = await Promise.all([
    restaurantCall(env, tenant, "firstSteps"),
    restaurantCall(env, tenant, "orderSteps"),
    smsBudgetToday(env, tenant),
    restaurantCall(env, tenant, "phase2Problems", Date.now()),
  ]);
  return { steps, ordered, smsBudget, zatca };
}
