// The mark of a level the player solved themselves (a solutions record's
// playerSolved), under Node: kept when the solver's better solution replaces
// theirs, read from old records without it, kept by every merge (two tabs,
// an import, the `sokoban.v1` takeover), carried by exports, and checked.
// What levelStatus makes of it in the browser: tests/web/page-browse.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDBFactory } from 'fake-indexeddb';
import { StorageError, mergeImport, mergeSolution, mergeSolutionRecords, playerSolvedAt, readExport, recordProblem } from '../../web/records.js';
import { K1, K2, MemoryLocalStorage, V1, emptyHere, exportOf, makeId, open, putRaw, rawRecords, sol } from './storage-harness.mjs';

// ------------------------------------------------------------ pure rules
test('the player\'s solve stays marked when a better solution of the solver\'s replaces theirs in both metrics', () => {
  const mine = { ...sol(20, 5, 'rrRR'), found: 700 };
  const solved = mergeSolution(K1, null, mine).record;
  assert.equal(solved.playerSolved, 700);
  const replaced = mergeSolution(K1, solved, sol(10, 2, 'uuUU', 'solver'));
  assert.deepEqual([replaced.record.byMoves.source, replaced.record.byPushes.source], ['solver', 'solver']);
  assert.equal(replaced.record.playerSolved, 700, 'the first own solve is still marked');
  assert.equal(playerSolvedAt(replaced.record), 700);
  // The solver alone marks nothing; the player solving it later, worse, marks it.
  const solverOnly = mergeSolution(K2, null, sol(10, 2, 'uuUU', 'solver')).record;
  assert.equal(playerSolvedAt(solverOnly), null);
  assert.equal('playerSolved' in solverOnly, false);
  const late = mergeSolution(K2, solverOnly, { ...sol(30, 6, 'lLlL'), found: 900 });
  assert.deepEqual([late.improvedMoves, late.improvedPushes, late.changed], [false, false, true]);
  assert.equal(late.record.playerSolved, 900);
  assert.equal(late.record.byMoves.source, 'solver');
  // Nothing new: nothing changed.
  assert.equal(mergeSolution(K2, late.record, sol(40, 9, 'dDdD', 'solver')).changed, false);
  // Imported or linked solutions are not the player's own.
  for (const source of ['import', 'link', 'optimizer']) assert.equal(playerSolvedAt(mergeSolution(K1, null, sol(5, 1, 'rR', source)).record), null);
});

test('a record from before the mark counts as the player\'s when a kept best is theirs, and keeps that when replaced', () => {
  const old = { levelKey: K1, byMoves: { ...sol(12, 4, 'rrRR'), found: 300 }, byPushes: sol(14, 3, 'uuUU', 'solver') };
  assert.equal(playerSolvedAt(old), 300);
  assert.equal(playerSolvedAt({ levelKey: K1, byMoves: sol(12, 4, 'rrRR', 'solver'), byPushes: null }), null);
  const replaced = mergeSolution(K1, old, sol(8, 2, 'dDdD', 'solver'));
  assert.deepEqual([replaced.record.byMoves.lurd, replaced.record.byPushes.lurd], ['dDdD', 'dDdD']);
  assert.equal(replaced.record.playerSolved, 300, 'the mark is written before the player\'s best goes');
});

test('merging two records keeps the player\'s mark when either has it, the earliest', () => {
  const marked = { levelKey: K1, byMoves: sol(20, 5, 'rrRR', 'solver'), byPushes: sol(20, 5, 'rrRR', 'solver'), playerSolved: 400 };
  const better = { levelKey: K1, byMoves: sol(10, 2, 'uuUU', 'solver'), byPushes: sol(10, 2, 'uuUU', 'solver') };
  assert.equal(mergeSolutionRecords(marked, better).playerSolved, 400);
  assert.equal(mergeSolutionRecords(better, marked).playerSolved, 400);
  assert.equal(mergeSolutionRecords(better, marked).byMoves.lurd, 'uuUU');
  assert.equal(mergeSolutionRecords(marked, { ...better, playerSolved: 100 }).playerSolved, 100);
  assert.equal('playerSolved' in mergeSolutionRecords(better, better), false);
});

test('an import merge keeps the player\'s mark from either side, and brings in a mark alone', () => {
  const here = emptyHere();
  here.solutions.set(K1, { levelKey: K1, byMoves: sol(10, 2, 'uuUU', 'solver'), byPushes: sol(10, 2, 'uuUU', 'solver') });
  here.solutions.set(K2, { levelKey: K2, byMoves: sol(20, 5, 'rrRR', 'solver'), byPushes: sol(20, 5, 'rrRR', 'solver'), playerSolved: 50 });
  const incoming = readExport(exportOf({ solutions: [
    // Worse than here, but the player solved it where the file was made.
    { levelKey: K1, byMoves: sol(30, 6, 'lLlL', 'solver'), byPushes: null, playerSolved: 60 },
    // Better than here, found by the solver: the mark here stays.
    { levelKey: K2, byMoves: sol(8, 2, 'dDdD', 'solver'), byPushes: null },
  ] }));
  const { puts, summary } = mergeImport(here, incoming, { now: 100, makeId });
  const put = new Map(puts.solutions.map((s) => [s.levelKey, s]));
  assert.deepEqual([put.get(K1).playerSolved, put.get(K1).byMoves.lurd], [60, 'uuUU']);
  assert.deepEqual([put.get(K2).playerSolved, put.get(K2).byMoves.lurd], [50, 'dDdD']);
  assert.equal(summary.solutions, 2);
  // An imported solution without the mark is not the player's.
  const fresh = mergeImport(emptyHere(), readExport(exportOf({ solutions: [
    { levelKey: K1, byMoves: sol(10, 2, 'uuUU', 'import'), byPushes: null }] })), { now: 100, makeId });
  assert.equal(playerSolvedAt(fresh.puts.solutions[0]), null);
});

test('a bad playerSolved is refused with what is wrong, and a good one is kept by the checks', () => {
  const record = { levelKey: K1, byMoves: sol(3, 1, 'rRl'), byPushes: null };
  assert.equal(recordProblem('solutions', { ...record, playerSolved: 1000 }), null);
  assert.equal(recordProblem('solutions', { ...record, playerSolved: null }), null);
  for (const bad of ['yesterday', -5, true, NaN])
    assert.equal(recordProblem('solutions', { ...record, playerSolved: bad }), '.playerSolved is not a time (when the player first solved the level)');
  assert.throws(() => readExport(exportOf({ solutions: [{ ...record, playerSolved: 'yesterday' }] })),
                (e) => e instanceof StorageError
                  && e.message === 'This file is not a Sokoban player export: solutions[0].playerSolved is not a time (when the player first solved the level).');
  assert.equal(readExport(exportOf({ solutions: [{ ...record, playerSolved: 1000 }] })).solutions[0].playerSolved, 1000);
});

// ------------------------------------------------------------ IndexedDB adapter
test('a level only the solver solved is not solved by the player: not counted as theirs until they solve it', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  await s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' });
  assert.equal(s.levelStatus(K1), 'solution-known');
  assert.equal(s.solvedByPlayer(K1), false);
  await s.saveProgress(K1, { moves: 'r', redo: '' });
  assert.equal(s.levelStatus(K1), 'started', 'the player\'s own game comes before the solver\'s answer');
  // The player's solve is worse in both metrics: the solver's stays best, and the level is theirs.
  assert.deepEqual(await s.recordSolution(K1, { lurd: 'rRlrl', moves: 5, pushes: 1, source: 'player' }),
                   { improvedMoves: false, improvedPushes: false });
  assert.equal(s.levelStatus(K1), 'solved');
  assert.equal(s.solutions(K1).byMoves.source, 'solver');
  s.close();
  const again = await open(t, factory);
  assert.equal(again.levelStatus(K1), 'solved');
  const [disk] = await rawRecords(factory, 'solutions');
  assert.ok(Number.isFinite(disk.playerSolved), 'the mark is on disk');
});

test('the player solves a level, then the solver finds better in both metrics: still solved by the player', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  await s.recordSolution(K1, { lurd: 'rrRll', moves: 5, pushes: 1, source: 'player' });
  const at = s.solutions(K1).playerSolved;
  assert.ok(Number.isFinite(at));
  assert.deepEqual(await s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' }),
                   { improvedMoves: true, improvedPushes: true });
  assert.deepEqual([s.solutions(K1).byMoves.source, s.solutions(K1).byPushes.source], ['solver', 'solver']);
  assert.equal(s.levelStatus(K1), 'solved');
  assert.equal(s.exportAll().solutions[0].playerSolved, at, 'the export carries the mark');
  s.close();
  const again = await open(t, factory);
  assert.deepEqual([again.levelStatus(K1), again.solutions(K1).playerSolved], ['solved', at]);
});

test('a record kept before the mark existed reads as solved when a best is the player\'s, and stays so when replaced', async (t) => {
  const factory = new IDBFactory();
  (await open(t, factory)).close();  // the database as an older page made it
  await putRaw(factory, 'solutions', { levelKey: K1, byMoves: sol(5, 1, 'rrRll'), byPushes: sol(5, 1, 'rrRll') });
  await putRaw(factory, 'solutions', { levelKey: K2, byMoves: sol(9, 2, 'ddRRllUUr', 'solver'), byPushes: null });
  const s = await open(t, factory);
  assert.deepEqual([s.levelStatus(K1), s.levelStatus(K2)], ['solved', 'solution-known']);
  await s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' });
  assert.equal(s.levelStatus(K1), 'solved');
  const disk = new Map((await rawRecords(factory, 'solutions')).map((r) => [r.levelKey, r]));
  assert.deepEqual([disk.get(K1).byMoves.source, disk.get(K1).playerSolved], ['solver', 1000], 'the recovered mark is written');
});

test('two tabs: a better solver solution saved by a tab that had not seen the player\'s solve keeps the mark', async (t) => {
  const factory = new IDBFactory();
  const a = await open(t, factory);
  const b = await open(t, factory);  // no channel: b's memory does not hear a's solve
  await a.recordSolution(K1, { lurd: 'rrRll', moves: 5, pushes: 1, source: 'player' });
  await b.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' });
  assert.equal(b.levelStatus(K1), 'solved', 'b learns of the player\'s solve from the disk');
  const [disk] = await rawRecords(factory, 'solutions');
  assert.deepEqual([disk.byMoves.source, Number.isFinite(disk.playerSolved)], ['solver', true]);
  await a.reloadFromDisk();
  assert.deepEqual([a.levelStatus(K1), a.solutions(K1).byMoves.lurd], ['solved', 'rRl']);
});

test('sokoban.v1 taken over into a database where the solver already solved the level: the player\'s mark comes in', async (t) => {
  const factory = new IDBFactory();
  const before = await open(t, factory);  // no localStorage given: nothing is taken over yet
  await before.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' });
  await before.recordSolution(K2, { lurd: 'dRlL', moves: 4, pushes: 1, source: 'solver' });
  assert.equal(before.levelStatus(K2), 'solution-known');
  before.close();
  const s = await open(t, factory, { localStorage: new MemoryLocalStorage({ 'sokoban.v1': V1 }) });
  assert.deepEqual([s.levelStatus(K1), s.levelStatus(K2)], ['solved', 'solved']);
  assert.equal(s.solutions(K2).byMoves.lurd, 'dRlL', 'the solver\'s better one stays best');
});

test('an export carries the player\'s mark; an import keeps it, and brings none for a solver\'s solution', async (t) => {
  const a = await open(t, new IDBFactory());
  await a.recordSolution(K1, { lurd: 'rrRll', moves: 5, pushes: 1, source: 'player' });
  await a.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' });
  await a.recordSolution(K2, { lurd: 'ddRRllUUr', moves: 9, pushes: 2, source: 'solver' });
  const file = JSON.stringify(a.exportAll());
  assert.ok(JSON.parse(file).solutions.find((r) => r.levelKey === K1).playerSolved > 0);

  const factory = new IDBFactory();
  const b = await open(t, factory);
  await b.importAll(file);
  assert.deepEqual([b.levelStatus(K1), b.levelStatus(K2)], ['solved', 'solution-known']);
  b.close();
  const again = await open(t, factory);
  assert.deepEqual([again.levelStatus(K1), again.levelStatus(K2)], ['solved', 'solution-known']);
  // Here the player solved K2 (worse than the file's): the import brings the better one and keeps the mark.
  const c = await open(t, new IDBFactory());
  await c.recordSolution(K2, { lurd: 'ddrrRRllUUr', moves: 11, pushes: 2, source: 'player' });
  await c.importAll(file);
  assert.deepEqual([c.levelStatus(K2), c.solutions(K2).byMoves.lurd], ['solved', 'ddRRllUUr']);
});
