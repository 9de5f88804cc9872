// The console's notice that the restaurant's daily SMS budget is used up (diners get no code by SMS
// until its midnight): shown on the home screen and the orders board.
import { useConsoleTranslation } from "~/locales/console";

export function SmsBudgetNotice({ budget }: { budget: { used: number; budget: number; spent: boolean } }) {
  const { t } = useConsoleTranslation();
  if (!budget.spent) return null;
  return (
    <p
      role="status"
      data-testid="sms-budget-spent"
      className="mb-4 rounded-2xl bg-amber-100 px-4 py-3 text-sm font-bold text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      {t("console.screens.home.smsBudget", { used: budget.used, budget: budget.budget })}
    </p>
  );
}
