// Every page a sweep test visits: the lab's widgets, and the modules as the
// course map lists them once it has filled in.
import { expect } from "@playwright/test";

export const WIDGETS = ["train-compute", "roofline", "catalogue", "matcher", "matching-quiz", "splitter",
  "casestudy", "serve", "energy", "tco", "chiplet", "checkpoint"];

// The module routes (`#/m/SLUG`) linked from the open page, once all nine are
// listed: the course map fills in as module files arrive.
export async function moduleRoutes(page) {
  const listed = () => page.locator('a[href*="#/m/"]').evaluateAll((links) =>
    [...new Set(links.map((link) => new URL(link.href).hash.split("?")[0]))]);
  await expect.poll(async () => (await listed()).length).toBeGreaterThanOrEqual(9);
  return listed();
}
