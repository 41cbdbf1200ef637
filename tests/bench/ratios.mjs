// Prints the engine's benchmark cases side by side: native (`lab bench`) and
// WebAssembly in headless Chromium (app/web/tests/bench.rs, built with the
// size-tuned profile the site ships), with the WASM/native ratio of each.
// Usage: node bench/ratios.mjs NATIVE.json WASM.json
import fs from "node:fs";

const [nativePath, wasmPath] = process.argv.slice(2);
const native = JSON.parse(fs.readFileSync(nativePath, "utf8"));
const wasm = JSON.parse(fs.readFileSync(wasmPath, "utf8"));
const keys = Object.keys(native).filter((key) => key in wasm);
if (keys.length === 0 || keys.length !== Object.keys(wasm).length) {
  throw new Error("the native and WASM reports do not name the same cases");
}
const unit = (key) => (key.endsWith("_us") ? "µs" : "ms");
const show = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
console.log("\nEngine cases, median per call: native vs WASM in headless Chromium");
console.log(`  ${"case".padEnd(52)} ${"native".padStart(10)} ${"WASM".padStart(10)}  ratio`);
for (const key of keys) {
  const name = key.replace(/_(us|ms)$/, "");
  const ratio = native[key] > 0 ? (wasm[key] / native[key]).toFixed(1) : "n/a";
  console.log(`  ${name.padEnd(52)} ${`${show(native[key])} ${unit(key)}`.padStart(10)} ${`${show(wasm[key])} ${unit(key)}`.padStart(10)}  ${ratio}`);
}
for (const key of ["matcher_validate_and_compute_us", "roofline_validate_and_compute_us"]) {
  if (key in wasm) {
    console.log(`${key.split("_")[0]} recompute in WASM: ${show(wasm[key])} µs (budget 1,000 µs: ${wasm[key] < 1000 ? "met" : "NOT met"})`);
  }
}
