// Version 3 of the restaurant object's schema (./schema.ts): its catalogue, moved from D1
// (docs/decisions/0045): branches, socials, menus, categories, dishes, options, their visit buckets,
// pictures, menu-copy bases, SMS budget days and the order-status keys, with the columns, checks,
// indexes and triggers D1's migrations gave them. `restaurant_id` columns stay (this restaurant's id on
// every row) so the statements written for D1 run here unchanged; they reference no restaurants table
// (the restaurant's own row is the directory's).
export const CATALOGUE_SCHEMA: readonly string[] = [
  `CREATE TABLE branches (
      id INTEGER PRIMARY KEY,
      restaurant_id INTEGER NOT NULL,
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      description_en TEXT,
      description_ar TEXT,
      address_en TEXT,
      address_ar TEXT,
      phone TEXT,
      mobile TEXT,
      active_order INTEGER NOT NULL DEFAULT 0,
      payment_mode TEXT NOT NULL DEFAULT 'otp' CHECK (payment_mode IN ('otp', 'online', 'both')),
      image_offer TEXT,
      image_new TEXT,
      image_common TEXT,
      sort_num INTEGER NOT NULL DEFAULT 0,
      num_visit INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      time_zone TEXT NOT NULL DEFAULT 'Asia/Dubai', paused_until INTEGER, opening_hours TEXT CHECK (opening_hours IS NULL OR json_valid(opening_hours)))`,
  `CREATE INDEX branches_restaurant ON branches (restaurant_id, sort_num)`,
  `CREATE TABLE socials (
      id INTEGER PRIMARY KEY,
      restaurant_id INTEGER NOT NULL,
      name TEXT,
      type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 7),
      value TEXT NOT NULL
    )`,
  `CREATE INDEX socials_restaurant ON socials (restaurant_id)`,
  `CREATE TABLE menus (
      id INTEGER PRIMARY KEY,
      branch_id INTEGER NOT NULL REFERENCES branches(id),
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      image TEXT,
      sort_num INTEGER NOT NULL DEFAULT 0,
      num_visit INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
  `CREATE INDEX menus_branch ON menus (branch_id, sort_num)`,
  `CREATE TABLE categories (
      id INTEGER PRIMARY KEY,
      menu_id INTEGER NOT NULL REFERENCES menus(id),
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      image TEXT,
      sort_num INTEGER NOT NULL DEFAULT 0,
      num_visit INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
  `CREATE INDEX categories_menu ON categories (menu_id, sort_num)`,
  `CREATE TABLE products (
      id INTEGER PRIMARY KEY,
      category_id INTEGER NOT NULL REFERENCES categories(id),
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      description_en TEXT,
      description_ar TEXT,
      image TEXT,
      price REAL NOT NULL CHECK (price >= 0),
      price_offer REAL NOT NULL DEFAULT 0 CHECK (price_offer >= 0),
      is_new INTEGER NOT NULL DEFAULT 0,
      common INTEGER NOT NULL DEFAULT 0,
      hidden INTEGER NOT NULL DEFAULT 0,
      unavailable INTEGER NOT NULL DEFAULT 0,
      sort_num INTEGER NOT NULL DEFAULT 0,
      num_visit INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
      sold_out_until INTEGER, allergens INTEGER NOT NULL DEFAULT 0 CHECK (allergens BETWEEN 0 AND 16383), tags INTEGER NOT NULL DEFAULT 0 CHECK (tags BETWEEN 0 AND 15), allergens_declared INTEGER NOT NULL DEFAULT 0 CHECK (allergens_declared IN (0, 1)))`,
  `CREATE INDEX products_category ON products (category_id, sort_num)`,
  `CREATE INDEX products_sold_out_until ON products (sold_out_until) WHERE sold_out_until IS NOT NULL`,
  `CREATE TRIGGER products_allergens_insert BEFORE INSERT ON products
    WHEN NEW.allergens_declared = 0 AND NEW.allergens != 0
    BEGIN SELECT RAISE(ABORT, 'allergens: an undeclared dish lists none'); END`,
  `CREATE TRIGGER products_allergens_update BEFORE UPDATE OF allergens, allergens_declared ON products
    WHEN NEW.allergens_declared = 0 AND NEW.allergens != 0
    BEGIN SELECT RAISE(ABORT, 'allergens: an undeclared dish lists none'); END`,
  `CREATE TABLE options (
      id INTEGER PRIMARY KEY,
      product_id INTEGER NOT NULL REFERENCES products(id),
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      sort_num INTEGER NOT NULL DEFAULT 0,
      required INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)), min_choices INTEGER NOT NULL DEFAULT 0 CHECK (min_choices >= 0), max_choices INTEGER NOT NULL DEFAULT 1 CHECK (max_choices >= 1 AND max_choices <= 20))`,
  `CREATE INDEX options_product ON options (product_id, sort_num)`,
  `CREATE TRIGGER options_rules_insert BEFORE INSERT ON options
    WHEN NEW.min_choices > NEW.max_choices OR NEW.required != (NEW.min_choices >= 1)
    BEGIN SELECT RAISE(ABORT, 'option rules: need 0 <= min <= max and required = (min >= 1)'); END`,
  `CREATE TRIGGER options_rules_update BEFORE UPDATE OF required, min_choices, max_choices ON options
    WHEN NEW.min_choices > NEW.max_choices OR NEW.required != (NEW.min_choices >= 1)
    BEGIN SELECT RAISE(ABORT, 'option rules: need 0 <= min <= max and required = (min >= 1)'); END`,
  `CREATE TABLE sub_options (
      id INTEGER PRIMARY KEY,
      option_id INTEGER NOT NULL REFERENCES options(id),
      name_en TEXT NOT NULL,
      name_ar TEXT NOT NULL,
      price REAL NOT NULL DEFAULT 0 CHECK (price >= 0),
      sort_num INTEGER NOT NULL DEFAULT 0
    )`,
  `CREATE INDEX sub_options_option ON sub_options (option_id, sort_num)`,
  `CREATE TABLE visit_hours (
      kind TEXT NOT NULL CHECK (kind IN ('b', 'm', 'p')),
      item_id INTEGER NOT NULL,
      hour INTEGER NOT NULL,
      branch_id INTEGER NOT NULL,
      visits INTEGER NOT NULL,
      PRIMARY KEY (kind, item_id, hour)
    )`,
  `CREATE INDEX visit_hours_branch ON visit_hours (branch_id, kind, hour)`,
  `CREATE INDEX visit_hours_hour ON visit_hours (hour)`,
  `CREATE TABLE pictures (
      key TEXT PRIMARY KEY,
      restaurant_id INTEGER NOT NULL,
      bytes INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    )`,
  `CREATE INDEX pictures_restaurant ON pictures (restaurant_id, created_at)`,
  `CREATE TABLE copy_bases (
      token TEXT PRIMARY KEY,
      menus INTEGER NOT NULL,
      categories INTEGER NOT NULL,
      products INTEGER NOT NULL,
      options INTEGER NOT NULL,
      sub_options INTEGER NOT NULL
    )`,
  `CREATE TABLE sms_budget_days (
      restaurant_id INTEGER NOT NULL,
      day TEXT NOT NULL,
      used INTEGER NOT NULL,
      PRIMARY KEY (restaurant_id, day)
    )`,
  `CREATE TABLE restaurant_keys (
      id INTEGER PRIMARY KEY,
      restaurant_id INTEGER NOT NULL,
      key_hash TEXT NOT NULL UNIQUE,
      label TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
    )`,
  `CREATE INDEX restaurant_keys_restaurant ON restaurant_keys (restaurant_id)`,
];
