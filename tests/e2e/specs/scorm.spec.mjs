// The course as a SCORM 1.2 package in a stand-in LMS (scorm-again): it
// initializes, reports score and status as the learner works, and keeps
// progress in suspend_data.
import { test, expect } from "@playwright/test";

const api = (page, expression) => page.evaluate((e) => eval(e), expression);

test("the packaged course reports to the LMS as the learner works", async ({ page }) => {
  await page.goto("/host/scorm.html");
  const frame = page.frameLocator("iframe");
  const quiz = frame.getByTestId("quiz-second-checkpoint");
  await expect(quiz).toBeVisible();
  await expect.poll(() => api(page, "window.calls.includes('LMSInitialize')")).toBe(true);
  await expect.poll(() => api(page, "window.API.cmi.core.lesson_status")).toBe("incomplete");

  await quiz.getByTestId("option-1").check();
  await quiz.getByTestId("check").press("Enter");
  await quiz.getByTestId("quiz-finish").press("Enter");
  await expect.poll(() => api(page, "window.API.cmi.core.score.raw")).toBe("100");
  // One module of two is complete: not finished yet.
  await expect.poll(() => api(page, "window.API.cmi.core.lesson_status")).toBe("incomplete");
  expect(await api(page, "window.API.cmi.suspend_data")).toContain("second");

  // Completing the other module finishes the course.
  await page.frames()[1].evaluate(() => { window.location.hash = "#/m/hostile"; });
  await frame.getByTestId("complete-button").click();
  await expect.poll(() => api(page, "window.API.cmi.core.lesson_status")).toBe("passed");
  expect(await api(page, "window.calls.filter((c) => c === 'LMSCommit').length")).toBeGreaterThan(1);
});
