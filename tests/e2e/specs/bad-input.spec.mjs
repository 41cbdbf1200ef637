// Every text field of every widget, fed the inputs the brief names (empty,
// negative, NaN, a number too big for f64, a huge finite number, zero), must
// either take the value or say why beside the field. The results never show
// NaN or infinity, the page logs no error, and putting the first value back
// clears the message.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoursePage } from "../pages/course-page.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

// Each roofline operation and the splitter's custom model show fields of their own.
const ROOFLINE_OPS = [
  "matmul", "layernorm", "embedding", "attention", "conv2d", "prefill", "decode", "cnn_inference",
  "recommender_inference",
];
const WIDGETS = [
  "train-compute", "checkpoint", "splitter", "splitter?splitter.model=custom", "matcher",
  "casestudy", "chiplet", "tco", "energy", "serve",
  ...ROOFLINE_OPS.map((op) => `roofline?roofline.op=${op}`),
];
const BAD = ["", "-1", "NaN", "1e400", "1e300", "0"];

// The widget's text without field messages (which quote the typed value) and
// without menus (which may show a stray value from a link).
async function resultText(widget) {
  return widget.evaluate((root) => {
    const copy = root.cloneNode(true);
    copy.querySelectorAll(".field-error, select, .hint").forEach((el) => el.remove());
    return copy.textContent;
  });
}

for (const slug of WIDGETS) {
  test(`every field of ${slug} answers bad input beside itself`, async ({ page }) => {
    test.setTimeout(360_000);
    const course = new CoursePage(page);
    await course.goto(`/lab/${slug}`);
    const widget = page.locator('[data-testid^="widget-"]').first();
    const inputs = widget.locator('input[type="text"][data-testid^="input-"]');
    await expect(inputs.first()).toBeVisible();
    const count = await inputs.count();
    expect(count).toBeGreaterThanOrEqual(1);
    let refused = 0;
    for (let i = 0; i < count; i++) {
      const input = inputs.nth(i);
      const field = (await input.getAttribute("data-testid")).slice("input-".length);
      const error = widget.getByTestId(`error-${field}`);
      const original = await input.inputValue();
      for (const bad of BAD) {
        await input.fill(bad);
        await expect(input).toHaveValue(bad);
        // The field's flag and its message must agree: a message exactly when
        // the field is marked invalid. The page applies both after the input
        // event, and a busy widget (the case study simulating in slices on a
        // loaded machine) can take longer than two animation frames, so the
        // agreement is polled rather than read once.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const state = async () => ({
          invalid: (await input.getAttribute("aria-invalid")) === "true",
          message: ((await error.textContent()) || "").trim() !== "",
        });
        await expect.poll(async () => { const s = await state(); return s.invalid === s.message; },
          { message: `${field}=${bad}: flag and message disagree` }).toBe(true);
        if ((await state()).invalid) refused += 1;
        const text = await resultText(widget);
        expect(text, `${field}=${bad}`).not.toMatch(/\bNaN\b|\bInfinity\b|\binf\b/);
      }
      await input.fill(original);
      await expect(input, field).toHaveAttribute("aria-invalid", "false");
      await expect(error, field).toBeEmpty();
    }
    // NaN and 1e400 are never numbers a field can take, so each field refused at least those two.
    expect(refused).toBeGreaterThanOrEqual(2 * count);
    await expect(widget.getByTestId("results-invalid")).toHaveCount(0);
    await course.expectNoConsoleErrors();
  });
}

// The widget list with every field's link key, from the same engine table the
// page reads, so a field added later is covered without editing this test.
const catalogue = JSON.parse(
  execFileSync(path.join(repoRoot, "target/release/lab"), ["widgets"], { encoding: "utf8" }),
);
const GARBAGE = "<b>x</b>💥%";

for (const { slug, fields } of catalogue.filter((w) => w.fields.length > 0)) {
  test(`a link with garbage in every field of ${slug} keeps the page working`, async ({ page }) => {
    const course = new CoursePage(page);
    const query = fields.map((f) => `${slug}.${f}=${encodeURIComponent(GARBAGE)}`).join("&");
    await course.goto(`/lab/${slug}?${query}`);
    const widget = page.locator('[data-testid^="widget-"]').first();
    await expect(widget).toBeVisible();
    // The refused values are said on the page: beside their fields, or, for
    // the quiz's round size, which has no field, under the widget's title.
    const messages = widget.locator('[data-testid^="error-"]:not(:empty)');
    await expect(messages.first()).toBeVisible();
    await expect(messages.first()).toContainText("⚠");
    // The typed markup is text, never an element.
    await expect(widget.locator("b", { hasText: "x" })).toHaveCount(0);
    // The page's header and navigation still work.
    await page.getByRole("link", { name: "Glossary" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Glossary/);
    await course.expectNoConsoleErrors();
  });
}
