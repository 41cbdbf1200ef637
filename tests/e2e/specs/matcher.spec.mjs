// The workload matcher and the module 8 matching checkpoint, by keyboard only.
import { test, expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { CoursePage } from "../pages/course-page.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// The bank the course ships, read with a TOML parser so that an instructor's
// key order or spacing cannot change which answer a test expects.
const bank = parse(fs.readFileSync(path.resolve(here, "../../../content/scenarios.toml"), "utf8"));
// Each card's id and answer.
const answers = Object.fromEntries(bank.card.map((card) => [card.id, card.answer]));
// Each card's why_not texts by class, so a test can pick a wrong class the
// card explains in words and one it leaves to the matcher.
const whyNot = Object.fromEntries(bank.card.map((card) => [card.id, card.why_not ?? {}]));
const classKeys = ["gpu", "tpu", "asic", "fpga", "cpu", "edge", "neuromorphic"];

// The module 8 round on screen: its card ids in order, and each card's select.
async function dealtRound(page, course) {
  await course.goto("/m/matching");
  const quiz = course.widget("matching-quiz");
  const cards = quiz.root.locator("[data-testid^='card-']").filter({ has: page.getByTestId("card-select") });
  await expect(cards).toHaveCount(8);
  const ids = await cards.evaluateAll((els) => els.map((el) => el.dataset.testid.replace(/^card-/, "")));
  const select = (id) => quiz.root.getByTestId(`card-${id}`).getByTestId("card-select");
  return { quiz, ids, select };
}

test("the matcher moves from GPU to the edge when power and place say so", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/matcher");
  const widget = course.widget("matcher");
  await expect(widget.root.getByTestId("rank-1")).toHaveAttribute("data-class", "GPU");
  // Empty fields are named in the form's words, not as JSON keys.
  const unknown = widget.root.getByTestId("matcher-unknown");
  await expect(unknown).toContainText("power budget, where it runs");
  await expect(unknown).not.toContainText("budget w");
  await widget.input("phase").selectOption("inference");
  await widget.input("deployment").selectOption("edge");
  await widget.set("power_budget_w", "10");
  await expect(widget.root.getByTestId("rank-1")).toHaveAttribute("data-class", "Edge accelerator");
  await expect(widget.root.getByTestId("rank-1")).toContainText("best part:");
  await expect(unknown).not.toContainText("power budget");
  await widget.set("utilization", "2");
  await expect(widget.error("utilization")).toContainText("at most 1");
  await course.expectNoConsoleErrors();
});

// A budget no part meets leaves a ranking of near misses, and the widget
// says so above it, with what the top part misses.
test("when no part meets the limits, the matcher says so before the ranking", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/matcher?matcher.phase=inference&matcher.model_family=cnn&matcher.power_budget_w=1.5");
  const widget = course.widget("matcher");
  const unmet = widget.root.getByTestId("matcher-limits-unmet");
  await expect(unmet).toContainText("No part here meets every limit you set");
  await expect(unmet).toContainText("over the 1.5 W budget");
  await widget.set("power_budget_w", "30");
  await expect(unmet).toHaveCount(0);
  await expect(widget.root.getByTestId("rank-1")).toBeVisible();
  // Each fired rule is named in words as well as by its id.
  await expect(widget.root.getByTestId("rank-1").locator("details table")).toContainText("Power draw against the budget");
  // A budget the catalogue cannot check for the top part is said apart.
  await course.goto("/lab/matcher?matcher.phase=training&matcher.model_family=llm&matcher.params=70e9&matcher.framework=jax&matcher.power_budget_w=100");
  await expect(widget.root.getByTestId("matcher-limits-unchecked")).toContainText("lists no power figure for the Google Cloud TPU7x (Ironwood), so the 100 W budget could not be checked");
  await expect(unmet).toHaveCount(0);
  await course.expectNoConsoleErrors();
});

// The matcher's intensity for a served recommender is the roofline
// explorer's whole DLRM-DCNv2 count (91 FLOP/byte at batch 256 in BF16), and
// each reason names what was counted; training falls back to the lookups.
test("a served recommender is judged by the whole model, training by its lookups", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/matcher");
  const widget = course.widget("matcher");
  await widget.input("phase").selectOption("inference");
  await widget.input("model_family").selectOption("recommender");
  await widget.set("batch_size", "256");
  const best = widget.root.getByTestId("rank-1");
  await expect(best).toContainText("memory-bound at 91 FLOP/byte (a whole DLRM-DCNv2 pass at this batch)");
  await widget.input("phase").selectOption("training");
  await expect(best).toContainText("memory-bound at 0.5 FLOP/byte (its embedding lookups)");
  await expect(best).not.toContainText("DLRM-DCNv2");
  await course.expectNoConsoleErrors();
});

// A p99 target is checked against the least time one decoding step can
// take: 70B in BF16 is 140 GB, which one B200 reads in 18.2 ms and its
// 8-chip NVLink domain in 2.27 ms, so 0.5 ms is out of reach and 10 ms needs
// a split. Typed by hand, so the form's own validation runs.
test("a latency target below the weights' read time is called out in words", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/matcher");
  const widget = course.widget("matcher");
  await widget.input("phase").selectOption("inference");
  await widget.input("model_family").selectOption("llm");
  await widget.set("params", "70e9");
  await widget.set("batch_size", "1");
  await widget.set("latency_p99_ms", "0.5");
  const gpu = widget.root.locator("[data-class='GPU']");
  await expect(gpu).toContainText("takes at least 2.27 ms spread over 8 NVIDIA B200");
  await expect(gpu).toContainText("over the 0.5 ms p99 target; only fewer bytes per weight (8- or 4-bit) could bring it under on this part");
  await widget.set("latency_p99_ms", "10");
  await expect(gpu).toContainText("at least 18.2 ms on one NVIDIA B200");
  await expect(gpu).toContainText("but 2.27 ms spread over 8");
  await expect(gpu).not.toContainText("could bring it under");
  await course.expectNoConsoleErrors();
});

// Below a watt, a part far over the budget no longer beats one just over it,
// and a data-centre part that publishes no power is not let off.
test("a tiny power budget is judged by how far each part is over it", async ({ page }) => {
  const course = new CoursePage(page);
  // Parameters and batch left empty, so the Coral's 8 MB does not decide.
  // PyTorch gives the Jetson 10 points over the Coral, which serving gives
  // back 6 of: before, both lost 50 and the Jetson led; now the Coral, 20
  // times over, loses 7 fewer than the Jetson, 600 times over.
  await course.goto("/lab/matcher?matcher.phase=inference&matcher.model_family=spiking&matcher.power_budget_w=0.1&matcher.params=&matcher.batch_size=&matcher.framework=pytorch");
  const widget = course.widget("matcher");
  const edge = widget.root.locator("[data-class='Edge accelerator']");
  await expect(edge).toContainText("best part: Google Coral Edge TPU");
  await expect(edge).not.toContainText("run within a few watts");
  await widget.input("phase").selectOption("training");
  await widget.input("model_family").selectOption("cnn");
  await widget.set("power_budget_w", "2.5");
  // Before, the TPU7x's missing power figure let the TPU class rank first.
  await expect(widget.root.getByTestId("rank-1")).toHaveAttribute("data-class", "Edge accelerator");
  const tpu = widget.root.locator("[data-class='TPU']");
  await expect(tpu).toContainText("lists no power figure for the Google Cloud TPU7x (Ironwood), but no GPU, TPU or ASIC in it draws less than the NVIDIA T4 16 GB's 70 W");
  await course.expectNoConsoleErrors();
});

// Rows are updated in place: a rules table the learner opened stays open
// while they change the workload, and follows its class if the class moves.
test("an open rules table stays open when an input changes", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/matcher");
  const widget = course.widget("matcher");
  const gpu = widget.root.locator("[data-class='GPU']");
  await expect(gpu).toHaveAttribute("data-testid", "rank-1");
  await gpu.locator("summary").press("Enter");
  await expect(gpu.locator("details")).toHaveAttribute("open", "");
  const before = await gpu.locator(".match-head").innerText();
  await widget.input("phase").selectOption("inference");
  await widget.input("deployment").selectOption("edge");
  await widget.set("power_budget_w", "10");
  await expect(widget.root.getByTestId("rank-1")).toHaveAttribute("data-class", "Edge accelerator");
  // The GPU row moved down the list with its table still open, and its text follows the new workload.
  await expect(gpu).not.toHaveAttribute("data-testid", "rank-1");
  await expect(gpu.locator("details")).toHaveAttribute("open", "");
  await expect(gpu.locator(".match-head")).not.toHaveText(before);
  await expect(widget.root.locator(".match-class")).toHaveCount(7);
  await course.expectNoConsoleErrors();
});

test("the matching checkpoint is completed by keyboard, explains a wrong match, and links to the matcher", async ({ page }) => {
  expect(Object.keys(answers).length).toBeGreaterThanOrEqual(24);
  const course = new CoursePage(page);
  const { quiz, ids, select: cardSelect } = await dealtRound(page, course);
  // Eight selects share a visible label; each names its card to a screen reader.
  const firstTitle = (await quiz.root.getByTestId(`card-${ids[0]}`).locator(".scenario-title").innerText()).trim();
  await expect(cardSelect(ids[0])).toHaveAccessibleName(`Best hardware class for “${firstTitle}”`);
  // All right but the first, which gets a wrong class on purpose. The count
  // beside the waiting button says how many are matched.
  const progress = quiz.root.getByTestId("matching-progress");
  await expect(progress).toHaveText("0 of 8 scenarios answered");
  for (const [i, id] of ids.entries()) {
    const select = cardSelect(id);
    await select.focus();
    const right = answers[id];
    await select.selectOption(i === 0 ? (right === "cpu" ? "gpu" : "cpu") : right);
    if (i === 6) {
      await expect(progress).toHaveText("7 of 8 scenarios answered");
      await expect(quiz.root.getByTestId("matching-submit")).toBeDisabled();
    }
  }
  await expect(progress).toHaveText("8 of 8 scenarios answered");
  await quiz.root.getByTestId("matching-submit").press("Enter");
  await expect(progress).toBeHidden();
  await expect(quiz.root.getByTestId("matching-result")).toContainText("7 of 8 matched correctly");
  const first = quiz.root.getByTestId(`card-${ids[0]}`).getByTestId("card-verdict");
  await expect(first).toContainText("✗ The best fit is");
  await expect(first).toContainText("Why not");
  // The pressed button is disabled now; focus lands on the result, not the page.
  await expect(quiz.root.getByTestId("matching-result")).toBeFocused();
  await quiz.root.getByTestId("matching-retry").press("Enter");
  // The Retry button is gone; focus lands on the first cleared scenario.
  const select = cardSelect(ids[0]);
  await expect(select).toBeFocused();
  // It stays in the Tab order: Tab away and Shift+Tab back lands on it again.
  await expect(select).not.toHaveAttribute("tabindex", "-1");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(select).toBeFocused();
  // A reload in the middle of the retry brings back the same cards, the right
  // seven kept and the wrong one cleared, not a newly dealt round.
  await page.reload();
  const cardsAgain = quiz.root.locator("[data-testid^='card-']").filter({ has: page.getByTestId("card-select") });
  await expect(cardsAgain).toHaveCount(8);
  expect(await cardsAgain.evaluateAll((els) => els.map((el) => el.dataset.testid.replace(/^card-/, "")))).toEqual(ids);
  await expect(progress).toHaveText("7 of 8 scenarios answered");
  await expect(select).toHaveValue("");
  await expect(cardSelect(ids[1])).toHaveValue(answers[ids[1]]);
  await select.selectOption(answers[ids[0]]);
  await quiz.root.getByTestId("matching-submit").press("Enter");
  await expect(quiz.root.getByTestId("matching-result")).toContainText("8 of 8 matched correctly");
  await expect(quiz.root.getByTestId("matching-record")).toContainText("Attempts 2 · best 100%");
  // A submitted round leaves no draft behind.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":quiz-draft:")))).toEqual([]);
  // The card's link opens the matcher with its workload: its answer ranks in the top two.
  await quiz.root.getByTestId(`card-${ids[1]}`).getByTestId("card-matcher-link").press("Enter");
  const matcher = course.widget("matcher");
  await expect(page).toHaveURL(/#\/lab\/matcher\?matcher\.phase=/);
  const labels = { gpu: "GPU", tpu: "TPU", asic: "ASIC", fpga: "FPGA", cpu: "CPU", edge: "Edge accelerator", neuromorphic: "Neuromorphic chip" };
  // The ranking follows the linked workload once the catalogue is in; poll until it shows.
  await expect
    .poll(async () => [await matcher.root.getByTestId("rank-1").getAttribute("data-class"), await matcher.root.getByTestId("rank-2").getAttribute("data-class")])
    .toContain(labels[answers[ids[1]]]);
  // The progress page gives the checkpoint its own row, apart from module 8's quiz.
  await course.goto("/progress");
  const row = page.getByTestId("progress-row-matching-checkpoint");
  await expect(row.getByTestId("progress-attempts")).toHaveText("2 attempts · best 100% · latest 100%");
  await expect(row.getByTestId("progress-status")).toHaveText("✓ All matched");
  await expect(page.getByRole("columnheader", { name: "Module quiz" })).toBeVisible();
  await course.expectNoConsoleErrors();
});

// After any submitted round, one press deals the next: other cards, nothing
// chosen, focus at the widget's heading.
test("a new round deals other cards at once", async ({ page }) => {
  const course = new CoursePage(page);
  const { quiz, ids, select } = await dealtRound(page, course);
  await expect(quiz.root.getByTestId("matching-new-round")).toHaveCount(0);
  for (const id of ids) await select(id).selectOption(answers[id]);
  await quiz.root.getByTestId("matching-submit").press("Enter");
  await expect(quiz.root.getByTestId("matching-result")).toContainText("8 of 8 matched correctly");
  await quiz.root.getByTestId("matching-new-round").press("Enter");
  await expect(quiz.root.getByRole("heading", { level: 3 })).toBeFocused();
  const dealt = quiz.root.locator("[data-testid^='card-']").filter({ has: page.getByTestId("card-select") });
  await expect(dealt).toHaveCount(8);
  await expect(quiz.root.getByTestId("matching-progress")).toHaveText("0 of 8 scenarios answered");
  await expect(quiz.root.getByTestId("matching-record")).toContainText("Attempts 1 · best 100%");
  const next = await dealt.evaluateAll((els) => els.map((el) => el.dataset.testid.replace(/^card-/, "")));
  // Other cards, not the same ones reordered.
  expect([...next].sort()).not.toEqual([...ids].sort());
  await course.expectNoConsoleErrors();
});

test("matches chosen before submitting survive a visit elsewhere and a reload", async ({ page }) => {
  const course = new CoursePage(page);
  const { ids, select } = await dealtRound(page, course);
  await select(ids[0]).selectOption(answers[ids[0]]);
  await select(ids[1]).selectOption(answers[ids[1]] === "cpu" ? "gpu" : "cpu");
  await course.goto("/m/accelerators");
  await page.goBack();
  await expect(select(ids[0])).toHaveValue(answers[ids[0]]);
  await expect(select(ids[1])).toHaveValue(answers[ids[1]] === "cpu" ? "gpu" : "cpu");
  await page.reload();
  await expect(select(ids[0])).toHaveValue(answers[ids[0]]);
  await expect(select(ids[2])).toHaveValue("");
  await course.expectNoConsoleErrors();
});

test("a link's round size is used when it is valid and refused in words when it is not", async ({ page }) => {
  const course = new CoursePage(page);
  const cardsOf = (quiz) => quiz.root.locator("[data-testid^='card-']").filter({ has: page.getByTestId("card-select") });
  await course.goto("/lab/matching-quiz?matching-quiz.cards=5");
  let quiz = course.widget("matching-quiz");
  await expect(cardsOf(quiz)).toHaveCount(5);
  await expect(quiz.root.getByTestId("error-cards")).toHaveCount(0);
  await course.goto("/lab/matching-quiz?matching-quiz.cards=500");
  quiz = course.widget("matching-quiz");
  await expect(quiz.root.getByTestId("error-cards")).toHaveText("⚠ Cards per round in this link: Must be at most 100. This round has 8 cards.");
  await expect(cardsOf(quiz)).toHaveCount(8);
  await course.expectNoConsoleErrors();
});

// A wrong class the card explains shows the author's words; one it does not
// shows the matcher's verdict on the card's workload: both scores and the
// reason that costs the chosen class most, never a generic line.
test("a wrong match the card does not explain gets the matcher's reason", async ({ page }) => {
  const course = new CoursePage(page);
  const { quiz, ids, select } = await dealtRound(page, course);
  const authored = Object.keys(whyNot[ids[0]])[0];
  // The first other dealt card that leaves some wrong class to the matcher.
  const missing = (id) => classKeys.find((c) => c !== answers[id] && !(c in whyNot[id]));
  const other = ids.slice(1).find((id) => missing(id));
  expect(other, ids.join(", ")).toBeTruthy();
  for (const [i, id] of ids.entries()) {
    await select(id).selectOption(i === 0 ? authored : id === other ? missing(id) : answers[id]);
  }
  await quiz.root.getByTestId("matching-submit").press("Enter");
  const verdict = (id) => quiz.root.getByTestId(`card-${id}`).getByTestId("card-verdict");
  await expect(verdict(ids[0])).toContainText(whyNot[ids[0]][authored].slice(0, 40));
  await expect(verdict(other)).toContainText(/Why not .+: The matcher scores the .+ class at [+-]\d+ on this workload, \d+ points? below .+ \([+-]\d+\)(\. What costs it most: |: nothing counts against it)/);
  await expect(verdict(other)).not.toContainText("is not the best fit here");
  await course.expectNoConsoleErrors();
});
