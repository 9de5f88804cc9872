// The "first steps" screen's door (/console, owners): each step's signal from the restaurant's object
// (../restaurant/checklist-rows.ts), and today's diner codes by SMS against its budget.
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";
import { smsBudgetToday } from "./sms-budget";

export async function firstStepsOf(env: Env, tenant: RestaurantRef) {
  const [steps, ordered, smsBudget] = await Promise.all([
    restaurantCall(env, tenant, "firstSteps"),
    restaurantCall(env, tenant, "orderSteps"),
    smsBudgetToday(env, tenant),
  ]);
  return { steps, ordered, smsBudget };
}
