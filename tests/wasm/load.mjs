// Loads the wasm module for Node tests from build-wasm/ (scripts/build-wasm),
// passing the bytes directly: Node 20's fetch cannot read file paths.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.env.SOKO_WASM_DIR || path.join(root, 'build-wasm/wasm');

export async function loadModule() {
  const require = createRequire(import.meta.url);
  const createSokoModule = require(path.join(dir, 'soko.js'));
  return createSokoModule({ wasmBinary: fs.readFileSync(path.join(dir, 'soko.wasm')) });
}

export function fixture(name) {
  return fs.readFileSync(path.join(root, 'tests/fixtures', name), 'utf8');
}

// Runs a solve to its end in slices, as the worker does.
export function solveAll(M, levelText, options) {
  const s = new M.Solver(levelText, options);
  let status;
  while ((status = s.step(50)) === 'running');
  const out = { status, lurd: s.solution(), moves: s.moves(), pushes: s.pushes(), message: s.message(), progress: s.progress() };
  s.delete();
  return out;
}

// The test collection as the page holds a bundled one.
export function starterCollection(M) {
  return { id: 'b:starter.sok', name: 'Starter', levels: M.parseCollection(fixture('starter.sok')).levels };
}
