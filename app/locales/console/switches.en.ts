// The board's switches: sold out ("86") and pause ordering, English.
const switches = {
  pause: {
    title: "New orders",
    open: "Taking orders",
    pausedUntil: "Paused until {{time}}",
    pausedManual: "Paused until you resume",
    pauseFor: "Pause for",
    minutes: "{{count}} min",
    manual: "Until I resume",
    resume: "Resume orders",
  },
  soldOut: {
    title: "Sold out",
    search: "Find a dish",
    searchHint: "Type part of a name, in English or Arabic",
    none: "No dish matches.",
    available: "Available",
    today: "Sold out today",
    manual: "Sold out until turned back on",
    markToday: "For today",
    markManual: "Until I turn it on",
    backOn: "Back on",
    actions: "Mark {{name}}",
    count: "{{count}} sold out",
  },
  failed: "That did not save. Please try again.",
};
export default switches;
