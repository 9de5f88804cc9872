// What a picture is for: a dish, a category or a menu (capability "menu") or the restaurant's logo
// ("branches"), as the upload form names it. Its rows: worker/restaurant/picture-rows.ts.
import type { PictureTarget } from "../restaurant/picture-rows";
import * as v from "valibot";
import type { Capability } from "../rules/roles";

export const Target = v.pipe(
  v.string(),
  v.regex(/^(?:logo|(?:dish|category|menu):[1-9]\d{0,9})$/, "target must be logo, dish:{id}, category:{id} or menu:{id}"),
  v.transform((text) => {
    const [kind, id] = text.split(":") as [Kind, string | undefined];
    return { kind, id: Number(id ?? 0), text };
  }),
);
export type Target = v.InferOutput<typeof Target>;
type Kind = PictureTarget["kind"];

export const capabilityFor = (target: Target): Capability => (target.kind === "logo" ? "branches" : "menu");
