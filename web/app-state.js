// The whole page's state in one object, and the small transitions every
// other state module shares (status line, notices, effects). DOM-free.
//
// The transitions (here, level-state.js, replay-state.js, job-state.js)
// change the state and never touch the DOM, storage, workers or timers.
// What must happen outside the state is queued in `state.effects` as plain
// objects, which the controller runs after each action:
//   {type: 'save-progress', key, progress}       storage.saveProgress
//   {type: 'snapshot', key, name, progress}      storage.addSnapshot (keeps a game the page replaces,
//                                                 or a position the player saved)
//   {type: 'rename-snapshot', id, name}          storage.renameSnapshot
//   {type: 'delete-snapshot', id}                storage.deleteSnapshot
//   {type: 'restore-snapshot', record}           storage.restoreSnapshot (Undo of a delete)
//   {type: 'rename-collection', id, name}        storage.renameCollection
//   {type: 'remove-collection', id}              storage.removeCollection
//   {type: 'restore-collection', record}         storage.restoreCollection (Undo of a removal)
//   {type: 'record-solution', key, solution}     storage.recordSolution
//   {type: 'collection-state', id, lastIndex}    storage.setCollectionState
//   {type: 'setting', name, value}               storage.setSetting
//   {type: 'cancel-job'}                         the solvers stop
// The view draws everything from this object (view.js, render.js).
import { DeadlockWatch } from './deadlock-state.js';
import { PlayState, progressOf, sameProgress } from './state.js';
import { createViewport } from './viewport.js';
import { movesPushes } from './words.js';

const NO_BEST = Object.freeze({ byMoves: null, byPushes: null });

// module: the wasm module (the rules every game is played by).
export function createState(module, settings = {}) {
  return {
    module,
    collection: null,   // {id, name, levels}: the open collection, its levels parsed once by the library
    index: -1,          // the level shown, an index into collection.levels
    level: null,        // collection.levels[index]
    key: '',            // levelKey(level): the level's identity in storage
    play: new PlayState(module),  // the player's own game on the level shown
    saved: null,        // {moves, redo} last saved (or loaded) for `key`: saves only what changed
    announced: false,   // the player's game is solved and the moment was shown (or it was restored solved)
    takeover: null,     // {key, at, prefix, before}: the last "continue from here", for its one-step undo
    foreign: null,      // {key, progress}: another tab's newer game on this level, not yet kept aside
    solution: null,     // {lurd, moves, pushes, source, at}: the solution the replay controls act on
    best: NO_BEST,      // {byMoves, byPushes}: the shown level's best solutions in storage
    shipped: [],        // the solutions the level's file gives, verified (solutions-state.js)
    snapshots: [],      // the shown level's snapshots in storage, newest first
    naming: null,       // {kind, id, name, heading}: the name dialog, while it asks (snapshot-state.js)
    confirm: null,      // {kind, id, heading, lines, yes}: a question before something is removed
    removed: null,      // {kind: 'snapshot'|'collection', record, words}: the last removal, for its Undo
    browser: null,      // {focus}: the collection browser, while it is open (browser-state.js)
    hintLine: null,     // {lurd, moves, pushes, source, from}: the last hint's whole line (the player's
                        //   moves `from`, then the solver's), to watch beside the game from their position
    replay: null,       // Replay (replay.js) beside the player's game, while it is shown
    job: null,          // {kind: 'solve'|'hint', run, key, from}: the solver's current work
    runs: 0,            // jobs started; a job's answer counts only while it is state.job
    figures: null,      // the solver's last progress {elapsed, nodes, nodesPerSecond, memoryBytes}
    result: line(),     // the Solver card's line
    status: line(),     // the line under the board
    notice: null,       // {title, lines}: the red card, for things that went wrong
    storageProblem: '', // why the player's data is not being kept, while that is so
    banner: null,       // {moves, pushes, improved}: the solved moment
    ready: false,       // the page has started (before that the heading says it is loading)
    viewport: createViewport(),  // the board's zoom and pan (viewport.js)
    editorViewport: createViewport(),  // the editor's board, always fitted to its frame (look-state.js)
    system: {},         // {dark, moreContrast, forcedColors}: what the system prefers (look-state.js)
    offline: null,      // {status, message}: whether this version works with no network (offline-state.js)
    update: null,       // 'ready' | 'elsewhere': a new version of the page waits (offline-state.js)
    deadlock: null,     // {kind, boxes, pushed}: the player's position is dead (deadlock-state.js), while the warning is on
    deadlockWatch: new DeadlockWatch(module),  // the core's checks for the level shown
    editor: null,       // the level editor, while it is open (editor-state.js)
    machine: null,      // {device, methods}: what the solver's workers are sized from (pool-plan.js)
    settings: { method: 'default', timeLimit: 60, memoryMB: 0, speed: 10,
                theme: 'system', deadlockWarning: true, ...settings },
    effects: [],
  };
}

export function line(text = '', kind = '') { return { text, kind }; }

export function setStatus(state, text, kind = '') { state.status = line(text, kind); }
export function setResult(state, text, kind = '') { state.result = line(text, kind); }

// A notice replaces the status line: a message beside the red card would be
// about something older.
export function showNotice(state, title, lines = []) {
  state.notice = { title, lines };
  setStatus(state, '');
}
export function dismissNotice(state) { state.notice = null; }

export function emit(state, effect) { state.effects.push(effect); }
export function takeEffects(state) {
  const out = state.effects;
  state.effects = [];
  return out;
}

// The game the board shows: the replay's while it is open, else the player's.
export const shownGame = (state) => (state.replay ? state.replay.game : state.play.game);

// Saves the player's game if it changed since the last save. Another tab's
// game on this level that came in meanwhile is kept as a snapshot first, so
// this tab's game winning never loses the other one.
export function commitProgress(state) {
  const play = state.play;
  if (!play.game || play.queue) return;
  const progress = progressOf(play.game);
  if (sameProgress(progress, state.saved)) return;
  if (state.foreign && state.foreign.key === state.key) {
    emit(state, { type: 'snapshot', key: state.key, name: 'From another tab', progress: state.foreign.progress });
    state.foreign = null;
  }
  state.saved = progress;
  emit(state, { type: 'save-progress', key: state.key, progress });
}

// After each change of the player's game: save it, and greet a new solve
// (the Solution card shows the player's solution at once).
export function settleGame(state) {
  const play = state.play;
  if (play.queue) return;  // a walk is under way; its last step decides
  commitProgress(state);
  if (!play.solved()) {
    state.announced = false;
    state.banner = null;
    return;
  }
  if (state.announced) return;
  state.announced = true;
  const g = play.game;
  const solution = { lurd: g.history(), moves: g.moves(), pushes: g.pushes(), source: 'player' };
  state.solution = { ...solution, at: 0 };
  state.banner = { moves: solution.moves, pushes: solution.pushes, improved: false,
                   last: state.index + 1 >= state.collection.levels.length };
  setStatus(state, `Solved: ${movesPushes(solution.moves, solution.pushes)}.`, 'good');
  emit(state, { type: 'record-solution', key: state.key, solution });
}

// A walk under way ends at once where it was going (before a replay, a
// hint, another level, or the page going away), and counts like any move.
export function finishWalk(state) {
  if (!state.play.queue) return;
  state.play.flush();
  settleGame(state);
}

// What storage holds for the shown level, read again after every action
// (this tab's writes, another tab's, an import): its snapshots and best solutions.
export function storedData(state, { snapshots, best }) {
  state.snapshots = snapshots;
  state.best = best || NO_BEST;
}

// Why the player's data is not being kept ('' once they dismissed it).
export function storageFailed(state, message) { state.storageProblem = message; }

export function changeSetting(state, name, value) {
  state.settings[name] = value;
  emit(state, { type: 'setting', name, value });
}

// A setting changed in another tab: the solver's and the replay's follow
// (which collection is open stays this tab's own).
export function settingChanged(state, name, value) {
  if (!(name in state.settings) || value === undefined) return;
  state.settings[name] = value;
}

// Closes the replay; its solution remembers where it was, for the next look.
export function closeReplay(state) {
  const r = state.replay;
  if (!r) return;
  r.solution.at = r.position();
  r.close();
  state.replay = null;
}

// True while Undo would take back a "continue from here": the game stands
// where the replay's moves were taken in, and they are still its history.
export function takeoverUndoable(state) {
  const t = state.takeover;
  const g = state.play.game;
  return Boolean(t && g && t.key === state.key && !state.play.queue && g.moves() === t.at && g.history() === t.prefix);
}

export const canUndo = (state) => Boolean(state.play.game && (state.play.game.canUndo() || takeoverUndoable(state)));
