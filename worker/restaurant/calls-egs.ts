// The ZATCA EGS operations on the restaurant's object (./calls.ts; ./egs-rows.ts): the console's view and
// the onboarding's conditional writes, and the sealed row egsSigner opens (./zatca-egs.ts).
import { activateEgs, claimEgs, egsView, egsViews, failEgs, renewEgs, sealedEgs } from "./egs-rows";

export const egsCalls = { egsViews, egsView, claimEgs, activateEgs, failEgs, renewEgs, sealedEgs };
