// Every chart keeps its text readable on a phone and on a desktop: no axis
// name, tick label or legend entry is cut off by the canvas edge, and no two
// of them are drawn over each other. echarts draws on a canvas, so the text
// boxes come from the chart instance (echarts.getInstanceByDom) and its
// zrender display list; the vendored echarts is pinned, so that list is stable.
import { test, expect } from "@playwright/test";

const CHART_WIDGETS = ["roofline", "train-compute", "splitter", "casestudy", "serve", "energy", "tco", "chiplet", "checkpoint"];

// Boxes of every piece of text each chart on the page draws, in canvas pixels.
function textBoxes() {
  return [...document.querySelectorAll('[data-testid="chart"]')].map((element) => {
    const zr = window.echarts.getInstanceByDom(element).getZr();
    const boxes = [];
    for (const shape of zr.storage.getDisplayList(true)) {
      if (shape.type !== "tspan" || shape.invisible || shape.ignore || !shape.style?.text) continue;
      const box = shape.getBoundingRect().clone();
      const transform = shape.getComputedTransform();
      if (transform) box.applyTransform(transform);
      boxes.push({ text: String(shape.style.text), x: box.x, y: box.y, w: box.width, h: box.height });
    }
    return { width: zr.getWidth(), height: zr.getHeight(), boxes };
  });
}

function problems({ width, height, boxes }) {
  const found = [];
  for (const b of boxes) {
    if (b.x < -0.5 || b.y < -0.5 || b.x + b.w > width + 0.5 || b.y + b.h > height + 0.5) {
      found.push(`"${b.text}" is cut off by the canvas edge`);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const across = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (across > 1 && down > 1) found.push(`"${a.text}" overlaps "${b.text}"`);
    }
  }
  return found;
}

for (const width of [360, 390, 768, 1280]) {
  for (const widget of CHART_WIDGETS) {
    test(`the ${widget} chart's text fits and does not overlap at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto(`/#/lab/${widget}`);
      const charts = page.getByTestId("chart");
      if (widget === "splitter") {
        // The auto-split's Pareto chart appears once a search has run.
        await page.getByTestId("auto-run").click();
        await expect(page.getByTestId("auto-row")).toHaveCount(10, { timeout: 40_000 });
        await expect(charts).toHaveCount(2);
      }
      // The case study draws its charts when its simulation finishes.
      await expect(charts.first()).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
      const count = await charts.count();
      for (let i = 0; i < count; i++) await expect(charts.nth(i)).toHaveAttribute("data-state", "ready");
      // The drawing waits for an animation frame after the data settles.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const charted = await page.evaluate(textBoxes);
      expect(charted.length).toBe(count);
      for (const chart of charted) {
        // A chart with no text at all would pass vacuously, so ask for some.
        expect(chart.boxes.length).toBeGreaterThan(5);
        expect(problems(chart)).toEqual([]);
      }
      // The legend shows each series as the chart draws it: a line drawn
      // without symbols has none in the legend either. echarts draws a circle
      // there unless the series' item style is transparent.
      const legendSymbols = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="chart"]')].flatMap((element) =>
          window.echarts.getInstanceByDom(element).getOption().series
            .filter((series) => series.type === "line" && (series.showSymbol === false || series.symbol === "none"))
            .filter((series) => !(series.symbol === "none" && series.itemStyle?.opacity === 0))
            .map((series) => series.name)));
      expect(legendSymbols).toEqual([]);
      await context.close();
    });
  }
}

// The roofline's intensity axis grows with the operation; a huge matrix
// multiply once put 10,000 and 100,000 on top of each other on a phone.
for (const width of [360, 390]) {
  test(`the roofline's axis labels stay apart for a huge operation at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/#/lab/roofline?roofline.op=matmul&roofline.m=1000000&roofline.k=1000000&roofline.n=1000000");
    const chart = page.getByTestId("chart");
    await expect(chart).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const [charted] = await page.evaluate(textBoxes);
    expect(charted.boxes.map((b) => b.text)).toContain("100,000");
    expect(problems(charted)).toEqual([]);
    await context.close();
  });
}

// Eight parts on a phone wrap the legend to many rows; the canvas grows so
// the plot keeps its height, where a fixed 320 px once left it about 40 px.
test("a roofline of eight parts on a phone keeps a plot tall enough to read", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/#/lab/roofline?roofline.accelerators=h100-sxm-80gb,mi300x-192gb,tpu-v5e,l4-24gb,b200-sxm-180gb,t4-16gb,gaudi3-128gb,tpu7x&roofline.op=cnn_inference&roofline.batch=1");
  const chart = page.getByTestId("chart");
  await expect(chart).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const plot = await page.evaluate(() => {
    const instance = window.echarts.getInstanceByDom(document.querySelector('[data-testid="chart"]'));
    return { height: instance.getHeight(), grid: instance.getModel().getComponent("grid").coordinateSystem.getRect().height };
  });
  expect(plot.height).toBeGreaterThan(320);
  expect(plot.grid).toBeGreaterThan(150);
  const [charted] = await page.evaluate(textBoxes);
  expect(problems(charted)).toEqual([]);
  // Back to two parts by keyboard, the canvas shrinks with its legend.
  for (const id of ["mi300x-192gb", "tpu-v5e", "l4-24gb", "b200-sxm-180gb", "t4-16gb", "gaudi3-128gb"]) {
    await page.getByTestId(`pick-${id}`).press("Space");
  }
  await expect
    .poll(() => page.evaluate(() => window.echarts.getInstanceByDom(document.querySelector('[data-testid="chart"]')).getHeight()))
    .toBeLessThan(plot.height - 100);
  await context.close();
});

test("a chart drawn on a wide window is drawn again to fit when the window narrows", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/#/lab/roofline");
  const chart = page.getByTestId("chart");
  await expect(chart).toHaveAttribute("data-state", "ready");
  const wide = await chart.evaluate((element) => window.echarts.getInstanceByDom(element)?.getWidth() ?? 0);
  expect(wide).toBeGreaterThan(600);
  await page.setViewportSize({ width: 360, height: 800 });
  // The layout takes a frame or two to settle, so compare the canvas with the
  // element's width as it is at each poll, not as it was just after the resize.
  const fit = () => chart.evaluate((element) => {
    const canvas = window.echarts.getInstanceByDom(element)?.getWidth() ?? 0;
    return element.clientWidth < 400 && canvas === element.clientWidth;
  });
  await expect.poll(fit).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const [charted] = await page.evaluate(textBoxes);
  expect(problems(charted)).toEqual([]);
  await context.close();
});

// A widget with a "Predict first" box hides its results, charts included,
// until the learner guesses or skips. A chart drawn while hidden measures a
// width of 0, which echarts turns into a 100 px canvas; once shown, every
// chart must be drawn again at the width its box now has.
test("a chart hidden behind a prediction is drawn at full width once revealed", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const modules = ["why-hardware", "accelerators", "distributed-training", "clusters", "case-study", "cost-energy", "what-next"];
  let checked = 0;
  for (const module of modules) {
    await page.goto(`/#/m/${module}`);
    const skips = page.getByTestId("predict-skip");
    await expect(skips.first()).toBeVisible();
    const count = await skips.count();
    for (let i = 0; i < count; i++) await skips.first().click();
    await expect(skips).toHaveCount(0);
    const charts = page.getByTestId("chart");
    const total = await charts.count();
    expect(total, module).toBeGreaterThan(0);
    for (let i = 0; i < total; i++) {
      const chart = charts.nth(i);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart).toHaveAttribute("data-state", "ready");
      const fit = () => chart.evaluate((element) => {
        const canvas = window.echarts.getInstanceByDom(element)?.getWidth() ?? 0;
        return `${canvas} of ${element.clientWidth} px`;
      });
      const box = await chart.evaluate((element) => element.clientWidth);
      expect(box, `${module} chart ${i}`).toBeGreaterThan(400);
      await expect.poll(fit, { message: `${module} chart ${i}` }).toBe(`${box} of ${box} px`);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(12);
  await context.close();
});

// Colour is never the only thing that tells two series apart: within a chart,
// every series differs from the others in its kind (line, scatter, bar), its
// symbol or its dash pattern, and the legend draws all three. The roofline is
// loaded with five accelerators, the most series any chart here draws.
test("every chart tells its series apart without colour", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const routes = CHART_WIDGETS.map((widget) => widget === "roofline"
    ? "roofline?roofline.accelerators=h100-sxm-80gb,tpu-v5e,l4-24gb,mi300x-192gb,gaudi3-128gb"
    : widget);
  let multiSeries = 0;
  for (const route of routes) {
    await page.goto(`/#/lab/${route}`);
    const charts = page.getByTestId("chart");
    await expect(charts.first()).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
    const count = await charts.count();
    for (let i = 0; i < count; i++) {
      await expect(charts.nth(i)).toHaveAttribute("data-state", "ready");
      const marks = await charts.nth(i).evaluate((element) =>
        window.echarts.getInstanceByDom(element).getOption().series.map((s) =>
          [s.type, s.symbol ?? "", s.lineStyle?.type ?? "solid"].join(" ")));
      if (marks.length > 1) multiSeries += 1;
      expect(new Set(marks).size, `${route}, chart ${i}: ${marks.join("; ")}`).toBe(marks.length);
    }
  }
  // The roofline, splitter, chiplet, checkpoint, TCO, serving and case-study
  // charts draw more than one series; a test that saw none would prove nothing.
  expect(multiSeries).toBeGreaterThanOrEqual(6);
  await context.close();
});

// WCAG 1.4.11 asks 3:1 for the graphics a reader needs. Each series' colour,
// its own or the palette's, is measured against the page behind the chart.
test("every series colour stands out from the page in both themes", async ({ browser }) => {
  const luminance = (hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  let measured = 0;
  for (const colorScheme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const widget of CHART_WIDGETS) {
      await page.goto(`/#/lab/${widget}`);
      const charts = page.getByTestId("chart");
      await expect(charts.first()).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
      const background = await page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
        return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
      });
      const count = await charts.count();
      for (let i = 0; i < count; i++) {
        await expect(charts.nth(i)).toHaveAttribute("data-state", "ready");
        const colours = await charts.nth(i).evaluate((element) => {
          const option = window.echarts.getInstanceByDom(element).getOption();
          return option.series.map((s, index) => {
            const own = s.lineStyle?.color ?? s.itemStyle?.color;
            return [s.name, typeof own === "string" ? own : option.color[index % option.color.length]];
          });
        });
        for (const [name, colour] of colours) {
          expect(colour, `${widget} ${colorScheme}: ${name}`).toMatch(/^#[0-9a-f]{6}$/i);
          expect(contrast(colour, background), `${widget} ${colorScheme}: ${name} ${colour} on ${background}`)
            .toBeGreaterThanOrEqual(3);
          measured += 1;
        }
      }
    }
    await context.close();
  }
  expect(measured).toBeGreaterThan(30);
});

// A tooltip's numbers are rounded for reading and drawn apart from their
// names. The page's Content-Security-Policy blocks the inline styles of
// echarts' HTML tooltip, whose names and values then ran together with every
// digit the arithmetic left ("Spot112.41999999999999"); the tooltip is drawn
// on the canvas instead, so its pieces are separate text in the display list.
test("every chart's tooltip shows rounded numbers apart from their names", async ({ page }) => {
  let checked = 0;
  for (const widget of CHART_WIDGETS) {
    await page.goto(`/#/lab/${widget}`);
    const charts = page.getByTestId("chart");
    await expect(charts.first()).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
    const count = await charts.count();
    for (let i = 0; i < count; i++) {
      await expect(charts.nth(i)).toHaveAttribute("data-state", "ready");
      const shown = await charts.nth(i).evaluate((element) => {
        const chart = window.echarts.getInstanceByDom(element);
        const texts = () => chart.getZr().storage.getDisplayList(true)
          .filter((shape) => shape.type === "tspan" && !shape.invisible && shape.style?.text)
          .map((shape) => String(shape.style.text).trim())
          .filter(Boolean);
        const before = texts();
        const series = chart.getOption().series.findIndex((s) => (s.data ?? []).length > 1);
        chart.dispatchAction({ type: "showTip", seriesIndex: series, dataIndex: 1 });
        // What the tooltip added: the texts now drawn, less those drawn before.
        const added = texts();
        for (const text of before) {
          const at = added.indexOf(text);
          if (at >= 0) added.splice(at, 1);
        }
        return added;
      });
      const label = `${widget}, chart ${i}: ${JSON.stringify(shown)}`;
      const numbers = shown.filter((text) => /^[-\d.,\s×⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+$/.test(text));
      expect(numbers.length, label).toBeGreaterThan(0);
      expect(shown.length - numbers.length, label).toBeGreaterThan(0);
      for (const number of numbers) expect(number, label).not.toMatch(/\.\d{4}/);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(CHART_WIDGETS.length);
});

// An axis-triggered tooltip's heading says what the value is on its axis:
// it read as a bare "512" or "9" before, with the unit only under the chart.
test("a tooltip that follows an axis names that axis in its heading", async ({ page }) => {
  const headings = {
    "train-compute": /^Accelerators: [\d,]+$/,
    splitter: /^Accelerators: [\d,]+$/,
    serve: /^Batch limit: [\d,]+$/,
    checkpoint: /^Checkpoint interval \(minutes\): [\d,.]+$/,
    tco: /^Month: \d+$/,
    chiplet: /^Chiplets per product: \d+$/,
  };
  for (const [widget, heading] of Object.entries(headings)) {
    await page.goto(`/#/lab/${widget}`);
    const chart = page.getByTestId("chart").first();
    await expect(chart).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
    const shown = await chart.evaluate((element) => {
      const instance = window.echarts.getInstanceByDom(element);
      const series = instance.getOption().series.findIndex((s) => (s.data ?? []).length > 1);
      instance.dispatchAction({ type: "showTip", seriesIndex: series, dataIndex: 1 });
      return instance.getZr().storage.getDisplayList(true)
        .filter((shape) => shape.type === "tspan" && !shape.invisible && shape.style?.text)
        .map((shape) => String(shape.style.text).trim());
    });
    expect(shown.filter((text) => heading.test(text)), `${widget}: ${JSON.stringify(shown)}`).toHaveLength(1);
  }
});
