// The checkout form (name, phone, note, total, a tip) with the flows the branch offers: SMS code, hosted
// payment, or both. A fetcher form: the cart page stays put while the action answers. Name and phone are
// kept on the device when sent and filled in next time (app/lib/diner-details.ts), until forgotten.
import { useState } from "react";
import { useOrderingTranslation } from "~/locales/ordering";
import type { FetcherWithComponents } from "react-router";
import type { CartLine } from "~/lib/cart";
import { useLanguage } from "~/lib/localized";
import { CheckoutTotal, type Terms } from "./checkout-total";
import { OrderingNotice, useOrderingHeld } from "~/lib/ordering-state";
import type { CheckoutResult } from "~/routes/tenant/checkout.server";
import type { PickupChoices } from "~/routes/tenant/pickup.server";
import { acceptsOnline, acceptsOtp, type PaymentMode } from "../../../worker/rules/modes";
import type { CardMethod } from "../../../worker/rules/card-methods";
import { forgetDetails, keepDetails, readDetails } from "~/lib/diner-details";
import { toast } from "~/lib/toast";
import { RememberedDetails } from "./remembered-details";

interface CheckoutFormProps {
  fetcher: FetcherWithComponents<CheckoutResult>;
  formRef: React.RefObject<HTMLFormElement | null>;
  cart: CartLine[];
  currency: string;
  /** The restaurant's charge step, in minor units (docs/decisions/0079). */
  step: number;
  /** What its diners pay by card with (KNET, mada, Apple Pay, cards), named under the pay button. */
  methods: readonly CardMethod[];
  terms: Terms;
  paymentMode: PaymentMode;
  idempotency: string;
  fieldError: string | null;
  pickup: PickupChoices | null;
  /** The restaurant whose diner details this device keeps. */
  domain: string;
  /** The restaurant's country's example mobile, locally and with its code (the server's, from the branch's loader). */
  phoneExample: { local: string; international: string };
}

const input = "w-full rounded-xl bg-white p-3 ring-1 ring-black/15 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/20";

/**
 * The phone field: any usual way of writing a number, with the country's example under it. What was typed
 * is sent as it is: the server reads it with the restaurant's numbering plan (docs/decisions/0059).
 */
function PhoneField({
  className,
  fieldError,
  example,
  defaultValue,
}: {
  className: string;
  fieldError: string | null;
  example: CheckoutFormProps["phoneExample"];
  defaultValue?: string;
}) {
  const { t } = useOrderingTranslation();
  return (
    <div>
      <label className="block">
        <span className="mb-1 block font-bold">{t("cart.phone")}</span>
        <input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          dir="ltr"
          defaultValue={defaultValue}
          className={className}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "phone-hint checkout-error" : "phone-hint"}
        />
      </label>
      {/* Outside the label: the field's name stays "Phone"; the hint is its description. */}
      <p id="phone-hint" data-testid="phone-hint" className="mt-1 text-sm text-on-surface/70">
        {t("extras.phoneHint", { local: `\u2066${example.local}\u2069`, international: `\u2066${example.international}\u2069` })}
      </p>
    </div>
  );
}

/** Eat here, or collect it: as soon as possible or at a quarter hour the branch is open (one plain select). */
function PickupField({ pickup }: { pickup: PickupChoices }) {
  const { t } = useOrderingTranslation();
  return (
    <label className="block">
      <span className="mb-1 block font-bold">{t("cart.pickup.label")}</span>
      <select name="pickup" defaultValue="" data-testid="pickup-select" className={input}>
        <option value="">{t("cart.pickup.here")}</option>
        <option value="asap">{t("cart.pickup.asap", { minutes: pickup.prepMinutes })}</option>
        {pickup.slots.map((slot) => (
          <option key={slot.value} value={slot.value}>
            {t("cart.pickup.at", { time: slot.label })}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CheckoutForm({
  fetcher,
  formRef,
  cart,
  currency,
  step,
  methods,
  terms,
  paymentMode,
  idempotency,
  fieldError,
  pickup,
  domain,
  phoneExample,
}: CheckoutFormProps) {
  const { t } = useOrderingTranslation();
  const lang = useLanguage();
  // A pause or closed hours keep what was typed and hold the buttons until ordering opens (useOrderingHeld
  // flips back). The hook is called on every render: after `||` it was skipped while sending (React #300).
  const held = useOrderingHeld();
  const busy = fetcher.state !== "idle" || held;
  const [kept, setKept] = useState(() => readDetails(domain));
  const keep = (form: HTMLFormElement) => {
    const typed = new FormData(form);
    setKept(keepDetails(domain, { name: String(typed.get("name") ?? ""), phone: String(typed.get("phone") ?? "") }));
  };
  const forget = () => {
    forgetDetails(domain);
    setKept(null);
    for (const field of ["name", "phone"]) {
      const input = formRef.current?.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.value = "";
    }
    toast({ type: "info", message: t("cart.detailsForgotten") });
  };
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => keep(event.currentTarget)}
      className="mt-6 space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10"
    >
      <h2 className="text-lg font-bold">{t("cart.checkout")}</h2>
      <input type="hidden" name="items" value={JSON.stringify(cart)} />
      <input type="hidden" name="idempotency" value={idempotency} />
      <label className="block">
        <span className="mb-1 block font-bold">{t("cart.name")}</span>
        <input
          name="name"
          autoComplete="name"
          maxLength={100}
          defaultValue={kept?.name}
          className={input}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "checkout-error" : undefined}
        />
      </label>
      <PhoneField className={`${input} rtl:text-end`} fieldError={fieldError} defaultValue={kept?.phone} example={phoneExample} />
      {kept && <RememberedDetails onForget={forget} />}
      {pickup && <PickupField pickup={pickup} />}
      <label className="block">
        <span className="mb-1 block font-bold">{t("cart.note")}</span>
        <textarea name="note" rows={2} maxLength={500} placeholder={t("cart.notePlaceholder")} className={input} />
      </label>
      {fieldError && (
        <p id="checkout-error" role="alert" className="font-bold text-red-700 dark:text-red-400">
          {fieldError}
        </p>
      )}
      <CheckoutTotal cart={cart} currency={currency} step={step} terms={terms} card={acceptsOnline(paymentMode)} lang={lang} />
      <OrderingNotice />
      {paymentMode === "both" && <p className="text-sm font-bold text-on-surface/75">{t("cart.payBy")}</p>}
      <div className="grid gap-2">
        {acceptsOtp(paymentMode) && (
          <button
            type="submit"
            name="intent"
            value="send-code"
            disabled={busy}
            className="h-12 rounded-full bg-primary text-lg font-bold text-on-primary disabled:opacity-60"
          >
            {paymentMode === "both" ? t("cart.payOtp") : t("cart.checkout")}
          </button>
        )}
        {acceptsOnline(paymentMode) && (
          <button
            type="submit"
            name="intent"
            value="pay"
            disabled={busy}
            className="h-12 rounded-full bg-on-surface text-lg font-bold text-surface disabled:opacity-60"
          >
            {paymentMode === "both" ? t("cart.payOnline") : t("cart.payNow")}
          </button>
        )}
        {acceptsOnline(paymentMode) && methods.length > 0 && (
          <p className="text-center text-sm text-on-surface/75" data-testid="card-methods">
            {t("cart.payWith", { methods: methods.map((m) => t(`cart.method.${m}`)).join(" · ") })}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}
