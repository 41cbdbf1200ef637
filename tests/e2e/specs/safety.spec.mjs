// Hostile content and broken storage: nothing runs, nothing breaks, nothing is lost.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("a script in a module does not run and shows as text", async ({ page }) => {
  const course = new CoursePage(page, "/fixture/");
  await course.goto("/m/hostile");
  await expect(course.heading()).toHaveText("Hostile content");
  await expect(page.locator(".module-body")).toContainText("<script>window.__pwned = true;</script>");
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.locator(".module-body script, .module-body img[onerror], .module-body [onclick]").count()).toBe(0);
  await page.getByRole("link", { name: "A javascript link" }).click();
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test("bad widget directives show authoring-error boxes in place", async ({ page }) => {
  const course = new CoursePage(page, "/fixture/");
  await course.goto("/m/hostile");
  const errors = course.testId("authoring-error");
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toContainText("unknown widget `no-such-widget`");
  await expect(errors.nth(1)).toContainText("not valid TOML");
  // The page keeps working: the valid widget after the broken ones computes.
  await expect(course.widget().value("train_flops")).toHaveText("1.26 × 10²² FLOPs");
});

test("a placeholder that names no catalogue entry is marked in the text", async ({ page }) => {
  const course = new CoursePage(page, "/fixture/");
  await course.goto("/m/hostile");
  await expect(page.locator(".module-body")).toContainText("(unknown hardware value: no-such-chip.memory.bandwidth_gb_s)");
});

test("corrupt localStorage does not break the page and valid progress survives", async ({ page }) => {
  await page.goto("/#/");
  await page.evaluate(() => {
    localStorage.setItem(
      "compute-lab:compute-lab:progress",
      JSON.stringify({ version: 1, modules: { "why-hardware": { visited: true, completed: true }, clusters: "garbage", "<bad>": {} } }),
    );
    localStorage.setItem("compute-lab:theme", "{{{not-a-theme");
  });
  await page.reload();
  const course = new CoursePage(page);
  await expect(course.testId("storage-notice")).toContainText("could not be read");
  await expect(course.testId("course-progress-text")).toHaveText(/1 of \d+ modules completed/);
  await course.goto("/m/why-hardware");
  await expect(course.testId("complete-button")).toHaveAttribute("aria-pressed", "true");
});

test("unreadable progress is set aside, not destroyed", async ({ page }) => {
  await page.goto("/#/");
  await page.evaluate(() => localStorage.setItem("compute-lab:compute-lab:progress", "}{ not json"));
  await page.reload();
  const course = new CoursePage(page);
  await expect(course.testId("storage-notice")).toContainText("set aside");
  await expect(course.heading()).toHaveText("Compute Lab");
  const backup = await page.evaluate(() => localStorage.getItem("compute-lab:compute-lab:progress:unreadable-backup"));
  expect(backup).toBe("}{ not json");
});

test("blocked storage falls back to memory and says so", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", { get() { throw new DOMException("blocked", "SecurityError"); } });
  });
  const page = await context.newPage();
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.testId("storage-notice")).toContainText("blocking storage");
  await course.testId("complete-button").click();
  await expect(course.testId("complete-button")).toHaveAttribute("aria-pressed", "true");
  await context.close();
});
