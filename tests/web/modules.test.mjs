// The page's DOM-free modules under Node: library, play state, replay,
// solver client and input mapping, with the real wasm module. (Storage:
// storage.test.mjs; the page's state transitions: app-state.test.mjs.)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule } from '../wasm/load.mjs';
import { gestureOf, keyAction } from '../../web/input.js';
import { Library, MY_LEVELS, guessCollectionName, isSink, levelKey, levelText, levelTextFromFragment, looksLikeLurd, parseLevels,
         shareFragment } from '../../web/library.js';
import { Replay } from '../../web/replay.js';
import { SolverClient, describeFailure } from '../../web/solver-client.js';
import { PlayState, newGame } from '../../web/state.js';
import { memoryStorage } from '../../web/storage.js';

let M;
before(async () => { M = await loadModule(); });

const starter = () => M.parseCollection(fixture('starter.sok')).levels;

// ------------------------------------------------------------ input
test('keys map to steps, undo, redo and restart', () => {
  assert.deepEqual(keyAction({ key: 'ArrowLeft' }), { type: 'step', dir: 'l' });
  assert.deepEqual(keyAction({ key: 'w' }), { type: 'step', dir: 'u' });
  assert.deepEqual(keyAction({ key: 'D' }), { type: 'step', dir: 'r' });
  assert.deepEqual(keyAction({ key: 'Backspace' }), { type: 'undo' });
  assert.deepEqual(keyAction({ key: 'z', ctrlKey: true }), { type: 'undo' });
  assert.deepEqual(keyAction({ key: 'Z', ctrlKey: true, shiftKey: true }), { type: 'redo' });
  assert.deepEqual(keyAction({ key: 'y', ctrlKey: true }), { type: 'redo' });
  assert.deepEqual(keyAction({ key: 'y' }), { type: 'redo' });
  assert.deepEqual(keyAction({ key: 'Escape' }), { type: 'restart' });
  assert.deepEqual(keyAction({ key: 'r' }), { type: 'restart' });
  assert.deepEqual(keyAction({ key: 'h' }), { type: 'hint' });
  assert.equal(keyAction({ key: 'v', ctrlKey: true }), null);  // paste stays the browser's
  assert.equal(keyAction({ key: 'q' }), null);
});

test('a short touch is a tap, a longer one a swipe in its main direction', () => {
  assert.deepEqual(gestureOf(10, 10, 14, 12), { type: 'tap', x: 10, y: 10 });
  assert.deepEqual(gestureOf(10, 10, 80, 20), { type: 'step', dir: 'r' });
  assert.deepEqual(gestureOf(80, 80, 70, 10), { type: 'step', dir: 'u' });
  assert.deepEqual(gestureOf(80, 10, 10, 30), { type: 'step', dir: 'l' });
  assert.deepEqual(gestureOf(10, 10, 20, 90), { type: 'step', dir: 'd' });
});

// ------------------------------------------------------------ library
test('share links carry the board and title and open it again', () => {
  const level = starter()[3];
  const fragment = shareFragment(level);
  assert.ok(!/[\s#]/.test(fragment));
  const text = levelTextFromFragment('#' + fragment);
  const back = M.parseCollection(text).levels[0];
  assert.equal(back.cells, level.cells);
  assert.equal(back.title, level.title);
  assert.equal(levelTextFromFragment('#nothing=1'), null);
});

test('a LURD text is told apart from a level', () => {
  assert.ok(looksLikeLurd('ruuLLLulDrrrr\nddlUruLLL'));
  assert.ok(looksLikeLurd('3r2(dL)'));
  assert.equal(looksLikeLurd(fixture('starter.sok')), false);
  assert.equal(looksLikeLurd('#####'), false);
  assert.equal(looksLikeLurd('123'), false);
});

test('a collection gets its name from its first text line', () => {
  assert.equal(guessCollectionName('; My Set\n\nA\n#####\n', 'x'), 'My Set');
  assert.equal(guessCollectionName('#####\n#@$.#\n#####\n', 'fallback'), 'fallback');
});

test('pasting one level joins My levels; several become their own collection', async () => {
  const storage = memoryStorage();
  const lib = new Library(M, storage, async () => { throw new Error('offline'); });
  await lib.loadIndex();
  assert.deepEqual(lib.collections(), []);
  const one = await lib.addText('Solo\n#####\n#@$.#\n#####\n');
  assert.equal(one.index, 0);
  assert.equal(storage.collections()[0].name, 'My levels');
  const same = await lib.addText('Solo\n#####\n#@$.#\n#####\n');  // pasted twice: not duplicated
  assert.deepEqual([same.id, same.index], [one.id, 0]);
  const two = await lib.addText('Duo\n######\n#@$ .#\n######\n');
  assert.deepEqual([two.id, two.index], [one.id, 1]);
  const many = await lib.addText(fixture('starter.sok'));
  assert.notEqual(many.id, one.id);
  assert.equal((await lib.open(many.id)).levels.length, 5);
  assert.deepEqual((await lib.open(one.id)).levels.map((l) => l.title), ['Solo', 'Duo']);
  const bad = await lib.addText('Bad\n#####\n#@x.#\n#####\n');
  assert.equal(bad.id, null);
  assert.equal(bad.errors[0].column, 3);
  assert.equal(lib.collections().length, 2);  // the bad paste added nothing
  // After a reload the kept texts parse to the same levels, titles and all.
  const again = new Library(M, storage, null);
  assert.deepEqual((await again.open(one.id)).levels.map((l) => l.title), ['Solo', 'Duo']);
});

test('a paste parses the text once: My levels grows without parsing earlier pastes again', async () => {
  const storage = memoryStorage();
  let parses = 0;
  const counting = { ...M, isSinkLevel: M.isSinkLevel, parseCollection: (t) => { parses++; return M.parseCollection(t); } };
  const lib = new Library(counting, storage, null);
  for (let i = 3; i < 8; i++) await lib.addText('#'.repeat(i + 2) + '\n#@' + ' '.repeat(i - 2) + '$.#\n' + '#'.repeat(i + 2) + '\n');
  assert.equal((await lib.open(storage.collections()[0].id)).levels.length, 5);
  assert.equal(parses, 5, 'one parse per paste, none to open');
});

test('the old page\'s "My levels" (id mine, taken over by storage) keeps taking single pastes', async () => {
  const storage = memoryStorage();
  await storage.restoreCollection({ id: MY_LEVELS, name: 'My levels', text: 'Old\n#####\n#@$.#\n#####\n', created: 1, updated: 1 });
  const lib = new Library(M, storage, null);
  const r = await lib.addText('New\n######\n#@$ .#\n######\n');
  assert.deepEqual([r.id, r.index], [MY_LEVELS, 1]);
});

test('bundled collections come from the index and load on demand', async () => {
  const files = { 'levels/index.json': JSON.stringify([{ file: 'starter.sok', name: 'Starter', count: 5 }]),
                  'levels/starter.sok': fixture('starter.sok') };
  const fetched = [];
  const lib = new Library(M, memoryStorage(), async (url) => { fetched.push(url); return files[url]; });
  await lib.loadIndex();
  assert.deepEqual(lib.collections().map((c) => c.name), ['Starter']);
  const c = await lib.open('b:starter.sok');
  assert.equal(c.levels[1].title, 'Corner Turn');
  await lib.open('b:starter.sok');
  assert.deepEqual(fetched, ['levels/index.json', 'levels/starter.sok']);  // fetched once
  assert.equal(levelKey(c.levels[0]), '5#|#@$.#|5#');
});

// A single-sink level (core/sink/): every stone into the sink 'x'.
const SINK = '#4\n#6\n#******\n#*y.ox*\n#*..o*\n#******\n';

test('a sink level is read by the sink parser; a bad one names its line', () => {
  const { levels, errors } = parseLevels(M, SINK, 'Drain');
  assert.deepEqual(errors, []);
  const level = levels[0];
  assert.ok(isSink(level));
  assert.deepEqual([level.title, level.width, level.height, level.stones], ['Drain', 6, 4, 2]);
  assert.equal(levelText(level), level.text);
  assert.ok(levelKey(level).startsWith('sink:'));
  assert.equal(isSink(starter()[0]), false);
  assert.equal(parseLevels(M, fixture('starter.sok')).levels.length, 5);
  const bad = parseLevels(M, '#2\n#3\n#y.x\n#.o..\n', 'Bad');
  assert.equal(bad.levels.length, 0);
  assert.equal(bad.errors[0].line, 4);
  assert.match(bad.errors[0].text, /line 4: row 2 is longer/);
});

test('each pasted sink level is a collection of its own, kept once; links carry it', async () => {
  const storage = memoryStorage();
  const lib = new Library(M, storage, async () => { throw new Error('offline'); });
  await lib.loadIndex();
  const first = await lib.addText(SINK);
  assert.equal(first.levels[0].title, 'Sink level 1');
  assert.equal((await lib.addText(SINK + '\n')).id, first.id);  // the same board again
  const other = await lib.addText('#1\n#4\n#yo.x\n', 'From a file');
  assert.notEqual(other.id, first.id);
  assert.deepEqual(lib.collections().map((c) => c.name), ['Sink level 1', 'From a file']);
  const opened = await new Library(M, storage, null).open(other.id);  // after a reload
  assert.ok(isSink(opened.levels[0]));
  assert.equal(opened.levels[0].title, 'From a file');
  const fragment = shareFragment(first.levels[0]);
  assert.match(fragment, /^sink=/);
  const shared = lib.openShared('#' + fragment);
  assert.equal(shared.levels[0].cells, first.levels[0].cells);
  assert.equal(shared.levels[0].title, 'Sink level 1');
});

test('on a sink level a tap walks, and pushes a stone next to the player', () => {
  //   ******
  //   *y.ox*
  //   *..o*
  //   ******
  const state = new PlayState(M);
  state.load(parseLevels(M, SINK).levels[0]);
  const w = state.width;
  assert.equal(state.tap(1 * w + 3), 'far');   // not next to the player
  assert.equal(state.tap(1 * w + 2), 'walk');
  while (state.tick());
  assert.equal(state.tap(1 * w + 3), 'push');  // into the sink
  while (state.tick());
  assert.equal(state.game.stonesLeft(), 1);
  assert.equal(state.tap(1 * w + 3), 'walk');
  while (state.tick());
  assert.equal(state.tap(2 * w + 3), 'push');  // down onto the wall: blocked, nothing happens
  while (state.tick());
  assert.equal(state.game.pushes(), 1);
  assert.equal(state.directionTo(1 * w + 5, 2 * w + 0), null);  // not across a row end
});

// ------------------------------------------------------------ play state
test('a tap walks, selects a box, and pushes it to a target', () => {
  const state = new PlayState(M);
  state.load(starter()[4]);  // Crossing
  const w = state.width;
  assert.equal(state.tap(3 * w + 1), 'walk');
  while (state.tick());
  assert.equal(state.game.player(), 3 * w + 1);
  assert.equal(state.tap(2 * w + 2), 'select');
  assert.equal(state.selected, 2 * w + 2);
  assert.equal(state.tap(1 * w + 2), 'push');
  state.flush();
  assert.ok(state.game.hasBox(1 * w + 2));
  assert.equal(state.selected, -1);
  assert.equal(state.tap(0), 'none');  // a wall
});

test('a hint is the steps up to the first push, with the box and its direction', () => {
  const state = new PlayState(M);
  state.load(starter()[4]);  // Crossing: 'lUdrruulLddrUluRR' solves it
  const hint = state.setHintFrom('lUdrruulLddrUluRR');
  const w = state.width;
  assert.equal(hint.steps, 'lU');
  assert.equal(hint.dir, 'u');
  assert.equal(hint.box, 2 * w + 2);
  assert.ok(state.playHint());
  state.flush();
  assert.equal(state.game.history(), 'lU');
});

test('loading a level with its progress restores the position and the redo', () => {
  const state = new PlayState(M);
  assert.equal(state.load(starter()[4], { moves: 'lU', redo: 'd' }), 0);
  assert.equal(state.game.moves(), 2);
  assert.equal(state.game.pushes(), 1);
  assert.deepEqual(state.progress(), { moves: 'lU', redo: 'd' });
  state.redo();
  assert.equal(state.game.history(), 'lUd');
  // The box pushed up stands under the wall: the first 'u' cannot be played, nor any after it.
  assert.equal(state.load(starter()[4], { moves: 'lUuuuu', redo: '' }), 4);
  assert.equal(state.game.history(), 'lU');
});

// ------------------------------------------------------------ replay
test('a replay plays on a game of its own to the solved end, steps and scrubs', () => {
  const level = starter()[3];
  const lurd = 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD';
  const r = new Replay(newGame(M, level), { lurd, moves: lurd.length, pushes: 13 }, 5);
  assert.ok(r.complete);
  assert.equal(r.length, lurd.length);
  assert.equal(r.position(), 5);
  assert.equal(r.movesSoFar(), lurd.slice(0, 5));
  r.play();
  while (r.playing) r.tick();
  assert.ok(r.atEnd());
  assert.ok(r.solved());
  r.stepBack();
  assert.equal(r.position(), lurd.length - 1);
  assert.equal(r.solved(), false);
  r.seek(1e9);
  assert.equal(r.position(), lurd.length);
  r.play();  // from the end, a new play starts over
  assert.equal(r.position(), 0);
  r.toggle();
  assert.equal(r.playing, false);
  r.close();
  assert.equal(r.game, null);
});

test('a replay of steps that do not fit the board says so', () => {
  const r = new Replay(newGame(M, starter()[0]), { lurd: 'Rll', moves: 3, pushes: 1 });
  assert.equal(r.complete, false);
  assert.equal(r.length, 2);
  r.close();
});

// ------------------------------------------------------------ solver client
class FakeWorker {
  constructor(log) { this.log = log; this.sent = []; this.terminated = false; log.push(this); }
  postMessage(m) { this.sent.push(m); }
  terminate() { this.terminated = true; }
  emit(m) { this.onmessage({ data: m }); }
}

test('the solver client relays progress and the result', async () => {
  const workers = [];
  let methods = null;
  const c = new SolverClient(() => new FakeWorker(workers), { onMethods: (m) => { methods = m; } });
  workers[0].emit({ type: 'ready', methods: [{ name: 'bfs' }] });
  assert.deepEqual(methods, [{ name: 'bfs' }]);
  const progress = [];
  const p = c.solve('level', { method: 'bfs' }, (m) => progress.push(m.nodes));
  const { id } = workers[0].sent[0];
  workers[0].emit({ type: 'progress', id, nodes: 10 });
  workers[0].emit({ type: 'progress', id: id + 99, nodes: 99 });  // someone else's: ignored
  workers[0].emit({ type: 'solved', id, lurd: 'R', moves: 1, pushes: 1, stats: {} });
  const r = await p;
  assert.deepEqual(progress, [10]);
  assert.equal(r.ok, true);
  assert.equal(r.lurd, 'R');
  assert.equal(c.busy(), false);
});

test('a cancel ends the solve at once and tells the worker', async () => {
  const workers = [];
  const c = new SolverClient(() => new FakeWorker(workers));
  const p = c.solve('level', {});
  c.cancel();
  const r = await p;
  assert.equal(r.reason, 'cancelled');
  assert.equal(workers[0].sent[1].type, 'cancel');
});

test('a crashed worker is replaced and the solve fails with a plain reason', async () => {
  const workers = [];
  let restarts = 0;
  const c = new SolverClient(() => new FakeWorker(workers), { onRestart: () => restarts++ });
  const p = c.solve('level', { memoryBudgetBytes: 1 << 30 });
  workers[0].emit({ type: 'failed', id: null, reason: 'crashed', message: 'Aborted(OOM)' });
  const r = await p;
  assert.equal(r.ok, false);
  assert.equal(r.reason, 'crashed');
  assert.match(r.text, /fresh solver/);
  assert.equal(workers.length, 2);
  assert.ok(workers[0].terminated);
  assert.equal(restarts, 1);
  // The new worker takes the next solve; an uncaught worker error restarts too.
  const p2 = c.solve('level', {});
  assert.equal(workers[1].sent[0].type, 'solve');
  workers[1].onerror({ message: 'boom' });
  assert.equal((await p2).reason, 'crashed');
  assert.equal(workers.length, 3);
});

test('failures read as plain words', () => {
  assert.match(describeFailure('timed-out', '', { timeLimitSeconds: 30 }), /time limit \(30 s\)/);
  assert.match(describeFailure('out-of-memory', '', { memoryBudgetBytes: 256 * 1048576 }), /out of memory \(budget 256 MB\)/);
  assert.match(describeFailure('unsolvable'), /no solution/);
  assert.match(describeFailure('bad-level', 'bad level: no level found'), /not valid: no level found/);
});

