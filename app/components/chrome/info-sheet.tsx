// The Info sheet: the branch's details (./branch-info.tsx, a chunk of its own fetched at idle) in a
// bottom sheet. Without JavaScript the Info button is a link to the Info page (routes/tenant/info.tsx).
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { BottomSheet } from "../bottom-sheet";
import type { BranchInfoProps } from "./branch-info";

export const loadBranchInfo = () => import("./branch-info");
const BranchInfo = lazy(() => loadBranchInfo().then((m) => ({ default: m.BranchInfo })));

export interface InfoSheetProps extends Omit<BranchInfoProps, "now"> {
  open: boolean;
  onClose(): void;
}

export function InfoSheet({ open, onClose, ...info }: InfoSheetProps) {
  const { t } = useTranslation();
  // The browser's clock, read again at each open.
  const [opened, setOpened] = useState<{ open: boolean; at: number }>({ open: false, at: 0 });
  if (open !== opened.open) setOpened({ open, at: open ? Date.now() : opened.at });
  return (
    <BottomSheet open={open} onClose={onClose} title={t("branch.branchInfo")}>
      <Suspense
        fallback={
          <p className="skeleton h-40 rounded-2xl">
            <span className="sr-only">{t("progress.loading")}</span>
          </p>
        }
      >
        <BranchInfo {...info} now={opened.at} />
      </Suspense>
    </BottomSheet>
  );
}
