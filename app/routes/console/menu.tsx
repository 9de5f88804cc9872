// /console/menu: the menu editor (docs/decisions/0025) for one branch at a time (`?branch=`): menus, their
// categories and dishes, each created, edited, deleted and put in order here; dishes duplicated,
// menus copied to another branch, a dish's card previewed as diners see it. Changes purge the
// tenant, so diners see them within seconds.
import { useState, type ReactNode } from "react";
import type { Route } from "./+types/menu";
import { ChoiceLinks } from "~/components/console/insights/choice-links";
import { CalorieGaps } from "~/components/console/menu-editor/calorie-gaps";
import { AllergenGaps } from "~/components/console/menu-editor/allergen-gaps";
import { CategoryFold } from "~/components/console/menu-editor/category-fold";
import { CopyMenuForm } from "~/components/console/menu-editor/copy-menu-form";
import { DeleteForm } from "~/components/console/menu-editor/delete-form";
import { DishForm } from "~/components/console/menu-editor/dish-form";
import { DishRow } from "~/components/console/menu-editor/dish-row";
import { ServedForm, servedKey, useServedSummary, type ServedRow } from "~/components/console/menu-editor/served-form";
import { NamesForm } from "~/components/console/menu-editor/names-form";
import { SortableList } from "~/components/console/menu-editor/sortable-list";
import { useEditorForm } from "~/components/console/menu-editor/use-editor-form";
import { PictureControl } from "~/components/console/pictures/picture-control";
import { ConsoleErrorBoundary } from "~/components/console/route-error";
import { localized, useLanguage } from "~/lib/localized";
import { normalizeForSearch } from "~/lib/search";
import { useConsoleTranslation } from "~/locales/console";
import { loadMenu, menuAction } from "./menu.server";
import { privatePageHeaders } from "~/lib/route-headers";

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMenu(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return menuAction(request, context);
}

/** A branch with more dishes than this opens with its categories folded (a search opens those with a match). */
const FOLD_ABOVE = 80;
const box = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
const summary = "inline-block cursor-pointer rounded-full px-3 py-1.5 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20";

/** A <details> that opens into a form, and stays open when the form came back with problems. */
function Expand({ label, formKey, children, testId }: { label: ReactNode; formKey: string; children: ReactNode; testId?: string }) {
  const { problem } = useEditorForm(formKey);
  return (
    <details open={problem === "fields" ? true : undefined} data-testid={testId}>
      <summary className={summary}>{label}</summary>
      {children}
    </details>
  );
}

export default function ConsoleMenu({ loaderData }: Route.ComponentProps) {
  const { menus, branches, branchId, currency, pictures, brand, undeclared } = loaderData;
  const { t } = useConsoleTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useState("");
  if (branchId === null) return <p>{t("console.screens.menu.empty")}</p>;
  const wanted = normalizeForSearch(query);
  const searching = wanted !== "";
  const matches = (dish: { name_en: string; name_ar: string }) => !searching || normalizeForSearch(`${dish.name_en} ${dish.name_ar}`).includes(wanted);
  const allDishes = menus.flatMap((m) => m.categories.flatMap((c) => c.dishes));
  const folded = allDishes.length > FOLD_ABOVE;
  const found = allDishes.filter(matches).length;
  return (
    <section aria-labelledby="menu-title">
      <h1 id="menu-title" className="text-2xl font-bold">
        {t("console.screens.menu.title")}
      </h1>
      <p className="mt-1 text-stone-600 dark:text-stone-300">{t("console.menuEditor.intro")}</p>
      <p className="mt-2 flex flex-wrap gap-4 text-sm font-bold">
        <a href={`/console/menu/export.csv?branch=${branchId}`} download className="underline" data-testid="menu-export">
          {t("console.menuCsv.export")}
        </a>
        <a href={`/console/menu/import?branch=${branchId}`} className="underline" data-testid="menu-import">
          {t("console.menuCsv.import")}
        </a>
      </p>
      {branches.length > 1 && (
        <div className="mt-3">
          <ChoiceLinks
            label={t("console.menuEditor.branch")}
            testId="menu-branches"
            choices={branches.map((b) => ({
              key: String(b.id),
              text: localized(b, "name", lang),
              to: `/console/menu?branch=${b.id}`,
              current: b.id === branchId,
            }))}
          />
        </div>
      )}
      <AllergenGaps {...undeclared} />
      <CalorieGaps dishes={allDishes} />
      {menus.length === 0 && <p className="mt-4">{t("console.menuEditor.noMenus")}</p>}
      {allDishes.length > 0 && (
        <div className="mt-4">
          <label className="block max-w-md">
            <span className="text-sm font-bold">{t("console.menuEditor.search")}</span>
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              maxLength={80}
              autoComplete="off"
              aria-describedby="menu-search-hint"
              className="mt-1 block w-full rounded-xl bg-white px-3 py-2 ring-1 ring-black/15 dark:bg-stone-900 dark:ring-white/20"
              data-testid="menu-search"
            />
          </label>
          <p id="menu-search-hint" className="mt-1 text-xs text-stone-600 dark:text-stone-300">
            {t("console.menuEditor.searchHint")}
          </p>
          {searching && found === 0 && (
            <p role="status" className="mt-1 text-sm font-bold" data-testid="menu-search-none">
              {t("console.menuEditor.noMatch", { query })}
            </p>
          )}
        </div>
      )}
      <SortableList
        level="menu"
        parent={branchId}
        items={menus}
        name={(m) => localized(m, "name", lang)}
        testId="menus"
        className="mt-4 grid gap-6"
        hidden={(m) => searching && !m.categories.some((c) => c.dishes.some(matches))}
        row={(menu, controls) => {
          const menuName = localized(menu, "name", lang);
          const dishCount = menu.categories.reduce((n, c) => n + c.dishes.length, 0);
          return (
            <section aria-label={menuName} data-testid="console-menu" className="rounded-3xl bg-stone-100 p-3 dark:bg-stone-800/50">
              <div className="flex flex-wrap items-center gap-2">
                {controls}
                <h2 className="min-w-0 flex-1 text-lg font-bold">
                  {t("console.menuEditor.menu")}: {menuName}
                </h2>
              </div>
              <div className="mt-2 flex flex-wrap items-start gap-2">
                <Expand
                  formKey={`menu-${menu.id}`}
                  label={
                    <>
                      {t("console.menuEditor.edit")}
                      <span className="sr-only"> {menuName}</span>
                    </>
                  }
                >
                  <NamesForm formKey={`menu-${menu.id}`} intent="menu-update" hidden={{ id: menu.id }} initial={menu} submit={t("console.menuEditor.save")} />
                </Expand>
                <Expand
                  formKey={servedKey("menu", menu.id)}
                  label={
                    <>
                      {t("console.menuEditor.served.edit")}
                      <span className="sr-only"> {menuName}</span>
                    </>
                  }
                >
                  <ServedForm level="menu" row={menu} />
                </Expand>
                <DeleteForm level="menu" id={menu.id} name={menuName} dishes={dishCount} />
                <CopyMenuForm menu={menu.id} branches={branches} current={branchId} />
              </div>
              <ServedSummary row={menu} testId="menu-served-summary" />
              <div className="mt-2" data-testid="menu-picture">
                <p className="mb-1 text-sm font-bold">{t("console.pictures.menuPictureTitle")}</p>
                <PictureControl target={`menu:${menu.id}`} image={menu.image} label={t("console.pictures.menuPicture", { name: menuName })} />
              </div>
              {menu.categories.length === 0 && <p className="mt-2 text-sm">{t("console.menuEditor.noCategories")}</p>}
              <SortableList
                level="category"
                parent={menu.id}
                items={menu.categories}
                name={(c) => localized(c, "name", lang)}
                testId="categories"
                className="mt-3 grid gap-3"
                hidden={(c) => searching && !c.dishes.some(matches)}
                row={(category, categoryControls) => {
                  const categoryName = localized(category, "name", lang);
                  return (
                    <div className={`${box} flex flex-wrap items-start gap-2`} data-testid="console-category">
                      {categoryControls}
                      <CategoryFold
                        title={<h3 className="min-w-0 font-bold">{categoryName}</h3>}
                        count={category.dishes.length}
                        startOpen={!folded}
                        forceOpen={searching}
                      >
                        <div className="mt-2 flex flex-wrap items-start gap-2">
                          <Expand
                            formKey={`category-${category.id}`}
                            label={
                              <>
                                {t("console.menuEditor.edit")}
                                <span className="sr-only"> {categoryName}</span>
                              </>
                            }
                          >
                            <NamesForm
                              formKey={`category-${category.id}`}
                              intent="category-update"
                              hidden={{ id: category.id }}
                              initial={category}
                              submit={t("console.menuEditor.save")}
                            />
                          </Expand>
                          <Expand
                            formKey={servedKey("category", category.id)}
                            label={
                              <>
                                {t("console.menuEditor.served.edit")}
                                <span className="sr-only"> {categoryName}</span>
                              </>
                            }
                          >
                            <ServedForm level="category" row={category} />
                          </Expand>
                          <DeleteForm level="category" id={category.id} name={categoryName} dishes={category.dishes.length} />
                        </div>
                        <ServedSummary row={category} testId="category-served-summary" />
                        {category.dishes.length === 0 && <p className="mt-2 text-sm text-stone-600 dark:text-stone-300">{t("console.menuEditor.noDishes")}</p>}
                        <SortableList
                          level="dish"
                          parent={category.id}
                          items={category.dishes}
                          name={(d) => localized(d, "name", lang)}
                          testId="dishes"
                          className="mt-2 divide-y divide-black/5 dark:divide-white/10"
                          hidden={(d) => !matches(d)}
                          row={(dish, dishControls) => (
                            <DishRow dish={dish} controls={dishControls} brand={brand} currency={currency} image={pictures[dish.id] ?? null} />
                          )}
                        />
                        <div className="mt-3">
                          <Expand formKey={`new-dish-${category.id}`} label={t("console.menuEditor.addDish")} testId="add-dish">
                            <DishForm formKey={`new-dish-${category.id}`} category={category.id} brand={brand} currency={currency} image={null} />
                          </Expand>
                        </div>
                      </CategoryFold>
                    </div>
                  );
                }}
              />
              <div className="mt-3">
                <Expand formKey={`new-category-${menu.id}`} label={t("console.menuEditor.addCategory")} testId="add-category">
                  <NamesForm
                    formKey={`new-category-${menu.id}`}
                    intent="category-create"
                    hidden={{ menu: menu.id }}
                    submit={t("console.menuEditor.addCategory")}
                  />
                </Expand>
              </div>
            </section>
          );
        }}
      />
      <div className="mt-6">
        <Expand formKey={`new-menu-${branchId}`} label={t("console.menuEditor.addMenu")} testId="add-menu">
          <NamesForm formKey={`new-menu-${branchId}`} intent="menu-create" hidden={{ branch: branchId }} submit={t("console.menuEditor.addMenu")} />
        </Expand>
      </div>
    </section>
  );
}

export const ErrorBoundary = ConsoleErrorBoundary;

/** A menu's or category's windows under its name, when it has any of its own. */
function ServedSummary({ row, testId }: { row: ServedRow; testId: string }) {
  const summary = useServedSummary(row);
  return summary ? (
    <p className="mt-1 text-sm font-semibold text-amber-900 dark:text-amber-200" data-testid={testId}>
      {summary}
    </p>
  ) : null;
}
