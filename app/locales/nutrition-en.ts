// The diner's nutrition strings (docs/decisions/0070, SFDA's menu labels), English; ./en.ts takes them as `nutrition`.
const nutrition = {
  kcal: "{{kcal}} kcal",
  choiceKcal: "+{{kcal}} kcal",
  caloriesLabel: "Calories",
  walking: "About {{minutes}} min of brisk walking to burn",
  caffeine: "Caffeine {{mg}} mg",
  highSalt: "High in salt",
  // SFDA's statement of daily needs, shown on menu pages of restaurants that give calories.
  dailyNeeds: "Adults need on average 2,000 calories a day; individual needs vary.",
  orderKcal: "Calories of the order",
  orderKcalPartial: "At least {{kcal}} kcal: some dishes give no calories",
};
export default nutrition;
