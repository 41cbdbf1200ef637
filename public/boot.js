// Boots the WebAssembly app. This lives in its own file, not inline, so the
// page's Content-Security-Policy can forbid inline script entirely. Trunk
// writes the hashed file names into this script element's data attributes.
const script = document.querySelector("script[data-wasm]");
const base = document.baseURI;
try {
  const glue = await import(new URL(script.dataset.js, base).href);
  await glue.default({ module_or_path: new URL(script.dataset.wasm, base).href });
} catch (error) {
  const message = document.querySelector("[data-testid=boot-message]");
  if (message) {
    message.textContent = "Compute Lab could not start in this browser: " + error;
  }
  console.error(error);
}
