import { chromium } from "playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await b.newContext({ viewport: { width: 360, height: 760 }, reducedMotion: "reduce", colorScheme: "dark" });
const p = await ctx.newPage();
for (const [name, route, offsets] of [["matcher", "/lab/matcher", [1500, 2260, 3020]], ["quiz", "/lab/matching-quiz", [600, 1360]]]) {
  await p.goto(`http://127.0.0.1:8099/#${route}`);
  await p.locator("section.widget").first().waitFor();
  await p.waitForTimeout(1500);
  for (const y of offsets) await p.screenshot({ path: `/tmp/${name}-${y}.png`, fullPage: true, clip: { x: 0, y, width: 360, height: 760 } });
}
await b.close();
