// The parallelism splitter: memory falls as tp rises, bad input is explained
// beside its field, links restore the exact state, and the auto-split ranks plans.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

const memoryTotal = async (widget) =>
  Number(await widget.root.getByTestId("memory-bar").getByTestId("bar-summary").getAttribute("data-total"));

test("raising tp from 1 to 8 lowers the memory bar", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  await widget.set("tp", "1");
  await expect(widget.root.getByTestId("regime")).toHaveAttribute("data-kind", "does_not_fit");
  await expect(widget.root.getByTestId("lint-out_of_memory")).toBeVisible();
  const before = await memoryTotal(widget);
  await widget.set("tp", "8");
  await expect(widget.root.getByTestId("regime")).toHaveAttribute("data-kind", "model_split");
  const after = await memoryTotal(widget);
  expect(after).toBeLessThan(before / 4);
  await expect(widget.root.getByTestId("memory-bar").getByTestId("bar-summary")).toContainText("fits");
  // The bubble's share names what it is a share of, since the bar shows compute alone.
  await expect(widget.root.getByTestId("time-bar").getByTestId("bar-summary")).toContainText(
    "of the time the micro-batches themselves take, compute plus tensor-parallel communication",
  );
  await course.expectNoConsoleErrors();
});

test("FP32 gradients, chosen by keyboard, double the gradient memory and say why", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  await expect(widget.value("gradients")).toBeVisible();
  const bf16 = await widget.value("gradients").textContent();
  const select = widget.input("fp32_gradients");
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("true");
  await expect(page).toHaveURL(/splitter\.fp32_gradients=true/);
  await expect(widget.value("gradients")).not.toHaveText(bf16);
  const parse = (text) => Number(text.replace(/[^0-9.]/g, ""));
  const fp32 = await widget.value("gradients").textContent();
  // 8-way tensor and 8-way pipeline parallelism without ZeRO: 2.8 billion parameters
  // on the first stage, 5.59 GB of gradients at 2 bytes and 11.2 GB at 4.
  expect(bf16).toMatch(/ GB$/);
  expect(fp32).toMatch(/ GB$/);
  expect(parse(fp32) / parse(bf16)).toBeCloseTo(2, 1);
  await widget.root.getByTestId("explain-splitter-gradients").press("Enter");
  await expect(widget.root.getByTestId("out-gradients")).toContainText("Megatron-LM accumulates and reduces BF16 gradients in FP32");
  await course.expectNoConsoleErrors();
});

test("a negative batch shows an inline error and the page keeps working", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  await widget.set("global_batch", "-5");
  await expect(widget.error("global_batch")).toHaveText("⚠ Must be at least 1.");
  await expect(widget.input("global_batch")).toHaveAttribute("aria-invalid", "true");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  await widget.set("micro_batch", "NaN");
  await expect(widget.error("micro_batch")).toContainText("is not a number");
  await widget.set("global_batch", "1536");
  await widget.set("micro_batch", "1");
  await expect(widget.value("step_time")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("a copied link restores the exact state", async ({ page, context }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  await widget.input("model").selectOption("llama3-70b");
  await widget.set("count", "256");
  await widget.set("tp", "4");
  await widget.set("pp", "4");
  await widget.input("zero").selectOption("1");
  const summary = await widget.root.getByTestId("memory-bar").getByTestId("bar-summary").textContent();
  const url = page.url();
  expect(url).toContain("splitter.model=llama3-70b");
  const other = await context.newPage();
  const copy = new CoursePage(other);
  await other.goto(url);
  const restored = copy.widget("splitter");
  await expect(restored.input("model")).toHaveValue("llama3-70b");
  await expect(restored.input("tp")).toHaveValue("4");
  await expect(restored.input("zero")).toHaveValue("1");
  await expect(restored.root.getByTestId("memory-bar").getByTestId("bar-summary")).toHaveText(summary);
  await copy.expectNoConsoleErrors();
});

test("the auto-split fills its table and a plan can be applied", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter?splitter.count=256&splitter.model=llama3-8b&splitter.global_batch=512");
  const widget = course.widget("splitter");
  await widget.root.getByTestId("auto-run").click();
  await expect(widget.root.getByTestId("auto-row")).toHaveCount(10);
  const stats = widget.root.getByTestId("auto-stats");
  expect(Number(await stats.getAttribute("data-configs"))).toBeGreaterThan(1000);
  const best = widget.root.getByTestId("auto-row").first();
  const tp = await best.locator("td").nth(0).textContent();
  await best.getByTestId("auto-use").press("Enter");
  await expect(widget.input("tp")).toHaveValue(tp);
  await expect(widget.root.getByTestId("chart").last()).toHaveAttribute("data-state", "ready");
  await course.expectNoConsoleErrors();
});

// Llama 3 8B on one server: several plans step within 1% of the fastest.
// The search leads with the one needing the least memory and says why.
test("a near tie is led by the plan with headroom, and the page says so", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter?splitter.count=8&splitter.model=llama3-8b&splitter.global_batch=16"
    + "&splitter.micro_batch=1&splitter.tp=1&splitter.pp=1");
  const widget = course.widget("splitter");
  await expect(widget.root.getByTestId("auto-tie")).toHaveCount(0);
  await widget.root.getByTestId("auto-run").click();
  await expect(widget.root.getByTestId("auto-row")).toHaveCount(10);
  await expect(widget.root.getByTestId("auto-tie")).toHaveText(
    /^Rank 1 (takes 0\.\d+% longer per step than the fastest plan \(rank 2\) but|is as fast as rank 2 and) needs \d+(\.\d+)? GB less memory per accelerator \((\d+(\.\d+)?) GB against (\d+(\.\d+)?) GB\)\.$/);
  // The two memories the note names are the table's first two rows.
  const [, , , , least, , most] = (await widget.root.getByTestId("auto-tie").textContent())
    .match(/^Rank 1 (takes .* but|is as fast as rank 2 and) needs (\d+(\.\d+)?) GB less memory per accelerator \((\d+(\.\d+)?) GB against (\d+(\.\d+)?) GB\)\.$/);
  const memory = async (row) => parseFloat(await widget.root.getByTestId("auto-row").nth(row).locator("td").nth(8).textContent());
  expect(await memory(0)).toBe(parseFloat(least));
  expect(await memory(1)).toBe(parseFloat(most));
  expect(parseFloat(least)).toBeLessThan(parseFloat(most));
  await course.expectNoConsoleErrors();
});

test("a custom architecture by keyboard, with its rules explained", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  await widget.input("model").focus();
  await widget.input("model").selectOption("custom");
  // Switching to custom starts from the preset that was showing.
  await expect(widget.input("layers")).toHaveValue("96");
  await widget.input("heads").focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("7");
  await expect(widget.error("heads")).toContainText("must split evenly into 7 heads");
  await widget.set("heads", "96");
  await widget.root.getByTestId("explain-splitter-memory_total").press("Enter");
  await expect(widget.root.getByTestId("out-memory_total").getByText("Source:")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("garbage in the URL is named beside each field", async ({ page }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/splitter?splitter.accelerator=%3Cimg%3E&splitter.tp=abc&splitter.zero=9");
  const widget = course.widget("splitter");
  await expect(widget.error("accelerator")).toContainText("is not in the hardware catalogue");
  await expect(widget.error("tp")).toContainText("is not a number");
  await expect(widget.error("zero")).toContainText("at most 3");
  await course.expectNoConsoleErrors();
});

// A hand-edited link may say yes, AdamW or 2.0 where the menus say true, adam
// and 2. The engine reads them the same, so the menus must show their own
// entries with no "(not available)", and the result must be the canonical one.
test("menu aliases in a link select the menus' own entries", async ({ page, context }) => {
  const course = new CoursePage(page);
  await page.goto("/#/lab/splitter?splitter.flash_attention=yes&splitter.sequence_parallel=ON&splitter.optimizer=AdamW&splitter.zero=2.0");
  const widget = course.widget("splitter");
  const checked = (field) => widget.input(field).locator("option:checked");
  await expect(checked("flash_attention")).toHaveText("Yes");
  await expect(checked("sequence_parallel")).toHaveText("Yes");
  await expect(checked("optimizer")).toHaveText("Adam / AdamW");
  await expect(checked("zero")).toHaveText("2: + gradients");
  for (const field of ["flash_attention", "sequence_parallel", "optimizer", "zero"]) {
    await expect(widget.input(field)).toHaveAttribute("aria-invalid", "false");
    await expect(widget.input(field).locator("option", { hasText: "not available" })).toHaveCount(0);
  }
  const summary = widget.root.getByTestId("memory-bar").getByTestId("bar-summary");
  await expect(summary).toBeVisible();
  const canonical = new CoursePage(await context.newPage());
  await canonical.page.goto("/#/lab/splitter?splitter.flash_attention=true&splitter.sequence_parallel=true&splitter.optimizer=adam&splitter.zero=2");
  const same = canonical.widget("splitter").root.getByTestId("memory-bar").getByTestId("bar-summary");
  await expect(same).toHaveText((await summary.textContent()) ?? "");
  await course.expectNoConsoleErrors();
});

test("a run's energy opens in the energy calculator with the same numbers", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  const link = widget.root.getByTestId("splitter-energy-link").getByRole("link");
  await expect(link).toBeVisible();
  await link.press("Enter");
  const energy = course.widget("energy");
  await expect(energy.input("accelerator")).toHaveValue("a100-sxm-80gb");
  await expect(energy.input("count")).toHaveValue("1024");
  const hours = Number(await energy.input("hours").inputValue());
  // The splitter puts GPT-3 on 1,024 A100s at about 32 days.
  expect(hours).toBeGreaterThan(24 * 28);
  expect(hours).toBeLessThan(24 * 36);
  await expect(energy.value("kwh")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("a PCIe card crosses servers once the learner types the cluster's network", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter?splitter.model=llama2-7b&splitter.global_batch=512&splitter.accelerator=l4-24gb&splitter.count=64&splitter.per_node=8&splitter.tp=4&splitter.pp=1&splitter.recompute=none");
  const widget = course.widget("splitter");
  // The L4 datasheet gives PCIe inside a server but no NIC, so the splitter says what is missing.
  await expect(widget.error("accelerator")).toContainText("bandwidth between nodes");
  await expect(widget.error("accelerator")).toContainText("type your cluster's network");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  await widget.set("network_gbps", "fast");
  await expect(widget.error("network_gbps")).toContainText("is not a number");
  await widget.set("network_gbps", "100");
  await expect(widget.error("accelerator")).toHaveText("");
  await expect(widget.value("step_time")).toBeVisible();
  expect(page.url()).toContain("splitter.network_gbps=100");
  // The explanation names the typed rate: 100 Gb/s is 12.5 GB/s.
  await widget.root.getByTestId("explain-splitter-dp_comm").press("Enter");
  const explained = widget.root.getByTestId("out-dp_comm");
  await expect(explained).toContainText("as you typed it");
  await expect(explained).toContainText("12.5 GB/s");
  // Its formula is typeset as MathML, not left as raw TeX in an error box.
  await expect(explained.locator(".math-error")).toHaveCount(0);
  await expect(explained.locator("math").first()).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("empty cluster fields show the catalogue's values they stand for", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/splitter");
  const widget = course.widget("splitter");
  // The preset's A100s: eight to an NVLink server, priced by the catalogue.
  await expect(widget.input("per_node")).toHaveValue("");
  await expect(widget.input("per_node")).toHaveAttribute("placeholder", "8 (catalogue)");
  await expect(widget.input("usd_per_hour")).toHaveAttribute("placeholder", /^\d+(\.\d+)? \(catalogue\)$/);
  await expect(widget.input("network_gbps")).toHaveAttribute("placeholder", "200 (catalogue)");
  // A TPU v5p slice holds up to 6,144 chips, and Multislice joins slices of
  // one shape, so 8,192 chips are two slices of 4,096 joined by the DCN.
  await widget.input("accelerator").selectOption("tpu-v5p");
  await widget.set("count", "6144");
  await expect(widget.input("per_node")).toHaveAttribute("placeholder", "6144 (catalogue)");
  await widget.set("count", "8192");
  await expect(widget.input("per_node")).toHaveAttribute("placeholder", "4096 (2 equal nodes)");
  await expect(widget.input("network_gbps")).toHaveAttribute("placeholder", "50 (catalogue)");
  await expect(widget.input("usd_per_hour")).toHaveAttribute("placeholder", "4.2 (catalogue)");
  // Typing a value replaces what the empty field stood for.
  await widget.set("per_node", "4");
  await expect(widget.input("per_node")).toHaveValue("4");
  await course.expectNoConsoleErrors();
});
