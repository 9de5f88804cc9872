// The demo providers (the SMS outbox, the demo pay page) exist only where this explicit setting turns
// them on: `npm start`, `npm run dev` and the tests set DEMO_PROVIDERS=on; a deploy never does, so it
// uses real providers or refuses the feature with a clear 503 (docs/DESIGN.md "Demo and production").
export const demoProviders = (env: Pick<Env, "DEMO_PROVIDERS">): boolean => env.DEMO_PROVIDERS === "on";
