// The console's nutrition strings (docs/decisions/0070): the dish form's and choices' fields, the
// editor's list of dishes without calories, the Saudi checklist's step, English.
import { plural } from "../plural";

const nutrition = {
  legend: "Nutrition (SFDA labels)",
  calories: "Calories (kcal)",
  caffeine: "Caffeine (mg)",
  highSalt: "High in salt",
  hint: "Whole numbers; leave empty when not known. Saudi restaurants must show calories on every dish.",
  choiceCalories: "kcal",
  errors: {
    calories: "Calories are a whole number from 0 to 5,000 (or empty).",
    caffeine: "Caffeine is a whole number of mg from 0 to 1,000 (or empty).",
  },
  gaps: {
    count: plural({ one: "{{count}} dish has no calories", other: "{{count}} dishes have no calories" }),
    show: "Show them",
    hint: "Saudi law (SFDA) asks for the calories of every dish on the menu. Open a dish and type its kcal.",
  },
};
export default nutrition;
