import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds dist/ once (skipped when fresh): the MCP and pi tests run the compiled code.
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores here: a little parallelism, not a stampede of grammar loads.
    maxWorkers: 2,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
