// The roofline explorer: the seed's over-provisioning warning, operation
// choice by keyboard, accelerator choice, inline errors and the table alternative.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("decode at batch 1 is memory-bound and the page says buying compute is wasted", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("bound")).toHaveText("▁ Memory-bound");
  await expect(widget.root.getByTestId("roofline-warning")).toContainText("3.2× the peak FLOP/s");
  await expect(widget.root.getByTestId("roofline-warning")).toContainText("only 1.6× faster");
  await expect(widget.value("intensity")).toHaveText("1 FLOP/byte");
  await course.expectNoConsoleErrors();
});

test("a model too big for one device says how many each part needs, in words and in the table", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  // 70e9 BF16 weights are 140 GB: two 80 GB H100s or A100s at least.
  const fit = widget.root.getByTestId("roofline-fit-warning");
  await expect(fit).toContainText("Too big for one device");
  await expect(fit).toContainText("needs 140 GB for the weights alone");
  await expect(fit).toContainText("NVIDIA H100 SXM5 80 GB holds 80 GB, so the work takes at least 2 of them");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("fit")).toHaveText("No: at least 2 (80 GB each)");
  await widget.root.getByTestId("pick-mi300x-192gb").check();
  await expect(widget.root.getByTestId("place-mi300x-192gb").getByTestId("fit")).toHaveText("Yes (192 GB)");
  await expect(fit).not.toContainText("MI300X");
  // One chosen part holds it, so the headline no longer speaks of every device.
  await expect(fit).toContainText("Too big for some of these parts");
  await expect(fit).toContainText("more than some of these parts hold");
  await widget.root.getByTestId("explain-roofline-footprint").press("Enter");
  await expect(widget.root.getByTestId("out-footprint")).toContainText("140 GB: at least 2 × NVIDIA H100 SXM5 80 GB (80 GB each)");
  // A 7B model fits every part: the warning goes and every cell says so.
  await widget.set("params", "7e9");
  await expect(fit).toHaveCount(0);
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("fit")).toHaveText("Yes (80 GB)");
  await expect(widget.root.getByRole("columnheader", { name: "Fits in memory?" })).toBeVisible();
  // An embedding lookup holds its whole table: 4e7 rows of 128 in BF16 is
  // 10.24 GB, which fits; a billion rows (256 GB) takes four H100s.
  await widget.input("op").selectOption("embedding");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("fit")).toHaveText("Yes (80 GB)");
  await widget.set("rows", "1e9");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("fit")).toHaveText("No: at least 4 (80 GB each)");
  await expect(fit).toContainText("256 GB for the whole table");
  await widget.set("rows", "many");
  await expect(widget.error("rows")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("switching to a large matmul by keyboard makes it compute-bound", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await widget.input("op").focus();
  await widget.input("op").selectOption("matmul");
  await expect(widget.input("m")).toBeVisible();
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("bound")).toHaveText("▇ Compute-bound");
  await expect(widget.value("intensity")).toHaveText("1,365 FLOP/byte");
  await expect(widget.root.getByTestId("roofline-warning")).toHaveCount(0);
  // INT8 counts integer operations: the H100's 1,979 TOPS (datasheet), one
  // byte per element, so 2n/3 = 2,731 ops/byte, and no FLOP in sight.
  await widget.input("precision").selectOption("int8");
  await expect(widget.value("intensity")).toHaveText("2,731 ops/byte");
  const h100 = widget.root.getByTestId("place-h100-sxm-80gb");
  await expect(h100).toContainText("1,979 TOPS");
  await expect(h100).toContainText("591 ops/byte");
  await expect(h100).not.toContainText("FLOP");
  await widget.input("precision").selectOption("bf16");
  await widget.set("m", "8");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("bound")).toHaveText("▁ Memory-bound");
});

test("a whole ResNet-50 pass stays memory-bound however large the batch, with its counts explained", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await widget.input("op").focus();
  await widget.input("op").selectOption("cnn_inference");
  await expect(widget.input("m")).toHaveCount(0);
  await expect(widget.value("intensity")).toHaveText("75.8 FLOP/byte");
  await widget.set("batch", "4096");
  await expect(widget.value("intensity")).toHaveText("144 FLOP/byte");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb").getByTestId("bound")).toHaveText("▁ Memory-bound");
  // The bytes formula shows the weights and activations it counted, and its source.
  await widget.root.getByTestId("explain-roofline-bytes").press("Enter");
  const bytes = widget.root.getByTestId("out-bytes");
  await expect(bytes).toContainText("weights, read once per batch");
  await expect(bytes).toContainText("2.553 × 10⁷");
  await expect(bytes.getByRole("link", { name: /torchvision/ })).toBeVisible();
  await widget.set("batch", "0");
  await expect(widget.error("batch")).toHaveText("⚠ Must be at least 1.");
  await course.expectNoConsoleErrors();
});

test("accelerators are chosen with checkboxes and an empty choice is explained", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await widget.root.getByTestId("pick-tpu-v5e").check();
  await expect(widget.root.getByTestId("place-tpu-v5e")).toBeVisible();
  await widget.root.getByTestId("pick-h100-sxm-80gb").uncheck();
  await widget.root.getByTestId("pick-a100-sxm-80gb").uncheck();
  await widget.root.getByTestId("pick-tpu-v5e").press("Space");
  await expect(widget.error("accelerators")).toHaveText("⚠ Pick at least one accelerator.");
  await expect(course.testId("results-invalid")).toBeVisible();
  await widget.root.getByTestId("pick-l4-24gb").check();
  await expect(widget.root.getByTestId("place-l4-24gb")).toBeVisible();
});

// On a phone the two dozen boxes scroll inside a short list, so the
// prediction and results are not pushed two screens down; the keyboard still
// reaches every box, and the message about an empty choice stays in view.
test("on a phone the accelerator list scrolls in a short box that the keyboard walks", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  const list = widget.root.getByTestId("picker-list");
  const boxes = list.locator("input[type=checkbox]");
  // The boxes come with the catalogue, after the widget itself.
  await expect(widget.root.getByTestId("pick-h100-sxm-80gb")).toBeChecked();
  expect(await boxes.count()).toBeGreaterThan(12);
  // The choice stays in words above the list, whatever is scrolled out of view.
  const chosen = widget.root.getByTestId("picker-chosen");
  await expect(chosen).toContainText("Chosen, 2 of 8:");
  await expect(chosen).toContainText("A100 SXM4 80 GB");
  await expect(chosen).toContainText("H100 SXM5 80 GB");
  const size = await list.evaluate((el) => ({ shown: el.clientHeight, whole: el.scrollHeight }));
  expect(size.shown).toBeLessThanOrEqual(16 * 14 + 8);
  expect(size.whole).toBeGreaterThan(size.shown * 2);
  // Tab from the first box to the last: each comes into the list's view.
  await boxes.first().focus();
  const count = await boxes.count();
  for (let i = 1; i < count; i += 1) await page.keyboard.press("Tab");
  await expect(boxes.last()).toBeFocused();
  const seen = await boxes.last().evaluate((box) => {
    const outer = box.closest("[data-testid=picker-list]").getBoundingClientRect();
    const inner = box.getBoundingClientRect();
    return inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  });
  expect(seen).toBe(true);
  // The error is outside the scrolling list, under it.
  for (const id of ["h100-sxm-80gb", "a100-sxm-80gb"]) await widget.root.getByTestId(`pick-${id}`).uncheck();
  const error = widget.error("accelerators");
  await expect(error).toHaveText("⚠ Pick at least one accelerator.");
  expect(await error.evaluate((el) => el.closest("[data-testid=picker-list]"))).toBeNull();
  // On a wide screen the list is laid out in full, with nothing to scroll,
  // and every box in view says what is chosen by itself.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(widget.root.getByTestId("picker-chosen")).toBeHidden();
  const wide = await list.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(wide).toBeLessThanOrEqual(1);
});

// Switching precision keeps the parts that publish it on the chart and says
// which are left off; so does a ninth part, since the chart compares eight.
test("parts without the chosen precision, or past eight, are left off in words", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await widget.input("precision").selectOption("fp8");
  const note = widget.root.getByTestId("roofline-left-out");
  await expect(note).toContainText("NVIDIA A100 SXM4 80 GB publishes no FP8 peak, so it is left off");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb")).toBeVisible();
  await expect(widget.root.getByTestId("place-a100-sxm-80gb")).toHaveCount(0);
  await expect(course.testId("results-invalid")).toHaveCount(0);
  await widget.input("precision").selectOption("bf16");
  await expect(note).toHaveCount(0);
  await expect(widget.root.getByTestId("place-a100-sxm-80gb")).toBeVisible();
  await page.goto("/#/lab/roofline?roofline.accelerators=h100-sxm-80gb,a100-sxm-80gb,a100-sxm-40gb,h100-pcie-80gb,h200-sxm-141gb,b200-sxm-180gb,l4-24gb,t4-16gb,v100-sxm-32gb,mi250x-128gb");
  await expect(widget.root.getByTestId("roofline-table").locator("tbody tr")).toHaveCount(8);
  await expect(note).toContainText("The chart compares up to 8 parts, so NVIDIA Tesla V100 SXM2 32 GB and AMD Instinct MI250X 128 GB are left off");
  // At eight, an unticked box rests until one is unticked.
  await page.goto("/#/lab/roofline?roofline.accelerators=h100-sxm-80gb,a100-sxm-80gb,a100-sxm-40gb,h100-pcie-80gb,h200-sxm-141gb,b200-sxm-180gb,l4-24gb,t4-16gb");
  await expect(widget.root.getByTestId("roofline-table").locator("tbody tr")).toHaveCount(8);
  await expect(widget.root.getByTestId("pick-mi300x-192gb")).toBeDisabled();
  // The rested boxes leave the tab order, so the limit is said in words.
  await expect(widget.root.getByTestId("picker-full")).toHaveText("8 of 8 chosen, the most one chart shows: untick one to choose another.");
  await expect(widget.root.getByTestId("pick-t4-16gb")).toBeEnabled();
  await widget.root.getByTestId("pick-t4-16gb").press("Space");
  await expect(widget.root.getByTestId("pick-mi300x-192gb")).toBeEnabled();
  await expect(widget.root.getByTestId("picker-full")).toHaveText("");
  await widget.root.getByTestId("pick-mi300x-192gb").press("Space");
  await expect(widget.root.getByTestId("place-mi300x-192gb")).toBeVisible();
  await expect(widget.root.getByTestId("pick-t4-16gb")).toBeDisabled();
  await course.expectNoConsoleErrors();
});

test("bad numbers and a garbage URL give inline messages", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/roofline?roofline.op=matmul&roofline.m=-4&roofline.accelerators=h100-sxm-80gb,%3Cscript%3E");
  const widget = course.widget("roofline");
  await expect(widget.error("m")).toHaveText("⚠ Must be at least 1.");
  await expect(widget.error("accelerators")).toContainText("is not in the hardware catalogue");
  await course.expectNoConsoleErrors();
});

// A link can name a part the picker offers no box for: here a CPU with no
// published BF16 peak, and an id that is not catalogued. The message names
// the part and only the figure it lacks, and changing any box drops such
// ids, so the learner never has to edit the link to get results back.
test("a part a link names but the picker cannot offer is explained and dropped by any box", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/roofline?roofline.op=decode&roofline.accelerators=h100-sxm-80gb,epyc-9654");
  const widget = course.widget("roofline");
  await expect(widget.error("accelerators")).toHaveText(
    "⚠ AMD EPYC 9654 publishes no BF16 peak, so it cannot be placed on this chart.");
  await expect(widget.root.getByTestId("roofline-table")).toHaveCount(0);
  await widget.root.getByTestId("pick-a100-sxm-80gb").check();
  await expect(widget.error("accelerators")).toHaveText("");
  await expect(widget.root.getByTestId("place-h100-sxm-80gb")).toBeVisible();
  await expect(widget.root.getByTestId("place-a100-sxm-80gb")).toBeVisible();
  // The H100 and the A100 are the default pair, so the link drops the key.
  await expect(page).not.toHaveURL(/epyc/);

  await page.goto("/#/lab/roofline?roofline.accelerators=h100-sxm-80gb,nope-9000");
  await expect(widget.error("accelerators")).toHaveText("⚠ “nope-9000” is not in the hardware catalogue.");
  await widget.root.getByTestId("pick-h100-sxm-80gb").uncheck();
  await widget.root.getByTestId("pick-l4-24gb").check();
  await expect(widget.error("accelerators")).toHaveText("");
  await expect(widget.root.getByTestId("place-l4-24gb")).toBeVisible();
  await course.expectNoConsoleErrors();
});

// A menu value from a link that names no operation stays on screen, so the
// message beside it has something to point at; choosing a real one clears it.
test("an unknown operation in a link is shown with its message, and a real choice clears it", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/roofline?roofline.op=softmax");
  const widget = course.widget("roofline");
  const menu = widget.input("op");
  await expect(menu.locator("option:checked")).toHaveText("softmax (not available)");
  await expect(menu).toHaveAttribute("aria-invalid", "true");
  await expect(widget.error("op")).toHaveText(/^⚠ “softmax” is not one of this menu's choices; pick one from the list\. A link may say: .*\bmatmul\b.*\bdecode\b.*\.$/);
  await menu.selectOption("decode");
  await expect(widget.error("op")).toHaveText("");
  await expect(menu).toHaveAttribute("aria-invalid", "false");
  await expect(widget.value("intensity")).toHaveText("1 FLOP/byte");
  await course.expectNoConsoleErrors();
});

// The engine reads menu values trimmed and in any case, and so do the menus:
// a hand-edited link with " DECODE " shows the decode choice, with no message.
test("a link's menu values are read in any case", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/roofline?roofline.op=%20DECODE%20&roofline.accelerators=H100-SXM-80GB");
  const widget = course.widget("roofline");
  await expect(widget.input("op").locator("option:checked")).toHaveText("LLM decode (per token)");
  await expect(widget.input("op")).toHaveAttribute("aria-invalid", "false");
  await expect(widget.root.getByTestId("pick-h100-sxm-80gb")).toBeChecked();
  await expect(widget.value("intensity")).toHaveText("1 FLOP/byte");
  await course.expectNoConsoleErrors();
});

test("the roofline chart renders with its data table", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await expect(widget.root.getByTestId("chart")).toHaveAttribute("data-state", "ready");
  await widget.root.getByTestId("chart-table").locator("summary").click();
  await expect(widget.root.getByTestId("chart-table").getByRole("cell", { name: "3.35 TB/s" })).toBeVisible();
});

// The default is a decode step (1 FLOP/byte) on an H100 (989.5 TFLOP/s,
// 3.35 TB/s) and an A100 80 GB (312 TFLOP/s, 2.039 TB/s). The lowest roof at
// the axis's left end, 0.1 FLOP/byte, is 0.2 TFLOP/s, so the axis runs from
// 0.1 to 1,000 and no decade is empty; each roof marks its ridge and the
// point where this operation meets it.
test("the roofline chart spans only the decades its roofs use and marks where the operation lands", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const chart = course.widget("roofline").root.getByTestId("chart");
  await expect(chart).toHaveAttribute("data-state", "ready");
  const drawn = await chart.evaluate((element) => {
    const chart = window.echarts.getInstanceByDom(element);
    const shown = (s) => s.data.filter((d) => d.itemStyle?.opacity !== 0).map((d) => d.value ?? d);
    return {
      extent: chart.getModel().getComponent("yAxis", 0).axis.scale.getExtent(),
      roofs: chart.getOption().series.filter((s) => s.name !== "This operation").map((s) => [s.name, shown(s)]),
    };
  });
  expect(drawn.extent).toEqual([0.1, 1000]);
  expect(drawn.roofs).toHaveLength(2);
  for (const [name, points] of drawn.roofs) {
    expect(points.map(([x]) => x), name).toHaveLength(2);
    expect(points[0], name).toEqual([1, name.includes("H100") ? 3.35 : 2.039]);
    expect(points[1][1], name).toBe(name.includes("H100") ? 989.5 : 312);
  }
});

// A module's widget opens on the author's example, and its title describes
// that example. Once the learner changes it, the widget says so and one key
// press brings the example back, URL included.
test("a changed example says so, and the keyboard brings the example back", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  const widget = course.widget("roofline");
  await expect(widget.root.getByRole("heading", { level: 3 })).toContainText("The same decode step on four accelerators");
  await expect(widget.root.getByTestId("widget-changed")).toHaveCount(0);
  await widget.input("op").selectOption("matmul");
  await widget.set("m", "64");
  await expect(widget.root.getByTestId("widget-changed")).toHaveText(/These inputs differ from the example\./);
  await expect.poll(() => new URL(page.url()).hash).toContain("roofline.op=matmul");
  await widget.root.getByTestId("back-to-example").focus();
  await page.keyboard.press("Enter");
  await expect(widget.root.getByTestId("widget-changed")).toHaveCount(0);
  // The button is gone, so focus lands on the widget's heading, not the page.
  await expect(widget.root.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(widget.input("op")).toHaveValue("decode");
  await expect.poll(async () => Number(await widget.input("params").inputValue())).toBe(70e9);
  await expect.poll(() => new URL(page.url()).hash).not.toContain("roofline.");
  // On a lab page the baseline is the widget's defaults.
  await course.goto("/lab/roofline");
  const lab = course.widget("roofline");
  await lab.set("batch", "4");
  await lab.root.getByTestId("back-to-example").click();
  await expect(lab.root.getByTestId("widget-changed")).toHaveCount(0);
  await course.expectNoConsoleErrors();
});

test("a whole recommender's tables fit one H100 in BF16 but need two in FP32, with the MLPerf source", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/roofline");
  const widget = course.widget("roofline");
  await widget.input("op").focus();
  await widget.input("op").selectOption("recommender_inference");
  await expect(widget.input("params")).toHaveCount(0);
  await expect(widget.value("intensity")).toHaveText("0.993 FLOP/byte");
  const h100 = widget.root.getByTestId("place-h100-sxm-80gb");
  await expect(h100.getByTestId("fit")).toHaveText("Yes (80 GB)");
  await expect(widget.root.getByTestId("roofline-fit-warning")).toHaveCount(0);
  await widget.root.getByTestId("explain-roofline-footprint").press("Enter");
  const footprint = widget.root.getByTestId("out-footprint");
  await expect(footprint).toContainText("52.3 GB: fits on one NVIDIA H100 SXM5 80 GB (80 GB)");
  // E, the tables' 204,184,588 rows of 128 numbers, is computed, not typed in.
  await expect(footprint).toContainText("2.614 × 10¹⁰");
  await expect(footprint.getByRole("link", { name: /MLPerf/ })).toBeVisible();
  await widget.input("precision").selectOption("fp32");
  await expect(h100.getByTestId("fit")).toHaveText("No: at least 2 (80 GB each)");
  await expect(widget.root.getByTestId("roofline-fit-warning")).toContainText("needs 105 GB for its embedding tables");
  await course.expectNoConsoleErrors();
});

test("module 3's ranking model shows which GPUs its tables overflow", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const widget = page.locator('[data-testid^="widget-"]', { hasText: "A ranking model" }).first();
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByTestId("place-h100-sxm-80gb").getByTestId("fit")).toHaveText("Yes (80 GB)");
  await expect(widget.getByTestId("place-a100-sxm-40gb").getByTestId("fit")).toHaveText("No: at least 2 (40 GB each)");
  await expect(widget.getByTestId("place-l4-24gb").getByTestId("fit")).toHaveText("No: at least 3 (24 GB each)");
  await expect(widget.getByTestId("roofline-fit-warning")).toContainText("Too big for some of these parts");
  await course.expectNoConsoleErrors();
});

// Module 8's fraud-scoring example runs in INT8, so its prediction is asked
// in operations per byte, the unit its answer comes in.
test("an INT8 example asks for its prediction in ops/byte", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/matching");
  await expect(page.getByLabel("Your guess (ops/byte)")).toHaveCount(1);
  await expect(page.getByLabel("Your guess (FLOP/byte)")).toHaveCount(1);
  await course.expectNoConsoleErrors();
});

// The reading column is 52rem wide. On a wide screen a module's widget, and
// the table inside it, reach into the room to the column's right so that no
// column of the table has to scroll; the text beside them keeps its width.
// Where the window has no such room, the widget stays in the column and its
// table scrolls instead, which is what the first half of the test guards against.
test("on a wide screen a module's roofline table shows every column and the text keeps its reading width", async ({ page }) => {
  const course = new CoursePage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await course.goto("/m/compute-or-memory");
  const widget = course.widget("roofline");
  const table = widget.root.getByTestId("roofline-table");
  await expect(table.getByRole("columnheader", { name: "Fits in memory?" })).toBeVisible();
  const region = table.locator("xpath=..");
  const layout = async () => page.evaluate(([box, scroller]) => {
    const text = document.querySelector(".module-body .prose > p").getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    return {
      textRight: text.right,
      widgetRight: shown.right,
      window: document.documentElement.clientWidth,
      pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      tableScrolls: scroller.scrollWidth > scroller.clientWidth + 1,
    };
  }, [await widget.root.elementHandle(), await region.elementHandle()]);
  await expect.poll(async () => (await layout()).tableScrolls).toBe(false);
  const wide = await layout();
  expect(wide.widgetRight).toBeGreaterThan(wide.textRight + 100);
  expect(wide.widgetRight).toBeLessThanOrEqual(wide.window);
  expect(wide.pageScrolls).toBe(false);
  // 52rem less the column's padding: the text does not widen with the widget.
  expect(wide.textRight - (await page.locator(".module-body").boundingBox()).x).toBeLessThanOrEqual(768.5);

  await page.setViewportSize({ width: 1000, height: 900 });
  await expect.poll(async () => (await layout()).tableScrolls).toBe(true);
  const narrow = await layout();
  expect(Math.abs(narrow.widgetRight - narrow.textRight)).toBeLessThanOrEqual(1);
  expect(narrow.pageScrolls).toBe(false);
  await course.expectNoConsoleErrors();
});
