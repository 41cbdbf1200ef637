// The module 3 checkpoint: answer by keyboard, fail, retry the wrong ones,
// pass, and find the module completed after a reload.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

const QUIZ = "quiz-compute-or-memory-checkpoint";

async function answerText(question, text) {
  await question.getByTestId("answer-input").fill(text);
  await question.getByTestId("check").press("Enter");
}

async function chooseAndCheck(question, options) {
  for (const option of options) {
    await question.getByTestId(`option-${option}`).focus();
    await question.page().keyboard.press("Space");
  }
  await question.getByTestId("check").focus();
  await question.page().keyboard.press("Enter");
}

test("a checkpoint teaches, fails, retries the wrong ones, passes and stays passed", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const quiz = course.testId(QUIZ);
  await expect(quiz).toBeVisible();
  const q = (id) => quiz.getByTestId(`question-${id}`);

  // Two wrong answers: 6 of 8 is below the 80% pass mark.
  await chooseAndCheck(q("decode-limit"), [2]);
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("✗ Not quite.");
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("tensor cores mostly wait for memory");
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("Time per token is the weight bytes divided by memory bandwidth");
  await answerText(q("matmul-intensity"), "1024");
  await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
  await answerText(q("ridge"), "250 FLOP/byte");
  await answerText(q("decode-time"), "0.013 s");
  await expect(q("decode-time").getByTestId("verdict")).toContainText("✓ Correct.");
  await chooseAndCheck(q("which-memory-bound"), [1, 2, 4]);
  await chooseAndCheck(q("overprovision"), [2]);
  await answerText(q("ridge-name"), "Ridge Point");
  // This learner's own numbers: read them from the prompt and compute the roofline.
  const prompt = await q("roofline-yours").locator("legend").innerText();
  // Drawn values of 1,000 and more are grouped in thousands, as the fixed questions write them.
  const [, m, d] = prompt.match(/X \(([\d,]+) tokens × ([\d,]+)\)/).map((v) => Number(v.replace(/,/g, "")));
  // A peak of 1,000 TFLOP/s is grouped too, so every number may carry commas.
  const [, p, b] = prompt.match(/peaks at ([\d,.]+) TFLOP\/s and reads memory at ([\d,.]+) TB\/s/).map((v) => Number(v.replace(/,/g, "")));
  const attainable = Math.min(p, ((m * d) / (2 * m + d)) * b);
  await answerText(q("roofline-yours"), `${attainable.toPrecision(5)} TFLOP/s`);
  await expect(q("roofline-yours").getByTestId("verdict")).toContainText("✓ Correct.");
  await expect(quiz.getByTestId("quiz-progress")).toHaveText("8 of 8 answered");
  // By keyboard: the pressed button is disabled, so focus moves to the result.
  await quiz.getByTestId("quiz-finish").focus();
  await page.keyboard.press("Enter");
  await expect(quiz.getByTestId("quiz-result")).toContainText("✗ Not passed yet: 6 of 8 correct");
  await expect(quiz.getByTestId("quiz-result")).toBeFocused();

  // Retry only the wrong ones: the right answers keep their verdicts, and
  // focus goes to the first question to answer again, in page order.
  await quiz.getByTestId("quiz-retry").focus();
  await page.keyboard.press("Enter");
  const retried = quiz.locator("li.question").filter({ hasNot: page.getByTestId("verdict") }).first();
  await expect(retried).toBeFocused();
  await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
  await expect(q("decode-limit").getByTestId("verdict")).toHaveCount(0);
  await chooseAndCheck(q("decode-limit"), [1]);
  await chooseAndCheck(q("overprovision"), [1]);
  await quiz.getByTestId("quiz-finish").click();
  await expect(quiz.getByTestId("quiz-result")).toContainText("✓ Passed: 8 of 8 correct (100%)");
  // A finished attempt leaves no draft behind.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":quiz-draft:")))).toEqual([]);
  await expect(course.testId("complete-button")).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await expect(course.testId(QUIZ).getByTestId("quiz-record")).toContainText("attempts 2 · best 100% · latest 100%");
  await expect(course.testId("complete-button")).toHaveAttribute("aria-pressed", "true");

  // The progress page keeps both attempts with their times and wrong answers,
  // and the results report lists every answer of every attempt.
  await page.goto("/#/progress");
  const history = page.getByTestId("history-compute-or-memory");
  await history.getByText("2 attempts").click();
  const rows = history.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("75%");
  await expect(rows.nth(0)).toContainText("decode-limit (you answered");
  await expect(rows.nth(0)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(rows.nth(1)).toContainText("✓ Passed");
  const reportPromise = page.waitForEvent("download");
  await page.getByTestId("export-report").click();
  const fs = await import("node:fs");
  const csv = fs.readFileSync(await (await reportPromise).path(), "utf8").split("\n");
  const answers = csv.filter((line) => line.includes('"compute-or-memory"'));
  expect(answers).toHaveLength(16);
  expect(answers.find((line) => line.includes(',1,"') && line.includes('"matmul-intensity"'))).toMatch(/"1024",true$/);
  expect(answers.find((line) => line.includes(',1,"') && line.includes('"decode-limit"'))).toMatch(/,false$/);
  expect(answers.find((line) => line.includes(',2,"') && line.includes('"decode-limit"'))).toMatch(/,true$/);
  await course.expectNoConsoleErrors();
});

test("numeric answers in other units are converted, and nonsense is explained", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const question = course.testId(QUIZ).getByTestId("question-decode-time");
  await answerText(question, "13 GB");
  await expect(question.getByTestId("answer-problem")).toHaveText("“GB” measures bytes, but the answer is in time.");
  await expect(question.getByTestId("verdict")).toHaveCount(0);
  // 0.013 s is 13 ms: the same time in another unit is read and graded.
  await answerText(question, "0.013 s");
  await expect(question.getByTestId("verdict")).toContainText("✓ Correct.");
  await expect(question.getByTestId("verdict")).toContainText("Read as 13 ms.");
});

test("a number answer that cannot be read is flagged beside its field and the question stays open", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const quiz = course.testId(QUIZ);
  const question = quiz.getByTestId("question-matmul-intensity");
  const input = question.getByTestId("answer-input");
  for (const [typed, message] of [
    ["abc", "“abc” is not a number."],
    ["1024 bananas", "“bananas” is not a unit this question knows."],
    ["-1024", "-1024 cannot be it: the answer is an amount above zero. Check the sign."],
  ]) {
    await answerText(question, typed);
    await expect(question.getByTestId("answer-problem")).toContainText(message);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAttribute("aria-describedby", await question.getByTestId("answer-problem").getAttribute("id"));
    // Not graded: no verdict, no worked answer, nothing counted as answered.
    await expect(question.getByTestId("verdict")).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(quiz.getByTestId("quiz-progress")).toHaveText("0 of 8 answered");
  }
  // Typing clears the message, and a readable answer is graded as usual.
  await input.fill("1024");
  await expect(question.getByTestId("answer-problem")).toHaveCount(0);
  await expect(input).not.toHaveAttribute("aria-invalid", "true");
  await question.getByTestId("check").press("Enter");
  await expect(question.getByTestId("verdict")).toContainText("✓ Correct.");
  await course.expectNoConsoleErrors();
});

test("an unfinished attempt survives leaving the page and a reload, and garbage in its draft is ignored", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const quiz = course.testId(QUIZ);
  const q = (id) => quiz.getByTestId(`question-${id}`);
  await answerText(q("matmul-intensity"), "1024");
  await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
  await chooseAndCheck(q("decode-limit"), [2]);
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("✗ Not quite.");
  // Typed but not yet checked.
  await q("ridge").getByTestId("answer-input").fill("250 FLOP/byte");
  await expect(quiz.getByTestId("quiz-progress")).toHaveText("2 of 8 answered");

  // A link in the text, then back: every answer and verdict is where it was.
  await course.goto("/m/accelerators");
  await page.goBack();
  await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("✗ Not quite.");
  await expect(q("ridge").getByTestId("answer-input")).toHaveValue("250 FLOP/byte");
  await expect(quiz.getByTestId("quiz-progress")).toHaveText("2 of 8 answered");

  // A reload keeps them too: the checked answers are graded again from the draft.
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.includes(":quiz-draft:")));
  expect(key).toBeTruthy();
  await page.reload();
  await expect(q("decode-limit").getByTestId("verdict")).toContainText("✗ Not quite.");
  await expect(quiz.getByTestId("quiz-progress")).toHaveText("2 of 8 answered");

  // Garbage in the draft is ignored: the quiz starts clean and works.
  await page.evaluate((k) => localStorage.setItem(k, "{not json"), key);
  await page.reload();
  await expect(quiz.getByTestId("quiz-progress")).toHaveText("0 of 8 answered");
  await answerText(q("matmul-intensity"), "1024");
  await expect(q("matmul-intensity").getByTestId("verdict")).toContainText("✓ Correct.");
  await course.expectNoConsoleErrors();
});

test("Enter in an answer field checks it, and focus moves to the verdict", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/m/compute-or-memory");
  const quiz = course.testId(QUIZ);
  const question = quiz.getByTestId("question-matmul-intensity");
  const input = question.getByTestId("answer-input");
  await input.focus();
  await page.keyboard.type("1024");
  await page.keyboard.press("Enter");
  const verdict = question.getByTestId("verdict");
  await expect(verdict).toContainText("✓ Correct.");
  // The Check button is now disabled; focus is on the feedback, not lost to the page.
  await expect(verdict).toBeFocused();
  // A choice question: Check by keyboard, and focus lands on its verdict too.
  const choice = quiz.getByTestId("question-decode-limit");
  await choice.getByTestId("option-2").check();
  await choice.getByTestId("check").press("Enter");
  await expect(choice.getByTestId("verdict")).toBeFocused();
  await course.expectNoConsoleErrors();
});
