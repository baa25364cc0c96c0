import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "data", "node_modules", "src/server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Machines stay pure: every effect is an action or actor the app provides.
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "fetch", "window", "document", "localStorage"],
      "no-restricted-imports": ["error", { patterns: ["../src/*", "**/src/*"] }],
    },
  },
);
