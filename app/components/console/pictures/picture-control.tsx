// One picture and its "Change picture" form (a dish's on /console/menu, the logo on /console/branches):
// a native multipart post to /console/pictures that comes back here with the outcome in the query
// (?picture={target}&pictureError={code}), so it works before hydration and without JavaScript; with
// it, choosing a file sends the form at once, a photo over 5 MB made smaller first, with a share copy for
// link previews beside it (app/lib/shrink-picture.ts).
// "Take photo" asks phones for the back camera.
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useLocation, useSearchParams } from "react-router";
import { fitPicture, shareCopy } from "~/lib/shrink-picture";
import { useConsoleTranslation } from "~/locales/console";
import { imageUrl } from "../../../../worker/rules/image-url";

const ERRORS = ["too-large", "unsupported-type", "bad-form", "forbidden", "not-found", "quota", "share-too-large", "bad-share"] as const;
type ErrorCode = (typeof ERRORS)[number];

export interface PictureControlProps {
  /** dish:{id}, category:{id}, menu:{id} or logo. */
  target: string;
  /** The stored path under /storage/ (null: none yet). */
  image: string | null;
  /** What the picture shows (the thumbnail's text alternative). */
  label: string;
  /** In a long list (a dish row): a smaller thumbnail, and the hint only when there is news to tell. */
  compact?: boolean;
}

const button =
  "inline-flex cursor-pointer items-center rounded-full px-3 py-1.5 text-sm font-bold ring-1 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-600";

export function PictureControl({ target, image, label, compact = false }: PictureControlProps) {
  const { t } = useConsoleTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const [sending, setSending] = useState(false);
  // A big photo being made smaller; `unfit`: it could not be (the server would refuse it as too large).
  const [shrinking, setShrinking] = useState(false);
  const [unfit, setUnfit] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shareInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A file chosen before the page's script ran had no one to send it: send it now.
    if ([...(form.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])].some((input) => input.files?.length)) {
      setSending(true);
      form.current?.requestSubmit();
    }
  }, []);
  const messageId = useId();
  const mine = search.get("picture") === target;
  const code = search.get("pictureError");
  const error = mine && code ? (ERRORS.includes(code as ErrorCode) ? (code as ErrorCode) : "bad-form") : null;
  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUnfit(false);
    setShrinking(true);
    const [fitted, share] = await Promise.all([fitPicture(file), shareCopy(file)]);
    setShrinking(false);
    if (!fitted) {
      input.value = "";
      setUnfit(true);
      return;
    }
    const only = (one: File) => {
      const files = new DataTransfer();
      files.items.add(one);
      return files.files;
    };
    if (fitted !== file) input.files = only(fitted);
    if (shareInput.current) shareInput.current.files = share ? only(share) : new DataTransfer().files;
    // Disabled in the same tick as the submit: the form's data is read before the fieldset disables.
    setSending(true);
    input.form?.requestSubmit();
  };
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="picture-control" data-target={target}>
      {image ? (
        <img
          src={imageUrl(image)}
          alt={label}
          width={56}
          height={56}
          loading="lazy"
          data-testid="picture-thumbnail"
          className={`${compact ? "size-10" : "size-14"} shrink-0 rounded-xl object-cover ring-1 ring-black/10 dark:ring-white/10`}
        />
      ) : (
        <span
          className={`flex ${compact ? "size-10 text-[0.55rem]" : "size-14 text-[0.65rem]"} shrink-0 items-center justify-center rounded-xl bg-stone-100 p-1 ring-1 ring-black/10 dark:ring-white/10 text-center leading-tight text-stone-600 dark:bg-stone-800 dark:text-stone-300`}
        >
          {t("console.pictures.noPicture")}
        </span>
      )}
      <form
        ref={form}
        method="post"
        action={`/console/pictures?back=${encodeURIComponent(pathname)}`}
        encType="multipart/form-data"
        className="min-w-0"
        aria-describedby={messageId}
        onSubmit={() => setSending(true)}
      >
        <input type="hidden" name="target" value={target} />
        <input ref={shareInput} type="file" name="share" accept="image/jpeg" hidden tabIndex={-1} aria-hidden="true" />
        <fieldset disabled={sending} aria-busy={shrinking} className={`flex flex-wrap items-center gap-2 ${shrinking ? "pointer-events-none opacity-60" : ""}`}>
          <legend className="sr-only">
            {t("console.pictures.change")}: {label}
          </legend>
          <label className={`${button} bg-stone-900 text-white ring-stone-900 dark:bg-white dark:text-stone-900 dark:ring-white`}>
            {t("console.pictures.takePhoto")}
            <input
              type="file"
              name="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => void send(event)}
              data-testid="picture-camera"
            />
          </label>
          <label className={`${button} ring-stone-300 dark:ring-stone-600`}>
            {t("console.pictures.chooseFile")}
            <input type="file" name="file" accept="image/*" className="sr-only" onChange={(event) => void send(event)} data-testid="picture-file" />
          </label>
          {!hydrated && (
            <button type="submit" className={`${button} ring-stone-300 dark:ring-stone-600`}>
              {t("console.pictures.upload")}
            </button>
          )}
        </fieldset>
        <p id={messageId} className="mt-1 text-xs" aria-live="polite">
          {shrinking ? (
            <span data-testid="picture-shrinking">{t("console.pictures.shrinking")}</span>
          ) : sending ? (
            <span>{t("console.pictures.uploading")}</span>
          ) : unfit ? (
            <span role="alert" data-testid="picture-error" className="font-bold text-red-700 dark:text-red-300">
              {t("console.pictures.unfit")}
            </span>
          ) : error ? (
            <span role="alert" data-testid="picture-error" className="font-bold text-red-700 dark:text-red-300">
              {t(`console.pictures.errors.${error}`)}
            </span>
          ) : mine ? (
            <span data-testid="picture-saved" className="font-bold text-emerald-800 dark:text-emerald-300">
              {t("console.pictures.saved")}
            </span>
          ) : (
            <span className={`text-stone-600 dark:text-stone-300 ${compact ? "sr-only" : ""}`}>{t("console.pictures.hint")}</span>
          )}
        </p>
      </form>
    </div>
  );
}
