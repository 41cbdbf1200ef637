// Module navigation by mouse and by keyboard alone.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("next and previous links move through the modules", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await course.testId("pager-next").click();
  await expect(course.heading()).toHaveText("The accelerators");
  await course.testId("pager-prev").click();
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
});

test("the course map links to every module and shows progress", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/");
  await expect(course.testId("course-progress-text")).toHaveText(/0 of \d+ modules completed/);
  await course.testId("home").getByRole("link", { name: "1. Why hardware decides ML at scale" }).click();
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
  await course.testId("complete-button").click();
  await expect(course.testId("complete-button")).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: "Course map" }).click();
  await expect(course.testId("course-progress-text")).toHaveText(/1 of \d+ modules completed/);
});

test("a learner can reach the next module with the keyboard alone", async ({ page }) => {
  // Up to 400 key presses, each followed by a look at the focus.
  test.setTimeout(120_000);
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.heading()).toBeVisible();
  // The skip link is the first stop and moves focus to the main content.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
  // Tab until the "Next" link has focus, then follow it with Enter.
  const next = course.testId("pager-next");
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press("Tab");
    if (await next.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(course.heading()).toHaveText("The accelerators");
  // Focus starts at the new page's heading, not on the link that was pressed
  // (which now sits at the foot of the new page).
  await expect(course.heading()).toBeFocused();
  // The same from the sidebar: Enter on a module link lands on that module's heading.
  const sidebarLink = page.getByRole("navigation", { name: "Modules" }).getByRole("link", { name: /^3\. / });
  await sidebarLink.focus();
  await page.keyboard.press("Enter");
  await expect(course.heading()).toHaveText(/memory/i);
  await expect(course.heading()).toBeFocused();
});

test("a footnote mark moves focus to its note", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const mark = page.locator(".module-body .footnote-ref a").first();
  const target = (await mark.getAttribute("href")).split("/").pop();
  await mark.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`[id="${target}"]`)).toBeFocused();
  await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
});

// A footnote number is 12 px wide; a tap a little above or beside it, where
// a fingertip lands, still follows the link.
test("a tap just outside a footnote number still opens its note", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const mark = page.locator(".module-body .footnote-ref a").first();
  const target = (await mark.getAttribute("href")).split("/").pop();
  await mark.scrollIntoViewIfNeeded();
  const box = await mark.boundingBox();
  const hit = (dx, dy) => page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest(".footnote-ref a")?.getAttribute("href") ?? null,
    [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy]);
  for (const [dx, dy] of [[0, -12], [0, 12], [-8, 0], [8, 0]]) {
    expect(await hit(dx, dy), `${dx}, ${dy}`).toContain(target);
  }
  await page.touchscreen.tap(box.x + box.width / 2, box.y - 4);
  await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
  await context.close();
});

test("the table of contents jumps to a section and moves focus there", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/clusters");
  const toc = course.testId("toc");
  const firstLink = toc.getByRole("link").nth(1);
  const target = (await firstLink.getAttribute("href")).split("/").pop();
  await firstLink.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`[id="${target}"]`)).toBeFocused();
  await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
});

test("a module's checkpoint sits before its Sources list and the contents reach it by keyboard", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  const links = course.testId("toc").getByRole("link");
  // allInnerTexts does not wait, so wait for the entry first.
  await expect(links.filter({ hasText: "Checkpoint quiz" })).toBeVisible();
  const names = await links.allInnerTexts();
  // The checkpoint is the entry just before Sources, at the close of the reading.
  expect(names.slice(-2)).toEqual(["Checkpoint quiz", "Sources"]);
  const quiz = page.getByRole("region", { name: "Checkpoint: the accelerators" });
  const sources = page.getByRole("heading", { level: 2, name: "Sources" });
  await expect(quiz).toBeVisible();
  const quizTop = (await quiz.boundingBox()).y;
  const sourcesTop = (await sources.boundingBox()).y;
  expect(quizTop).toBeLessThan(sourcesTop);
  await links.filter({ hasText: "Checkpoint quiz" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#checkpoint-quiz")).toBeFocused();
  await expect(quiz).toBeInViewport();
});

test("on a phone the menu reaches the glossary and progress, and every source is a link", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  // The header's tool links are hidden at this width; the menu carries them.
  await expect(page.locator(".header-links")).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByTestId("nav-glossary").click();
  await expect(course.heading()).toHaveText("Glossary");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByTestId("nav-progress").click();
  await expect(course.heading()).toHaveText("Your progress");
  // Module 2 lists its sources as bare addresses; each one is a link that
  // breaks inside the phone's width rather than widening the page.
  await course.goto("/m/accelerators");
  const items = page.locator("#sources + ol > li");
  expect(await items.count()).toBeGreaterThan(20);
  for (const item of await items.all()) {
    await expect(item.locator('a[href^="https://"]').first()).toBeAttached();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
