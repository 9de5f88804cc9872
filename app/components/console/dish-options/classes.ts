// The dish-options editor's shared looks: a card, a text field and a small button.
export const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 dark:bg-stone-900 dark:ring-white/10";
export const field = "mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 dark:border-white/20 dark:bg-stone-950";
export const small = "rounded-full px-3 py-1.5 text-sm font-bold ring-1 ring-black/15 dark:ring-white/20 disabled:opacity-40";
