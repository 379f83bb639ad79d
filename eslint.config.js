import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// The admin and the public site never import the server.
const NO_SERVER = {
  group: ["**/server/**"],
  message: "The apps never import the server.",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      // Dynamic-table plumbing in the resource machinery needs `any` in a few marked places.
      "@typescript-eslint/no-explicit-any": "warn",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "public-site/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // common/ runs on both sides and may import none of the other trees (DESIGN.md section 3).
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*"],
              message: "common/ runs in the browser too: no node:* modules.",
            },
            {
              group: ["**/server/**", "**/src/**", "**/public-site/**"],
              message: "common/ imports none of the other trees.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "public-site/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_SERVER],
          // Its spinner has no name and its text fails contrast (axe: serious).
          paths: [
            {
              name: "react-admin",
              importNames: ["Loading", "LoadingPage"],
              message: "Use src/kit/Loading: react-admin's fails axe.",
            },
          ],
        },
      ],
    },
  },
  {
    // The kit is shared by every resource: it reads a resource's details from react-admin's
    // context (useApiPath) and never imports a resource's folder, the resource list or the
    // registry built from it (docs/conventions.md, "Admin SPA").
    files: ["src/kit/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_SERVER,
            {
              group: ["**/resources", "**/resources/**"],
              message:
                "src/kit/ imports no resource: pass what it needs as props or read it from react-admin's context.",
            },
          ],
        },
      ],
    },
  },
);
