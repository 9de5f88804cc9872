-- Unknown allergens are not "none" (docs/decisions/0028): `allergens_declared` says whether
-- the restaurant stated the dish's allergens. 0 = never declared (the mask is then 0 and means
-- nothing); 1 = declared, the mask lists what it contains (0: none of the 14).
ALTER TABLE products ADD COLUMN allergens_declared INTEGER NOT NULL DEFAULT 0 CHECK (allergens_declared IN (0, 1));
-- Existing rows: a mask of 0 was both "none" and "never filled in", so it becomes unknown (the column's
-- default). A mask naming allergens was written by the console's full list of the 14 and is kept as declared:
-- turning it unknown would only hide a "Contains milk" the restaurant stated.
UPDATE products SET allergens_declared = 1 WHERE allergens != 0;
-- An undeclared dish has no allergens listed (SQLite cannot add a CHECK across columns with ALTER TABLE).
CREATE TRIGGER products_allergens_insert BEFORE INSERT ON products
WHEN NEW.allergens_declared = 0 AND NEW.allergens != 0
BEGIN SELECT RAISE(ABORT, 'allergens: an undeclared dish lists none'); END;
CREATE TRIGGER products_allergens_update BEFORE UPDATE OF allergens, allergens_declared ON products
WHEN NEW.allergens_declared = 0 AND NEW.allergens != 0
BEGIN SELECT RAISE(ABORT, 'allergens: an undeclared dish lists none'); END;
-- The demo restaurant declares a few dishes on purpose, so its filter shows declared, "none" and
-- undeclared dishes side by side (bits: gluten 1, eggs 4, milk 64). Every other demo dish stays unknown.
UPDATE products SET allergens_declared = 1, allergens = 69 WHERE id = 7 AND name_en = 'Butter Croissant';
UPDATE products SET allergens_declared = 1, allergens = 0 WHERE id IN (13, 18, 21) AND name_en IN ('Espresso', 'Arabic Coffee', 'Moroccan Mint Tea');
UPDATE products SET allergens_declared = 1, allergens = 64 WHERE id = 20 AND name_en = 'Karak Chai';
UPDATE products SET allergens_declared = 1, allergens = 1 WHERE id = 25 AND name_en = 'Fattoush';
