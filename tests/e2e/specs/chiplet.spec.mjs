// The chiplet calculator: the module's worked example, the case where
// splitting does not pay, and inline errors.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("eight chiplets beat one big die at 0.1 defects per cm², but not on a clean process", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/chiplet");
  const widget = course.widget("chiplet");
  await expect(widget.root.getByTestId("chiplet-verdict")).toContainText("less per working product");
  await expect(widget.value("yield")).toContainText("(one big die: 44.9%)");
  await widget.input("defects_per_cm2").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0");
  await expect(widget.root.getByTestId("chiplet-verdict")).toContainText("splitting costs");
  // The reason follows the cause: with no defects the big die yields everything.
  await expect(widget.root.getByTestId("chiplet-verdict")).toContainText("one big die already yields 100%");
  await widget.set("defects_per_cm2", "0.1");
  await widget.set("interface_share", "1");
  await expect(widget.root.getByTestId("chiplet-verdict")).toContainText("the interface area, 100% more silicon per chiplet");
  await widget.set("chiplets", "0");
  await expect(widget.error("chiplets")).toHaveText("⚠ Must be at least 1.");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("module 9 asks for a prediction before revealing the yield", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/what-next");
  const widget = course.widget("chiplet");
  await widget.root.getByTestId("predict-input").fill("90");
  await widget.root.getByTestId("predict-reveal").press("Enter");
  await expect(widget.root.getByTestId("predict-result")).toContainText("You guessed 90%; the model gives 89.6%");
  await expect(widget.root.getByTestId("chiplet-verdict")).toBeVisible();
});
