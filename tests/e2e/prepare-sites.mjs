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
  // Embedded quizzes report only to origins the course allows: allow the test server's own.
  const port = Number(process.env.E2E_PORT || 8765);
  fs.appendFileSync(path.join(fixture, "content/course.toml"), `\n[embed]\nallowed_origins = ["http://127.0.0.1:${port}"]\n`);
  fs.cpSync(path.join(here, "fixtures/host"), path.join(site, "root/host"), { recursive: true });
  fs.mkdirSync(path.join(repoRoot, "target/screenshots"), { recursive: true });
}

prepareSites();
