// Every module listed in course.toml renders, with its widgets mounted, its
// catalogue numbers resolved, and no authoring error or console error.
import { test, expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoursePage } from "../pages/course-page.mjs";

const content = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content");
const manifest = fs.readFileSync(path.join(content, "course.toml"), "utf8");
const modules = [...manifest.matchAll(/slug = "([^"]+)"\ntitle = "([^"]+)"\nfile = "([^"]+)"/g)].map(([, slug, title, file]) => ({ slug, title, file }));

test("the manifest lists modules", () => {
  expect(modules.length).toBeGreaterThanOrEqual(2);
});

for (const { slug, file } of modules) {
  test(`module ${slug} renders with its widgets`, async ({ page }) => {
    const course = new CoursePage(page);
    const source = fs.readFileSync(path.join(content, file), "utf8");
    const expectedTitle = source.match(/^title = "([^"]+)"/m)[1];
    const fences = (source.match(/^```widget /gm) || []).length;
    await course.goto(`/m/${slug}`);
    await expect(course.heading()).toHaveText(expectedTitle);
    await expect(page.locator("section.widget")).toHaveCount(fences);
    await expect(course.testId("authoring-error")).toHaveCount(0);
    await expect(page.locator(".module-body")).not.toContainText("unknown hardware value");
    await expect(page.locator(".math-error")).toHaveCount(0);
    await course.expectNoConsoleErrors();
  });
}
