// The wasm build under Node searches exactly as the native one: the node
// counts and solutions recorded in tests/fixtures/determinism.json (which
// tests/core/determinism_test.cpp holds the native build to), and the
// optimizer's in tests/fixtures/optimizer-determinism.json.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, loadModule, root } from './load.mjs';

let M;
before(async () => { M = await loadModule(); });

for (const c of JSON.parse(fixture('determinism.json'))) {
  test(`determinism: ${c.file} ${c.number} (${c.method}, ${c.maxNodes || 'no'} node cap) as natively`, () => {
    const text = fs.readFileSync(path.join(root, 'levels', c.file), 'utf8');
    const level = M.parseCollection(text).levels.find((l) => l.number === c.number);
    const s = new M.Solver(level.xsb, { method: c.method, timeLimitSeconds: 0, maxNodes: c.maxNodes,
                                        memoryBudgetBytes: c.memoryBudgetBytes });
    let status;
    while ((status = s.step(50)) === 'running');
    const p = s.progress();
    assert.deepEqual({ status, nodes: p.nodes, stored: p.stored, solution: s.solution() },
                     { status: c.status, nodes: c.nodes, stored: c.stored, solution: c.solution });
    s.delete();
  });
}

for (const c of JSON.parse(fixture('optimizer-determinism.json'))) {
  test(`determinism: optimizing ${c.file} ${c.number} by ${c.metric} (${c.maxNodes} node cap) as natively`, () => {
    const text = fs.readFileSync(path.join(root, 'levels', c.file), 'utf8');
    const level = M.parseCollection(text).levels.find((l) => l.number === c.number);
    const o = new M.Optimizer(level.xsb, c.given, { metric: c.metric, timeLimitSeconds: 0, maxNodes: c.maxNodes,
                                                     memoryBudgetBytes: c.memoryBudgetBytes });
    let status;
    while ((status = o.step(50)) === 'running');
    assert.deepEqual({ status, nodes: o.progress().nodes, moves: o.moves(), pushes: o.pushes(), solution: o.solution() },
                     { status: c.status, nodes: c.nodes, moves: c.moves, pushes: c.pushes, solution: c.solution });
    o.delete();
  });
}
