// Where screens put a bottom sheet. The sheet itself (./bottom-sheet-dialog.tsx) is a chunk of its
// own, fetched when the page is idle or at the first open, so no screen's first load carries it.
// A sheet is mounted at its first open and stays mounted: closing its dialog returns focus to the opener.
import { lazy, Suspense, useEffect, useState } from "react";
import { usePreloadWhenIdle } from "~/lib/when-idle";
import type { BottomSheetProps } from "./bottom-sheet-dialog";

const loadSheet = () => import("./bottom-sheet-dialog");
const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.BottomSheet })));

export function BottomSheet(props: BottomSheetProps) {
  // Never open on the server: a sheet opens after hydration, as a modal dialog only can.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (props.open) setOpened(true);
  }, [props.open]);
  usePreloadWhenIdle(loadSheet);
  return opened ? (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  ) : null;
}
