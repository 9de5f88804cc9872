// The DNS record an owner creates for their own domain, as DNS providers' forms ask for it: type, name,
// and where it points. Left-to-right in both languages (names are Latin), each value selectable whole.
import { useConsoleTranslation } from "~/locales/console";

export function DnsRecord({
  record,
  title,
  testId = "own-domain-record",
}: {
  record: { type: "CNAME" | "TXT"; name: string; value: string };
  title?: string;
  testId?: string;
}) {
  const { t } = useConsoleTranslation();
  const rows = [
    [t("console.domain.recordType"), record.type, "type"],
    [t("console.domain.recordName"), record.name, "name"],
    [record.type === "TXT" ? t("console.domain.recordContent") : t("console.domain.recordValue"), record.value, "value"],
  ] as const;
  return (
    <div data-testid={testId} className="rounded-xl bg-stone-100 p-3 dark:bg-stone-800">
      <h3 className="text-sm font-bold">{title ?? t("console.domain.record")}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value, key]) => (
          <div key={key} className="contents">
            <dt className="font-bold text-stone-600 dark:text-stone-300">{label}</dt>
            <dd dir="ltr" data-testid={`${testId}-${key}`} className="select-all break-all text-start font-mono">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-stone-600 dark:text-stone-300">{t("console.domain.recordNote")}</p>
    </div>
  );
}
