-- The embedded restaurant API's catalogue (CONTRACT.md). Column names follow the contract where
-- it names them; booleans are 0/1 integers, prices REAL (the API serialises them per call).
CREATE TABLE restaurants (
  id INTEGER PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  description_en TEXT,
  description_ar TEXT,
  logo TEXT,
  currency TEXT NOT NULL DEFAULT 'AED',
  is_active INTEGER NOT NULL DEFAULT 1,
  style_primary TEXT,
  style_on_primary TEXT,
  style_secondary TEXT,
  style_on_secondary TEXT,
  style_background TEXT,
  style_on_background TEXT,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE branches (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
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
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX branches_restaurant ON branches (restaurant_id, sort_num);

CREATE TABLE socials (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  name TEXT,
  type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 6),
  value TEXT NOT NULL
);
CREATE INDEX socials_restaurant ON socials (restaurant_id);

CREATE TABLE menus (
  id INTEGER PRIMARY KEY,
  branch_id INTEGER NOT NULL REFERENCES branches(id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  image TEXT,
  sort_num INTEGER NOT NULL DEFAULT 0,
  num_visit INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX menus_branch ON menus (branch_id, sort_num);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  menu_id INTEGER NOT NULL REFERENCES menus(id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  image TEXT,
  sort_num INTEGER NOT NULL DEFAULT 0,
  num_visit INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX categories_menu ON categories (menu_id, sort_num);

CREATE TABLE products (
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
  updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX products_category ON products (category_id, sort_num);

CREATE TABLE options (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sort_num INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX options_product ON options (product_id, sort_num);

CREATE TABLE sub_options (
  id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES options(id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  price REAL NOT NULL DEFAULT 0 CHECK (price >= 0),
  sort_num INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sub_options_option ON sub_options (option_id, sort_num);
