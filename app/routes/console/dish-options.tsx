// /console/menu/dishes/:productId: a dish's option groups (names side by side, the Arabic one
// right-to-left; required, at least, at most), their priced choices (add, remove, move up/down) and
// its allergens and tags. The editor keeps its state in the page and sends it whole; a refusal keeps
// what was typed and shows each problem beside its field.
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/dish-options";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { useHydrated } from "~/lib/hydrated";
import { localized, useLanguage } from "~/lib/localized";
import { useConsoleTranslation } from "~/locales/console";
import { card, field, small } from "~/components/console/dish-options/classes";
import { DietaryFields } from "~/components/console/dish-options/dietary-fields";
import {
  fromSent,
  modeOf,
  move,
  newGroup,
  toPayload,
  toState,
  type AllergenMode,
  type ChoiceState,
  type GroupState,
} from "~/components/console/dish-options/editor-state";
import { dishOptionsAction, loadDishOptions } from "./dish-options.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadDishOptions(request, context, params.productId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return dishOptionsAction(request, context, params.productId);
}

export default function DishOptions({ loaderData: { dish, currency } }: Route.ComponentProps) {
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // The payload is the page's state: before hydration a tick is not in it, so the editor waits for the page.
  const hydrated = useHydrated();
  const sent = outcome && "values" in outcome ? fromSent(outcome.values) : null;
  const [groups, setGroups] = useState<GroupState[]>(() => sent?.groups ?? toState(dish.groups, currency));
  const initial = sent ? sent.allergens : dish.allergens;
  const [mode, setMode] = useState<AllergenMode>(modeOf(initial));
  const [allergens, setAllergens] = useState<string[]>(initial ?? []);
  // "Contains" with nothing ticked is neither a declaration nor "not declared": asked before sending.
  const [allergensMissing, setAllergensMissing] = useState(false);
  const declared = mode === "unknown" ? null : mode === "none" ? [] : allergens;
  const [tags, setTags] = useState<string[]>(sent?.tags ?? dish.tags);
  // After a save the loader's fresh ids replace the new rows' nulls.
  useEffect(() => {
    if (outcome && "ok" in outcome && outcome.ok) setGroups(toState(dish.groups, currency));
  }, [dish, outcome, currency]);
  const errors = outcome && "errors" in outcome ? outcome.errors : {};
  const errorOf = (path: string) => errors[path];
  const FieldError = ({ path }: { path: string }) =>
    errorOf(path) ? (
      <span className="mt-1 block text-sm font-bold text-red-700 dark:text-red-300" id={`err-${path}`}>
        {t(`console.dishOptions.errors.${errorOf(path)}` as never, { currency })}
      </span>
    ) : null;
  const described = (path: string) => (errorOf(path) ? { "aria-invalid": true, "aria-describedby": `err-${path}` } : {});

  const setGroup = (i: number, patch: Partial<GroupState>) => setGroups((gs) => gs.map((g, k) => (k === i ? { ...g, ...patch } : g)));
  const setChoice = (i: number, j: number, patch: Partial<ChoiceState>) =>
    setGroup(i, { choices: groups[i]!.choices.map((c, k) => (k === j ? { ...c, ...patch } : c)) });

  return (
    <section aria-labelledby="dish-title">
      <Link to="/console/menu" className="text-sm font-bold text-amber-800 underline dark:text-amber-300">
        {t("console.dishOptions.back")}
      </Link>
      <h1 id="dish-title" className="mt-2 text-2xl font-bold">
        {localized(dish.product, "name", lang)}
      </h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.dishOptions.intro")}</p>
      {outcome && "ok" in outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="dish-outcome"
          className={`mt-3 rounded-xl px-4 py-3 font-bold ${outcome.ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
        >
          {t(outcome.ok ? "console.dishOptions.saved" : "console.dishOptions.failed")}
        </p>
      )}
      <Form
        method="post"
        className="mt-4"
        onSubmit={(e) => {
          const missing = mode === "contains" && allergens.length === 0;
          setAllergensMissing(missing);
          if (missing) e.preventDefault();
        }}
      >
        {/* The editor is the page's state: until it is live, a tap or a keystroke would be lost, so it waits. */}
        <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
          <input type="hidden" name="payload" value={toPayload(groups, declared, tags)} />
          <h2 className="text-lg font-bold">{t("console.dishOptions.groups")}</h2>
          {groups.length === 0 && <p>{t("console.dishOptions.noGroups")}</p>}
          {groups.map((g, i) => {
            const at = `groups.${i}`;
            const groupName = g.name_en || t("console.dishOptions.group", { n: i + 1 });
            return (
              <fieldset key={g.key} className={card} data-testid="dish-group">
                <legend className="sr-only">{t("console.dishOptions.group", { n: i + 1 })}</legend>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-bold">{t("console.dishOptions.group", { n: i + 1 })}</p>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={small}
                      disabled={i === 0}
                      onClick={() => setGroups((gs) => move(gs, i, -1))}
                      aria-label={t("console.dishOptions.moveGroup", { action: t("console.dishOptions.up"), name: groupName })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={small}
                      disabled={i === groups.length - 1}
                      onClick={() => setGroups((gs) => move(gs, i, 1))}
                      aria-label={t("console.dishOptions.moveGroup", { action: t("console.dishOptions.down"), name: groupName })}
                    >
                      ↓
                    </button>
                    <button type="button" className={`${small} text-red-800 dark:text-red-300`} onClick={() => setGroups((gs) => gs.filter((_, k) => k !== i))}>
                      {t("console.dishOptions.remove")}
                    </button>
                  </div>
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <label className="text-sm font-bold">
                    {t("console.dishOptions.nameEn")}
                    <input
                      className={field}
                      dir="ltr"
                      lang="en"
                      value={g.name_en}
                      onChange={(e) => setGroup(i, { name_en: e.target.value })}
                      name={`${at}.name_en`}
                      {...described(`${at}.name_en`)}
                    />
                    <FieldError path={`${at}.name_en`} />
                  </label>
                  <label className="text-sm font-bold">
                    {t("console.dishOptions.nameAr")}
                    <input
                      className={field}
                      dir="rtl"
                      lang="ar"
                      value={g.name_ar}
                      onChange={(e) => setGroup(i, { name_ar: e.target.value })}
                      name={`${at}.name_ar`}
                      {...described(`${at}.name_ar`)}
                    />
                    <FieldError path={`${at}.name_ar`} />
                  </label>
                </div>
                <div className="mt-3 grid grid-cols-[auto_1fr_1fr] items-start gap-3">
                  <label className="mt-7 flex items-center gap-2 text-sm font-bold">
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={g.required}
                      name={`${at}.required`}
                      onChange={(e) =>
                        setGroup(i, { required: e.target.checked, min_choices: e.target.checked ? (Number(g.min_choices) >= 1 ? g.min_choices : "1") : "0" })
                      }
                    />
                    {t("console.dishOptions.required")}
                  </label>
                  <label className="text-sm font-bold">
                    {t("console.dishOptions.minChoices")}
                    <input
                      className={field}
                      inputMode="numeric"
                      dir="ltr"
                      value={g.min_choices}
                      onChange={(e) => setGroup(i, { min_choices: e.target.value })}
                      name={`${at}.min_choices`}
                      {...described(`${at}.min_choices`)}
                    />
                    <FieldError path={`${at}.min_choices`} />
                  </label>
                  <label className="text-sm font-bold">
                    {t("console.dishOptions.maxChoices")}
                    <input
                      className={field}
                      inputMode="numeric"
                      dir="ltr"
                      value={g.max_choices}
                      onChange={(e) => setGroup(i, { max_choices: e.target.value })}
                      name={`${at}.max_choices`}
                      {...described(`${at}.max_choices`)}
                    />
                    <FieldError path={`${at}.max_choices`} />
                  </label>
                </div>
                <h3 className="mt-4 text-sm font-bold">{t("console.dishOptions.choices")}</h3>
                <FieldError path={`${at}.choices`} />
                <ol className="mt-2 space-y-3">
                  {g.choices.map((c, j) => {
                    const cat = `${at}.choices.${j}`;
                    return (
                      <li key={c.id ?? `n${j}`} className="rounded-xl p-3 ring-1 ring-black/10 dark:ring-white/10" data-testid="dish-choice">
                        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_7rem_6rem]">
                          <label className="text-sm">
                            {t("console.dishOptions.nameEn")}
                            <input
                              className={field}
                              dir="ltr"
                              lang="en"
                              value={c.name_en}
                              onChange={(e) => setChoice(i, j, { name_en: e.target.value })}
                              name={`${cat}.name_en`}
                              {...described(`${cat}.name_en`)}
                            />
                            <FieldError path={`${cat}.name_en`} />
                          </label>
                          <label className="text-sm">
                            {t("console.dishOptions.nameAr")}
                            <input
                              className={field}
                              dir="rtl"
                              lang="ar"
                              value={c.name_ar}
                              onChange={(e) => setChoice(i, j, { name_ar: e.target.value })}
                              name={`${cat}.name_ar`}
                              {...described(`${cat}.name_ar`)}
                            />
                            <FieldError path={`${cat}.name_ar`} />
                          </label>
                          <label className="text-sm">
                            {t("console.dishOptions.price")}
                            <input
                              className={field}
                              inputMode="decimal"
                              dir="ltr"
                              value={c.price}
                              onChange={(e) => setChoice(i, j, { price: e.target.value })}
                              name={`${cat}.price`}
                              {...described(`${cat}.price`)}
                            />
                            <FieldError path={`${cat}.price`} />
                          </label>
                          <label className="text-sm">
                            {t("console.nutrition.choiceCalories")}
                            <input
                              className={field}
                              inputMode="numeric"
                              dir="ltr"
                              value={c.calories}
                              onChange={(e) => setChoice(i, j, { calories: e.target.value })}
                              name={`${cat}.calories`}
                              {...described(`${cat}.calories`)}
                            />
                            <FieldError path={`${cat}.calories`} />
                          </label>
                        </div>
                        <div className="mt-2 flex gap-2">
                          <button
                            type="button"
                            className={small}
                            disabled={j === 0}
                            onClick={() => setGroup(i, { choices: move(g.choices, j, -1) })}
                            aria-label={t("console.dishOptions.moveGroup", {
                              action: t("console.dishOptions.up"),
                              name: c.name_en || t("console.dishOptions.choice", { n: j + 1 }),
                            })}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className={small}
                            disabled={j === g.choices.length - 1}
                            onClick={() => setGroup(i, { choices: move(g.choices, j, 1) })}
                            aria-label={t("console.dishOptions.moveGroup", {
                              action: t("console.dishOptions.down"),
                              name: c.name_en || t("console.dishOptions.choice", { n: j + 1 }),
                            })}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className={`${small} text-red-800 dark:text-red-300`}
                            onClick={() => setGroup(i, { choices: g.choices.filter((_, k) => k !== j) })}
                          >
                            {t("console.dishOptions.remove")}
                          </button>
                        </div>
                      </li>
                    );
                  })}
                </ol>
                <button
                  type="button"
                  className={`${small} mt-3`}
                  onClick={() => setGroup(i, { choices: [...g.choices, { id: null, name_en: "", name_ar: "", price: "0", calories: "" }] })}
                >
                  {t("console.dishOptions.addChoice")}
                </button>
              </fieldset>
            );
          })}
          <button type="button" className={small} data-testid="add-group" onClick={() => setGroups((gs) => [...gs, newGroup()])}>
            {t("console.dishOptions.addGroup")}
          </button>

          <DietaryFields
            mode={mode}
            setMode={setMode}
            allergens={allergens}
            setAllergens={setAllergens}
            missing={allergensMissing}
            setMissing={setAllergensMissing}
            tags={tags}
            setTags={setTags}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-stone-900 px-6 py-3 font-bold text-white disabled:opacity-50 dark:bg-white dark:text-stone-900"
          >
            {t("console.dishOptions.save")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;
