// The search box finds sections across modules as you type, by keyboard too.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("typing finds sections across modules and a result opens its section", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/");
  await expect(course.heading()).toBeVisible();
  const input = course.testId("search-input");
  await input.fill("r");
  await expect(course.testId("search-results")).toBeHidden();
  await input.fill("gang scheduling");
  const results = course.testId("search-results");
  await expect(results).toBeVisible();
  await expect(results.getByRole("link").first()).toContainText("Cluster management and scheduling");
  // Keyboard: Tab from the box to the first result, Enter to follow it.
  await input.press("Tab");
  await expect(results.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(course.heading()).toHaveText("Cluster management and scheduling");
  await expect(input).toHaveValue("");
});

test("no match says so, and Escape clears the box", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/");
  const input = course.testId("search-input");
  await input.fill("qwertyuiop zxcv");
  await expect(course.testId("search-results")).toContainText("No matches.");
  await input.press("Escape");
  await expect(input).toHaveValue("");
  await expect(course.testId("search-results")).toBeHidden();
});
