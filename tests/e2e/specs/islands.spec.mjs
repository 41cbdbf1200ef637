// Widgets and quizzes live in a second WebAssembly module that the browser
// fetches only after the module's text has painted, so reading starts sooner.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("the module text paints before the widgets module is requested", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.widget("train-compute").root).toBeVisible();
  const timing = await page.evaluate(() => ({
    text: performance.getEntriesByName("first-module-text")[0]?.startTime,
    islands: performance.getEntriesByType("resource").find((e) => e.name.includes("islands/islands_bg.wasm"))?.startTime,
  }));
  expect(timing.text).toBeGreaterThan(0);
  expect(timing.islands).toBeGreaterThan(timing.text);
  await course.expectNoConsoleErrors();
});

test("if the widgets module cannot load, the text still reads and each widget says so", async ({ page }) => {
  await page.route(/islands\/islands/, (route) => route.abort());
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.heading()).toContainText("Why hardware");
  await expect(page.getByTestId("island-error").first()).toContainText("could not start");
  // Navigation still works by keyboard.
  await page.getByTestId("pager-next").focus();
  await page.keyboard.press("Enter");
  await expect(course.heading()).toContainText("accelerators");
});
