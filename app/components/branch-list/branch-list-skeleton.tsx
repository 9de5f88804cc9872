// Its own module: the root shows it on any client navigation to a branch list, so every screen
// loads it, and it should not bring the branch list with it.
/** Six placeholders in the cards' shape while a branch list loads on client navigation. */
export function BranchListSkeleton() {
  return (
    <div className="min-h-dvh bg-surface" aria-busy="true" data-testid="branch-list-skeleton">
      <div className="rounded-b-[2rem] bg-primary px-5 pt-16 pb-8">
        <div className="mx-auto flex max-w-xl flex-col items-center gap-3">
          <div className="size-22 rounded-full bg-white/40" />
          <div className="h-7 w-56 rounded-md bg-white/40" />
        </div>
      </div>
      <div className="mx-auto max-w-xl space-y-3 px-4 pt-6">
        <div className="skeleton h-5 w-32" />
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="rounded-2xl bg-white p-4 shadow-sm dark:bg-stone-900">
            <div className="skeleton h-5 w-2/3" />
            <div className="skeleton mt-3 h-3.5 w-full" />
            <div className="skeleton mt-2 h-3.5 w-4/5" />
          </div>
        ))}
      </div>
    </div>
  );
}
