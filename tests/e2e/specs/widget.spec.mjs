// The training-compute widget: live output, inline validation, explanations,
// URL state, predict-before-reveal and the lazily loaded chart.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("output changes when an input changes", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute");
  const widget = course.widget();
  await expect(widget.value("time_s")).toHaveText("33.6 days");
  await widget.set("accelerators", "2048");
  await expect(widget.value("time_s")).toHaveText("16.8 days");
  await widget.set("params", "7e9");
  await expect(widget.value("train_flops")).toHaveText("1.26 × 10²² FLOPs");
  await course.expectNoConsoleErrors();
});

test("invalid input shows a message beside the field and nothing breaks", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute");
  const widget = course.widget();
  const cases = [
    ["params", "", "Enter a value."],
    ["params", "-5", "Must be more than 0."],
    ["params", "NaN", "is not a number"],
    ["accelerators", "2.5", "Enter a whole number."],
    ["utilization", "1.5", "Must be at most 1."],
    ["tokens", "1e999", "Enter a finite number"],
    // A decimal comma is refused, not read as 5: "0,5" once became utilization 5.
    ["utilization", "0,5", "use a point for decimals (0.5)"],
  ];
  for (const [field, text, message] of cases) {
    await widget.set(field, text);
    await expect(widget.error(field)).toContainText(message);
    await expect(widget.input(field)).toHaveAttribute("aria-invalid", "true");
    await expect(course.testId("results-invalid")).toBeVisible();
    // The bad value is now in the URL (state is shareable), so start from a clean page.
    await page.goto("about:blank");
    await course.goto("/lab/train-compute");
  }
  await widget.set("params", "7e9");
  await expect(widget.error("params")).toHaveText("");
  await expect(widget.value("time_s")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("explain this number shows the formula, values and source", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute");
  const toggle = course.testId("explain-train-compute-train_flops");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator("#train-compute-explain-train_flops");
  await expect(panel).toBeVisible();
  await expect(panel.locator("math").first()).toBeVisible();
  await expect(panel).toContainText("1.75 × 10¹¹");
  await expect(panel.getByRole("link", { name: /Kaplan et al\. 2020/ })).toBeVisible();
});

test("a link round-trips the widget state", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute");
  const widget = course.widget();
  await widget.set("accelerators", "4096");
  await widget.set("utilization", "0.5");
  await expect(page).toHaveURL(/train-compute\.accelerators=4096/);
  const historyLength = await page.evaluate(() => history.length);
  const url = page.url();
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  const restored = new CoursePage(fresh).widget();
  await expect(restored.input("accelerators")).toHaveValue("4096");
  await expect(restored.input("utilization")).toHaveValue("0.5");
  await expect(restored.value("time_s")).toHaveText(await widget.value("time_s").textContent());
  // Typing replaced the URL instead of adding history entries.
  expect(historyLength).toBeLessThanOrEqual(2);
});

test("a link opened in the same tab sets the open widget, and back restores the earlier state", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute?train-compute.accelerators=2048");
  const widget = course.widget();
  await expect(widget.input("accelerators")).toHaveValue("2048");
  await expect(widget.value("time_s")).toHaveText("16.8 days");
  // Same route, new state: the page stays mounted and must adopt the link's values.
  await page.goto("/#/lab/train-compute?train-compute.accelerators=4096");
  await expect(widget.input("accelerators")).toHaveValue("4096");
  await expect(widget.value("time_s")).toHaveText("8.39 days");
  await expect(page).toHaveURL(/train-compute\.accelerators=4096/);
  await page.goBack();
  await expect(widget.input("accelerators")).toHaveValue("2048");
  await expect(widget.value("time_s")).toHaveText("16.8 days");
  // Typing after a navigation still wins over the link it came from.
  await widget.set("accelerators", "512");
  await expect(widget.value("time_s")).toHaveText("67.1 days");
  await expect(page).toHaveURL(/train-compute\.accelerators=512/);
  await course.expectNoConsoleErrors();
});

test("a garbage query leaves the widget working with inline messages", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/train-compute?train-compute.params=%FF%FE&train-compute.tokens=<b>&&&=&x=%");
  const widget = course.widget();
  await expect(widget.error("params")).toContainText("is not a number");
  await expect(widget.error("tokens")).toContainText("is not a number");
  await widget.set("params", "1e9");
  await widget.set("tokens", "2e10");
  await expect(widget.value("train_flops")).toHaveText("1.2 × 10²⁰ FLOPs");
  await course.expectNoConsoleErrors();
});

test("predict before reveal hides results until the learner guesses", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const section = page.getByTestId("widget-train-compute");
  const predict = section.getByTestId("predict");
  // The author's presets appear as written (`params = 175e9`), not as 175000000000.
  await expect(section.getByTestId("input-params")).toHaveValue("175e9");
  await expect(section.getByTestId("input-tokens")).toHaveValue("300e9");
  await expect(section.locator(".widget-results")).toBeHidden();
  await predict.getByTestId("predict-input").fill("banana");
  await predict.getByTestId("predict-reveal").click();
  await expect(predict).toContainText("is not a number");
  await predict.getByTestId("predict-input").fill("30");
  await predict.getByTestId("predict-input").press("Enter");
  await expect(predict.getByTestId("predict-result")).toContainText("You guessed 30 days");
  // The form has gone; a keyboard user goes on from the verdict.
  await expect(predict.getByTestId("predict-result")).toBeFocused();
  await expect(section.locator(".widget-results")).toBeVisible();
});

// A guess that matches the model is called right, not "1× too low", and a
// near miss is told in percent.
test("a right guess is spot on and a near miss is told in percent", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/matching");
  const widget = course.widget("roofline");
  const predict = widget.root.getByTestId("predict");
  await predict.getByTestId("predict-input").fill("0.5");
  await predict.getByTestId("predict-reveal").press("Enter");
  await expect(predict.getByTestId("predict-result")).toHaveText("You guessed 0.5 FLOP/byte; the model gives 0.5 FLOP/byte: spot on.");
  await expect(predict.getByTestId("predict-result")).toBeFocused();
  await page.reload();
  const again = course.widget("roofline").root.getByTestId("predict");
  // The box reads the unit its own label shows.
  await again.getByTestId("predict-input").fill("0.6 FLOP/byte");
  await again.getByTestId("predict-input").press("Enter");
  await expect(again.getByTestId("predict-result")).toHaveText("You guessed 0.6 FLOP/byte; the model gives 0.5 FLOP/byte: 20% too high.");
  await course.expectNoConsoleErrors();
});

// The guess answered the question as it was asked; exploring afterwards
// must not re-grade it against numbers the learner never guessed for.
test("a revealed guess keeps its verdict when the inputs change afterwards", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/why-hardware");
  const widget = course.widget("train-compute");
  const predict = widget.root.getByTestId("predict");
  await predict.getByTestId("predict-input").fill("15");
  await predict.getByTestId("predict-input").press("Enter");
  const verdict = predict.getByTestId("predict-result");
  await expect(verdict).toContainText("You guessed 15 days; the model gives 14.8 days");
  await widget.set("accelerators", "1");
  await expect(verdict).toContainText("the model gives 14.8 days");
  await expect(verdict).toContainText("That was for the inputs when you guessed");
  await expect(widget.value("time_s")).not.toContainText("14.8 days");
  await course.expectNoConsoleErrors();
});

test("echarts loads only when a chart mounts, and the chart has a table", async ({ page }) => {
  const requested = [];
  page.on("request", (request) => requested.push(request.url()));
  const course = new CoursePage(page);
  // The glossary has no widget, so nothing on it needs a chart.
  await course.goto("/glossary");
  await expect(course.heading()).toBeVisible();
  expect(requested.filter((url) => url.includes("echarts"))).toEqual([]);
  await course.goto("/lab/train-compute");
  await expect(course.testId("chart")).toHaveAttribute("data-state", "ready");
  expect(requested.filter((url) => url.includes("echarts")).length).toBe(1);
  await course.testId("chart-table").locator("summary").click();
  // The table reads in the chart's unit and names the learner's own cluster.
  await expect(course.testId("chart-table").getByRole("cell", { name: "1,024 (your cluster)", exact: true })).toBeVisible();
  await expect(course.testId("chart-table").getByRole("cell", { name: "2,048", exact: true })).toBeVisible();
  await expect(course.testId("chart-table").getByRole("columnheader", { name: /^Time to train \((days|hours|minutes|seconds)\)$/ })).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("the checkpoint calculator halves the interval when the job has four times the nodes", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/checkpoint");
  const widget = course.widget("checkpoint");
  await widget.set("node_mtbf_hours", "6348.8");
  await widget.set("nodes", "2048");
  await widget.set("write_s", "60");
  await expect(widget.value("young_interval")).toHaveText("19.3 minutes");
  await widget.set("nodes", "8192");
  await expect(widget.value("young_interval")).toHaveText("9.64 minutes");
  // A ten-minute restart is over a fifth of the 46-minute MTBF: the first-order sum
  // overstates the loss, and Daly's model of random failures says by how much.
  await expect(widget.value("waste")).toHaveText("42.2%");
  await expect(widget.value("daly_interval")).toHaveText("8.99 minutes");
  await expect(widget.value("daly_waste")).toHaveText("34.9%");
  await widget.root.getByTestId("explain-checkpoint-waste").press("Enter");
  const panel = widget.root.getByTestId("out-waste");
  await expect(panel).toContainText("share spent restarting");
  await expect(panel).toContainText("21.5%");
  // The table marks the intervals where the first-order sum passes 100%
  // instead of printing a flat 100%.
  const table = widget.root.getByTestId("chart-table");
  await table.locator("summary").click();
  await expect(table.getByRole("columnheader", { name: "Time lost, random failures (Daly)" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "100% or more: the sum no longer applies" }).first()).toBeVisible();
  await widget.set("nodes", "0");
  await expect(widget.error("nodes")).toContainText("Must be at least 1.");
  await expect(widget.root.getByTestId("chart")).toHaveCount(0);
  await course.expectNoConsoleErrors();
});

test("a screen reader hears a short summary of the results, not the whole panel", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/train-compute");
  const widget = course.widget();
  const summary = widget.root.getByTestId("live-summary");
  await expect(summary).toHaveCount(1);
  await expect(summary).toHaveAttribute("role", "status");
  // The panel itself is not live: it re-renders far more than anyone wants read out.
  await expect(widget.root.locator(".widget-results")).not.toHaveAttribute("aria-live", /.*/);
  await widget.set("accelerators", "2048");
  await expect(widget.value("time_s")).toHaveText("16.8 days");
  // The sentence follows the change, not only the first numbers it was given.
  await expect(summary).toContainText(await widget.value("sustained_flops_per_s").textContent());
  const text = await summary.textContent();
  expect(text.length).toBeLessThan(200);
  expect(text).toContain(await widget.value("train_flops").textContent());
  await widget.set("params", "-5");
  await expect(summary).toHaveText("Fix the highlighted fields to see results.");
  // Every widget on a lab page has exactly one summary and no live results panel.
  for (const slug of ["roofline", "catalogue", "splitter", "matcher", "casestudy", "energy", "tco", "checkpoint", "chiplet", "serve"]) {
    await course.goto(`/lab/${slug}`);
    await expect(page.locator("section.widget").first()).toBeVisible();
    await expect(page.locator("section.widget").first().getByTestId("live-summary")).toHaveCount(1);
    await expect(page.locator(".widget-results[aria-live]")).toHaveCount(0);
  }
  // The serving simulation announces its headline, the tail latency and the
  // throughput, once a run finishes; its first explanations are only inputs.
  const serve = course.widget("serve");
  const served = serve.root.getByTestId("live-summary");
  await expect(served).toContainText("p99 latency (simulated): ");
  await expect(served).toContainText("Throughput (simulated): ");
  expect(await served.textContent()).toContain(await serve.value("latency_ms").textContent());
  await serve.set("params", "0");
  await expect(served).toHaveText("Fix the highlighted fields to see results.");
});

test("every widget's summary follows a change made in the page", async ({ page }) => {
  const course = new CoursePage(page);
  // One field per widget whose change moves the headline the summary reads.
  const changes = [
    ["train-compute", "accelerators", "2048"], ["roofline", "batch", "8"],
    ["checkpoint", "nodes", "512"], ["splitter", "micro_batch", "2"],
    ["matcher", "params", "1e12"], ["casestudy", "gpus", "128"],
    ["chiplet", "chiplets", "2"], ["tco", "gpus", "16"], ["energy", "count", "128"],
    ["serve", "arrival_per_s", "20"], ["catalogue", "class", "tpu"],
  ];
  for (const [slug, field, value] of changes) {
    await course.goto(`/lab/${slug}`);
    const widget = course.widget(slug);
    const summary = widget.root.getByTestId("live-summary");
    await expect(summary).not.toHaveText("");
    const before = await summary.textContent();
    const input = widget.input(field);
    if (await input.evaluate((element) => element.tagName === "SELECT")) {
      await input.selectOption(value);
    } else {
      await input.fill(value);
    }
    await expect(summary, `${slug}: ${field} = ${value}`).not.toHaveText(before);
    await expect(summary).not.toHaveText("");
  }
  // The splitter's sentence names the memory and the step time, which a
  // change of batch or recomputation moves.
  await expect(course.widget("catalogue").root.getByTestId("live-summary")).toHaveText(/^\d+ of \d+ parts shown\.$/);
  await course.goto("/lab/splitter");
  const split = course.widget("splitter").root.getByTestId("live-summary");
  await expect(split).toContainText("Memory per accelerator: ");
  await expect(split).toContainText("Step time: ");
  await course.expectNoConsoleErrors();
});

test("calculators say when their model is out of its depth instead of printing a meaningless number", async ({ page }) => {
  const course = new CoursePage(page);
  // A thousand nodes that each fail hourly, and a minute per checkpoint write.
  await course.goto("/lab/checkpoint?checkpoint.node_mtbf_hours=1&checkpoint.nodes=1000");
  await expect(page.getByTestId("checkpoint-warning")).toContainText("leaves none of the time");
  // Nodes that fail every few seconds: the case study says the job cannot finish, at once.
  await course.goto("/lab/casestudy?casestudy.node_mtbf_hours=0.001");
  await expect(page.getByTestId("infeasible")).toContainText("faster than the job can make progress");
  // Nor is any setup recommended as "the fastest" with an absurd time and bill.
  await expect(page.getByTestId("widget-casestudy")).not.toContainText("18,446,744");
  await expect(page.getByTestId("widget-casestudy")).not.toContainText("Nothing meets the deadline");
  await course.expectNoConsoleErrors();
});

test("an open explanation scrolls its formula inside a phone's width", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  for (const output of ["dp_comm", "activations", "step_time"]) {
    await widget.root.getByTestId(`explain-splitter-${output}`).click();
  }
  await expect(widget.root.locator(".explain-panel:not([hidden])")).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The step time's explanation plugs in each of its five terms.
  await expect(page.locator("#splitter-explain-step_time table.bindings tbody tr")).toHaveCount(5);
  await context.close();
});
