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
  // Formulas stay readable as their TeX source.
  const pending = page.locator(".module-body .math-pending").first();
  await expect(pending).toBeVisible();
  expect(await pending.getAttribute("data-tex")).toEqual(await pending.textContent());
  await expect(page.locator(".module-body math")).toHaveCount(0);
  // Navigation still works by keyboard.
  await page.getByTestId("pager-next").focus();
  await page.keyboard.press("Enter");
  await expect(course.heading()).toContainText("accelerators");
});

test("formulas are typeset as MathML once the widgets module starts, on every module", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const formulas = page.locator(".module-body math");
  await expect(formulas.first()).toBeVisible();
  await expect(page.locator(".math-pending")).toHaveCount(0);
  const tex = await formulas.first().getAttribute("alttext");
  expect(tex.length).toBeGreaterThan(0);
  // MathML layout, not stacked boxes: an inline sum sits on one line.
  const product = page.locator('.module-body math[alttext="2 + 4 = 6"]');
  const box = await product.boundingBox();
  expect(box.width).toBeGreaterThan(box.height);
  expect(box.height).toBeLessThan(32);
  // A module opened later is typeset too.
  await course.goto("/m/compute-or-memory");
  await expect(course.heading()).toContainText("memory");
  await expect(page.locator(".module-body math").first()).toBeVisible();
  await expect(page.locator(".math-pending")).toHaveCount(0);
  await course.expectNoConsoleErrors();
});

test("a preset value the widget rejects is named beside its field, not hidden", async ({ page }) => {
  const fs = await import("node:fs");
  const original = fs.readFileSync(new URL("../../../content/01-why-hardware.md", import.meta.url), "utf8");
  const broken = original.replace("accelerators = 10000\n", "accelerators = -5\n");
  expect(broken).not.toEqual(original);
  await page.route(/01-why-hardware\.md/, (route) => route.fulfill({ body: broken, contentType: "text/markdown" }));
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const widget = course.widget("train-compute");
  await expect(widget.root).toContainText("Must be at least 1.");
  await expect(page.getByTestId("authoring-error")).toHaveCount(0);
});
