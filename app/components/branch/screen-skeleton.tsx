// Placeholders in the shape of the screen being loaded, shown during client navigation between
// branch screens so the previous screen does not linger and nothing jumps when data arrives. A chunk
// of its own (app/routes/tenant/branch-layout.tsx fetches it at idle): only a navigation shows it.
import type { SkeletonKind } from "~/lib/tenant-paths";
import { MenuGridSkeleton } from "./menu-grid";

export function ScreenSkeleton({ kind }: { kind: SkeletonKind }) {
  return (
    <div className="mx-auto max-w-xl px-4" aria-busy="true" data-testid={`skeleton-${kind}`}>
      {kind === "home" && (
        <>
          <div className="skeleton h-24 rounded-3xl" />
          <div className="skeleton mt-4 h-12 rounded-2xl" />
          <div className="skeleton mt-6 mb-3 h-4 w-24" />
          <MenuGridSkeleton />
        </>
      )}
      {kind === "list" && (
        <>
          <div className="skeleton h-8 w-40" />
          <div className="mt-3 flex gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton h-9 w-24 rounded-full" />
            ))}
          </div>
          <div className="skeleton mt-3 h-12 rounded-2xl" />
          <div className="mt-4 grid grid-cols-2 gap-3">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="skeleton aspect-[3/4] rounded-2xl" />
            ))}
          </div>
        </>
      )}
      {kind === "product" && (
        <>
          <div className="skeleton -mx-4 h-[300px] rounded-none" />
          <div className="skeleton mt-4 h-8 w-2/3" />
          <div className="skeleton mt-3 h-4 w-full" />
          <div className="skeleton mt-2 h-4 w-4/5" />
        </>
      )}
    </div>
  );
}
