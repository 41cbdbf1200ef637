// The hardware catalogue widget: every part with sourced numbers, a class
// filter and sorts driven from the keyboard, and a bad link's values shown as
// field errors.
import { test, expect } from "@playwright/test";
import { CoursePage } from "../pages/course-page.mjs";

test("every catalogued part is listed, and each number links to its source", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  const rows = widget.root.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(25);
  await expect(widget.root.getByTestId("catalogue-summary")).toContainText(`${count} of ${count} parts shown`);
  // H100 SXM: dense BF16 989.5 TFLOP/s (half the 1,979 sparse figure) and 3,350 GB/s (NVIDIA H100 datasheet), each a sourced link.
  const h100 = widget.root.getByTestId("catalogue-row-h100-sxm-80gb");
  const bf16 = h100.getByRole("link", { name: "989.5 TFLOP/s" });
  await expect(bf16).toHaveAttribute("title", /^Source: .*checked \d{4}-\d{2}-\d{2}$/);
  expect(await bf16.getAttribute("href")).toMatch(/^https:\/\//);
  await expect(h100.getByRole("link", { name: "3,350 GB/s" })).toBeVisible();
  // A figure no source gives is a dash with a spoken "not published".
  await expect(widget.root.getByTestId("catalogue-row-loihi-2").locator(".catalogue-missing").first()).toContainText("not published");
  await course.expectNoConsoleErrors();
});

test("the class filter and the sort work from the keyboard and land in the link", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  await expect(widget.root.locator("tbody tr").first()).toBeVisible();
  // "Every class" → "GPUs" → "TPUs" with the arrow key.
  await widget.input("class").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(widget.input("class")).toHaveValue("tpu");
  const classes = await widget.root.locator("tbody tr th .catalogue-detail").allTextContents();
  expect(classes.length).toBeGreaterThan(0);
  expect(classes.every((text) => text.startsWith("TPU ·"))).toBe(true);
  await expect(page).toHaveURL(/catalogue\.class=tpu/);
  await widget.input("sort").selectOption("year");
  const years = await widget.root.locator("tbody tr td:nth-of-type(1)").allTextContents();
  const known = years.map((text) => Number.parseInt(text, 10)).filter(Number.isFinite);
  expect(known.length).toBeGreaterThan(1);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  await course.expectNoConsoleErrors();
});

test("values in a link that are not choices show beside their fields", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue?catalogue.class=quantum&catalogue.sort=speed");
  const widget = course.widget("catalogue");
  // The page asks for a choice from the menu, which shows the stray value,
  // then names the keys a link may use, for whoever is fixing the link.
  await expect(widget.error("class")).toHaveText("⚠ “quantum” is not one of this menu's choices; pick one from the list."
    + " A link may say: all, gpu, tpu, asic, fpga, cpu, edge, neuromorphic.");
  await expect(widget.error("sort")).toHaveText(/^⚠ “speed” is not one of this menu's choices; pick one from the list\. A link may say: class, name, year, fp32, bf16, .*tdp.*purchase_price_low\.$/);
  await expect(widget.input("class").locator("option:checked")).toHaveText("quantum (not available)");
  await expect(widget.root.getByTestId("results-invalid")).toBeVisible();
  await widget.input("class").selectOption("gpu");
  await widget.input("sort").selectOption("bandwidth");
  await expect(widget.root.getByTestId("results-invalid")).toHaveCount(0);
  await expect(widget.root.locator("tbody tr").first()).toBeVisible();
});

test("on its own page at 1600 px the catalogue uses the width beside the sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const course = new CoursePage(page);
  await course.goto("/m/accelerators");
  await expect(page.locator(".prose h1, article h1").first()).toBeVisible();
  const moduleWidth = await page.locator("#main-content").evaluate((el) => el.clientWidth);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  await expect(widget.root.locator("tbody tr").first()).toBeVisible();
  const labWidth = await page.locator("#main-content").evaluate((el) => el.clientWidth);
  // The module keeps a reading width (52rem); the lab page widens to 76rem, so
  // the Scale-up link column is on screen without scrolling the table.
  expect(moduleWidth).toBeLessThanOrEqual(52 * 16);
  expect(labWidth).toBeGreaterThan(moduleWidth + 200);
  const scaleUp = widget.root.getByRole("columnheader", { name: /Scale-up link/ });
  const box = await scaleUp.boundingBox();
  const scroller = await widget.root.locator(".table-scroll").boundingBox();
  expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width);
  // The lede above the widget keeps a readable line length.
  const lede = await page.locator(".lab > .lede").evaluate((el) => el.clientWidth);
  expect(lede).toBeLessThanOrEqual(46 * 16);
  await course.expectNoConsoleErrors();
});

test("on a phone the part names leave room for the figures, and the software has its own column", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  const h100 = widget.root.getByTestId("catalogue-row-h100-sxm-80gb");
  await expect(h100).toBeVisible();
  // The name column stays in view while the figures scroll under it. When it
  // also held the software list it took 60% of the box and left room for one
  // figure; it must now leave more than half the box to the figures.
  const scroller = await widget.root.locator(".table-scroll").boundingBox();
  const name = await h100.locator("th").boundingBox();
  expect(name.width).toBeLessThan(scroller.width * 0.45);
  await expect(h100.locator("th .catalogue-detail")).toHaveText("GPU · NVIDIA");
  await expect(widget.root.getByRole("columnheader", { name: "Software" })).toHaveCount(1);
  await expect(h100.locator("td.catalogue-software")).toContainText("CUDA");
  // Scrolled to the end, the name is still beside its sources, the last column.
  await widget.root.locator(".table-scroll").evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  const after = await h100.locator("th").boundingBox();
  expect(Math.abs(after.x - name.x)).toBeLessThan(1);
  const sources = await h100.locator("td.catalogue-sources").boundingBox();
  expect(sources.x).toBeGreaterThanOrEqual(after.x + after.width - 1);
  expect(sources.x + sources.width).toBeLessThanOrEqual(scroller.x + scroller.width + 1);
  // Scrolled down inside its box, the column labels stay on top of the rows.
  const box = widget.root.locator(".table-scroll");
  await box.scrollIntoViewIfNeeded();
  await box.evaluate((el) => { el.scrollLeft = 0; el.scrollTop = el.scrollHeight; });
  const shown = await box.boundingBox();
  const year = await widget.root.getByRole("columnheader", { name: "Year" }).boundingBox();
  expect(Math.abs(year.y - shown.y)).toBeLessThan(2);
  const lastRow = await widget.root.locator("tbody tr").last().boundingBox();
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(shown.y + shown.height + 1);
  await course.expectNoConsoleErrors();
});

// A practitioner pricing a fleet wants the cheapest first; parts with no
// listed price still sink to the bottom rather than pass for free.
test("the catalogue sorts by price cheapest first, and says which way links are counted", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  await widget.input("sort").selectOption("purchase_price_low");
  await expect(widget.root.locator("tbody tr").first()).toContainText("Coral Edge TPU");
  await expect(page).toHaveURL(/catalogue\.sort=purchase_price_low/);
  await expect(widget.root.getByRole("columnheader", { name: "Scale-up link (both ways)" })).toBeVisible();
  await expect(widget.root).toContainText("halve the first before comparing the two");
  await course.expectNoConsoleErrors();
});

// A link's tooltip cannot be read by touch or reached by keyboard, so each
// row also lists its sources, with the figures each covers and when it was
// checked, behind a summary the keyboard opens.
test("each part's sources can be opened by keyboard, with what they cover and when they were checked", async ({ page }) => {
  const course = new CoursePage(page);
  await course.goto("/lab/catalogue");
  const widget = course.widget("catalogue");
  const row = widget.root.getByTestId("catalogue-row-tpu-v5p");
  const sources = row.getByTestId("catalogue-sources");
  await expect(sources.locator("summary")).toHaveText(/^\d+ sources$/);
  await sources.locator("summary").focus();
  await page.keyboard.press("Enter");
  const jax = sources.locator("li", { hasText: "jax/_src/tpu_info.py" });
  await expect(jax).toBeVisible();
  await expect(jax).toContainText("for INT8; checked 2026-12-06.");
  await expect(jax.locator("a")).toHaveAttribute("href", /github\.com\/jax-ml\/jax\/blob\/cec06d1/);
  await course.expectNoConsoleErrors();
});

test("every sort and class choice reads whole in its closed menu, in the lab and in a module", async ({ page }) => {
  const course = new CoursePage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const route of ["/lab/catalogue", "/m/accelerators"]) {
    await course.goto(route);
    const widget = page.locator('section.widget:has([data-testid="input-sort"])').first();
    await expect(widget.getByTestId("input-sort")).toBeVisible();
    for (const field of ["sort", "class"]) {
      // A closed select draws only its chosen option and cuts it at the arrow,
      // so the widest choice is measured against the room left of the arrow.
      const [widest, room] = await widget.getByTestId(`input-${field}`).evaluate((select) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
        return [widest, select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20];
      });
      expect(widest, `${route} ${field}`).toBeLessThanOrEqual(room);
    }
  }
});
