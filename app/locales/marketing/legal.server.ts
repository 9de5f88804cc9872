// The legal documents, read by the legal pages' loaders only (they never enter a client bundle).
import type { Language } from "~/locales";
import type { LegalDocument } from "./legal-types";
import privacyAr from "./privacy-ar";
import privacyEn from "./privacy-en";
import termsAr from "./terms-ar";
import termsEn from "./terms-en";

const documents: Record<"privacy" | "terms", Record<Language, LegalDocument>> = {
  privacy: { en: privacyEn, ar: privacyAr },
  terms: { en: termsEn, ar: termsAr },
};

export const legalDocument = (kind: "privacy" | "terms", lang: Language) => documents[kind][lang];
