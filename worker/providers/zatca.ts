// Which ZATCA this deploy speaks to (issue 37; docs/decisions/0072): ZATCA_ENVIRONMENT names Fatoora's
// developer portal ("sandbox"), "simulation" or "production", reached over the network; unset with the
// demo providers on, the local stand-in (./zatca-stand-in) called in-process, shown as DEMO; otherwise
// none, and the features that need ZATCA answer 503.
import type { EgsEnvironment } from "../restaurant/egs-rows";
import { demoProviders } from "./demo";
import { FATOORA_BASES, zatcaApi, type ZatcaApi } from "./zatca-api";
import { STAND_IN_BASE, standIn } from "./zatca-stand-in";

export interface ZatcaConnection {
  environment: EgsEnvironment;
  api: ZatcaApi;
}

export function zatcaConnection(env: Env): ZatcaConnection | null {
  const chosen = env.ZATCA_ENVIRONMENT;
  if (chosen === "sandbox" || chosen === "simulation" || chosen === "production")
    return { environment: chosen, api: zatcaApi(FATOORA_BASES[chosen], (request) => fetch(request)) };
  if (!chosen && demoProviders(env)) return { environment: "stand-in", api: zatcaApi(STAND_IN_BASE, async (request) => standIn.fetch(request, env)) };
  return null;
}

/** The certificate template a CSR names for the environment (the stand-in acts as the developer portal). */
export const csrEnvironment = (environment: EgsEnvironment) => (environment === "stand-in" || environment === "sandbox" ? "developer" : environment);
