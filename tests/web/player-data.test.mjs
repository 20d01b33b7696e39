// The player's data in the page's pure transitions, under Node with the real
// wasm module: snapshots (save, restore with history, rename, delete and
// Undo), the Solutions list (the best found, the level file's, replay,
// a .sok of the level), the collection browser's moves and counts, links
// that carry moves, dragging a box, titles from comments, what an import
// says, and the backup written as a page closes. Effects are read from
// state.effects, as the controller would run them.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule, starterCollection } from '../wasm/load.mjs';
import { createState, settingChanged, storedData, takeEffects } from '../../web/app-state.js';
import { applyBackups, reconcile, writeBackup } from '../../web/backup.js';
import { askRemoveCollection, gridMove, nextUnsolved, removeCollection, solvedCount } from '../../web/browser-state.js';
import { keyAction, mouseAction } from '../../web/input.js';
import { applyLinkMoves, playerAction, progressReplaced, showLevel, walkTick } from '../../web/level-state.js';
import { Library, levelKey, levelTextFromFragment, movesFromFragment, parseLevels, runLengthLurd, shareFragment } from '../../web/library.js';
import { askSnapshotRename, askSnapshotSave, deleteSnapshot, nameGiven, namingCancelled, restoreSnapshot,
         undoRemoval } from '../../web/snapshot-state.js';
import { levelFile, replaySolutionRow, solutionRows } from '../../web/solutions-state.js';
import { memoryStorage } from '../../web/storage.js';
import { importWords } from '../../web/words.js';

let M;
let starter;
before(async () => {
  M = await loadModule();
  starter = starterCollection(M);
});

// Crossing (starter 5), 7 wide:
//   #######
//   #.   .#
//   # $$  #     boxes on cells 16 and 17, goals on 8 and 12
//   #  @  #     the player on 24
//   #######
const CROSSING = 4;
const CROSSING_SOLUTION = 'lUdrruulLddrUluRR';
const WAREHOUSE = 3;

const keys = (state, ...list) => { for (const k of list) playerAction(state, typeof k === 'string' ? { type: 'step', dir: k } : k); };
const progress = (state) => state.play.progress();

// Storage's side of the snapshot effects, kept in a list as storage would.
function applySnapshotEffects(state, list) {
  const log = takeEffects(state);
  for (const e of log) {
    if (e.type === 'snapshot') list.unshift({ id: 's' + (list.length + 1), levelKey: e.key, name: e.name, ...e.progress, created: 0 });
    if (e.type === 'delete-snapshot') list.splice(list.findIndex((s) => s.id === e.id), 1);
    if (e.type === 'restore-snapshot') list.unshift(e.record);
  }
  storedData(state, { snapshots: [...list], best: null });
  return log;
}

// ------------------------------------------------------------ snapshots
test('a position is saved under a name that says moves, pushes and the time', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  keys(state, 'l', 'U', 'd', { type: 'undo' });
  takeEffects(state);
  const at = new Date(2024, 2, 5, 14, 7).getTime();
  askSnapshotSave(state, at);
  assert.equal(state.naming.name, '2 moves, 1 push · 14:07');
  nameGiven(state, '   ');  // left blank: the default name
  const [e] = takeEffects(state);
  assert.deepEqual(e, { type: 'snapshot', key: state.key, name: '2 moves, 1 push · 14:07', progress: { moves: 'lU', redo: 'd' } });
  assert.match(state.status.text, /Position saved as “2 moves, 1 push · 14:07”/);
  askSnapshotSave(state, at);
  namingCancelled(state);
  assert.equal(state.naming, null);
  assert.deepEqual(takeEffects(state), [], 'a cancelled dialog saves nothing');
});

test('restoring a snapshot brings its history and keeps the game it replaces', () => {
  const state = createState(M);
  const list = [];
  showLevel(state, starter, CROSSING);
  keys(state, 'l', 'U', 'd', { type: 'undo' });
  askSnapshotSave(state, 0);
  nameGiven(state, 'Early');
  applySnapshotEffects(state, list);
  keys(state, 'r', 'r');
  takeEffects(state);
  const mine = progress(state);
  restoreSnapshot(state, list[0].id);
  assert.deepEqual(progress(state), { moves: 'lU', redo: 'd' });
  const log = applySnapshotEffects(state, list);
  assert.deepEqual(log.map((e) => e.type), ['snapshot', 'save-progress']);
  assert.deepEqual([log[0].name, log[0].progress], ['Before restoring “Early”', mine]);
  assert.match(state.status.text, /kept as the snapshot “Before restoring “Early””/);
  keys(state, { type: 'redo' });
  assert.equal(state.play.game.history(), 'lUd', 'the redo came with it');
  keys(state, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
  assert.equal(state.play.game.moves(), 0, 'and its undo');
  takeEffects(state);
  // Back to the kept game; the one on the board (at its start, with its redo) is kept too.
  restoreSnapshot(state, list.find((s) => s.name.startsWith('Before')).id);
  assert.deepEqual(progress(state), mine);
  assert.deepEqual(applySnapshotEffects(state, list).map((e) => e.type), ['snapshot', 'save-progress']);
  // Restoring "Early" again: the game on the board is already a snapshot, so no copy is made.
  restoreSnapshot(state, list.find((s) => s.name === 'Early').id);
  assert.deepEqual(applySnapshotEffects(state, list).map((e) => e.type), ['save-progress']);
  restoreSnapshot(state, list.find((s) => s.name === 'Early').id);
  assert.match(state.status.text, /already stands at “Early”/);
});

test('a snapshot is renamed, deleted, and brought back by Undo', () => {
  const state = createState(M);
  const list = [];
  showLevel(state, starter, CROSSING);
  keys(state, 'l');
  askSnapshotSave(state, 0);
  nameGiven(state, 'One step');
  applySnapshotEffects(state, list);
  askSnapshotRename(state, list[0].id);
  assert.equal(state.naming.name, 'One step');
  nameGiven(state, 'First step');
  assert.deepEqual(takeEffects(state), [{ type: 'rename-snapshot', id: list[0].id, name: 'First step' }]);
  askSnapshotRename(state, list[0].id);
  nameGiven(state, 'One step');  // the same name: nothing to write
  assert.deepEqual(takeEffects(state), []);
  const record = list[0];
  deleteSnapshot(state, record.id);
  assert.equal(state.removed.words, 'Snapshot “One step” deleted.');
  assert.deepEqual(applySnapshotEffects(state, list).map((e) => e.type), ['delete-snapshot']);
  assert.equal(list.length, 0);
  undoRemoval(state);
  assert.deepEqual(applySnapshotEffects(state, list), [{ type: 'restore-snapshot', record }]);
  assert.equal(state.removed, null);
  assert.equal(list[0], record);
});

// ------------------------------------------------------------ solutions
// Crossing with three Solution sections: run-length with pushes in lower
// case, one that does not solve it, and one that cannot be read.
const CROSSING_FILE = `Crossing
#######
#.   .#
# $$  #
#  @  #
#######
Solution:
lud2ruullddrulu2r
Solution:
uuuu
Solution:
l(u
`;

test('the level file\'s solutions are verified, listed beside the best found, and replayed beside the game', () => {
  const level = parseLevels(M, CROSSING_FILE).levels[0];
  const collection = { id: 'u1', name: 'Mine', levels: [level] };
  const state = createState(M);
  showLevel(state, collection, 0);
  assert.equal(state.shipped.length, 3);
  assert.deepEqual(state.shipped[0], { lurd: CROSSING_SOLUTION, moves: 17, pushes: 5, source: 'file' });
  assert.match(state.shipped[1].problem, /solution 2 does not solve this level: it plays 0 moves|solution 2 does not solve this level/);
  assert.match(state.shipped[2].problem, /solution 3 cannot be read/);
  assert.equal(state.solution.source, 'file', 'with no best of the player\'s, the card offers the file\'s');

  // The player's own solution, found longer: both metrics' best, and the file's beside it.
  const mine = { lurd: 'lUdrruulLddrUluRRlr', moves: 19, pushes: 5, source: 'player' };
  storedData(state, { snapshots: [], best: { byMoves: mine, byPushes: mine } });
  const { rows, problems } = solutionRows(state);
  assert.deepEqual(rows.map((r) => r.labels), [['Best by moves', 'Best by pushes'], ['From the level file']]);
  assert.equal(problems.length, 2);
  keys(state, 'l');
  replaySolutionRow(state, 1);
  assert.ok(state.replay && state.replay.playing);
  assert.equal(state.replay.solution.lurd, CROSSING_SOLUTION);
  assert.equal(state.play.game.history(), 'l', 'the player\'s game is untouched');
});

test('a level is saved as a .sok with its solutions, and reads back with them', () => {
  const level = parseLevels(M, CROSSING_FILE).levels[0];
  const state = createState(M);
  showLevel(state, { id: 'u1', name: 'Mine', levels: [level] }, 0);
  const mine = { lurd: 'lUdrruulLddrUluRRlr', moves: 19, pushes: 5, source: 'player' };
  storedData(state, { snapshots: [], best: { byMoves: mine, byPushes: mine } });
  const file = levelFile(state);
  assert.equal(file.name, 'Crossing.sok');
  const back = M.parseCollection(file.text);
  assert.deepEqual(back.errors, []);
  assert.equal(back.levels[0].runLength, level.runLength);
  assert.equal(back.levels[0].title, 'Crossing');
  assert.deepEqual(back.levels[0].solutions, [mine.lurd, CROSSING_SOLUTION]);
});

test('a solution found by hand is listed at once, as the best by moves and by pushes', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  for (const s of CROSSING_SOLUTION) keys(state, s);
  const { rows } = solutionRows(state);
  assert.deepEqual(rows.map((r) => [r.labels, r.solution.lurd]), [[['Yours'], CROSSING_SOLUTION]]);
  const recorded = takeEffects(state).find((e) => e.type === 'record-solution').solution;
  storedData(state, { snapshots: [], best: { byMoves: recorded, byPushes: recorded } });  // storage's memory, at once
  assert.deepEqual(solutionRows(state).rows.map((r) => r.labels), [['Best by moves', 'Best by pushes']]);
});

// ------------------------------------------------------------ browser
test('the browser moves in its grid, counts the solved, and finds the next unsolved', () => {
  assert.equal(gridMove(0, 'ArrowRight', 4, 10), 1);
  assert.equal(gridMove(1, 'ArrowDown', 4, 10), 5);
  assert.equal(gridMove(8, 'ArrowDown', 4, 10), 9, 'the last row is short: the last tile');
  assert.equal(gridMove(2, 'ArrowUp', 4, 10), 0);
  assert.equal(gridMove(5, 'End', 4, 10), 9);
  assert.equal(gridMove(5, 'Home', 4, 10), 0);
  assert.equal(gridMove(5, 'Enter', 4, 10), null);
  const statuses = ['solved', 'started', 'solved', 'untouched', 'solved'];
  assert.deepEqual(solvedCount(statuses), { solved: 3, total: 5 });
  assert.equal(nextUnsolved(statuses, 0), 1);
  assert.equal(nextUnsolved(statuses, 1), 3);
  assert.equal(nextUnsolved(statuses, 3), 1, 'it goes round');
  assert.equal(nextUnsolved(['solved', 'solved'], 0), -1);
  // A level only the solver solved is neither counted nor skipped.
  const withSolver = ['solved', 'solution-known', 'solved'];
  assert.deepEqual(solvedCount(withSolver), { solved: 2, total: 3 });
  assert.equal(nextUnsolved(withSolver, 0), 1);
  assert.equal(nextUnsolved(withSolver, 2), 1);
});

test('a collection is removed only after the question, and Undo puts it back', () => {
  const state = createState(M);
  const record = { id: 'u7', name: 'Pasted', text: 'x', created: 1, updated: 1 };
  askRemoveCollection(state, record, 12);
  assert.equal(state.confirm.heading, 'Remove “Pasted”?');
  assert.match(state.confirm.lines.join(' '), /12 levels.*games, snapshots and solutions on them stay/);
  assert.deepEqual(takeEffects(state), [], 'nothing is removed before the answer');
  removeCollection(state, record);
  assert.deepEqual(takeEffects(state), [{ type: 'remove-collection', id: 'u7' }]);
  undoRemoval(state);
  assert.deepEqual(takeEffects(state), [{ type: 'restore-collection', record }]);
});

test('keys: PageUp and PageDown change level, N the next unsolved, Ctrl+S saves a position; a mouse drag drags', () => {
  assert.deepEqual(keyAction({ key: 'PageDown' }), { type: 'next' });
  assert.deepEqual(keyAction({ key: 'PageUp' }), { type: 'prev' });
  assert.deepEqual(keyAction({ key: 'n' }), { type: 'next-unsolved' });
  assert.deepEqual(keyAction({ key: 's', ctrlKey: true }), { type: 'snapshot-save' });
  assert.deepEqual(mouseAction(16, 16), { type: 'tap', cell: 16 });
  assert.deepEqual(mouseAction(16, 8), { type: 'drag', from: 16, to: 8 });
  assert.deepEqual(mouseAction(16, -1), { type: 'tap', cell: 16 }, 'let go off the board: a click where it went down');
});

// ------------------------------------------------------------ drag
test('a box dragged to a square is pushed there along the shortest push path, or the page says why not', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  playerAction(state, { type: 'drag', from: 16, to: 0 });
  assert.equal(state.status.text, 'A box can only be pushed onto a floor square.');
  playerAction(state, { type: 'drag', from: 16, to: 17 });
  assert.equal(state.status.text, 'Another box stands on that square.');
  playerAction(state, { type: 'drag', from: 16, to: 15 });
  assert.equal(state.status.text, 'This box cannot be pushed to that square from here.');
  assert.equal(state.play.game.moves(), 0);
  playerAction(state, { type: 'drag', from: 16, to: 8 });
  while (walkTick(state));
  assert.ok(state.play.game.hasBox(8), 'the box stands on the goal');
  assert.equal(state.play.game.pushes(), 2);
  assert.equal(state.status.text, '');
  playerAction(state, { type: 'drag', from: 24, to: 26 });  // not a box: a tap where it started, a walk there
  while (walkTick(state));
  assert.equal(state.play.game.player(), 24);
});

// ------------------------------------------------------------ links
test('a link carries the moves run-length coded and opens at that position with them as undo', () => {
  const level = starter.levels[CROSSING];
  const fragment = shareFragment(level, 'lUdrruulL');
  assert.match(fragment, /&moves=lUd2r2ulL$/);
  assert.equal(runLengthLurd('rrrUUl'), '3r2Ul');
  assert.equal(movesFromFragment('#' + fragment), 'lUd2r2ulL');
  const shared = { id: 'shared', name: 'Shared link', levels: M.parseCollection(levelTextFromFragment('#' + fragment)).levels };
  const state = createState(M);
  showLevel(state, shared, 0, { progress: { moves: 'r', redo: '' } });  // the player's own game there
  takeEffects(state);
  applyLinkMoves(state, movesFromFragment('#' + fragment));
  assert.deepEqual(progress(state), { moves: 'lUdrruulL', redo: '' });
  const log = takeEffects(state);
  assert.deepEqual(log.map((e) => [e.type, e.progress.moves]), [['snapshot', 'r'], ['save-progress', 'lUdrruulL']]);
  assert.match(state.status.text, /Opened at move 9 from the link/);
  for (let i = 0; i < 9; i++) keys(state, { type: 'undo' });
  assert.equal(state.play.game.moves(), 0);
  applyLinkMoves(state, 'l(u');
  assert.match(state.notice.title, /could not be read/);
});

// ------------------------------------------------------------ titles
test('pasted levels named in comments keep those names, and their solutions, after a reload', async () => {
  const before = parseLevels(M, '; 1\n\n#####\n#@$.#\n#####\n\n; Two\n\n######\n#@ $.#\n######\n');
  assert.deepEqual(before.levels.map((l) => l.title), ['1', 'Two']);
  const after = parseLevels(M, '; A set\n\n#####\n#@$.#\n#####\n; First\n\n######\n#@ $.#\n######\nAuthor: me\n; Second\n');
  assert.deepEqual(after.levels.map((l) => l.title), ['First', 'Second']);
  assert.deepEqual(parseLevels(M, fixture('starter.sok')).levels.map((l) => l.title)[0], 'First Steps', 'titles given stay');

  const storage = memoryStorage();
  const lib = new Library(M, storage, null);
  const r = await lib.addText('#####\n#@$.#\n#####\n; First\nSolution: R\n\n######\n#@ $.#\n######\n; Second\n');
  const again = await new Library(M, storage, null).open(r.id);  // after a reload
  assert.deepEqual(again.levels.map((l) => l.title), ['First', 'Second']);
  assert.deepEqual(again.levels[0].solutions, ['R']);
  const single = await lib.addText('; Alone\n\n#######\n#@  $.#\n#######\n');
  assert.equal((await new Library(M, storage, null).open(single.id)).levels[single.index].title, 'Alone');
});

// ------------------------------------------------------------ import, settings
test('an import says in words what it added', () => {
  assert.equal(importWords({ progress: 2, progressKeptAsSnapshots: 1, snapshots: 3, solutions: 1, collections: 1,
                             collectionsRenamed: 0, collectionStates: 0, settings: 0 }),
               'Imported your games on 2 levels, best solutions on 1 level, 3 snapshots and 1 collection. '
               + '1 game that differed from the one here is kept as a snapshot.');
  assert.equal(importWords({ progress: 0, progressKeptAsSnapshots: 0, snapshots: 0, solutions: 0, collections: 0,
                             collectionsRenamed: 0, collectionStates: 0, settings: 0 }),
               'Nothing new: everything in the file was already here.');
});

test('an import that replaced the shown level\'s progress puts it on the board', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r');
  takeEffects(state);
  progressReplaced(state, { moves: 'ruu', redo: 'L' });
  assert.deepEqual(progress(state), { moves: 'ruu', redo: 'L' });
  assert.deepEqual(takeEffects(state), [], 'it is what storage holds already');
  progressReplaced(state, { moves: 'ruu', redo: 'L' });
  assert.deepEqual(progress(state), { moves: 'ruu', redo: 'L' });
});

test('solver settings changed in another tab are taken; which collection is open is not', () => {
  const state = createState(M);
  settingChanged(state, 'method', 'bfs');
  settingChanged(state, 'collection', 'b:other');
  assert.equal(state.settings.method, 'bfs');
  assert.equal(state.settings.collection, undefined);
  assert.deepEqual(takeEffects(state), [], 'nothing is written back');
});

// ------------------------------------------------------------ backup
test('a backup entry and the stored progress: the newer wins, the other is kept unless it is an earlier moment', () => {
  const stored = { moves: 'ru', redo: 'L', updated: 100 };
  assert.deepEqual(reconcile({ moves: 'ru', redo: 'L', updated: 200 }, stored), { progress: null, snapshot: null });
  assert.deepEqual(reconcile({ moves: 'ruL', redo: '', updated: 200 }, stored), { progress: { moves: 'ruL', redo: '' }, snapshot: null },
                   'the stored game is an earlier moment of the same game');
  assert.deepEqual(reconcile({ moves: 'd', redo: '', updated: 200 }, stored),
                   { progress: { moves: 'd', redo: '' }, snapshot: { name: 'Replaced by moves kept as a page closed', moves: 'ru', redo: 'L' } });
  assert.deepEqual(reconcile({ moves: 'd', redo: '', updated: 50 }, stored),
                   { progress: null, snapshot: { name: 'Moves kept as a page closed', moves: 'd', redo: '' } }, 'another tab saved later');
  assert.deepEqual(reconcile({ moves: 'r', redo: '', updated: 50 }, stored), { progress: null, snapshot: null });
  assert.deepEqual(reconcile({ moves: 'l', redo: '', updated: 50 }, null), { progress: { moves: 'l', redo: '' }, snapshot: null });
});

// localStorage: the browser's boundary, faked with its three calls; its keys are its own properties, as in the browser.
class FakeLocalStorage {
  getItem(k) { return Object.hasOwn(this, k) ? this[k] : null; }
  setItem(k, v) { this[k] = String(v); }
  removeItem(k) { delete this[k]; }
}

test('moves kept as a page closed come back into storage at the next start, once', async () => {
  const local = new FakeLocalStorage();
  const storage = memoryStorage();
  await storage.saveProgress('A', { moves: 'ru', redo: '' });
  const later = storage.progress('A').updated + 1;
  assert.equal(writeBackup(local, 'tab1', [{ key: 'A', moves: 'ruu', redo: '', updated: later },
                                           { key: 'B', moves: 'l', redo: 'r', updated: later }]), null);
  local.setItem('sokoban.unsaved.tab2', '{not json');
  const out = await applyBackups(local, storage);
  assert.deepEqual([out.restored, out.kept], [2, 0]);
  assert.equal(out.problems.length, 1);
  assert.match(out.problems[0], /could not be read/);
  assert.deepEqual([storage.progress('A').moves, storage.progress('B').redo], ['ruu', 'r']);
  assert.equal(local.getItem('sokoban.unsaved.tab1'), null, 'taken once');
  assert.notEqual(local.getItem('sokoban.unsaved.tab2'), null, 'what could not be read is left as it is');
  writeBackup(local, 'tab1', []);
  assert.deepEqual(Object.keys(local), ['sokoban.unsaved.tab2']);
});
