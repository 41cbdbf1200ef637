// A printed module shows everything it holds: paper cannot scroll, so no
// table, formula or code block may be cut at its box's edge, and the
// catalogue, too wide for a portrait page, prints on landscape pages.
import { test, expect } from "@playwright/test";
import { moduleRoutes } from "../pages/routes.mjs";

// A4 at 96 px per inch is 794 px wide; less Chromium's default margins it
// leaves about 720 px for the page's content.
const PAGE_WIDTH = 720;

// Every table, formula and code block on the page, as it lays out on paper:
// how far its content runs past the page's right edge, and whether its box
// still scrolls or clips. The font size and left edge are there to explain a
// failure.
async function measureBoxes(page) {
  return page.evaluate((pageWidth) => [...document.querySelectorAll(".table-scroll, .math-scroll, pre")]
    .filter((el) => el.offsetParent !== null)
    .map((el) => {
      const content = el.matches("pre") ? el : el.firstElementChild;
      const style = getComputedStyle(el);
      const rect = content.getBoundingClientRect();
      return {
        name: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent.slice(0, 40)}`,
        catalogue: el.classList.contains("catalogue-scroll"),
        // What counts is the content itself (the table, the formula, the
        // code's lines); a box's scrollWidth would also count text kept for
        // screen readers that paper never shows.
        right: (el.matches("pre") ? rect.left + el.scrollWidth : rect.right) - pageWidth,
        clipped: style.overflowX !== "visible" || style.overflowY !== "visible" || style.maxHeight !== "none",
        layout: `left ${Math.round(rect.left)} px, ${getComputedStyle(content).fontSize}, print ${matchMedia("print").matches}`,
      };
    }), PAGE_WIDTH);
}

// What on the page would be cut on paper; the catalogue is left to the
// landscape test below.
function cutsIn(route, found) {
  const cut = [];
  for (const box of found) {
    if (box.clipped) cut.push(`${route}: ${box.name} still scrolls or clips`);
    if (box.right > 1 && !box.catalogue) cut.push(`${route}: ${box.name} ends ${Math.round(box.right)} px past the page (${box.layout})`);
  }
  return cut;
}

// The boxes once they have settled into their print layout: a box still
// settling gets a few moments to finish, a box really too wide stays too wide.
async function settledBoxes(page, route, keep = () => true) {
  let found = (await measureBoxes(page)).filter(keep);
  for (let retry = 0; retry < 5 && cutsIn(route, found).length > 0; retry++) {
    await page.waitForTimeout(300);
    found = (await measureBoxes(page)).filter(keep);
  }
  return found;
}

// Switches the page to print media and waits until its rules are in force.
async function printMedia(page) {
  await page.emulateMedia({ media: "print" });
  await page.waitForFunction(() => matchMedia("print").matches);
  // The header, hidden on paper, shows that the print rules have reached the page.
  await expect(page.locator(".site-header")).toBeHidden();
}

test("every module prints its tables, formulas and code whole", async ({ browser }) => {
  // Every module in turn, each printed and measured: about 15 s on an idle machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: PAGE_WIDTH, height: 1000 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/#/");
  const routes = await moduleRoutes(page);
  const cut = [];
  let boxes = 0;
  for (const route of routes) {
    await page.emulateMedia({ media: "screen" });
    // The route changes inside the page, so wait for the new module's heading,
    // not the one still showing from the previous route.
    const heading = page.getByRole("heading", { level: 1 });
    const previous = await heading.textContent();
    await page.goto(`/${route}`);
    await expect(heading).not.toHaveText(previous ?? "");
    await expect(page.getByTestId("module-title")).toBeVisible();
    // Catalogue numbers in the text arrive a moment after it.
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".hw-pending")).toHaveCount(0);
    await printMedia(page);
    const found = await settledBoxes(page, route);
    boxes += found.length;
    cut.push(...cutsIn(route, found));
  }
  expect(boxes).toBeGreaterThan(20);
  expect(cut).toEqual([]);
  await context.close();
});

test("a module whose catalogue could not load still prints within the page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: PAGE_WIDTH, height: 1000 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.route("**/content/hardware/*.toml", (route) => route.fulfill({ status: 404, body: "gone" }));
  await page.goto("/#/m/accelerators");
  const table = page.locator(".table-scroll").filter({ hasText: "Low-precision peak" });
  // Every number in the comparison table is the long note a missing value leaves.
  await expect(table.getByText("unknown hardware value:").first()).toBeVisible();
  await printMedia(page);
  const found = await settledBoxes(page, "/m/accelerators", (box) => box.name.includes("PartClassDense BF16 peak"));
  expect(found).toHaveLength(1);
  expect(cutsIn("/m/accelerators", found)).toEqual([]);
  await context.close();
});

test("the catalogue prints on landscape pages between portrait ones", async ({ page }) => {
  await page.goto("/#/m/accelerators");
  await expect(page.getByTestId("catalogue-table")).toBeVisible();
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  const pages = [...pdf.matchAll(/MediaBox\s*\[([^\]]+)\]/g)]
    .map((m) => m[1].trim().split(/\s+/).map(Number))
    .map(([, , width, height]) => (width > height ? "landscape" : "portrait"));
  expect(pages[0]).toBe("portrait");
  expect(pages).toContain("landscape");
  expect(pages.at(-1)).toBe("portrait");
  // The catalogue's landscape pages run in one block.
  const first = pages.indexOf("landscape");
  const last = pages.lastIndexOf("landscape");
  expect(pages.slice(first, last + 1).every((kind) => kind === "landscape")).toBe(true);
  // The table stays inside its box's border, which would otherwise keep the
  // portrait width the document is laid out at (A4's 794 px, no margins).
  await page.setViewportSize({ width: 794, height: 1000 });
  await page.emulateMedia({ media: "print" });
  await page.waitForFunction(() => matchMedia("print").matches);
  const spill = await page.getByTestId("catalogue-table").evaluate((table) => {
    const box = table.closest("section.widget").getBoundingClientRect();
    return table.getBoundingClientRect().right - box.right;
  });
  expect(spill).toBeLessThan(0);
});

// Printing from the dark theme: paper gets the light palette, so no widget or
// callout keeps a dark box around the black text print forces.
test("a module printed from the dark theme prints light", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/#/m/compute-or-memory");
  await expect(page.locator("section.widget").first()).toBeVisible();
  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  const boxes = await page.evaluate(() => [...document.querySelectorAll("section.widget, .callout, body")].map((el) => ({
    name: `${el.tagName.toLowerCase()}.${el.className}`,
    background: getComputedStyle(el).backgroundColor,
    color: getComputedStyle(el).color,
  })));
  expect(boxes.length).toBeGreaterThan(3);
  const dark = boxes.filter((b) => {
    const [r, g, bl] = (b.background.match(/\d+/g) || ["255", "255", "255"]).map(Number);
    const transparent = /rgba\(0, 0, 0, 0\)/.test(b.background);
    return !transparent && r + g + bl < 600;
  });
  expect(dark, JSON.stringify(dark.slice(0, 3))).toEqual([]);
  // Headings print without their "#" anchors.
  await expect(page.locator(".heading-anchor").first()).toBeHidden();
  await context.close();
});
