// The door of /console/tax/egs (owners): onboarding a branch's EGS with ZATCA and renewing its CSID
// (./egs-onboarding.ts). The form: which branch, onboard or renew, and the six-digit OTP from the Fatoora
// portal; anything else is refused before ZATCA is asked.
import * as v from "valibot";
import { IdText } from "../rules/ids";

export { onboardBranch, renewBranch, type EgsOutcome, type EgsProblem } from "./egs-onboarding";

export const EgsForm = v.object({
  intent: v.picklist(["onboard", "renew"], "intent"),
  branch: IdText,
  otp: v.pipe(v.string("otp"), v.trim(), v.regex(/^\d{6}$/, "otp")),
});
