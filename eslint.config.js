// ESLint checks what the types cannot see: promises nobody awaits or handles, promises passed where
// a plain function is expected, and React's hook rules. Prettier owns the layout (docs/decisions/0066).
import { registerHooks } from "node:module";

// typescript-eslint reads the compiler through the TypeScript 6 JS API, which TypeScript 7 (our `tsc`)
// no longer ships: inside this process `typescript` resolves to the side-by-side 6.0 package.
registerHooks({
  resolve: (specifier, context, next) =>
    next(/^typescript(\/|$)/.test(specifier) ? specifier.replace("typescript", "@typescript/typescript6") : specifier, context),
});
const { default: tseslint } = await import("typescript-eslint");
const { default: reactHooks } = await import("eslint-plugin-react-hooks");

export default tseslint.config(
  // Generated or vendored: the route types, the worker's binding types, build output, scratch files.
  { ignores: ["build/", "tmp/", ".react-router/", ".wrangler/", "public/", "worker-configuration.d.ts"] },
  {
    files: ["**/*.{ts,tsx}"],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin, "react-hooks": reactHooks },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Mistakes no style could want.
      "no-debugger": "error",
      "no-self-compare": "error",
      "no-unsafe-finally": "error",
      "no-async-promise-executor": "error",
      "no-constant-binary-expression": "error",
      "no-unsafe-optional-chaining": "error",
      "no-dupe-else-if": "error",
      "no-duplicate-case": "error",
    },
  },
);
