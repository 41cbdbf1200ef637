// Every text field of every widget, fed the inputs the brief names (empty,
// negative, NaN, a number too big for f64, a huge finite number, zero), must
// either take the value or say why beside the field. The results never show
// NaN or infinity, the page logs no error, and putting the first value back
// clears the message.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

// Each roofline operation and the splitter's custom model show fields of their own.
const ROOFLINE_OPS = [
  "matmul", "layernorm", "embedding", "attention", "conv2d", "prefill", "decode", "cnn_inference",
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
    test.setTimeout(180_000);
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
        if ((await input.getAttribute("aria-invalid")) === "true") {
          refused += 1;
          await expect(error, `${field}=${bad}`).not.toBeEmpty();
        } else {
          await expect(error, `${field}=${bad}`).toBeEmpty();
        }
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
