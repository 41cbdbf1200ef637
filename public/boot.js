// Boots the WebAssembly app. This lives in its own file, not inline, so the
// page's Content-Security-Policy can forbid inline script entirely. Trunk
// writes the hashed file names into this script element's data attributes.
const script = document.querySelector("script[data-wasm]");
const base = document.baseURI;

// The widgets, quizzes and charts live in a second module (islands/), which
// the shell asks for only after the first module's text has painted. Its file
// names carry no hash, so the shell's hashed name is added as a version to
// keep a cached copy from one release out of the next.
let islands;
window.computeLabIslands = () => {
  islands ??= (async () => {
    const version = encodeURIComponent(script.dataset.wasm.split("/").pop());
    // The islands' styles load alongside their code and are in place before
    // the first island mounts; if they fail, the islands still work unstyled.
    const styles = loadStyles(new URL(`public/islands.css?v=${version}`, base).href);
    const glue = await import(new URL(`islands/islands.js?v=${version}`, base).href);
    await glue.default({ module_or_path: new URL(`islands/islands_bg.wasm?v=${version}`, base).href });
    await styles;
    return window.computeLabIslandsApi;
  })().catch((error) => {
    islands = undefined;
    throw error;
  });
  return islands;
};

function loadStyles(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

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
