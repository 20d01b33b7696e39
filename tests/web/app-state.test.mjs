// The page's state transitions under Node with the real wasm module: every
// level keeps its own game, the replay stays beside the player's game,
// "continue from here" and its undo, the solver's answers, and the status
// lines. The effects a transition asks for (saves, snapshots) are read from
// state.effects, as the controller would run them.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, starterCollection } from '../wasm/load.mjs';
import { canUndo, createState, dismissNotice, showNotice, takeEffects } from '../../web/app-state.js';
import { finishHint, finishSolve, jobProgress, requestHint, requestSolve, stopJob } from '../../web/job-state.js';
import { applyOldPosition, collectionChanged, playerAction, progressChangedElsewhere, showLevel, walkTick } from '../../web/level-state.js';
import { levelKey } from '../../web/library.js';
import { continueFromReplay, importSolution, leaveReplay, openReplay, replayControl, replayTick, watchHintLine } from '../../web/replay-state.js';

let M;
let starter;
before(async () => {
  M = await loadModule();
  starter = starterCollection(M);
});

// Little Warehouse (starter 4) and a solution of it.
//     ####
//   ###  ####
//   #     $ #
//   # #  #$ #
//   # . .#@ #
//   #########
const WAREHOUSE = 3;
const WAREHOUSE_SOLUTION = 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD';
const CROSSING = 4;  // 'lUdrruulLddrUluRR' solves it

// What storage would hold after the effects: progress by level key.
function runEffects(state, saved = new Map(), log = []) {
  for (const e of takeEffects(state)) {
    log.push(e);
    if (e.type === 'save-progress') saved.set(e.key, e.progress);
  }
  return { saved, log };
}

const keys = (state, ...list) => { for (const k of list) playerAction(state, typeof k === 'string' ? { type: 'step', dir: k } : k); };
const progress = (state) => state.play.progress();

test('every level keeps its own game, redo included, across level changes', () => {
  const state = createState(M);
  const saved = new Map();
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r', 'u', 'u', 'l', { type: 'undo' });  // the last step pushes a box
  assert.deepEqual(progress(state), { moves: 'ruu', redo: 'L' });
  runEffects(state, saved);
  const warehouse = levelKey(starter.levels[WAREHOUSE]);
  assert.deepEqual(saved.get(warehouse), { moves: 'ruu', redo: 'L' });

  showLevel(state, starter, CROSSING, { progress: saved.get(levelKey(starter.levels[CROSSING])) || null });
  assert.equal(state.play.game.moves(), 0);
  keys(state, 'l', 'U');
  runEffects(state, saved);

  showLevel(state, starter, WAREHOUSE, { progress: saved.get(warehouse) });
  assert.deepEqual(progress(state), { moves: 'ruu', redo: 'L' });
  assert.ok(state.play.game.canRedo());
  showLevel(state, starter, CROSSING, { progress: saved.get(levelKey(starter.levels[CROSSING])) });
  assert.equal(state.play.game.history(), 'lU');
});

test('a level change saves a walk still under way, and records where the collection was', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  const w = state.play.width;
  playerAction(state, { type: 'tap', cell: 3 * w + 1 });  // a walk two squares left
  walkTick(state);
  const { log } = runEffects(state);
  assert.equal(log.filter((e) => e.type === 'save-progress').length, 0, 'no save in the middle of a walk');
  showLevel(state, starter, WAREHOUSE);
  const { log: after } = runEffects(state);
  assert.deepEqual(after.find((e) => e.type === 'save-progress').progress, { moves: 'll', redo: '' });
  assert.deepEqual(after.find((e) => e.type === 'collection-state'), { type: 'collection-state', id: starter.id, lastIndex: WAREHOUSE });
});

test('restart is undone by redo, and the whole history is saved', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r', 'u', { type: 'restart' });
  assert.deepEqual(progress(state), { moves: '', redo: 'ru' });
  keys(state, { type: 'redo' }, { type: 'redo' });
  assert.equal(state.play.game.history(), 'ru');
});

test('a solve opens a replay beside the game; leaving it gives the game back exactly', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r', 'u', 'u', 'l', 'l', 'l', { type: 'undo' });
  const mine = progress(state);
  const cells = state.play.cells;
  runEffects(state);
  const job = requestSolve(state);
  jobProgress(state, job, { nodes: 10, seconds: 0.5 });
  assert.equal(state.figures.nodes, 10);
  finishSolve(state, job, { ok: true, lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, stats: { seconds: 0.6 },
                            detail: 'hbox11 found it, through a position fess had reached' });
  assert.ok(state.replay && state.replay.playing, 'the replay plays at once');
  assert.equal(state.result.kind, 'good');
  assert.equal(state.result.text,
               'Solved in 0.6 s: 41 moves, 13 pushes (hbox11 found it, through a position fess had reached).');
  state.status = { text: 'Link copied to the clipboard.', kind: 'good' };
  for (let i = 0; i < 20; i++) replayTick(state);
  assert.equal(state.replay.position(), 20);
  assert.equal(state.status.text, 'Link copied to the clipboard.', 'a replay step is no news');
  assert.deepEqual(progress(state), mine, 'the replay never touched the player\'s game');
  const { log } = runEffects(state);
  assert.deepEqual(log.map((e) => e.type), ['record-solution']);
  assert.equal(log[0].solution.source, 'solver');

  leaveReplay(state);
  assert.equal(state.replay, null);
  assert.deepEqual(progress(state), mine);
  assert.equal(state.play.cells, cells);
  keys(state, { type: 'redo' });
  assert.equal(state.play.game.history(), 'ruuLLL');
  for (let i = 0; i < 6; i++) keys(state, { type: 'undo' });
  assert.equal(state.play.game.moves(), 0);
});

test('a strategy that only counts its work adds nothing to the result line', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  const job = requestSolve(state);
  finishSolve(state, job, { ok: true, lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, stats: { seconds: 0.6 },
                            detail: '18 dead pairs, 0 dead triples found beforehand' });
  assert.equal(state.result.text, 'Solved in 0.6 s: 41 moves, 13 pushes.');
});

test('a move while the replay is shown only brings the player\'s game back', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r');
  state.solution = { lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, source: 'solver' };
  openReplay(state, { autoplay: true });
  keys(state, 'u');
  assert.equal(state.replay, null);
  assert.equal(state.play.game.history(), 'r', 'the key did not move the player');
  assert.match(state.status.text, /Back to your game/);
});

test('the slider opens the replay where it was clicked, also right after leaving one', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  state.solution = { lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, source: 'solver' };
  replayControl(state, 'seek', 30);
  assert.equal(state.replay.position(), 30);
  leaveReplay(state);
  assert.equal(state.solution.at, 30, 'the card remembers where the replay was');
  replayControl(state, 'seek', 12);
  assert.equal(state.replay.position(), 12);
  replayControl(state, 'end');
  assert.ok(state.replay.solved());
  assert.match(state.status.text, /Replay finished/);
});

test('continue from here takes the shown moves into the game; one undo gives the old game back', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r', 'u', 'd', { type: 'undo' });
  const mine = progress(state);
  assert.deepEqual(mine, { moves: 'ru', redo: 'd' });
  runEffects(state);
  state.solution = { lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, source: 'solver' };
  replayControl(state, 'seek', 9);
  continueFromReplay(state);
  assert.equal(state.replay, null);
  assert.deepEqual(progress(state), { moves: WAREHOUSE_SOLUTION.slice(0, 9), redo: WAREHOUSE_SOLUTION.slice(9) });
  const { log } = runEffects(state);
  assert.deepEqual(log.map((e) => e.type), ['snapshot', 'save-progress']);
  assert.deepEqual(log[0].progress, mine, 'the replaced game is kept in storage too');

  // Play on, take it back, then one undo at the takeover point restores the old game.
  keys(state, { type: 'redo' }, { type: 'undo' });
  assert.ok(canUndo(state));
  keys(state, { type: 'undo' });
  assert.deepEqual(progress(state), mine);
  assert.match(state.status.text, /own game is back/);
  keys(state, { type: 'undo' }, { type: 'undo' });
  assert.equal(state.play.game.moves(), 0);
  assert.equal(canUndo(state), false);
  assert.equal(state.play.game.fullHistory(), 'rud', 'the old game\'s redo is its own again');
});

test('continuing at the solution\'s end is not a solve of the player\'s', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  takeEffects(state);
  state.solution = { lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13, source: 'solver' };
  replayControl(state, 'end');
  continueFromReplay(state);
  assert.ok(state.play.solved());
  assert.equal(state.banner, null);
  const { log } = runEffects(state);
  assert.deepEqual(log.map((e) => e.type), ['save-progress'], 'an empty game needs no snapshot, and nothing new is recorded');
});

test('a level solved by hand fills the Solution card at once and is recorded', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  for (const s of 'lUdrruulLddrUluRR') keys(state, s);
  assert.ok(state.play.solved());
  assert.deepEqual(state.solution && [state.solution.lurd, state.solution.source], ['lUdrruulLddrUluRR', 'player']);
  assert.equal(state.banner.moves, 17);
  assert.match(state.status.text, /^Solved: 17 moves, 5 pushes/);
  const { log } = runEffects(state);
  assert.deepEqual(log.find((e) => e.type === 'record-solution').solution,
                   { lurd: 'lUdrruulLddrUluRR', moves: 17, pushes: 5, source: 'player' });
  keys(state, { type: 'undo' });
  assert.equal(state.banner, null);
  keys(state, { type: 'redo' });
  assert.ok(state.banner, 'solved again: the moment shows again');
});

test('a level opened solved is not solved anew, and says its best', () => {
  const state = createState(M);
  const best = { lurd: 'R', moves: 1, pushes: 1, source: 'player' };
  showLevel(state, starter, 0, { progress: { moves: 'R', redo: '' }, best, solvedByPlayer: true });
  assert.ok(state.play.solved());
  assert.equal(state.banner, null);
  assert.equal(state.solution.lurd, 'R');
  assert.equal(state.status.text, 'Solved before: best 1 move, 1 push.');
  assert.deepEqual(runEffects(state).log.filter((e) => e.type === 'record-solution'), []);
});

test('a level only the solver solved does not open as solved before; one the player solved names whose best it is', () => {
  const state = createState(M);
  const solvers = { lurd: 'lUdrruulLddrUluRR', moves: 17, pushes: 5, source: 'solver' };
  showLevel(state, starter, CROSSING, { best: solvers, solvedByPlayer: false });
  assert.equal(state.status.text, 'Not solved by you yet. Solver’s solution: 17 moves, 5 pushes.');
  assert.equal(state.solution.lurd, solvers.lurd, 'the Solution card still offers it');
  showLevel(state, starter, CROSSING, { best: solvers, solvedByPlayer: true });
  assert.equal(state.status.text, 'Solved before: best 17 moves, 5 pushes (by the solver).');
});

test('a saved game that does not fit the board is reported, not hidden', () => {
  const state = createState(M);
  showLevel(state, starter, 0, { progress: { moves: 'lll', redo: '' } });
  assert.match(state.notice.title, /did not fully replay/);
  assert.match(state.notice.lines[0], /^3 of 3 steps/);
});

test('an imported solution is verified, normalised, replayed beside the game and recorded', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  takeEffects(state);
  keys(state, 'l');
  assert.equal(importSolution(state, 'lud2ruullddrulu2r'), true);  // pushes written in lower case
  assert.equal(state.solution.lurd, 'lUdrruulLddrUluRR');
  assert.ok(state.replay.playing);
  assert.equal(state.play.game.history(), 'l');
  const { log } = runEffects(state);
  assert.deepEqual(log.map((e) => e.type), ['save-progress', 'record-solution']);
  assert.equal(log[1].solution.source, 'import');
  assert.equal(importSolution(state, 'uuuu'), false);
  assert.match(state.notice.title, /does not solve/);
  assert.equal(importSolution(state, 'l(u'), false);
  assert.match(state.notice.title, /not a solution/);
});

test('a notice clears the status line under it', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  state.status = { text: 'Level loaded.', kind: 'good' };
  showNotice(state, 'No valid level found; nothing was changed.', ['level 1, line 2: bad']);
  assert.equal(state.status.text, '');
  dismissNotice(state);
  assert.equal(state.notice, null);
});

test('a hint clears the last solve\'s outcome, and marks the next push without moving', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  takeEffects(state);
  requestSolve(state);
  stopJob(state);
  assert.equal(state.result.text, 'Solving was cancelled.');
  assert.deepEqual(takeEffects(state).map((e) => e.type), ['cancel-job']);
  const job = requestHint(state);
  assert.equal(state.result.text, '', 'the cancelled solve no longer speaks');
  assert.match(state.status.text, /Looking for the next push/);
  finishHint(state, job, { ok: true, lurd: 'lUdrruulLddrUluRR' });
  assert.deepEqual([state.play.hint.steps, state.play.hint.dir], ['lU', 'u']);
  assert.equal(state.play.game.moves(), 0);
  keys(state, { type: 'play-hint' });
  while (walkTick(state));
  assert.equal(state.play.game.history(), 'lU');
});

test('a deadlock hint offers Undo only when there is something to undo', () => {
  //   #####
  //   #$ .#
  //   # @ #
  //   #####   the box starts in a corner
  const dead = { id: 'x', name: 'x', levels: M.parseCollection('#####\n#$ .#\n# @ #\n#####\n').levels };
  const state = createState(M);
  showLevel(state, dead, 0);
  let job = requestHint(state);
  finishHint(state, job, { ok: false, reason: 'unsolvable', text: '' });
  assert.doesNotMatch(state.status.text, /Undo/);
  assert.match(state.status.text, /cannot be solved from its start/);
  keys(state, 'l');
  job = requestHint(state);
  finishHint(state, job, { ok: false, reason: 'unsolvable', text: '' });
  assert.match(state.status.text, /deadlock.*Undo a few moves/);
});

test('a move cancels a hint that was looking for the old position', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  const job = requestHint(state);
  takeEffects(state);
  keys(state, 'l');
  assert.equal(state.job, null);
  assert.deepEqual(takeEffects(state).map((e) => e.type), ['cancel-job', 'save-progress']);
  finishHint(state, job, { ok: true, lurd: 'UdrruulLddrUluRR' });  // the late answer changes nothing
  assert.equal(state.play.hint, null);
});

test('another tab\'s game on the shown level never silently replaces this one, and neither is lost', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  keys(state, 'r');
  takeEffects(state);
  const theirs = { moves: 'll', redo: '' };
  progressChangedElsewhere(state, levelKey(starter.levels[WAREHOUSE]), theirs);
  assert.equal(state.play.game.history(), 'r', 'this tab\'s game stays');
  assert.match(state.status.text, /another tab/);
  keys(state, 'u');
  const log = takeEffects(state);
  assert.deepEqual(log.map((e) => e.type), ['snapshot', 'save-progress']);
  assert.deepEqual(log[0].progress, theirs);
  // Again, but this tab leaves the level before moving: its game is kept aside.
  progressChangedElsewhere(state, levelKey(starter.levels[WAREHOUSE]), theirs);
  showLevel(state, starter, CROSSING);
  const leaving = takeEffects(state);
  assert.deepEqual(leaving.find((e) => e.type === 'snapshot'),
                   { type: 'snapshot', key: levelKey(starter.levels[WAREHOUSE]), name: 'From this tab', progress: { moves: 'ru', redo: '' } });
  // An echo of this tab's own save is not another game.
  keys(state, 'l');
  const mine = takeEffects(state).find((e) => e.type === 'save-progress').progress;
  progressChangedElsewhere(state, levelKey(starter.levels[CROSSING]), mine);
  assert.equal(state.foreign, null);
});

test('a solve stopped by a level change takes nothing from a late answer', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  const job = requestSolve(state);
  showLevel(state, starter, CROSSING);  // stops the job
  finishSolve(state, job, { ok: true, lurd: WAREHOUSE_SOLUTION, moves: 41, pushes: 13 });
  assert.equal(state.replay, null);
  assert.equal(takeEffects(state).filter((e) => e.type === 'record-solution').length, 0);
});

test('a push walk cut short by a level change still counts, solve included', () => {
  //   #####
  //   #@$.#   First Steps: a click on the goal with the box selected pushes it home
  //   #####
  const state = createState(M);
  showLevel(state, starter, 0);
  takeEffects(state);
  playerAction(state, { type: 'tap', cell: 7 });  // select the box
  playerAction(state, { type: 'tap', cell: 8 });  // push it onto the goal: queued
  assert.equal(state.play.queue, 'R');
  showLevel(state, starter, 1);
  const log = takeEffects(state);
  assert.deepEqual(log.find((e) => e.type === 'save-progress').progress, { moves: 'R', redo: '' });
  assert.equal(log.find((e) => e.type === 'record-solution').solution.lurd, 'R');
});

test('the previous version\'s position becomes the level\'s game once, or a snapshot beside one', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  takeEffects(state);
  applyOldPosition(state, 'ru');
  assert.deepEqual(progress(state), { moves: 'ru', redo: '' });
  assert.deepEqual(takeEffects(state), [{ type: 'save-progress', key: state.key, progress: { moves: 'ru', redo: '' } }]);
  applyOldPosition(state, 'ru');  // the same again: nothing to do
  assert.deepEqual(takeEffects(state), []);
  applyOldPosition(state, 'rd');  // the level has a game already: kept beside it
  assert.deepEqual(progress(state), { moves: 'ru', redo: '' });
  assert.deepEqual(takeEffects(state).map((e) => [e.type, e.progress.moves]), [['snapshot', 'rd']]);
});

test('a hint\'s line plays beside the game from the player\'s position, and can be continued from', () => {
  const state = createState(M);
  showLevel(state, starter, CROSSING);
  keys(state, 'l');
  const job = requestHint(state);
  finishHint(state, job, { ok: true, lurd: 'UdrruulLddrUluRR' });  // from the player's position
  assert.deepEqual([state.hintLine.lurd, state.hintLine.moves, state.hintLine.pushes], ['lUdrruulLddrUluRR', 17, 5]);
  watchHintLine(state);
  assert.equal(state.replay.position(), 1, 'it opens where the player stands');
  assert.ok(state.replay.playing);
  assert.match(state.status.text, /from your position/);
  replayControl(state, 'seek', 4);
  continueFromReplay(state);
  assert.equal(state.play.game.history(), 'lUdr');
  keys(state, { type: 'undo' });
  assert.deepEqual(progress(state), { moves: 'l', redo: '' });
  assert.equal(state.hintLine, null, 'a new position makes the old line stale');
});

test('the open collection changed in another tab: the list follows, the shown game stays', () => {
  const state = createState(M);
  const mine = { id: 'u1', name: 'My levels', levels: starter.levels.slice(3, 4) };
  showLevel(state, mine, 0);
  keys(state, 'r');
  collectionChanged(state, 'u1', starter.levels.slice(2, 5));  // a level before it and one after
  assert.equal(state.collection.levels.length, 3);
  assert.equal(state.index, 1);
  assert.equal(state.play.game.history(), 'r');
  collectionChanged(state, 'other', starter.levels);  // another collection: nothing here
  assert.equal(state.collection.levels.length, 3);
});
