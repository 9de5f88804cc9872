// Version 17 of the restaurant object's schema (./schema.ts): nutrition on the menu (docs/decisions/0070).
// The bounds are worker/rules/nutrition.ts's, written out here since a version's statements never change.
const wholeUpTo = (column: string, max: number) =>
  `${column} INTEGER CHECK (${column} IS NULL OR (typeof(${column}) = 'integer' AND ${column} BETWEEN 0 AND ${max}))`;

export const NUTRITION_SCHEMA: readonly string[] = [
  `ALTER TABLE products ADD COLUMN ${wholeUpTo("calories", 5000)}`,
  `ALTER TABLE products ADD COLUMN ${wholeUpTo("caffeine_mg", 1000)}`,
  "ALTER TABLE products ADD COLUMN high_salt INTEGER NOT NULL DEFAULT 0 CHECK (high_salt IN (0, 1))",
  `ALTER TABLE sub_options ADD COLUMN ${wholeUpTo("calories", 5000)}`,
];
