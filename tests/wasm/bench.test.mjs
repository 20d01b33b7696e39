// The bench signature under Node: the wasm build expands and stores the
// same positions as the native one (core/bench.h), so a search is the same
// search in the page as in the CLI.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { loadModule, root } from './load.mjs';

test('bench: the wasm build gives the node signature recorded in core/bench.h', async () => {
  const M = await loadModule();
  const dir = path.join(root, 'levels');
  const files = {};
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.sok')) files[f] = fs.readFileSync(path.join(dir, f), 'utf8');
  const r = M.bench(files);
  assert.equal(r.error, '');
  assert.ok(r.runs.length >= 24);
  assert.equal(r.signature, r.expected);
});
