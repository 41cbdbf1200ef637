// Every route renders its heading, with no console error and no CSP violation.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

const routes = [
  ["/", "Compute Lab"],
  ["/m/why-hardware", "Why hardware decides ML at scale"],
  ["/m/clusters", "Cluster management and scheduling"],
  ["/lab/train-compute", "Training compute and time"],
  ["/glossary", "Glossary"],
  ["/progress", "Your progress"],
  ["/no/such/page", "Page not found"],
  ["/m/no-such-module", "Page not found"],
  ["/lab/no-such-widget", "Page not found"],
];

for (const [route, heading] of routes) {
  test(`route ${route} renders "${heading}"`, async ({ page }) => {
    const course = new CoursePage(page);
    await course.goto(route);
    await expect(course.heading()).toHaveText(heading);
    await course.expectNoConsoleErrors();
  });
}

test("the embed route renders a widget without the course chrome", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/embed/widget/train-compute");
  await expect(course.testId("embed-root")).toBeVisible();
  await expect(course.heading()).toHaveText("Training compute and time");
  await expect(page.getByRole("navigation", { name: "Modules" })).toHaveCount(0);
  await expect(course.widget().value("time_s")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("an unknown route shows a helpful not-found page with links", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/%3Cscript%3Ealert(1)%3C/script%3E");
  await expect(course.testId("not-found")).toContainText("There is no page at");
  await expect(course.testId("not-found").getByRole("link", { name: "Go to the course map" })).toBeVisible();
  await course.testId("not-found").getByRole("link", { name: "Why hardware decides ML at scale" }).click();
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
});

test("deep links load under a sub-path from a plain static server", async ({ page }) => {
  const course = new CoursePage(page, "/sub/path/");
  await course.goto("/m/clusters");
  await expect(course.heading()).toHaveText("Cluster management and scheduling");
  await expect(page.locator(".prose img").first()).toHaveJSProperty("complete", true);
  const width = await page.locator(".prose img").first().evaluate((img) => img.naturalWidth);
  expect(width).toBeGreaterThan(0);
  await course.expectNoConsoleErrors();
});

test("catalogue numbers in the text link to their datasheets", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const cell = page.getByRole("link", { name: "3,350 GB/s" });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveAttribute("title", /^Source: .*checked \d{4}-\d{2}-\d{2}$/);
  expect(await cell.getAttribute("href")).toMatch(/^https:\/\//);
  await course.expectNoConsoleErrors();
});

test("the first module shows before the catalogue, then fills its numbers in place", async ({ page }) => {
  // Hold the catalogue back until the text is on screen.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route("**/content/hardware/*.toml", async (route) => {
    await held;
    await route.continue();
  });
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
  const pending = page.locator(".prose .hw-pending");
  await expect(pending.first()).toHaveText("…");
  expect(await pending.count()).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "3,350 GB/s" })).toHaveCount(0);
  const holder = await pending.first().locator("xpath=..").elementHandle();
  release();
  const link = page.getByRole("link", { name: "3,350 GB/s" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("title", /^Source: .*checked \d{4}-\d{2}-\d{2}$/);
  await expect(pending).toHaveCount(0);
  // The page was not rendered again: the paragraph that held a pending number
  // (a paragraph or a table cell) is still in the document, now with the number in it.
  expect(await holder.evaluate((element) => element.isConnected)).toBe(true);
  expect(await holder.evaluate((element) => element.querySelector("a[title^='Source:']") !== null)).toBe(true);
  // The reading time now counts the real numbers, as a later visit does.
  const meta = page.locator(".module-header .meta");
  const reading = await meta.textContent();
  expect(reading).toMatch(/^\d+ min read/);
  // Leaving and coming back shows the resolved module.
  await page.getByTestId("pager-next").click();
  await expect(course.heading()).not.toHaveText("Why hardware decides ML at scale");
  await page.goBack();
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
  await expect(page.getByRole("link", { name: "3,350 GB/s" })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(meta).toHaveText(reading);
  await course.expectNoConsoleErrors();
});

test("a catalogue that cannot load leaves a clear note where each number goes", async ({ page }) => {
  await page.route("**/content/hardware/*.toml", (route) => route.fulfill({ status: 404, body: "gone" }));
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
  await expect(page.locator(".prose").getByText("unknown hardware value:").first()).toBeVisible();
  await expect(page.locator(".prose .hw-pending")).toHaveCount(0);
  // The rest of the page still works: the next module opens.
  await page.getByTestId("pager-next").click();
  await expect(course.heading()).not.toHaveText("Why hardware decides ML at scale");
});

test("a module that cannot load says why and offers no way to mark it completed", async ({ page }) => {
  await page.route("**/content/02-accelerators.md", (route) => route.fulfill({ status: 404, body: "gone" }));
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  await expect(page.getByTestId("load-error")).toContainText("This module could not be loaded");
  await expect(page.getByTestId("complete-button")).toHaveCount(0);
  // The pager still leads on, and a module that loads has its button.
  await page.getByTestId("pager-next").click();
  await expect(course.heading()).toHaveText("Compute-bound or memory-bound");
  await expect(page.getByTestId("complete-button")).toBeVisible();
});

// An instructor's slip in a shared file is said beside the widgets that read
// it, by file and line, instead of leaving parts or cards silently missing.
test("a bad catalogue row is named beside the widgets, and the other parts stay", async ({ page }) => {
  await page.route("**/content/hardware/gpus.toml", async (route) => {
    const original = await (await route.fetch()).text();
    const broken = original.replace("tdp_w = 700.0", "tdp_w = -700.0");
    expect(broken).not.toBe(original);
    await route.fulfill({ status: 200, contentType: "text/plain", body: broken });
  });
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const note = course.testId("content-problems");
  await expect(note).toContainText("The hardware catalogue has 1 problem");
  await expect(note).toContainText(/content\/hardware\/gpus\.toml:\d+: h100-sxm-80gb: tdp_w must be a positive number/);
  await expect(page.getByTestId("catalogue-table").getByText("NVIDIA A100 SXM4 80 GB").first()).toBeVisible();
  await course.goto("/lab/roofline");
  await expect(course.testId("content-problems")).toContainText("h100-sxm-80gb");
});

test("a scenario bank that does not parse says so instead of loading forever", async ({ page }) => {
  await page.route("**/content/scenarios.toml", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "[[card]]\nid = \"x\"\nanswer = gpu\n" }),
  );
  const course = new CoursePage(page);
  await course.goto("/m/matching");
  const quiz = course.widget("matching-quiz");
  await expect(quiz.root.getByTestId("content-problems")).toContainText("content/scenarios.toml:3:");
  await expect(quiz.root.getByTestId("scenario-cards-unreadable")).toBeVisible();
  await expect(quiz.root.getByText("Loading the scenario cards")).toHaveCount(0);
});

test("a catalogue file the network drops is asked for again, and its numbers arrive", async ({ page }) => {
  const asked = [];
  await page.route("**/content/hardware/gpus.toml", (route) => {
    asked.push(route.request().url());
    // The reading shell and the widgets each read the catalogue. The first two
    // requests fail as a dropped connection does, so whichever loader asked
    // first has to ask again; later requests go through.
    return asked.length <= 2 ? route.abort("connectionreset") : route.continue();
  });
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  await expect(course.heading()).toHaveText("Why hardware decides ML at scale");
  await expect(page.getByRole("link", { name: "3,350 GB/s" }).first()).toBeVisible();
  await expect(page.locator(".prose").getByText("unknown hardware value:")).toHaveCount(0);
  await expect(page.locator(".prose .hw-pending")).toHaveCount(0);
  expect(asked.length).toBeGreaterThanOrEqual(3);
});

test("the page's Content-Security-Policy forbids inline script", async ({ page }) => {
  const violations = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/#/m/why-hardware");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why hardware decides ML at scale");
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).not.toContain("unsafe-inline");
  expect(await page.locator("script:not([src])").count()).toBe(0);
  // An inline script injected now must be refused by the policy.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inlineRan = true";
    document.body.append(script);
  });
  expect(await page.evaluate(() => window.__inlineRan)).toBeUndefined();
  expect(violations.length).toBe(1);
});
