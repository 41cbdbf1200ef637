// Progress moves between browsers through an export file; a damaged file is refused.
import { test, expect } from "@playwright/test";
import fs from "node:fs";

test("export in one browser, import in another, and a tampered file is refused", async ({ page, browser }) => {
  await page.goto("/#/m/clusters");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/#/progress");
  await expect(page.getByTestId("history-empty")).toHaveText("No checkpoint attempts yet.");
  await page.getByTestId("learner-name").fill("Ada Lovelace");
  const reportPromise = page.waitForEvent("download");
  await page.getByTestId("export-report").press("Enter");
  const csv = fs.readFileSync(await (await reportPromise).path(), "utf8").split("\n");
  expect(csv[0]).toBe("course,learner,exported_at,module,title,visited,completed,attempts,best_score,latest_score,attempt,attempt_at,attempt_score,attempt_passed,question,answer,correct");
  expect(csv.find((line) => line.includes('"clusters"'))).toContain('"Ada Lovelace"');
  // Never attempted: the module's row has empty attempt and answer cells.
  expect(csv.find((line) => line.includes('"clusters"'))).toMatch(/,true,false,0,,,,,,,,,$/);
  expect(csv.at(-2)).toMatch(/^# fnv1a64 checksum of the lines above: [0-9a-f]{16}$/);
  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("export-progress").click();
  const download = await downloadPromise;
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(JSON.parse(text)).toMatchObject({ format: "compute-lab-progress", course: "compute-lab", learner: "Ada Lovelace" });
  await expect(page.getByTestId("transfer-status")).toContainText("Saved your progress");

  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto("/#/progress");
  await expect(fresh.getByTestId("progress-row-clusters")).toContainText("○ Not started");
  const tampered = text.replace('\\"visited\\":true', '\\"visited\\":false');
  expect(tampered).not.toEqual(text);
  await fresh.getByTestId("import-progress").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from(tampered) });
  await expect(fresh.getByTestId("transfer-status")).toContainText("checksum does not match");
  await fresh.getByTestId("import-progress").setInputFiles({ name: "good.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect(fresh.getByTestId("transfer-status")).toContainText("Imported");
  await expect(fresh.getByTestId("progress-row-clusters")).toContainText("◐ Started");
  await fresh.reload();
  await expect(fresh.getByTestId("progress-row-clusters")).toContainText("◐ Started");
  await other.close();
});
