// Every module listed in course.toml renders, with its widgets mounted, its
// catalogue numbers resolved, and no authoring error or console error.
import { test, expect } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { CoursePage } from "../pages/course-page.mjs";

const content = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content");
// The manifest and each module's front matter, read with a TOML parser.
const modules = parse(fs.readFileSync(path.join(content, "course.toml"), "utf8")).modules;
const frontMatter = (source) => parse(source.split(/^\+\+\+$/m)[1]);

test("the manifest lists modules", () => {
  expect(modules.length).toBeGreaterThanOrEqual(2);
});

for (const { slug, file, quiz } of modules) {
  test(`module ${slug} renders with its widgets`, async ({ page }) => {
    const course = new CoursePage(page);
    const source = fs.readFileSync(path.join(content, file), "utf8");
    const expectedTitle = frontMatter(source).title;
    const fences = (source.match(/^```widget /gm) || []).length;
    await course.goto(`/m/${slug}`);
    await expect(course.heading()).toHaveText(expectedTitle);
    await expect(page.locator("section.widget")).toHaveCount(fences);
    await expect(course.testId("authoring-error")).toHaveCount(0);
    // Every widget opens on its author's example, so none says it was changed.
    await expect(page.locator("section.widget").first()).toBeVisible();
    await expect(course.testId("widget-changed")).toHaveCount(0);
    await expect(page.locator(".module-body")).not.toContainText("unknown hardware value");
    // Formulas arrive as TeX and are typeset by the islands module; none may
    // stay pending and none may fail.
    await expect(page.locator(".math-pending")).toHaveCount(0);
    await expect(page.locator(".math-error")).toHaveCount(0);
    // Every diagram links to its own file, which the site serves, so a reader
    // on a phone can open it full size.
    const pictures = (source.match(/^!\[[^\]]*\]\(public\//gm) || []).length;
    const figureLinks = page.locator(".module-body a.figure-link");
    await expect(figureLinks).toHaveCount(pictures);
    for (const link of await figureLinks.all()) {
      const href = await link.getAttribute("href");
      await expect(link.locator("img")).toHaveAttribute("src", href);
      const response = await page.request.get(new URL(href, page.url()).href);
      expect(response.status(), href).toBe(200);
    }
    // Notes count up in reading order, the notes at the end count up too, and
    // note k names Sources item k, so a raised number means the same thing
    // whichever list the learner looks it up in.
    const notes = await page.evaluate(() => ({
      marks: [...document.querySelectorAll(".module-body .footnote-ref a")].map((a) => Number(a.textContent)),
      labels: [...document.querySelectorAll(".module-body .footnote .footnote-label")].map((l) => l.textContent),
      cites: [...document.querySelectorAll(".module-body .footnote")].map(
        (note) => note.textContent.match(/(?:See Sources, item|Source) (\d+)/)?.[1] ?? null,
      ),
      sources: document.querySelectorAll(".module-body #sources ~ ol > li").length,
    }));
    expect(notes.labels.length, "footnotes").toBeGreaterThan(0);
    expect(notes.labels).toEqual(notes.labels.map((_, i) => `${i + 1}.`));
    const firstSeen = notes.marks.filter((mark, i) => notes.marks.indexOf(mark) === i);
    expect(firstSeen).toEqual(firstSeen.map((_, i) => i + 1));
    expect(notes.cites).toEqual(notes.cites.map((_, i) => `${i + 1}`));
    expect(notes.sources).toBeGreaterThanOrEqual(notes.labels.length);
    await expect(page.locator("section.quiz")).toHaveCount(quiz ? 1 : 0);
    if (quiz) {
      // The checkpoint grades: a first answer gets a verdict with its explanation.
      const first = page.locator("section.quiz li.question").first();
      // Questions are shuffled per attempt, so the first may be of any type.
      const option = first.locator("input[type=radio], input[type=checkbox]").first();
      const selects = first.locator("select");
      if (await option.count()) {
        await option.check();
      } else if (await first.getByTestId("answer-input").count()) {
        await first.getByTestId("answer-input").fill("1");
      } else if (await selects.count()) {
        for (const select of await selects.all()) await select.selectOption({ index: 1 });
      }
      await first.getByTestId("check").click();
      await expect(first.getByTestId("verdict")).toContainText(/Correct\.|Not quite\./);
    }
    await course.expectNoConsoleErrors();
  });
}
