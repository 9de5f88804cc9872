// The verification sheet: the number the code went to, a 6-character code (verify stays disabled
// until then) and a resend button that counts down 60 seconds, then really sends a new code. A code
// that went to the demo outbox is marked DEMO: no SMS left the site.
import { useEffect, useState } from "react";
import { digitsOnly } from "../../../worker/rules/digits";
import { useOrderingTranslation } from "~/locales/ordering";
import { BottomSheet } from "../bottom-sheet";

interface OtpSheetProps {
  open: boolean;
  phone: string;
  resendIn: number;
  /** Changes each time a code is sent, restarting the countdown. */
  sentAt: number;
  /** The code went to the demo outbox, not by SMS. */
  demo: boolean;
  error: string | null;
  busy: boolean;
  onVerify(code: string): void;
  onResend(): void;
  onClose(): void;
}

export function OtpSheet({ open, phone, resendIn, sentAt, demo, error, busy, onVerify, onResend, onClose }: OtpSheetProps) {
  const { t } = useOrderingTranslation();
  const [code, setCode] = useState("");
  const [left, setLeft] = useState(resendIn);
  useEffect(() => {
    setLeft(resendIn);
    setCode("");
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [sentAt, resendIn]);
  return (
    <BottomSheet open={open} onClose={onClose} title={t("otp.title")}>
      <form
        className="space-y-4 pb-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.length === 6) onVerify(code);
        }}
      >
        <p>
          {/* Isolated left-to-right: in Arabic, "+971 50 …" keeps its order and its + in front; never split over lines. */}
          {t("otp.sentTo")}{" "}
          <strong>
            <bdi dir="ltr" className="whitespace-nowrap" data-testid="otp-phone">
              {phone}
            </bdi>
          </strong>
        </p>
        {demo && (
          <p className="flex items-start gap-2 rounded-xl bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="otp-demo">
            <span className="shrink-0 rounded bg-amber-950 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-50 dark:bg-amber-100 dark:text-amber-950">
              {t("otp.demo")}
            </span>
            <span>{t("otp.demoNote")}</span>
          </p>
        )}
        <label className="block">
          <span className="mb-1 block font-bold">{t("otp.code")}</span>
          <input
            value={code}
            onChange={(e) => setCode(digitsOnly(e.target.value).slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            name="otp_code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "otp-error" : undefined}
            dir="ltr"
            className="h-14 w-full rounded-2xl bg-white text-center text-2xl tracking-[0.5em] ring-1 ring-black/15 focus:ring-2 focus:ring-primary focus:outline-none dark:bg-stone-900 dark:ring-white/20"
          />
        </label>
        {error && (
          <p id="otp-error" role="alert" className="font-bold text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={code.length !== 6 || busy}
          className="h-12 w-full rounded-full bg-primary text-lg font-bold text-on-primary disabled:opacity-50"
        >
          {t("otp.verify")}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={left > 0 || busy}
          className="h-11 w-full rounded-full font-bold ring-1 ring-on-surface/20 disabled:opacity-60"
          data-testid="resend"
        >
          {left > 0 ? t("otp.resendIn", { seconds: left }) : t("otp.resend")}
        </button>
      </form>
    </BottomSheet>
  );
}
