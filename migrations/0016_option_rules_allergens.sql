-- Option rules and dietary facts (docs/decisions/0024): an option group is required or
-- optional with a minimum and maximum number of choices; a dish lists its allergens and tags.
-- The defaults keep every existing group as it was: optional, zero or one choice.
-- `required` is stored beside `min_choices` for readable queries, and the CHECK ties them together:
-- a group is required exactly when at least one choice is needed.
ALTER TABLE options ADD COLUMN required INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1));
ALTER TABLE options ADD COLUMN min_choices INTEGER NOT NULL DEFAULT 0 CHECK (min_choices >= 0);
ALTER TABLE options ADD COLUMN max_choices INTEGER NOT NULL DEFAULT 1 CHECK (max_choices >= 1 AND max_choices <= 20);
-- SQLite's ALTER TABLE cannot add a table CHECK across columns; triggers refuse what one would.
CREATE TRIGGER options_rules_insert BEFORE INSERT ON options
WHEN NEW.min_choices > NEW.max_choices OR NEW.required != (NEW.min_choices >= 1)
BEGIN SELECT RAISE(ABORT, 'option rules: need 0 <= min <= max and required = (min >= 1)'); END;
CREATE TRIGGER options_rules_update BEFORE UPDATE OF required, min_choices, max_choices ON options
WHEN NEW.min_choices > NEW.max_choices OR NEW.required != (NEW.min_choices >= 1)
BEGIN SELECT RAISE(ABORT, 'option rules: need 0 <= min <= max and required = (min >= 1)'); END;
-- Bit masks over the lists in worker/rules/dietary.ts (bit i = the i-th name; the order never changes,
-- new names are appended): the EU's 14 allergens, and the tags vegetarian, vegan, spicy, halal.
ALTER TABLE products ADD COLUMN allergens INTEGER NOT NULL DEFAULT 0 CHECK (allergens BETWEEN 0 AND 16383);
ALTER TABLE products ADD COLUMN tags INTEGER NOT NULL DEFAULT 0 CHECK (tags BETWEEN 0 AND 15);
