// A page object for Compute Lab: navigation by hash route, and the landmarks
// every test asserts on. Tests talk to the page through roles and test ids.
import { expect } from "@playwright/test";

export class CoursePage {
  constructor(page, base = "") {
    this.page = page;
    this.base = base;
    this.consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error") this.consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => this.consoleErrors.push(String(error)));
  }

  async goto(route) {
    await this.page.goto(`${this.base}#${route}`);
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  testId(id) {
    return this.page.getByTestId(id);
  }

  widget(instance = "train-compute") {
    return new WidgetPanel(this.page.getByTestId(`widget-${instance}`));
  }

  async expectNoConsoleErrors() {
    expect(this.consoleErrors, this.consoleErrors.join("\n")).toEqual([]);
  }
}

export class WidgetPanel {
  constructor(root) {
    this.root = root;
  }

  input(field) {
    return this.root.getByTestId(`input-${field}`);
  }

  error(field) {
    return this.root.getByTestId(`error-${field}`);
  }

  value(output) {
    return this.root.getByTestId(`value-${output}`);
  }

  async set(field, text) {
    await this.input(field).fill(text);
  }
}
