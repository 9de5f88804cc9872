// The cart on the device and its checkout (by SMS code or hosted payment): everything of the cart
// screen that runs only in the browser, a chunk of its own that the route fetches once hydrated
// (routes/tenant/cart.tsx), with the cart's code and its stored-data schema.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { useOrderingTranslation } from "~/locales/ordering";
import { removeAt, setAmount, useCart, writeCart } from "~/lib/cart";
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { SHORT_DURATION, toast } from "~/lib/toast";
import type { CheckoutResult } from "~/routes/tenant/checkout.server";
import type { LineProblem } from "~/routes/tenant/check-lines.server";
import { useBranch } from "~/routes/tenant/branch-layout";
import { TableLabel } from "../branch/table-label";
import { CartLineItem } from "./cart-line";
import { CartKcal } from "./cart-kcal";
import { CartHeading, CartPlaceholder, SCREEN } from "./cart-frame";
import { CheckoutForm } from "./checkout-form";
import { OtpSheet } from "./otp-sheet";
import type { PickupChoices } from "~/routes/tenant/pickup.server";

/** `pickup`: the branch's pickup choices when the diner is not at a table (app/routes/tenant/pickup.server.ts), else null. */
export function CartScreen({ pickup }: { pickup: PickupChoices | null }) {
  const { t } = useOrderingTranslation();
  const lang = useLanguage();
  const branch = useBranch();
  const branchId = branch.branch.id;
  const cart = useCart(branchId);
  const fetcher = useFetcher<CheckoutResult>();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [idempotency] = useState(() => crypto.randomUUID());
  const [otp, setOtp] = useState<{ phone: string; resendIn: number; sentAt: number; demo: boolean } | null>(null);
  const [otpError, setOtpError] = useState<string | null>(null);
  // The code was accepted but the order failed: the sheet's retry stores with the token it earned.
  const [verified, setVerified] = useState(false);
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [search] = useSearchParams();

  useEffect(() => {
    if (search.get("cancelled")) toast({ type: "info", message: t("cart.cancelled") });
  }, [search, t]);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    setFieldError(null);
    setProblems([]);
    setVerified(!result.ok && "toast" in result && result.verified === true);
    if (result.ok) {
      setOtpError(null);
      setOtp({ phone: result.phone, resendIn: result.resendIn, sentAt: Date.now(), demo: result.demo === true });
    } else if ("fields" in result) {
      setFieldError(t(`validation.${result.fields[0]!}`));
    } else if ("problems" in result) {
      setOtp(null);
      setProblems(result.problems);
    } else if (result.toast === "invalid") {
      setOtpError(t("otp.invalidOrExpired"));
      toast({ type: "error", message: t("otp.invalid"), duration: SHORT_DURATION });
    } else if (result.toast === "smsUnavailable") {
      toast({ type: "error", message: t("otp.unavailable") });
    } else if (result.toast === "smsBudget") {
      toast({ type: "warning", message: t("otp.budgetSpent") });
    } else if (result.toast === "paused" || result.toast === "closed" || result.toast === "notServed") {
      toast({ type: "warning", message: t(`order.${result.toast}`) });
      // The branch's pause reaches this page's data: the notice shows and the buttons wait for its end.
      void revalidator.revalidate();
    } else if (result.toast === "rateLimited") {
      toast({ type: "warning", message: t("otp.tooMany", { count: result.retryAfter ?? 60 }) });
    } else {
      toast({ type: "error", message: t("order.error"), duration: SHORT_DURATION });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not revalidator: its identity changes with its state, which would toast again
  }, [fetcher.data, fetcher.state, branchId, t]);

  const submitFromSheet = (intent: "verify" | "send-code", code = "") => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", intent === "verify" && verified ? "store" : intent);
    data.set("otp_code", code);
    void fetcher.submit(data, { method: "post" });
  };

  // The lines live in this device's storage: until it is read, the server's placeholder stays.
  if (cart === null) return <CartPlaceholder table={branch.table} />;
  if (cart.length === 0) {
    return (
      <main key="empty" id="main" className={`${SCREEN} flex flex-col items-center px-6 pt-16 text-center`}>
        <TableLabel table={branch.table} className="mb-4" />
        <h1 className="text-2xl font-bold">{t("cart.empty")}</h1>
        <p className="mt-3 text-on-surface/75">{t("cart.emptyText")}</p>
        <Link to={branch.base} className="mt-8 rounded-full bg-primary px-6 py-3 font-bold text-on-primary">
          {t("cart.browse")}
        </Link>
      </main>
    );
  }
  const problemText = (p: LineProblem) =>
    p.reason === "price" ? t("cart.priceChanged", { price: formatMoney(p.price ?? 0, lang, branch.restaurant.currency) }) : t(`cart.${p.reason}`);
  return (
    <main key="lines" id="main" className={`${SCREEN} px-4`}>
      <CartHeading table={branch.table} />
      {problems.length > 0 && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 font-bold text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("cart.problems")}
        </p>
      )}
      <ul className="space-y-3">
        {cart.map((line, index) => {
          const problem = problems.find((p) => p.index === index);
          return (
            <CartLineItem
              key={`${line.id}-${index}`}
              line={line}
              currency={branch.restaurant.currency}
              step={branch.restaurant.chargeStep}
              problem={problem ? problemText(problem) : undefined}
              onAmount={(amount) => writeCart(branchId, setAmount(cart, index, amount))}
              onRemove={() => {
                writeCart(branchId, removeAt(cart, index));
                setProblems([]);
              }}
              onAcceptPrice={
                problem?.reason === "price"
                  ? () => {
                      writeCart(
                        branchId,
                        cart.map((l, i) => (i === index ? { ...l, unit_price: problem.price ?? l.unit_price } : l)),
                      );
                      setProblems(problems.filter((p) => p !== problem));
                    }
                  : undefined
              }
            />
          );
        })}
      </ul>
      <CartKcal cart={cart} />
      <CheckoutForm
        fetcher={fetcher}
        formRef={formRef}
        cart={cart}
        currency={branch.restaurant.currency}
        step={branch.restaurant.chargeStep}
        methods={branch.restaurant.cardMethods}
        terms={branch.restaurant.terms}
        paymentMode={branch.branch.paymentMode}
        idempotency={idempotency}
        fieldError={fieldError}
        pickup={pickup}
        domain={branch.domain}
        phoneExample={branch.restaurant.phoneExample}
      />
      <OtpSheet
        open={otp !== null}
        phone={otp?.phone ?? ""}
        resendIn={otp?.resendIn ?? 60}
        sentAt={otp?.sentAt ?? 0}
        demo={otp?.demo ?? false}
        error={otpError}
        busy={fetcher.state !== "idle"}
        onVerify={(code) => submitFromSheet("verify", code)}
        onResend={() => submitFromSheet("send-code")}
        onClose={() => setOtp(null)}
      />
    </main>
  );
}
