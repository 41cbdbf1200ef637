// An exercise's answer arrives closed, so the learner decides first. It opens
// by mouse or keyboard, and prints open, since paper cannot be clicked.
import { test, expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoursePage } from "../pages/course-page.mjs";

const content = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content");
const source = fs.readFileSync(path.join(content, "04-distributed-training.md"), "utf8");

test("every answer in a module starts closed, with its text out of view", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const answers = page.locator(".module-body details.answer");
  const written = (source.match(/^> \[!ANSWER\]$/gm) || []).length;
  expect(written).toBeGreaterThanOrEqual(3);
  await expect(answers).toHaveCount(written);
  for (const answer of await answers.all()) {
    await expect(answer).not.toHaveAttribute("open");
    await expect(answer.locator("summary")).toHaveText("Answer");
  }
  // The ZeRO exercise's figure is in the page but hidden until opened, and
  // the marker itself is never printed as text.
  const zero = answers.filter({ hasText: "26.25" });
  await expect(zero).toHaveCount(1);
  await expect(zero.getByText("leaves over 50 GB", { exact: false })).toBeHidden();
  await expect(page.locator(".module-body")).not.toContainText("[!ANSWER]");
  await zero.locator("summary").click();
  await expect(zero).toHaveAttribute("open", "");
  await expect(zero.getByText("leaves over 50 GB", { exact: false })).toBeVisible();
  // Formulas inside an answer are typeset like any other.
  await expect(zero.locator("math").first()).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("an answer opens and closes from the keyboard", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const bubble = page.locator(".module-body details.answer").filter({ hasText: "1F1B" });
  const summary = bubble.locator("summary");
  // Tab from the question's paragraph reaches the summary: it is the next
  // stop, as nothing focusable sits between them.
  await summary.evaluate((el) => el.parentElement.previousElementSibling.setAttribute("tabindex", "-1"));
  await summary.evaluate((el) => el.parentElement.previousElementSibling.focus());
  await page.keyboard.press("Tab");
  await expect(summary).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bubble).toHaveAttribute("open", "");
  await expect(bubble.getByText("interleaved", { exact: false })).toBeVisible();
  await page.keyboard.press("Space");
  await expect(bubble).not.toHaveAttribute("open");
  await expect(bubble.getByText("interleaved", { exact: false })).toBeHidden();
});

test("a printed module shows its answers open", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const zero = page.locator(".module-body details.answer").filter({ hasText: "26.25" });
  await expect(zero.getByText("leaves over 50 GB", { exact: false })).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await expect(zero.getByText("leaves over 50 GB", { exact: false })).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expect(zero.getByText("leaves over 50 GB", { exact: false })).toBeHidden();
});

// Browsers without ::details-content print through the page's beforeprint
// handler instead: it opens the closed answers, and afterprint closes only
// those, so an answer the learner had opened stays open.
test("printing opens closed answers and closes only those afterwards", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const answers = page.locator(".module-body details.answer");
  const zero = answers.filter({ hasText: "26.25" });
  const bubble = answers.filter({ hasText: "1F1B" });
  // The handler comes with the islands module, which loads after the text.
  await page.waitForFunction(() => window.computeLabIslandsApi !== undefined);
  await bubble.locator("summary").click();
  await expect(bubble).toHaveAttribute("open", "");
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  for (const answer of await answers.all()) {
    await expect(answer).toHaveAttribute("open", "");
  }
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(zero).not.toHaveAttribute("open");
  await expect(bubble).toHaveAttribute("open", "");
  await course.expectNoConsoleErrors();
});
