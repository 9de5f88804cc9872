// The demo restaurants, in English and Arabic. `kind` picks the illustration; `hue` varies it.
type Kind =
  | "espresso"
  | "latte"
  | "tea"
  | "juice"
  | "smoothie"
  | "iced"
  | "croissant"
  | "cake"
  | "bowl"
  | "salad"
  | "eggs"
  | "grill"
  | "burger"
  | "sandwich"
  | "icecream"
  | "cookie"
  | "soup"
  | "pasta"
  | "wrap"
  | "fries"
  | "fatayer"
  | "pizza"
  | "fondant"
  | "kunafa"
  | "dip"
  | "muffin"
  | "roll"
  | "water"
  | "chops"
  | "corn";

interface ProductSeed {
  en: string;
  ar: string;
  den: string;
  dar: string;
  price: number;
  kind: Kind;
  hue: number;
  offer?: number;
  isNew?: boolean;
  common?: boolean;
  hidden?: boolean;
  unavailable?: boolean;
  options?: "size" | "milk" | "grill" | "extras" | "sweet";
}

export interface CategorySeed {
  en: string;
  ar: string;
  products: ProductSeed[];
}
export interface MenuSeed {
  en: string;
  ar: string;
  image: Kind;
  hue: number;
  categories: CategorySeed[];
}

export const OPTION_SETS = {
  size: [
    {
      en: "Size",
      ar: "الحجم",
      subs: [
        ["Small", "صغير", 0],
        ["Medium", "وسط", 3],
        ["Large", "كبير", 5],
      ],
    },
  ],
  milk: [
    {
      en: "Size",
      ar: "الحجم",
      subs: [
        ["Regular", "عادي", 0],
        ["Large", "كبير", 4],
      ],
    },
    {
      en: "Milk",
      ar: "الحليب",
      subs: [
        ["Full cream", "حليب كامل الدسم", 0],
        ["Oat", "حليب الشوفان", 2],
        ["Almond", "حليب اللوز", 2.5],
      ],
    },
    { en: "Extra shot", ar: "جرعة إضافية", subs: [["One extra shot", "جرعة إضافية واحدة", 3]] },
  ],
  grill: [
    {
      en: "Side",
      ar: "الطبق الجانبي",
      subs: [
        ["Fries", "بطاطا مقلية", 0],
        ["Rice", "أرز", 0],
        ["Grilled vegetables", "خضار مشوية", 4],
      ],
    },
    {
      en: "Sauce",
      ar: "الصلصة",
      subs: [
        ["Garlic toum", "ثومية", 0],
        ["Tahini", "طحينة", 0],
        ["Spicy harissa", "هريسة حارة", 1.5],
      ],
    },
  ],
  extras: [
    {
      en: "Extras",
      ar: "إضافات",
      subs: [
        ["Halloumi", "حلوم", 6],
        ["Avocado", "أفوكادو", 7],
        ["Smoked turkey", "ديك رومي مدخن", 8],
      ],
    },
  ],
  sweet: [
    {
      en: "Topping",
      ar: "الإضافة",
      subs: [
        ["Pistachio crumble", "فتات الفستق", 4],
        ["Saffron cream", "كريمة الزعفران", 5],
        ["Extra scoop", "كرة إضافية", 7],
      ],
    },
  ],
} as const;

const p = (en: string, ar: string, den: string, dar: string, price: number, kind: Kind, hue: number, more: Partial<ProductSeed> = {}): ProductSeed => ({
  en,
  ar,
  den,
  dar,
  price,
  kind,
  hue,
  ...more,
});

export const SAFFRON_MENUS: MenuSeed[] = [
  {
    en: "Breakfast",
    ar: "الفطور",
    image: "eggs",
    hue: 40,
    categories: [
      {
        en: "Eggs",
        ar: "البيض",
        products: [
          p(
            "Saffron Shakshuka",
            "شكشوكة بالزعفران",
            "Eggs poached in a spiced tomato and pepper sauce, saffron oil, warm bread.",
            "بيض مطهو في صلصة الطماطم والفلفل المتبلة مع زيت الزعفران وخبز دافئ.",
            42,
            "eggs",
            8,
            { common: true, options: "extras" },
          ),
          p(
            "Turkish Eggs",
            "بيض تركي",
            "Poached eggs on garlic yoghurt, chilli butter, dill.",
            "بيض مسلوق على لبن بالثوم وزبدة الفلفل الحار والشبت.",
            39,
            "eggs",
            30,
            { isNew: true },
          ),
          p(
            "Halloumi Omelette",
            "أومليت بالحلوم",
            "Three-egg omelette, grilled halloumi, za'atar, tomato salad.",
            "أومليت من ثلاث بيضات مع حلوم مشوي وزعتر وسلطة طماطم.",
            36,
            "eggs",
            50,
          ),
          p(
            "Avocado Eggs Benedict",
            "بيض بنديكت بالأفوكادو",
            "Sourdough, smashed avocado, poached eggs, hollandaise.",
            "خبز العجين المخمر مع أفوكادو مهروس وبيض مسلوق وصلصة هولنديز.",
            48,
            "eggs",
            95,
            { offer: 41 },
          ),
          p(
            "Foul Medames",
            "فول مدمس",
            "Slow-cooked fava beans, olive oil, lemon, cumin.\nServed with pickles and bread.",
            "فول مطهو ببطء مع زيت الزيتون والليمون والكمون.\nيقدم مع المخللات والخبز.",
            28,
            "dip",
            25,
          ),
          p(
            "Manakish Breakfast Plate",
            "طبق فطور مناقيش",
            "Za'atar and cheese manakish, labneh, olives, cucumber.",
            "مناقيش زعتر وجبنة مع لبنة وزيتون وخيار.",
            44,
            "pizza",
            60,
            { hidden: true },
          ),
        ],
      },
      {
        en: "Bakery",
        ar: "المخبوزات",
        products: [
          p(
            "Butter Croissant",
            "كرواسون بالزبدة",
            "Flaky, all-butter, baked every morning.",
            "هش ومصنوع بالزبدة الطبيعية، يخبز كل صباح.",
            14,
            "croissant",
            38,
            { common: true },
          ),
          p("Zaatar Croissant", "كرواسون بالزعتر", "Our croissant with za'atar and olive oil.", "كرواسوننا بالزعتر وزيت الزيتون.", 16, "croissant", 70),
          p(
            "Pistachio Croissant",
            "كرواسون بالفستق",
            "Filled with pistachio cream, topped with crushed pistachios.",
            "محشو بكريمة الفستق ومزين بالفستق المجروش.",
            22,
            "croissant",
            100,
            { isNew: true, offer: 18 },
          ),
          p("Cheese Fatayer", "فطاير بالجبنة", "Baked pastries filled with akkawi and mint.", "فطائر مخبوزة محشوة بجبنة عكاوي والنعناع.", 18, "fatayer", 20),
          p("Date Muffin", "مافن بالتمر", "Medjool dates, cardamom, brown sugar crust.", "تمر مجدول وهيل وقشرة من السكر البني.", 15, "muffin", 350),
          p(
            "Cinnamon Roll",
            "لفائف القرفة",
            "Soft roll, cinnamon sugar, cream cheese glaze.",
            "لفافة طرية بالقرفة والسكر مع طبقة من جبنة الكريمة.",
            19,
            "roll",
            18,
            { unavailable: true },
          ),
        ],
      },
    ],
  },
  {
    en: "Coffee & Tea",
    ar: "القهوة والشاي",
    image: "latte",
    hue: 28,
    categories: [
      {
        en: "Espresso Bar",
        ar: "ركن الإسبريسو",
        products: [
          p("Espresso", "إسبريسو", "A double shot of our house blend.", "جرعة مزدوجة من خلطتنا الخاصة.", 14, "espresso", 22, { common: true }),
          p("Cappuccino", "كابتشينو", "Espresso, steamed milk, thick foam.", "إسبريسو مع حليب مبخر ورغوة كثيفة.", 19, "latte", 30, { options: "milk" }),
          p("Flat White", "فلات وايت", "Ristretto and silky microfoam.", "ريستريتو مع رغوة حليب ناعمة.", 20, "latte", 26, { common: true, options: "milk" }),
          p(
            "Saffron Latte",
            "لاتيه بالزعفران",
            "Espresso, saffron-infused milk, a touch of honey.",
            "إسبريسو مع حليب منقوع بالزعفران ولمسة من العسل.",
            26,
            "latte",
            45,
            { isNew: true, common: true, options: "milk" },
          ),
          p("Spanish Latte", "سبانش لاتيه", "Espresso with sweetened condensed milk.", "إسبريسو مع الحليب المكثف المحلى.", 24, "latte", 35, {
            offer: 20,
            options: "milk",
          }),
          p(
            "Arabic Coffee",
            "قهوة عربية",
            "Light roast with cardamom and saffron, served with dates.",
            "تحميص خفيف بالهيل والزعفران، تقدم مع التمر.",
            18,
            "espresso",
            48,
          ),
          p("Mocha", "موكا", "Espresso, dark chocolate, steamed milk.", "إسبريسو مع شوكولاتة داكنة وحليب مبخر.", 24, "latte", 15, { options: "milk" }),
        ],
      },
      {
        en: "Tea",
        ar: "الشاي",
        products: [
          p(
            "Karak Chai",
            "شاي كرك",
            "Strong black tea boiled with milk, cardamom and saffron.",
            "شاي أسود قوي مغلي مع الحليب والهيل والزعفران.",
            10,
            "tea",
            35,
            { common: true },
          ),
          p(
            "Moroccan Mint Tea",
            "شاي مغربي بالنعناع",
            "Green tea with fresh mint, served in a pot.",
            "شاي أخضر بالنعناع الطازج، يقدم في إبريق.",
            16,
            "tea",
            120,
          ),
          p("Zhourat", "زهورات", "Damascene herbal blend with rose and chamomile.", "خلطة أعشاب دمشقية بالورد والبابونج.", 17, "tea", 340),
          p("Saffron Tea", "شاي بالزعفران", "Light tea with Persian saffron threads.", "شاي خفيف مع خيوط الزعفران الإيراني.", 15, "tea", 42, { isNew: true }),
          p("Matcha Latte", "ماتشا لاتيه", "Ceremonial matcha whisked into steamed milk.", "ماتشا فاخرة مخفوقة في الحليب المبخر.", 25, "latte", 95, {
            options: "milk",
          }),
        ],
      },
    ],
  },
  {
    en: "Mains",
    ar: "الأطباق الرئيسية",
    image: "grill",
    hue: 15,
    categories: [
      {
        en: "Salads & Bowls",
        ar: "السلطات والأطباق",
        products: [
          p(
            "Fattoush",
            "فتوش",
            "Crisp greens, sumac, radish, toasted bread, pomegranate molasses.",
            "خضار مقرمشة وسماق وفجل وخبز محمص ودبس الرمان.",
            32,
            "salad",
            110,
            { common: true },
          ),
          p("Tabbouleh", "تبولة", "Parsley, bulgur, tomato, lemon and olive oil.", "بقدونس وبرغل وطماطم وليمون وزيت زيتون.", 29, "salad", 90),
          p(
            "Halloumi Quinoa Bowl",
            "طبق كينوا بالحلوم",
            "Quinoa, grilled halloumi, roasted vegetables, tahini.",
            "كينوا وحلوم مشوي وخضار محمصة وطحينة.",
            45,
            "bowl",
            80,
            { options: "extras" },
          ),
          p(
            "Chicken Freekeh Bowl",
            "طبق فريكة بالدجاج",
            "Smoked freekeh, spiced chicken, almonds, yoghurt.",
            "فريكة مدخنة مع دجاج متبل ولوز ولبن.",
            52,
            "bowl",
            32,
            { isNew: true },
          ),
          p("Lentil Soup", "شوربة عدس", "Red lentils, cumin, lemon, crispy bread.", "عدس أحمر وكمون وليمون وخبز مقرمش.", 22, "soup", 30, { offer: 18 }),
          p("Burrata Salad", "سلطة البوراتا", "Burrata, heirloom tomatoes, basil, olive oil.", "بوراتا مع طماطم ملونة وريحان وزيت زيتون.", 58, "salad", 0, {
            unavailable: true,
          }),
        ],
      },
      {
        en: "Grills",
        ar: "المشاوي",
        products: [
          p("Shish Tawook", "شيش طاووق", "Marinated chicken skewers, garlic toum, pickles.", "أسياخ دجاج متبلة مع ثومية ومخللات.", 49, "grill", 30, {
            common: true,
            options: "grill",
          }),
          p(
            "Lamb Kofta",
            "كفتة لحم",
            "Minced lamb with parsley and onion, grilled over charcoal.",
            "لحم غنم مفروم بالبقدونس والبصل، مشوي على الفحم.",
            55,
            "grill",
            12,
            { options: "grill" },
          ),
          p("Mixed Grill", "مشاوي مشكلة", "Tawook, kofta and lamb tikka for one.", "طاووق وكفتة وتكة لحم لشخص واحد.", 78, "grill", 8, {
            offer: 69,
            options: "grill",
          }),
          p("Grilled Salmon", "سلمون مشوي", "Salmon fillet, herb crust, lemon butter.", "فيليه سلمون بقشرة الأعشاب وزبدة الليمون.", 82, "grill", 18, {
            isNew: true,
          }),
          p("Chicken Shawarma Plate", "صحن شاورما دجاج", "Shawarma, fries, garlic sauce, pickles.", "شاورما مع بطاطا مقلية وثومية ومخللات.", 42, "grill", 36, {
            options: "grill",
          }),
          p(
            "Chef's Special Mansaf",
            "منسف الشيف",
            "Weekend special: lamb, jameed sauce, rice.",
            "طبق نهاية الأسبوع: لحم غنم بصلصة الجميد مع الأرز.",
            95,
            "bowl",
            45,
            { hidden: true },
          ),
        ],
      },
      {
        en: "Sandwiches & Pasta",
        ar: "السندويشات والمعكرونة",
        products: [
          p(
            "Halloumi Sandwich",
            "سندويش حلوم",
            "Grilled halloumi, tomato, mint, olive tapenade.",
            "حلوم مشوي مع طماطم ونعناع وتابينيد الزيتون.",
            34,
            "sandwich",
            60,
            { options: "extras" },
          ),
          p(
            "Wagyu Burger",
            "برغر واغيو",
            "Wagyu beef, cheddar, caramelised onion, brioche.",
            "لحم واغيو مع جبنة شيدر وبصل مكرمل وخبز بريوش.",
            68,
            "burger",
            20,
            { common: true },
          ),
          p("Falafel Wrap", "لفافة فلافل", "Falafel, tahini, pickled turnips, herbs.", "فلافل مع طحينة ولفت مخلل وأعشاب.", 24, "wrap", 100),
          p(
            "Chicken Shawarma Wrap",
            "لفافة شاورما دجاج",
            "Chicken shawarma, garlic toum, fries inside.",
            "شاورما دجاج مع ثومية وبطاطا داخل اللفافة.",
            27,
            "wrap",
            35,
            { offer: 23 },
          ),
          p(
            "Saffron Prawn Linguine",
            "لينغويني بالروبيان والزعفران",
            "Prawns, saffron cream, chilli, parsley.",
            "روبيان مع كريمة الزعفران والفلفل الحار والبقدونس.",
            74,
            "pasta",
            40,
            { isNew: true },
          ),
          p("Truffle Mushroom Pasta", "باستا الفطر بالكمأة", "Mushrooms, truffle cream, parmesan.", "فطر مع كريمة الكمأة وجبنة البارميزان.", 64, "pasta", 30),
          p(
            "Loaded Fries",
            "بطاطا محملة",
            "Fries, cheese sauce, jalapeño, spring onion.",
            "بطاطا مقلية مع صلصة الجبن والهالبينو والبصل الأخضر.",
            26,
            "fries",
            45,
          ),
        ],
      },
    ],
  },
  {
    en: "Desserts",
    ar: "الحلويات",
    image: "cake",
    hue: 330,
    categories: [
      {
        en: "Cakes",
        ar: "الكيك",
        products: [
          p(
            "Pistachio Saffron Cake",
            "كيكة الفستق والزعفران",
            "Layers of pistachio sponge and saffron cream.",
            "طبقات من كيك الفستق وكريمة الزعفران.",
            32,
            "cake",
            100,
            { common: true, isNew: true, options: "sweet" },
          ),
          p(
            "San Sebastian Cheesecake",
            "تشيز كيك سان سيباستيان",
            "Burnt Basque cheesecake, creamy centre.",
            "تشيز كيك باسكي محروق بقلب كريمي.",
            34,
            "cake",
            38,
            { common: true },
          ),
          p("Date Cake with Toffee", "كيكة التمر بالتوفي", "Sticky date cake, warm toffee sauce.", "كيكة تمر طرية مع صلصة التوفي الدافئة.", 29, "cake", 22, {
            offer: 24,
          }),
          p("Chocolate Fondant", "فوندان الشوكولاتة", "Warm chocolate cake with a molten centre.", "كيكة شوكولاتة دافئة بقلب سائل.", 33, "fondant", 10),
          p(
            "Kunafa Nabulsiyeh",
            "كنافة نابلسية",
            "Nabulsi cheese, crisp kataifi, orange blossom syrup.",
            "جبنة نابلسية مع عجينة كنافة مقرمشة وقطر بماء الزهر.",
            36,
            "kunafa",
            30,
            { options: "sweet" },
          ),
          p("Umm Ali", "أم علي", "Baked puff pastry, milk, nuts and raisins.", "عجينة مورقة مخبوزة بالحليب والمكسرات والزبيب.", 28, "bowl", 35),
          p("Red Velvet Slice", "شريحة ريد فيلفت", "Cocoa sponge, cream cheese frosting.", "كيك بالكاكاو مع كريمة الجبن.", 27, "cake", 350, {
            unavailable: true,
          }),
        ],
      },
      {
        en: "Ice Cream & Cookies",
        ar: "الآيس كريم والكوكيز",
        products: [
          p("Booza Ashta", "بوظة عشطة", "Stretchy mastic ice cream, crushed pistachios.", "بوظة بالمستكة مع الفستق المجروش.", 22, "icecream", 60, {
            common: true,
            options: "sweet",
          }),
          p("Saffron Rose Ice Cream", "آيس كريم الزعفران والورد", "Two scoops: saffron and rosewater.", "كرتان: زعفران وماء الورد.", 24, "icecream", 40, {
            isNew: true,
          }),
          p("Mango Sorbet", "سوربيه المانجو", "Alphonso mango, dairy free.", "مانجو ألفونسو، خالٍ من الألبان.", 20, "icecream", 48),
          p(
            "Chocolate Chip Cookie",
            "كوكيز برقائق الشوكولاتة",
            "Brown butter, dark chocolate, sea salt.",
            "زبدة محمصة وشوكولاتة داكنة وملح البحر.",
            12,
            "cookie",
            30,
          ),
          p("Tahini Cookie", "كوكيز بالطحينة", "Tahini, honey and sesame.", "طحينة وعسل وسمسم.", 12, "cookie", 40, { offer: 10 }),
          p("Maamoul Box", "علبة معمول", "Six date and pistachio maamoul.", "ست قطع معمول بالتمر والفستق.", 35, "cookie", 34, { hidden: true }),
        ],
      },
    ],
  },
  {
    en: "Cold Drinks",
    ar: "المشروبات الباردة",
    image: "juice",
    hue: 120,
    categories: [
      {
        en: "Fresh Juices",
        ar: "العصائر الطازجة",
        products: [
          p("Orange Juice", "عصير برتقال", "Freshly squeezed oranges.", "برتقال معصور طازجاً.", 18, "juice", 32, { common: true, options: "size" }),
          p("Lemon Mint", "ليمون بالنعناع", "Lemon, fresh mint, crushed ice.", "ليمون ونعناع طازج وثلج مجروش.", 18, "juice", 95, {
            common: true,
            options: "size",
          }),
          p("Mango Juice", "عصير مانجا", "Alphonso mangoes, nothing added.", "مانجو ألفونسو بدون أي إضافات.", 22, "juice", 42, { options: "size" }),
          p("Pomegranate Juice", "عصير رمان", "Fresh pomegranate seeds, pressed to order.", "حبوب رمان طازجة تعصر عند الطلب.", 25, "juice", 350, {
            offer: 21,
            options: "size",
          }),
          p("Watermelon Juice", "عصير بطيخ", "Watermelon with a hint of rose.", "بطيخ مع لمسة من ماء الورد.", 20, "juice", 355, { unavailable: true }),
          p("Green Detox", "ديتوكس أخضر", "Apple, cucumber, celery, spinach, ginger.", "تفاح وخيار وكرفس وسبانخ وزنجبيل.", 26, "smoothie", 100, {
            isNew: true,
          }),
        ],
      },
      {
        en: "Iced & Blended",
        ar: "المشروبات المثلجة والمخفوقة",
        products: [
          p("Iced Spanish Latte", "سبانش لاتيه مثلج", "Espresso, condensed milk, ice.", "إسبريسو وحليب مكثف وثلج.", 25, "iced", 30, {
            common: true,
            options: "milk",
          }),
          p("Cold Brew", "كولد برو", "Steeped for 18 hours, served over ice.", "منقوع لمدة ١٨ ساعة ويقدم مع الثلج.", 22, "iced", 20),
          p("Date Shake", "ميلك شيك التمر", "Dates, milk, vanilla ice cream.", "تمر وحليب وآيس كريم الفانيليا.", 26, "smoothie", 28, { common: true }),
          p("Berry Smoothie", "سموذي التوت", "Strawberry, blueberry, banana, yoghurt.", "فراولة وتوت أزرق وموز ولبن.", 27, "smoothie", 330, { offer: 23 }),
          p("Avocado Honey Shake", "شيك الأفوكادو بالعسل", "Avocado, milk, honey, nuts.", "أفوكادو وحليب وعسل ومكسرات.", 28, "smoothie", 85, { isNew: true }),
          p("Iced Hibiscus", "كركديه مثلج", "Hibiscus tea, lime, a little sugar.", "شاي الكركديه مع الليمون وقليل من السكر.", 17, "iced", 345),
          p("Sparkling Water", "مياه فوارة", "330 ml bottle.", "زجاجة ٣٣٠ مل.", 10, "water", 190),
        ],
      },
    ],
  },
];

export const GRILL_MENUS: MenuSeed[] = [
  {
    en: "From the Charcoal",
    ar: "من الفحم",
    image: "grill",
    hue: 8,
    categories: [
      {
        en: "Skewers",
        ar: "الأسياخ",
        products: [
          p("Beef Kebab", "كباب لحم", "Hand-minced beef, charcoal grilled.", "لحم بقري مفروم يدوياً ومشوي على الفحم.", 58, "grill", 10, {
            common: true,
            options: "grill",
          }),
          p("Chicken Tikka", "تكا دجاج", "Yoghurt and spice marinated chicken.", "دجاج متبل باللبن والبهارات.", 48, "grill", 28, { options: "grill" }),
          p("Lamb Chops", "ريش غنم", "Four lamb chops, rosemary, sea salt.", "أربع قطع ريش غنم مع إكليل الجبل وملح البحر.", 92, "chops", 15, { isNew: true }),
          p("Halloumi Skewer", "سيخ حلوم", "Halloumi, peppers and onions.", "حلوم مع الفلفل والبصل.", 38, "grill", 50, { offer: 32 }),
        ],
      },
      {
        en: "Burgers",
        ar: "البرغر",
        products: [
          p("Smash Burger", "سماش برغر", "Two smashed patties, American cheese, pickles.", "قطعتا لحم مضغوطتان مع جبنة أمريكية ومخلل.", 45, "burger", 25, {
            common: true,
          }),
          p("Chicken Burger", "برغر دجاج", "Crispy chicken, slaw, chipotle mayo.", "دجاج مقرمش مع سلطة الملفوف ومايونيز التشيبوتلي.", 39, "burger", 40),
          p(
            "Mushroom Swiss Burger",
            "برغر بالفطر والجبنة السويسرية",
            "Beef, sautéed mushrooms, Swiss cheese.",
            "لحم بقري وفطر سوتيه وجبنة سويسرية.",
            52,
            "burger",
            30,
            { unavailable: true },
          ),
        ],
      },
    ],
  },
  {
    en: "Sides & Drinks",
    ar: "الأطباق الجانبية والمشروبات",
    image: "fries",
    hue: 45,
    categories: [
      {
        en: "Sides",
        ar: "الأطباق الجانبية",
        products: [
          p("Hand-cut Fries", "بطاطا مقطعة يدوياً", "Twice-fried, sea salt.", "مقلية مرتين مع ملح البحر.", 16, "fries", 45, { common: true }),
          p("Hummus", "حمص", "Chickpeas, tahini, lemon, olive oil.", "حمص بالطحينة والليمون وزيت الزيتون.", 19, "dip", 50),
          p("Grilled Corn", "ذرة مشوية", "Charred corn, chilli butter.", "ذرة مشوية مع زبدة الفلفل الحار.", 15, "corn", 55, { isNew: true }),
        ],
      },
      {
        en: "Drinks",
        ar: "المشروبات",
        products: [
          p("Laban Ayran", "لبن عيران", "Salted yoghurt drink.", "مشروب اللبن المملح.", 9, "iced", 200),
          p("Fresh Lemonade", "ليموناضة طازجة", "Lemon, mint, sugar syrup.", "ليمون ونعناع وشراب السكر.", 15, "juice", 60, { offer: 12 }),
          p("Soft Drink", "مشروب غازي", "Cola, lemon-lime or orange.", "كولا أو ليمون أو برتقال.", 8, "iced", 0),
        ],
      },
    ],
  },
];
