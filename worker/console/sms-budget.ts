// Today's diner codes by SMS against the restaurant's daily budget, as the console's home and board
// show it: the budget is the directory's, the day's count the restaurant's object keeps on its clock.
import { smsDailyBudget } from "../directory/restaurant-rows";
import { restaurantCall, type RestaurantRef } from "../restaurant/stub";

export async function smsBudgetToday(env: Env, tenant: RestaurantRef, now = Date.now()) {
  const [budget, used] = await Promise.all([smsDailyBudget(env.DB, tenant.id), restaurantCall(env, tenant, "smsUsedToday", now)]);
  return { budget, used, spent: used >= budget };
}
