// A printed module shows everything it holds: paper cannot scroll, so no
// table, formula or code block may be cut at its box's edge, and the
// catalogue, too wide for a portrait page, prints on landscape pages.
import { test, expect } from "@playwright/test";
import { moduleRoutes } from "../pages/routes.mjs";

// A4 at 96 px per inch is 794 px wide; less Chromium's default margins it
// leaves about 720 px for the page's content.
const PAGE_WIDTH = 720;

test("every module prints its tables, formulas and code whole", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: PAGE_WIDTH, height: 1000 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/#/");
  const routes = await moduleRoutes(page);
  const cut = [];
  let boxes = 0;
  for (const route of routes) {
    await page.emulateMedia({ media: "screen" });
    await page.goto(`/${route}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Catalogue numbers in the text arrive a moment after it.
    await page.waitForLoadState("networkidle");
    await page.emulateMedia({ media: "print" });
    // The print rules reach the page a moment after the call returns; the
    // header, hidden on paper, shows when they have.
    await expect(page.locator(".site-header")).toBeHidden();
    // What counts is the content itself (the table, the formula, the code's
    // lines), measured against the page; a box's scrollWidth would also count
    // text kept for screen readers that paper never shows.
    const found = await page.evaluate((pageWidth) => [...document.querySelectorAll(".table-scroll, .math-scroll, pre")]
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const content = el.matches("pre") ? el : el.firstElementChild;
        const style = getComputedStyle(el);
        return {
          name: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent.slice(0, 40)}`,
          catalogue: el.classList.contains("catalogue-scroll"),
          right: (el.matches("pre")
            ? el.getBoundingClientRect().left + el.scrollWidth
            : content.getBoundingClientRect().right) - pageWidth,
          clipped: style.overflowX !== "visible" || style.overflowY !== "visible" || style.maxHeight !== "none",
        };
      }), PAGE_WIDTH);
    boxes += found.length;
    for (const box of found) {
      if (box.clipped) cut.push(`${route}: ${box.name} still scrolls or clips`);
      // The catalogue prints on landscape pages, checked below; everything
      // else fits the width of a portrait page.
      if (box.right > 1 && !box.catalogue) cut.push(`${route}: ${box.name} ends ${Math.round(box.right)} px past the page`);
    }
  }
  expect(boxes).toBeGreaterThan(20);
  expect(cut).toEqual([]);
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
});
