// Parameterized, matching and ordering questions, answered by keyboard only.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("a parameterized question gives this learner their own numbers, and the engine grades them", async ({ page, browser }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const question = course.testId("question-zero-3-yours");
  const prompt = await question.locator("legend").innerText();
  const [, p, dp] = prompt.match(/a ([\d,]+)-billion-parameter model trains with mixed-precision Adam on ([\d,]+) GPUs/).map((v) => v.replace(/,/g, ""));
  const answer = (16 * Number(p)) / Number(dp);
  await question.getByTestId("answer-input").fill(`${answer.toPrecision(4)} GB`);
  await question.getByTestId("check").press("Enter");
  await expect(question.getByTestId("verdict")).toContainText("✓ Correct.");
  // A reload keeps the same numbers; another browser profile draws its own.
  await page.reload();
  await expect(course.testId("question-zero-3-yours").locator("legend")).toHaveText(prompt);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/#/m/distributed-training");
  await expect(otherPage.getByTestId("question-zero-3-yours").locator("legend")).not.toHaveText(prompt);
  await other.close();
  await course.expectNoConsoleErrors();
});

test("an ordering question is solved with the arrow buttons alone", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/distributed-training");
  const question = course.testId("question-fastest-link");
  const wanted = ["HBM3 memory", "NVLink 4", "NDR InfiniBand"];
  for (let target = 0; target < wanted.length; target += 1) {
    const texts = await question.locator(".order-text").allInnerTexts();
    let at = texts.findIndex((t) => t.startsWith(wanted[target]));
    while (at > target) {
      await question.getByTestId(`order-${at + 1}`).getByTestId("move-up").press("Enter");
      at -= 1;
    }
  }
  await expect(question.locator(".order-text").first()).toContainText("HBM3");
  await question.getByTestId("check").press("Enter");
  await expect(question.getByTestId("verdict")).toContainText("✓ Correct.");
  // The unfinished attempt keeps the order and grades it again after a reload.
  await page.reload();
  await expect(question.locator(".order-text").first()).toContainText("HBM3");
  await expect(question.getByTestId("verdict")).toContainText("✓ Correct.");
  await course.expectNoConsoleErrors();
});

test("a matching question explains each wrong pair", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  const question = course.testId("question-match-families");
  const answers = [
    "GPU with tensor cores",
    "Systolic-array ASIC programmed through XLA",
    "Cloud training ASIC reached through the Neuron SDK",
    "FPGA card, reconfigurable logic",
    "Neuromorphic research chip for spiking networks",
  ];
  // Swap the first two on purpose.
  const chosen = [answers[1], answers[0], ...answers.slice(2)];
  for (let i = 0; i < chosen.length; i += 1) {
    const select = question.getByTestId(`match-select-${i + 1}`);
    await select.focus();
    await select.selectOption({ label: chosen[i] });
  }
  await question.getByTestId("check").press("Enter");
  const verdict = question.getByTestId("verdict");
  await expect(verdict).toContainText("✗ Not quite.");
  await expect(verdict).toContainText("“NVIDIA H100” goes with “GPU with tensor cores”.");
  await expect(verdict).toContainText("“Google TPU v5p” goes with");
  await expect(verdict).not.toContainText("“AMD Alveo U55C” goes with");
  await course.expectNoConsoleErrors();
});

// Only the answer box is kept short: on a desktop, its label, which names the
// unit and the other ways to write a number, reads on one line.
test("a numeric answer's label reads on one line on a desktop", async ({ page }) => {
  const course = new CoursePage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await course.goto("/m/why-hardware");
  const label = course.testId("question-training-days").locator(".text-answer label");
  await expect(label).toHaveText("Your answer in days (other units and 1.2e3-style numbers work too)");
  const lines = await label.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  const box = await course.testId("question-training-days").getByTestId("answer-input").boundingBox();
  expect(box.width).toBeLessThanOrEqual(28 * 16 + 1);
});
