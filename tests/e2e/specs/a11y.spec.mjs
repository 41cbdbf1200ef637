// An automated WCAG 2.1 A and AA scan (axe-core) of every widget and every module,
// in the light and the dark theme. It finds what a learner with a screen reader or
// low vision would hit first: missing names, broken ARIA, and low contrast.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const widgets = ["train-compute", "roofline", "catalogue", "matcher", "matching-quiz", "splitter",
  "casestudy", "serve", "energy", "tco", "chiplet", "checkpoint"];

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
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    const found = [];
    for (const widget of widgets) {
      await page.goto(`/#/lab/${widget}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("section.widget").first()).toBeVisible();
      for (const line of await scan(page)) found.push(`lab/${widget}: ${line}`);
    }
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });

  test(`every module passes an automated WCAG 2.1 AA scan, ${scheme}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/#/");
    await expect(page.getByText("Loading…")).toHaveCount(0);
    const routes = ["#/", "#/glossary", "#/progress", ...await page.locator('a[href*="#/m/"]').evaluateAll((links) =>
      [...new Set(links.map((link) => new URL(link.href).hash.split("?")[0]))])];
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const found = [];
    for (const hash of routes) {
      await page.goto(`/${hash}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      for (const line of await scan(page)) found.push(`${hash}: ${line}`);
    }
    expect(found, found.join("\n")).toEqual([]);
    await context.close();
  });
}
