// The hero's phone: a miniature of the demo menu, drawn with the demo's own pictures, its example price
// in the visitor's currency.
import { useLanguage } from "~/lib/localized";
import { formatMoney } from "~/lib/money";
import { useMarketing } from "./use-marketing";
import { imageUrl } from "../../../worker/rules/image-url";
import { examplePrice } from "../../../worker/rules/plan-guide";

const TILES = [
  "sections/saffron/offers",
  "sections/saffron/new",
  "menus/saffron/breakfast",
  "menus/saffron/coffee-tea",
  "menus/saffron/mains",
  "menus/saffron/desserts",
];

export function PhoneMockup({ currency }: { currency: string }) {
  const m = useMarketing();
  const lang = useLanguage();
  return (
    <div aria-hidden="true" className="mx-auto w-64 rounded-[2.5rem] bg-stone-900 p-3 shadow-2xl">
      <div className="overflow-hidden rounded-[2rem] bg-[#fffaf2] text-stone-900">
        <div className="bg-amber-700 px-4 pt-6 pb-4 text-center text-white">
          <img src={imageUrl("logos/saffron.svg")} alt="" width={48} height={48} className="mx-auto size-12 rounded-full ring-2 ring-white/70" />
          <p className="mt-2 text-sm font-bold">SAFFRON CAFÉ</p>
        </div>
        <div className="grid grid-cols-3 gap-1.5 p-3">
          {TILES.map((path) => (
            <img key={path} src={imageUrl(`${path}.svg`)} alt="" width={64} height={64} className="aspect-square rounded-lg object-cover" />
          ))}
        </div>
        <div className="mx-3 mb-4 flex items-center justify-between rounded-xl bg-white p-2 text-xs shadow-sm">
          <span className="font-bold">{lang === "ar" ? m.preview.latteAr : m.preview.latte}</span>
          <span data-testid="example-price">{formatMoney(examplePrice(26, currency), lang, currency)}</span>
        </div>
      </div>
    </div>
  );
}
