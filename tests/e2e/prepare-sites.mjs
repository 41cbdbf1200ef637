// Run by Playwright's webServer command before the server starts. Lays out the sites the tests serve: the release build at / and under a
// sub-path, and a fixture copy whose content has deliberate authoring errors
// and hostile markup.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");

function prepareSites() {
  const dist = path.join(repoRoot, "dist");
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    throw new Error("dist/ is missing: build the release site first (trunk build app/web/index.html --release)");
  }
  const site = path.join(repoRoot, "target/e2e-site");
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(dist, path.join(site, "root"), { recursive: true });
  const fixture = path.join(site, "fixture");
  fs.cpSync(dist, fixture, { recursive: true });
  fs.rmSync(path.join(fixture, "content"), { recursive: true, force: true });
  fs.cpSync(path.join(here, "fixtures/content"), path.join(fixture, "content"), { recursive: true });
  fs.mkdirSync(path.join(repoRoot, "target/screenshots"), { recursive: true });
}

prepareSites();
