// The case-study simulator: a preset runs to results with a timeline, a long
// run can be cancelled while the page stays responsive, bad input is named.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("the e-commerce preset runs and shows its timeline and recommendation", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/casestudy");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  await expect(widget.value("completion_p50")).toContainText("hours");
  const recommendation = widget.root.getByTestId("recommendation");
  await expect(recommendation).toContainText("GPUs");
  // The pick may differ from the learner's own setup, and it says so.
  await expect(recommendation).toContainText("the results above are for your own setup");
  await expect(recommendation).toContainText("within the deadline of 48 hours");
  await expectPlacementCoversEveryGpu(widget);
  const charts = widget.root.getByTestId("chart");
  await expect(charts.first()).toHaveAttribute("data-state", "ready");
  await widget.root.getByTestId("chart-table").first().locator("summary").click();
  await expect(widget.root.getByTestId("chart-table").first().getByRole("cell", { name: "Start" })).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("a field that cannot be read hides the last run's numbers, and fixing it runs again", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/casestudy");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  await expect(widget.value("completion_p50")).toContainText("hours");
  await widget.set("gpus", "abc");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  // The old median belongs to inputs the form no longer holds.
  await expect(widget.value("completion_p50")).toHaveCount(0);
  await widget.set("gpus", "300");
  await expect(widget.error("gpus")).toContainText("300 GPUs take 38 nodes of 8, but the node limit below is 32");
  await widget.set("gpus", "64");
  await expect(widget.value("completion_p50")).toContainText("hours", { timeout: 40_000 });
  await expect(widget.root.getByTestId("results-invalid")).toHaveCount(0);
});

// The placement table gives each run of neighbouring GPUs that hold the same
// shards one row, headed "first–last", and together the rows cover every GPU
// the summary counts, in order, each once.
async function expectPlacementCoversEveryGpu(widget) {
  const table = widget.root.getByTestId("placement-table");
  await expect(table.locator("caption")).toContainText("Every GPU");
  const summary = await widget.root.getByTestId("placement-summary").textContent();
  const gpus = Number(summary.match(/over ([\d,]+) GPUs/)[1].replace(/,/g, ""));
  // innerText keeps the line break before the "n GPUs" note under a range.
  const heads = await table.locator("tbody th").allInnerTexts();
  let next = 0;
  for (const head of heads) {
    // A screen reader hears "GPUs 4–52"; the word is visually hidden.
    const [, first, last] = head.match(/^(?:GPUs?\s+)?(\d+)(?:–(\d+))?/);
    expect(Number(first), heads.join(" | ")).toBe(next);
    next = Number(last ?? first) + 1;
  }
  expect(next).toBe(gpus);
  return { gpus, heads };
}

test("the placement table merges neighbouring GPUs that hold the same shards", async ({ page }) => {
  const course = new CoursePage(page);
  // Table-wise sharding puts each of the seven tables whole on one GPU and
  // leaves the rest of the cluster with no table at all.
  await course.goto("/lab/casestudy?casestudy.sharding=table");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  const { gpus, heads } = await expectPlacementCoversEveryGpu(widget);
  expect(heads.length).toBeLessThan(gpus);
  const idle = widget.root.getByTestId("placement-table").locator("tbody tr").last();
  await expect(idle.locator("th")).toContainText(`${gpus - heads.length + 1} GPUs`);
  await expect(idle.locator("td").first()).toHaveText("none");
  await expect(idle.locator("td").nth(1)).toHaveText("0 B");
  await course.expectNoConsoleErrors();
});

test("a long run can be cancelled and the page stays responsive", async ({ page }) => {
  const course = new CoursePage(page);
  // 100,000 replications of about 480 failures and preemptions each: some
  // 4.5 s natively and several times that in the page, so the run is still
  // going when the page is ready even on a loaded machine. (Failures every
  // 20 h took 0.5 s and could end before the first check; preempting each
  // node five times an hour is a job that never finishes, which the widget
  // now reports at once instead of simulating.)
  await course.goto("/lab/casestudy?casestudy.replications=100000&casestudy.node_mtbf_hours=2"
    + "&casestudy.spot_fraction=1&casestudy.spot_preemptions_per_hour=0.5&casestudy.restart_s=300");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("sim-progress")).toBeVisible();
  // The page answers while the simulation runs: typing shows at once.
  await widget.set("deadline_hours", "72");
  await expect(widget.input("deadline_hours")).toHaveValue("72");
  await expect(widget.root.getByTestId("sim-progress")).toBeVisible();
  await widget.root.getByTestId("sim-cancel").press("Enter");
  await expect(widget.root.getByTestId("sim-cancelled")).toBeVisible();
  await expect(widget.root.getByTestId("sim-progress")).toHaveCount(0);
  await course.expectNoConsoleErrors();
});

test("tables that cannot fit on one GPU are explained, and bad values named", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/casestudy");
  const widget = course.widget("casestudy");
  await widget.input("preset").selectOption("benchmark");
  await expect(widget.input("gpus")).toHaveValue("8");
  await widget.set("gpus_per_node", "1");
  await widget.set("gpus", "1");
  await expect(widget.root.getByTestId("infeasible")).toContainText("do not fit", { timeout: 40_000 });
  await widget.set("replications", "-2");
  await expect(widget.error("replications")).toHaveText("⚠ Must be at least 1.");
  await widget.set("tables", "users:1e6");
  await expect(widget.error("tables")).toContainText("name:rows:dim:lookups");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  await course.expectNoConsoleErrors();
});

test("a typed network per GPU slows the all-to-all and the step explanation says where the rate came from", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/casestudy?casestudy.replications=20");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  await widget.root.getByTestId("explain-casestudy-step").press("Enter");
  const step = widget.root.getByTestId("out-step");
  await expect(step).toContainText("25 GB/s (the catalogue's scale-out figure)");
  await widget.set("network_gbps", "-3");
  await expect(widget.error("network_gbps")).toContainText("Must be more than 0.");
  await widget.set("network_gbps", "50");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  expect(page.url()).toContain("casestudy.network_gbps=50");
  // A new run may rebuild the panel closed; open it only if it is not open already.
  const toggle = widget.root.getByTestId("explain-casestudy-step");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") {
    await toggle.press("Enter");
  }
  await expect(widget.root.getByTestId("out-step")).toContainText("6.25 GB/s (as you typed it)");
  await course.expectNoConsoleErrors();
});

// The host-cache menu takes the same yes/no words as the splitter's, so a
// hand-edited link with "yes" shows "Yes" and simulates, with no message.
test("a link's yes/no words select the host-cache menu's own entry", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/casestudy?casestudy.replications=20&casestudy.host_cache=yes");
  const widget = course.widget("casestudy");
  const menu = widget.input("host_cache");
  await expect(menu.locator("option:checked")).toHaveText("Yes");
  await expect(menu).toHaveAttribute("aria-invalid", "false");
  await expect(widget.error("host_cache")).toHaveText("");
  await expect(widget.root.getByTestId("sim-done")).toBeVisible({ timeout: 40_000 });
  await course.expectNoConsoleErrors();
});

test("a server that cannot run the job says so briefly, and only adds a reason the warning has not given", async ({ page }) => {
  const course = new CoursePage(page);
  // Table-wise: the retailer's 258 GB users table fits on no GPU, in the
  // cluster or in one server, so the warning above already says why.
  await course.goto("/lab/casestudy?casestudy.sharding=table");
  const widget = course.widget("casestudy");
  await expect(widget.root.getByTestId("infeasible")).toContainText("do not fit", { timeout: 40_000 });
  await expect(widget.value("single_machine")).toHaveText("Cannot run it");
  await expect(widget.root.getByTestId("note-single_machine")).toHaveCount(0);
  // Eight one-GPU nodes can hold the tables between them, but one node alone
  // cannot: that reason is new, so it follows in ordinary text.
  await course.goto("/lab/casestudy?casestudy.gpus_per_node=1&casestudy.gpus=8&casestudy.max_nodes=64");
  await expect(widget.value("single_machine")).toHaveText("Cannot run it", { timeout: 40_000 });
  await expect(widget.root.getByTestId("infeasible")).toHaveCount(0);
  await expect(widget.root.getByTestId("note-single_machine")).toContainText("do not fit");
  // The preset on 64 GPUs runs; one server alone is timed, with no note.
  await widget.root.getByRole("button", { name: "Back to the defaults" }).click();
  await expect(widget.value("single_machine")).toHaveText(/^\d[\d.,]* hours \([\d.]+ days\)$/, { timeout: 40_000 });
  await expect(widget.root.getByTestId("note-single_machine")).toHaveCount(0);
  await course.expectNoConsoleErrors();
});
