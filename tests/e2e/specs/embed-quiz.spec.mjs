// A checkpoint quiz embedded in another page (as in an LMS) reports its result
// to the host with postMessage, and only to the origin course.toml allows.
import { test, expect } from "@playwright/test";

test("an embedded quiz posts its result to the allowed host", async ({ page }) => {
  await page.goto("/host/index.html");
  const frame = page.frameLocator("iframe");
  const quiz = frame.getByTestId("quiz-second-checkpoint");
  await expect(quiz).toBeVisible();
  // No course chrome inside the frame.
  await expect(frame.getByRole("navigation")).toHaveCount(0);
  await quiz.getByTestId("option-1").check();
  await quiz.getByTestId("check").press("Enter");
  await quiz.getByTestId("quiz-finish").press("Enter");
  await expect(page.getByTestId("received")).toContainText('"type":"compute-lab:quiz-result"');
  const received = await page.evaluate(() => window.received);
  expect(received).toHaveLength(1);
  expect(received[0].data).toMatchObject({ course: "fixture", module: "second", quiz: "second-checkpoint", score: 1, max: 1, share: 1, passed: true, attempts: 1 });
});

test("an unknown embedded quiz id gives a helpful not-found page", async ({ page }) => {
  await page.goto("/#/embed/quiz/no-such-quiz");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found|No page/i);
});

test("an embedded quiz cannot be finished twice, so the host hears of one attempt", async ({ page }) => {
  await page.goto("/host/index.html");
  const frame = page.frameLocator("iframe");
  const quiz = frame.getByTestId("quiz-second-checkpoint");
  await expect(quiz).toBeVisible();
  await quiz.getByTestId("option-1").check();
  await quiz.getByTestId("check").click();
  const finish = quiz.getByTestId("quiz-finish");
  await finish.click();
  await expect(page.getByTestId("received")).toContainText('"attempts":1');
  // Once the attempt is recorded the button is disabled, and a forced click does nothing.
  await expect(finish).toBeDisabled();
  await finish.dispatchEvent("click");
  await expect(quiz.getByTestId("quiz-record")).toContainText("attempts 1");
  expect(await page.evaluate(() => window.received.length)).toBe(1);
});

test("a link inside an embedded widget opens a new tab instead of replacing the embed", async ({ page, context }) => {
  await page.goto("/#/embed/widget/matching-quiz");
  const selects = page.getByTestId("card-select");
  await expect(selects).toHaveCount(8);
  for (let i = 0; i < 8; i++) await selects.nth(i).selectOption("gpu");
  await page.getByTestId("matching-submit").click();
  const link = page.getByTestId("card-matcher-link").first();
  await expect(link).toBeVisible();
  const embedUrl = page.url();
  const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await expect(popup).toHaveURL(/#\/lab\/matcher\?matcher\.phase=/);
  // The embed itself stays where it was, with no course chrome.
  expect(page.url()).toBe(embedUrl);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await popup.close();
});
