import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import serverModules from "./eslint.modules.js";
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
    // No import cycles among value imports (issue 20): a cycle makes load order decide which binding is
    // still undefined, and ties modules that should change apart. `import type` (and imports of only
    // inline `type` names) are erased at build, so they are not counted; dynamic imports are.
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Which files import-x parses to follow their imports, and with what parser.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // The sources import "./x.js" for "./x.ts" (Bundler resolution), so .js also tries the TS files.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          extensionAlias: { ".js": [".ts", ".tsx", ".js"] },
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // What runs in the browser parses with zod/mini: the full API's classes pull in nearly all of
    // zod's core, which the shell shares, and put about 6 KB back on every page's first load
    // (decision 019). The server (src/server) uses the full API.
    files: ["src/domain/**/*.{ts,tsx}", "src/client/**/*.ts", "src/web/**/*.{ts,tsx}", "machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { name: "zod", message: 'Browser code imports "zod/mini" (decision 019).' },
        { name: "zod/v4", message: 'Browser code imports "zod/mini" (decision 019).' },
      ],
    },
  },
  {
    // Modules per aggregate (decision 037): in the server only the modules' repositories query the
    // database. Services, admin services, routes, plugins and jobs call a repository's functions; they
    // may import the schema's types (`import type`), never drizzle-orm or a table to query.
    files: ["src/server/**/*.ts"],
    // A module's repository may be split by concern: repository.ts, moveRepository.ts, ...; schema/
    // holds the tables, db/ the connection and the migrations; seed/ fills an empty database across aggregates (above
    // the services whose defaults it writes, so that db/ imports none of them).
    ignores: [
      "src/server/**/repository.ts",
      "src/server/**/*Repository.ts",
      "src/server/db/**",
      "src/server/schema/**",
      "src/server/seed/**",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              message: "Only the module's repository.ts queries the database (decision 037).",
            },
            {
              group: ["**/schema/index.js", "**/schema/*"],
              allowTypeImports: true,
              message:
                "Only the module's repository.ts queries the database (decision 037); import types only.",
            },
          ],
        },
      ],
    },
  },
  {
    // Machines stay pure: every effect is an action or actor the app provides. Types may come from
    // src/domain (`import type`, erased at build), so machines do not restate the API's payloads;
    // the Helsinki clock's pure date functions may be used as a date library would, and the pure
    // rules of the dogs (the default maximum) and of an invoice's standing as the one copy of each.
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "fetch", "window", "document", "localStorage", "sessionStorage"],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/src/domain/*",
                "!**/src/domain/helsinkiClock",
                "!**/src/domain/dogRules",
                "!**/src/domain/invoiceStatus",
              ],
              allowTypeImports: true,
              message: "Machines import only types from src/domain; effects are provided actors and actions.",
            },
            {
              group: ["../src/*", "**/src/*", "!**/src/domain", "!**/src/domain/*"],
              message: "Machines import nothing from the app; effects are provided actors and actions.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server modules (issue 33, decision 052): another module is used through its entry (index.ts),
    // and no two modules import each other, directly or through others.
    files: ["src/server/**/*.ts"],
    plugins: { "server-modules": serverModules },
    rules: { "server-modules/boundaries": "error" },
  },
);
