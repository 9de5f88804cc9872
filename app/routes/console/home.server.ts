// /console: the "first steps" checklist, each step ticked from the restaurant's own data. The owner's
// (worker/rules/roles.ts): a manager or staff member asking for it is sent to the board, where they land.
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { CONSOLE_HEADERS, landingOf, requireMember } from "~/lib/console-session.server";
import { can } from "../../../worker/rules/roles";
import { firstStepsOf } from "../../../worker/console/home";

export async function loadHome(request: Request, context: Readonly<RouterContextProvider>) {
  const { env } = getApp(context);
  const { member, tenant } = await requireMember(request, env);
  if (!can(member.role, "setup")) throw redirect(landingOf(member), { headers: CONSOLE_HEADERS });
  const { steps, ordered, smsBudget, zatca } = await firstStepsOf(env, tenant);
  const branchId = steps.firstBranchId;
  return data(
    {
      steps: {
        dish: steps.dishes > 0,
        allergens: steps.dishes > 0 && steps.undeclared === 0,
        calories: steps.dishes > 0 && steps.noCalories === 0,
        colours: steps.colours,
        tables: ordered.tableOrders > 0,
        testOrder: ordered.orders > 0,
      },
      /** Dishes with no allergen information, for the allergens step's text. */
      undeclared: steps.undeclared,
      /** SFDA asks a Saudi restaurant for every dish's calories (docs/decisions/0070): its step, and how many lack them. */
      caloriesStep: member.country === "SA",
      noCalories: steps.noCalories,
      dinerPage: branchId === null ? `/${member.domain}` : `/${member.domain}/${branchId}`,
      /** The first branch's table codes (the sheet is per branch). */
      codesPage: steps.firstBranchId === null ? "/console/branches" : `/console/branches/${steps.firstBranchId}/codes`,
      /** Today's diner codes by SMS against the restaurant's budget (a notice once it is used up). */
      smsBudget,
      /** ZATCA refused documents, ones still unreported after 24 hours, a seller without its national address (a notice for the owner). */
      zatca: zatca ?? { rejected: 0, not_cleared: 0, late: 0, no_address: 0 },
    },
    { headers: CONSOLE_HEADERS },
  );
}
