// Playwright runs the end-to-end tests in Debian's Chromium (never a downloaded
// browser) against the release build, served on 127.0.0.1 by tests/tools/serve.py.
import { defineConfig } from "@playwright/test";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");
const site = path.join(repoRoot, "target/e2e-site");
export const port = Number(process.env.E2E_PORT || 8765);

export default defineConfig({
  testDir: path.join(here, "specs"),
  outputDir: path.join(repoRoot, "target/e2e-results"),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous limits: a passing test never waits for them, and a CI machine
  // that is busy with other work can run the suite at half speed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node ${path.join(here, "prepare-sites.mjs")} && python3 ${path.join(repoRoot, "tests/tools/serve.py")} --port ${port} --site ${site}/root --mount /sub/path/=${site}/root --mount /fixture/=${site}/fixture`,
    url: `http://127.0.0.1:${port}/index.html`,
    env: { SERVE_QUIET: "1" },
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
