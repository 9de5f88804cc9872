// A ready order's rating in its sheet (docs/decisions/0055): "How was it?", 1–5 stars and a short note (a plain
// form, so it works before the script), once; then what the diner gave and, after a high rating, the
// restaurant's review link if it set one.
import { useFetcher } from "react-router";
import { useOrderingTranslation } from "~/locales/ordering";
import type { RateOutcome } from "~/routes/tenant/rate.server";
import { ORDER_STATUS } from "../../../worker/rules/status-table";

interface Rated {
  id: number;
  status: number;
  rating: { stars: number; note: string | null } | null;
}

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

export function RateOrder({ order }: { order: Rated }) {
  const { t } = useOrderingTranslation();
  const fetcher = useFetcher<RateOutcome>();
  if (order.status !== ORDER_STATUS.ready) return null;
  const answer = fetcher.data;
  const given = answer?.ok && answer.order_id === order.id ? answer : null;
  const rating = order.rating?.stars ?? given?.stars;
  if (rating) {
    return (
      <div data-testid="order-rated" className="rounded-xl bg-on-surface/5 p-3 text-sm">
        <p>
          {t("rating.given")}{" "}
          <span aria-label={t("rating.stars", { count: rating })} className="text-amber-800 dark:text-amber-300" dir="ltr">
            {stars(rating)}
          </span>
        </p>
        {given?.review_url && (
          <p className="mt-1 font-bold">
            {t("rating.thanks")}{" "}
            <a
              href={given.review_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="review-link"
              className="text-primary underline dark:text-on-surface"
            >
              {t("rating.review")}
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="space-y-2 rounded-xl bg-on-surface/5 p-3" data-testid="rate-order">
      <input type="hidden" name="order_id" value={order.id} />
      <fieldset>
        <legend className="font-bold">{t("rating.title")}</legend>
        <div className="mt-1 flex gap-1" dir="ltr">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative">
              <input type="radio" name="stars" value={n} required className="peer absolute inset-0 opacity-0" aria-label={t("rating.stars", { count: n })} />
              <span
                aria-hidden="true"
                className="flex size-11 items-center justify-center rounded-full text-2xl text-amber-800 ring-1 dark:text-amber-300 ring-on-surface/20 peer-checked:bg-amber-100 peer-focus-visible:ring-2 peer-focus-visible:ring-primary dark:peer-checked:bg-amber-950"
              >
                {n}★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm">
        <span className="mb-1 block">{t("rating.note")}</span>
        <textarea name="note" rows={2} maxLength={300} className="w-full rounded-xl bg-surface p-2 ring-1 ring-on-surface/20" />
      </label>
      {answer && !answer.ok && (
        <p role="alert" className="text-sm font-bold text-red-700 dark:text-red-400">
          {t("rating.failed")}
        </p>
      )}
      <button type="submit" disabled={fetcher.state !== "idle"} className="h-11 rounded-full bg-primary px-5 font-bold text-on-primary disabled:opacity-60">
        {t("rating.send")}
      </button>
    </fetcher.Form>
  );
}
