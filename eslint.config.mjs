import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // src/server is server-only: browser code must never import it (the bundle would carry it).
    files: ["src/components/**", "src/lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/server/*", "**/server/*"], message: "src/server is server-only." }] }],
    },
  },
  {
    // The desk's service worker runs in a ServiceWorkerGlobalScope, not a page.
    files: ["src/components/admin/pwa/desk-service-worker.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Playwright reads a fixture function's first parameter as an object pattern, so `({}, testInfo)` is its idiom.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  globalIgnores(["dist/**", ".astro/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "bench-results/**", ".tmp/**", ".generated/**"]),
]);
