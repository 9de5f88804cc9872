interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  /** The date of the last update, as written in this language. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}
