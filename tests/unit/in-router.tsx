// A diner's component rendered as a page would have it: inside a router, with the ordering strings of one
// language (the unit tests of prices, choices and allergens share it).
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { I18nProvider } from "../../app/lib/i18n";
import { orderingStrings } from "../../app/lib/strings.server";

export const inRouter = (lang: "en" | "ar", node: React.ReactNode) =>
  render(
    <RouterProvider
      router={createMemoryRouter([
        {
          path: "/",
          element: (
            <I18nProvider lang={lang} strings={orderingStrings(lang)}>
              {node}
            </I18nProvider>
          ),
        },
      ])}
    />,
  ).container;
