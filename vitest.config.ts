import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Two projects: node-side code (server, common, scripts) and the browser apps (jsdom).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          setupFiles: [],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "public-site/**/*.test.{ts,tsx}"],
          testTimeout: 20000,
        },
      },
    ],
  },
});
