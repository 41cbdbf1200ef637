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
