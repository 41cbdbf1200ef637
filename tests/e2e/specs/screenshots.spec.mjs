// Screenshots of what a learner sees, saved under target/screenshots for review.
import { test, expect } from "@playwright/test";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WIDGETS, moduleRoutes } from "../pages/routes.mjs";

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../target/screenshots");

const cases = [
  ["home-light", "/", "light", 1280],
  ["home-dark", "/", "dark", 1280],
  ["module-light", "/m/why-hardware", "light", 1280],
  ["module-dark", "/m/why-hardware", "dark", 1280],
  ["module-360", "/m/why-hardware", "light", 360],
  ["home-360", "/", "dark", 360],
  ["lab-light", "/lab/train-compute", "light", 1280],
  ["splitter-light", "/lab/splitter", "light", 1280],
  ["splitter-dark-360", "/lab/splitter", "dark", 360],
  ["tco-light", "/lab/tco", "light", 1280],
  ["tco-dark-360", "/lab/tco", "dark", 360],
  ["energy-light", "/lab/energy", "light", 1280],
  ["energy-dark-360", "/lab/energy", "dark", 360],
  ["serve-light", "/lab/serve", "light", 1280],
  ["serve-dark-360", "/lab/serve", "dark", 360],
];

// Pages long enough that the widget's results are below the first screen.
const fullPage = (name) => ["splitter", "tco", "energy", "serve"].some((prefix) => name.startsWith(prefix));

for (const [name, route, scheme, width] of cases) {
  test(`screenshot ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`/#${route}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The course map fills in as modules arrive; wait for all of them.
    await expect(page.getByText("Loading…")).toHaveCount(0);
    if (route.startsWith("/lab")) {
      await expect(page.getByTestId("chart")).toHaveAttribute("data-state", "ready");
    }
    // No horizontal scrolling at any width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: fullPage(name) });
    await context.close();
  });
}

test("the theme toggle switches to dark and is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/#/");
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveText("Theme: system");
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveText("Theme: dark");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(18, 22, 28)");
  await page.reload();
  await expect(page.getByTestId("theme-toggle")).toHaveText("Theme: dark");
});

test("on a 360 px screen the menu button opens the module list", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("/#/m/why-hardware");
  const nav = page.getByRole("navigation", { name: "Modules" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: /Cluster management/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cluster management and scheduling");
  await expect(nav).toBeHidden();
  await context.close();
});

// Every widget and every module, at a phone's width and a laptop's: a page that
// scrolls sideways hides part of the text, and a wide table must scroll inside its
// own box. Hidden table captions once widened the catalogue page by 500 px.

for (const width of [360, 1280]) {
  test(`no page scrolls sideways at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // Boxes that do scroll sideways (wide tables, long formulas) must shade
    // the edge that hides more, or a table cut at a column edge looks whole.
    let scrollers = 0;
    const unshaded = [];
    const checkScrollers = async (where) => {
      const found = await page.evaluate(() => [...document.querySelectorAll("body *")]
        .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1
          && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
        .map((el) => ({ name: `${el.tagName.toLowerCase()}.${el.className}`, shaded: getComputedStyle(el).backgroundImage.includes("radial-gradient") })));
      scrollers += found.length;
      for (const box of found.filter((b) => !b.shaded)) unshaded.push(`${where}: ${box.name}`);
    };
    const wide = [];
    for (const widget of WIDGETS) {
      await page.goto(`/#/lab/${widget}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("section.widget").first()).toBeVisible();
      if ((await overflow()) > 0) wide.push(`lab/${widget}`);
      await checkScrollers(`lab/${widget}`);
    }
    await page.goto("/#/");
    await expect(page.getByText("Loading…")).toHaveCount(0);
    const modules = await moduleRoutes(page);
    for (const hash of modules) {
      await page.goto(`/${hash}`);
      await expect(page.getByText("Loading…")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("article p").first()).toBeVisible();
      if ((await overflow()) > 0) wide.push(hash);
      await checkScrollers(hash);
    }
    expect(wide).toEqual([]);
    expect(unshaded).toEqual([]);
    if (width === 360) expect(scrollers).toBeGreaterThan(10);
    await context.close();
  });
}

// A closed menu shows only what fits beside its arrow. On a 360 px phone,
// accelerator names and long choices were cut off mid-word ("NVIDIA B200 (HGX
// B200 / DG"), so every choice of every menu must fit its closed menu there.
// Chromium's arrow takes 20 px inside the right padding; a choice measured
// with the menu's own font must fit in what is left. Every choice also starts
// with a capital or a digit, as a menu entry does ("Training", not "training").
test("every menu shows its choices whole at 360 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const cut = [];
  let measured = 0;
  for (const widget of WIDGETS) {
    await page.goto(`/#/lab/${widget}`);
    await expect(page.locator("section.widget").first()).toBeVisible();
    // Wait for the form; a widget without menus (training compute) has fields only.
    await expect(page.locator("section.widget :is(input, select)").first()).toBeVisible();
    // Accelerator menus fill in when the catalogue arrives; measure them full.
    await page.waitForFunction(() => [...document.querySelectorAll("section.widget select[id$='-accelerator']")]
      .every((select) => select.options.length >= 10));
    const found = await page.evaluate(() => {
      const context2d = document.createElement("canvas").getContext("2d");
      const result = { cut: [], measured: 0 };
      for (const select of document.querySelectorAll("section.widget select")) {
        const style = getComputedStyle(select);
        context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        for (const option of select.options) {
          result.measured += 1;
          const width = context2d.measureText(option.text).width;
          if (width > room) result.cut.push(`${select.id}: "${option.text}" needs ${Math.ceil(width)} px of ${Math.floor(room)}`);
          if (/^\p{Ll}/u.test(option.text)) result.cut.push(`${select.id}: "${option.text}" starts in lower case`);
        }
      }
      return result;
    });
    cut.push(...found.cut);
    measured += found.measured;
  }
  expect(measured).toBeGreaterThan(100);
  expect(cut).toEqual([]);
  await context.close();
});

// The progress table is the page's content, so on a phone it fits its box
// instead of hiding a column behind a sideways scroll.
test("the progress table fits a 360 px phone without scrolling sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto("/#/m/matching");
  // The visit is recorded once the module is on screen.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/#/progress");
  const row = page.getByTestId("progress-row-matching");
  await expect(row.getByTestId("progress-status")).toHaveText("◐ Started");
  const overflow = await page.locator(".progress-page .table-scroll").evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

// A wide table on a phone keeps each row's name beside its figures, and its
// caption in view, however far it is scrolled sideways: module 2's comparison
// of the classes (eight columns) and the roofline's data table.
test("wide tables keep their first column and caption in place when scrolled", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto("/#/m/accelerators");
  const compare = page.locator(".table-scroll", { has: page.getByRole("columnheader", { name: "Ridge (BF16)" }) });
  await compare.scrollIntoViewIfNeeded();
  const part = compare.getByRole("columnheader", { name: "Part" });
  const row = compare.getByRole("row").filter({ hasText: "Trainium2" });
  const before = { part: await part.boundingBox(), name: await row.locator("td").first().boundingBox() };
  // The sticky column covers the box's left shade, so once scrolled it casts
  // one itself: the alpha of its shadow colour, 0 when nothing is hidden.
  const shade = () => row.locator("td").first().evaluate((el) => {
    const colour = getComputedStyle(el).boxShadow.match(/rgba?\(([^)]*)\)/);
    return colour ? Number(colour[1].split(",")[3] ?? 1) : 0;
  });
  expect(await shade()).toBe(0);
  const scrolled = await compare.evaluate((el) => { el.scrollLeft = el.scrollWidth; return el.scrollLeft; });
  expect(scrolled).toBeGreaterThan(300);
  await expect.poll(shade).toBeGreaterThan(0.2);
  const box = await compare.boundingBox();
  for (const [cell, was] of [[part, before.part], [row.locator("td").first(), before.name]]) {
    const now = await cell.boundingBox();
    expect(Math.abs(now.x - was.x)).toBeLessThan(1);
    expect(now.x).toBeGreaterThanOrEqual(box.x);
  }
  // The last figure, scrolled into view, is not under the name column.
  const ridge = await row.locator("td").last().boundingBox();
  expect(ridge.x).toBeGreaterThanOrEqual(before.name.x + before.name.width - 1);
  expect(ridge.x + ridge.width).toBeLessThanOrEqual(box.x + box.width + 1);

  await page.goto("/#/lab/roofline");
  const details = page.getByTestId("chart-table").first();
  await details.locator("summary").click();
  const scroller = details.locator(".table-scroll");
  const caption = scroller.locator("caption");
  await expect(caption).toContainText("Roofline data");
  await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
  const [shown, text] = [await scroller.boundingBox(), await caption.boundingBox()];
  expect(text.x).toBeGreaterThanOrEqual(shown.x - 1);
  expect(text.x + text.width).toBeLessThanOrEqual(shown.x + shown.width + 1);
  await context.close();
});

// A displayed formula scrolls sideways inside its own box, and such a box
// also clips top and bottom: a tall fraction once lost the top of its
// numerator. Every formula in the modules, and in every widget's opened
// explanations, must fit its box's height. Each scrolling box also shades
// its edges with covers in --surface, which must be the colour behind the
// box, or the covers show as pale patches (they did in every explanation
// panel); both are checked in both themes.
test("no displayed formula is clipped, and every scroll box's shading matches what is behind it", async ({ browser }) => {
  // Twenty-one pages in two themes, with every explanation opened.
  test.setTimeout(360_000);
  let formulas = 0;
  let boxes = 0;
  const clipped = [];
  const patched = [];
  for (const colorScheme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/#/");
    const routes = [...await moduleRoutes(page), ...WIDGETS.map((widget) => `#/lab/${widget}`)];
    for (const route of routes) {
      await page.goto(`/${route}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.locator(".explain-toggle").evaluateAll((buttons) => buttons
        .filter((button) => button.getAttribute("aria-expanded") === "false")
        .forEach((button) => button.click()));
      // Formulas in an opened explanation are typeset a moment later.
      await page.waitForTimeout(300);
      const found = await page.locator(".math-scroll").evaluateAll((all) => all
        .filter((box) => box.offsetParent !== null && box.querySelector("math"))
        .map((box) => ({ tex: box.querySelector("math").getAttribute("alttext"), over: box.scrollHeight - box.clientHeight })));
      formulas += found.length;
      for (const f of found.filter((f) => f.over > 0)) clipped.push(`${colorScheme} ${route}: ${f.tex} (${f.over} px)`);
      const shading = await page.evaluate(() => {
        // A canvas normalises any colour to one spelling (the page's strict
        // style policy refuses inline styles, so no swatch element can).
        const pen = document.createElement("canvas").getContext("2d");
        const resolve = (colour) => { pen.fillStyle = "#000001"; pen.fillStyle = colour; return pen.fillStyle; };
        const result = [...document.querySelectorAll(".table-scroll, .math-scroll, pre")]
          .filter((box) => box.offsetParent !== null)
          .map((box) => {
            let behind = box.matches("pre") ? box : box.parentElement;
            while (behind && ["rgba(0, 0, 0, 0)", "transparent"].includes(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
            const surface = getComputedStyle(box).getPropertyValue("--surface").trim()
              || getComputedStyle(document.documentElement).getPropertyValue("--bg").trim();
            return { name: `${box.className} in ${behind?.className}`, surface: resolve(surface), behind: behind ? resolve(getComputedStyle(behind).backgroundColor) : "" };
          });
        return result;
      });
      boxes += shading.length;
      for (const box of shading.filter((b) => b.surface !== b.behind)) {
        patched.push(`${colorScheme} ${route}: ${box.name}: ${box.surface} on ${box.behind}`);
      }
    }
    await context.close();
  }
  expect(formulas).toBeGreaterThan(80);
  expect(boxes).toBeGreaterThan(150);
  expect(clipped).toEqual([]);
  expect([...new Set(patched)]).toEqual([]);
});

// In every widget's form, the controls of one row share a top edge and a
// height, whether a field has a hint, a label that wraps, a menu instead of a
// text box, or the thicker border of an invalid value. Before the form grids
// used subgrid, a menu without a hint sat a line above the text boxes beside it.
test("the controls in one row of a form line up", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const levelRows = async (where) => {
    await expect(page.locator("section.widget, .quiz").first()).toBeVisible();
    const rows = await page.locator(".widget-form > .field, .field-group > .field").evaluateAll((fields) => {
      const byRow = new Map();
      for (const field of fields) {
        const control = field.querySelector(":scope > input, :scope > select");
        if (!control) continue;
        const top = Math.round(field.getBoundingClientRect().top);
        const box = control.getBoundingClientRect();
        byRow.set(top, [...(byRow.get(top) ?? []), { id: control.id, top: box.top, height: box.height }]);
      }
      return [...byRow.values()].filter((row) => row.length > 1);
    });
    for (const row of rows) {
      const first = row[0];
      for (const control of row) {
        expect(Math.abs(control.top - first.top), `${where}: ${control.id} beside ${first.id}`).toBeLessThan(1);
        expect(Math.abs(control.height - first.height), `${where}: ${control.id} beside ${first.id}`).toBeLessThan(1);
      }
    }
    return rows.length;
  };
  let rowsChecked = 0;
  for (const widget of WIDGETS) {
    await page.goto(`/#/lab/${widget}`);
    rowsChecked += await levelRows(widget);
  }
  // The splitter, matcher and serving forms alone have more than ten rows of
  // two or three fields, so a sweep that found none would be broken.
  expect(rowsChecked).toBeGreaterThan(10);
  // Invalid values beside valid ones: a bad number, a bad menu value.
  await page.goto("/#/lab/splitter?splitter.tp=abc&splitter.zero=9");
  await expect(page.getByTestId("error-tp")).toContainText("not a number");
  expect(await levelRows("splitter with bad values")).toBeGreaterThan(3);
  await context.close();
});
