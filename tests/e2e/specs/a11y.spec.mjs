// An automated WCAG 2.1 A and AA scan (axe-core) of every widget and every module,
// in the light and the dark theme. It finds what a learner with a screen reader or
// low vision would hit first: missing names, broken ARIA, and low contrast.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { WIDGETS, moduleRoutes } from "../pages/routes.mjs";

function describe(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.slice(0, 3).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.split("\n").slice(1, 2).join(" ").trim()}`).join("\n"));
}

async function scan(page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return describe(result.violations);
}

for (const scheme of ["light", "dark"]) {
  test(`every widget passes an automated WCAG 2.1 AA scan, ${scheme}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    const found = [];
    for (const widget of WIDGETS) {
      await page.goto(`/#/lab/${widget}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("section.widget").first()).toBeVisible();
      for (const line of await scan(page)) found.push(`lab/${widget}: ${line}`);
      // Again with a field refused, so the error styles are checked as well.
      const field = page.locator("section.widget input:not([type=checkbox]):not([type=radio]):visible").first();
      if (await field.count()) {
        await field.fill("oops");
        await expect(page.locator("section.widget [aria-invalid=true]").first()).toBeVisible();
        for (const line of await scan(page)) found.push(`lab/${widget} with a bad value: ${line}`);
      }
    }
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });

  test(`every module passes an automated WCAG 2.1 AA scan, ${scheme}`, async ({ browser }) => {
    test.setTimeout(360_000);
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/#/");
    await expect(page.getByText("Loading…")).toHaveCount(0);
    const routes = ["#/", "#/glossary", "#/progress", "#/no-such-page", "#/embed/widget/splitter",
      "#/embed/quiz/why-hardware", ...await moduleRoutes(page)];
    const found = [];
    for (const hash of routes) {
      await page.goto(`/${hash}`);
      // An embedded widget or quiz has no course chrome and no page heading.
      const shown = hash.startsWith("#/embed/") ? page.locator("section.widget, .quiz").first() : page.getByRole("heading", { level: 1 });
      await expect(shown).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      // Widgets and quizzes mount as islands after the text; scan them too.
      await expect(page.locator(".island-status")).toHaveCount(0);
      for (const line of await scan(page)) found.push(`${hash}: ${line}`);
    }
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });
}

// Verdicts and a finished attempt have their own colours; scan them in both themes.
for (const scheme of ["light", "dark"]) {
  test(`a checkpoint with right and wrong verdicts and a result passes the scan, ${scheme}`, async ({ browser }) => {
    // Two scans of a whole module and eight answered questions: under a
    // loaded machine this outlasts the default 30 s.
    test.setTimeout(180_000);
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/#/m/compute-or-memory");
    const quiz = page.getByTestId("quiz-compute-or-memory-checkpoint");
    await expect(quiz).toBeVisible();
    const q = (id) => quiz.getByTestId(`question-${id}`);
    await q("decode-limit").getByTestId("option-2").check();
    await q("decode-limit").getByTestId("check").click();
    await expect(q("decode-limit").getByTestId("verdict")).toContainText("✗ Not quite.");
    await q("matmul-intensity").getByTestId("answer-input").fill("1024");
    await q("matmul-intensity").getByTestId("check").click();
    await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
    expect(await scan(page)).toEqual([]);
    // Answer the rest, right or wrong, so the attempt can be finished.
    const questions = quiz.locator("[data-testid^='question-']");
    for (let i = 0; i < await questions.count(); i++) {
      const question = questions.nth(i);
      if (await question.getByTestId("verdict").count()) continue;
      const text = question.getByTestId("answer-input");
      if (await text.count()) await text.fill("1");
      else await question.getByTestId("option-1").check();
      await question.getByTestId("check").click();
    }
    await quiz.getByTestId("quiz-finish").click();
    await expect(quiz.getByTestId("quiz-result")).toContainText("Not passed yet");
    expect(await scan(page)).toEqual([]);
    await context.close();
  });
}

// Two axe best-practice rules the WCAG tags leave out: every landmark on a page
// has its own name (a screen reader lists them by name), and no table has a
// header cell without text.
test("landmarks on every module have distinct names and no table header is empty", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/#/");
  const found = [];
  for (const hash of await moduleRoutes(page)) {
    await page.goto(`/${hash}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".island-status")).toHaveCount(0);
    const result = await new AxeBuilder({ page }).withRules(["landmark-unique", "empty-table-header"]).analyze();
    for (const line of describe(result.violations)) found.push(`${hash}: ${line}`);
  }
  expect(found, found.join("\n")).toEqual([]);
});

// A widget alone on a lab page or in an embed sits under the page's h1, so its
// title is announced one level below it, not two.
test("headings on lab and embed pages go down one level at a time", async ({ page }) => {
  test.setTimeout(240_000);
  const found = [];
  for (const widget of WIDGETS) {
    for (const hash of [`#/lab/${widget}`, `#/embed/widget/${widget}`]) {
      await page.goto(`/${hash}`);
      await expect(page.locator("section.widget").first()).toBeVisible();
      const result = await new AxeBuilder({ page }).withRules(["heading-order", "page-has-heading-one"]).analyze();
      for (const line of describe(result.violations)) found.push(`${hash}: ${line}`);
    }
  }
  expect(found, found.join("\n")).toEqual([]);
});

// In an LMS frame the embed is the whole page: it must be its main landmark
// and carry a page heading, or a screen reader has nowhere to jump to.
test("embedded widgets and quizzes are a main landmark with an h1", async ({ page }) => {
  for (const hash of ["#/embed/widget/roofline", "#/embed/quiz/matching"]) {
    await page.goto(`/${hash}`);
    await expect(page.locator("section.widget, .quiz").first()).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const result = await new AxeBuilder({ page }).withRules(["region", "landmark-one-main", "page-has-heading-one"]).analyze();
    expect(describe(result.violations), hash).toEqual([]);
  }
});

// On a phone a displayed formula can be wider than the page; its box then
// scrolls, so it must take keyboard focus, and one that fits must not.
test("on a phone, a formula wider than the page can be scrolled by keyboard", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/#/m/compute-or-memory");
  await expect(page.locator(".island-status")).toHaveCount(0);
  await expect(page.locator(".math-pending")).toHaveCount(0);
  const boxes = page.locator(".prose .math-scroll");
  const states = () => boxes.evaluateAll((els) => els.map((el) => ({ wide: el.scrollWidth > el.clientWidth, focusable: el.getAttribute("tabindex") === "0" })));
  // The math font may arrive after the first layout and widen a formula; the
  // page follows, so the boxes are judged once they have settled.
  await expect.poll(async () => (await states()).some((s) => s.wide), { message: "module 3 has a formula wider than a phone" }).toBe(true);
  await expect.poll(async () => (await states()).every((s) => s.focusable === s.wide)).toBe(true);
  const wide = page.locator(".prose .math-scroll[tabindex='0']").first();
  await expect(wide).toHaveAttribute("role", "region");
  await expect(wide).toHaveAttribute("aria-label", "Formula, scrolls sideways");
  expect(await scan(page)).toEqual([]);
  await context.close();
});
