// The branch editor's shared class names (one look for its cards, fields and small buttons).
export const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
export const field =
  "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 font-normal aria-invalid:border-red-700 dark:border-white/20 dark:bg-stone-950 dark:aria-invalid:border-red-400";
export const smallButton = "rounded-full px-3 py-1.5 text-sm font-bold ring-1 ring-black/20 dark:ring-white/30";
export const problemText = "mt-1 block text-sm font-bold text-red-800 dark:text-red-300";
