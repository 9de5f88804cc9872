// Loader of the branch list (/{domain}, /table/{t}/{domain}, and / on a restaurant's own host).
import type { RouterContextProvider } from "react-router";
import { getApp } from "~/context";
import { cleanBrand } from "~/lib/brand";
import { rethrowUpstream } from "~/lib/route-errors.server";
import { branchPath, type TenantParams } from "~/lib/tenant-paths";
import { dialable } from "../../../worker/rules/e164";
import { imageUrl } from "../../../worker/rules/image-url";
import { branchListHead } from "./head.server";

export async function loadBranchList(context: Readonly<RouterContextProvider>, tenant: TenantParams & { table: string | null }) {
  const { upstream } = getApp(context);
  const answer = await upstream.getBranch(tenant.domain).catch(rethrowUpstream);
  const { restaurant } = answer;
  await branchListHead(context, tenant.domain, answer);
  const image = (path: string | null) => imageUrl(path, upstream.imageBase);
  return {
    domain: tenant.domain,
    restaurant: {
      name_en: restaurant.name_en,
      name_ar: restaurant.name_ar,
      description_en: restaurant.description_en,
      description_ar: restaurant.description_ar,
      logo: image(restaurant.logo),
    },
    brand: cleanBrand(answer.style),
    branches: answer.branch.map((b) => ({
      id: b.id,
      href: branchPath(tenant, b.id),
      name_en: b.name_en,
      name_ar: b.name_ar,
      description_en: b.description_en,
      description_ar: b.description_ar,
      address_en: b.address_en,
      address_ar: b.address_ar,
      // Written for people and dialled in E.164, read in the restaurant's country (docs/decisions/0059).
      phone: dialable(b.phone, restaurant.country),
      mobile: dialable(b.mobile, restaurant.country),
      takesOrders: b.active_order,
    })),
  };
}

export type BranchListData = Awaited<ReturnType<typeof loadBranchList>>;
