// Run by Playwright's webServer command before the server starts. Lays out the sites the tests serve: the release build at / and under a
// sub-path, and a fixture copy whose content has deliberate authoring errors
// and hostile markup.
import fs from "node:fs";
import { execFileSync } from "node:child_process";
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
  // The fixture course as a SCORM 1.2 package, unpacked where a test LMS page
  // (scorm-again's Scorm12API, from the npm registry) can frame it.
  const lab = path.join(repoRoot, "target/release/lab");
  const zip = path.join(site, "scorm.zip");
  execFileSync(lab, ["package", "scorm", "--dist", fixture, "--out", zip], { cwd: repoRoot, stdio: "ignore" });
  execFileSync("python3", ["-m", "zipfile", "-e", zip, path.join(site, "root/scorm")], { stdio: "ignore" });
  fs.copyFileSync(path.join(repoRoot, "tests/node_modules/scorm-again/dist/scorm12.js"), path.join(site, "root/host/scorm12.js"));
  fs.mkdirSync(path.join(repoRoot, "target/screenshots"), { recursive: true });
}

prepareSites();
