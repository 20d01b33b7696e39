// What each action does: it runs the state transitions, then the work the
// state asked for outside itself (storage writes, the solvers, the ticking
// of walks and replays), then asks for one redraw. Input (input.js), the
// solvers' answers, timers and storage events all come in here as actions.
// No DOM: the page's clipboard, location, files and dialogs come in as `page`.
//
// Actions (the levels' and collections' in controller-levels.js, the
// player's data in controller-data.js):
//   player's game   {type: 'step', dir} | 'undo' | 'redo' | 'restart' | {type: 'tap', cell} | {type: 'drag', from, to} | 'play-hint'
//                   | 'undo-push' (the deadlock warning's Undo)
//   solver          'solve' | 'hint' | 'cancel'
//   replay          {type: 'replay', op, to} | 'replay-leave' | 'replay-continue' | 'hint-line'
//   solutions       {type: 'solution-replay', index} | {type: 'solution-copy', index} | 'copy-solution' | 'download-level'
//                   | {type: 'solution-optimize', index, metric} (metric 'pushes' or 'moves')
//                   | {type: 'import-solution', text}
//   snapshots       'snapshot-save' | {type: 'snapshot-restore' | 'snapshot-rename' | 'snapshot-delete', id}
//   dialogs         {type: 'name-given', name} | 'name-cancel' | 'confirm-yes' | 'confirm-no' | 'undo-removal' | 'dismiss-removal'
//   other           'share' | 'share-position' | 'dismiss' | 'dismiss-storage' | {type: 'setting', name, value}
//   the view        zoom, pan, the frames, the system's look, help (controller-view.js)
//   level editor    controller-editor.js's (while it is open, the player's moves go to it)
import { changeSetting, dismissNotice, finishWalk, setStatus, storageFailed, storedData, takeEffects } from './app-state.js';
import { levelActions } from './controller-levels.js';
import { dataActions } from './controller-data.js';
import { editorActions, whileEditing } from './controller-editor.js';
import { viewActions } from './controller-view.js';
import { watchDeadlock } from './deadlock-state.js';
import { finishHint, finishSolve, jobProgress, requestHint, requestSolve, stopJob } from './job-state.js';
import { playerAction, solutionRecorded, walkTick } from './level-state.js';
import { levelText, shareFragment } from './library.js';
import { syncViewport } from './look-state.js';
import { HINT_TIME_LIMIT } from './solver-words.js';
import { continueFromReplay, importSolution, leaveReplay, replayControl, replayTick, watchHintLine } from './replay-state.js';
import { askSnapshotRename, askSnapshotSave, deleteSnapshot, dismissRemoval, nameGiven, namingCancelled, restoreSnapshot,
         undoRemoval } from './snapshot-state.js';
import { finishOptimize, optimizeProgress, requestOptimize } from './optimize-state.js';
import { levelFile, replaySolutionRow, solutionRowLurd } from './solutions-state.js';

const STEP_MS = 32;          // walking animation, per step

// state: app-state.js; storage: storage.js (its contract atop it); library: library.js;
// solvers: solvers.js; redraw(): asks for a draw; page: {copy(text) ->
// Promise, showText(text), link(fragment) -> URL, hash(), setHash(hash),
// download(name, text, type), keepUnsaved(entries), showHelp(), takeUpdate()}.
export function createController({ state, storage, library, solvers, redraw, page }) {
  const timers = { walk: null, replay: null, replaySpeed: 0 };
  const ctx = { state, storage, library, solvers, page, update, dispatch, copy, kept, pending: new Map() };

  // Changes the state with `change` (if any), then does what it asked for.
  function update(change) {
    if (change) change();
    watchDeadlock(state);
    for (const effect of takeEffects(state)) perform(effect);
    if (state.key) storedData(state, { snapshots: storage.snapshots(state.key), best: storage.solutions(state.key) });
    syncViewport(state);
    syncTimers();
    redraw();
  }

  // A storage write that fails also reaches storage.on('error'), which shows
  // it to the player; the promise's rejection is handled there.
  function kept(promise) {
    promise.catch(() => {});
    return promise;
  }

  const effects = effectRunners(ctx);

  function perform(e) {
    const run = effects[e.type];
    if (!run) throw new Error('controller: unknown effect ' + e.type);
    run(e);
  }

  // The walking animation and a playing replay tick as actions too.
  function syncTimers() {
    const walking = Boolean(state.play.queue);
    if (walking && !timers.walk) timers.walk = setInterval(() => dispatch({ type: 'walk-tick' }), STEP_MS);
    if (!walking && timers.walk) {
      clearInterval(timers.walk);
      timers.walk = null;
    }
    const speed = state.replay && state.replay.playing ? state.settings.speed : 0;
    if (speed !== timers.replaySpeed) {
      clearInterval(timers.replay);
      timers.replay = speed ? setInterval(() => dispatch({ type: 'replay-tick' }), 1000 / speed) : null;
      timers.replaySpeed = speed;
    }
  }

  const handlers = { ...playActions(ctx), ...levelActions(ctx), ...dataActions(ctx), ...viewActions(ctx), ...editorActions(ctx) };
  const editing = whileEditing(ctx, handlers);

  function dispatch(action) {
    const a = typeof action === 'string' ? { type: action } : action;
    const handle = (state.editor && editing[a.type]) || handlers[a.type];
    if (!handle) throw new Error('controller: unknown action ' + a.type);
    return handle(a);
  }

  async function copy(text, what) {
    try {
      await page.copy(text);
      update(() => setStatus(state, `${what} copied to the clipboard.`, 'good'));
    } catch {
      page.showText(text);
      update(() => setStatus(state, `Could not reach the clipboard; the ${what.toLowerCase()} is shown in the dialog.`));
    }
  }

  return { dispatch, update, openCollection: ctx.openCollection, openLink: ctx.openLink,
           storageChanged: ctx.storageChanged, storageError: ctx.storageError, solverRestarted: ctx.solverRestarted };
}

// What each effect a transition queued does (app-state.js lists them).
function effectRunners(ctx) {
  const { state, storage, solvers, update, kept } = ctx;
  return {
    'save-progress': (e) => saveProgress(ctx, e.key, e.progress),
    snapshot: (e) => kept(storage.addSnapshot(e.key, { name: e.name, ...e.progress })),
    'rename-snapshot': (e) => kept(storage.renameSnapshot(e.id, e.name)),
    'delete-snapshot': (e) => kept(storage.deleteSnapshot(e.id)),
    'restore-snapshot': (e) => kept(storage.restoreSnapshot(e.record)),
    'rename-collection': (e) => kept(storage.renameCollection(e.id, e.name)),
    'remove-collection': (e) => kept(storage.removeCollection(e.id)),
    'restore-collection': (e) => ctx.collectionRestored(e.record),
    'collection-state': (e) => kept(storage.setCollectionState(e.id, { lastIndex: e.lastIndex })),
    setting: (e) => kept(storage.setSetting(e.name, e.value)),
    'cancel-job': () => solvers.cancel(),
    'record-solution': (e) => kept(storage.recordSolution(e.key, e.solution)).then(
      (r) => update(() => solutionRecorded(state, e.key, r.improvedMoves || r.improvedPushes)), () => {}),
  };
}

// A progress write not yet durable is remembered until it is, so that a
// page closed meanwhile can keep it another way (controller-data.js).
function saveProgress(ctx, key, progress) {
  const entry = { key, ...progress, updated: Date.now() };
  ctx.pending.set(key, entry);
  ctx.kept(ctx.storage.saveProgress(key, progress)).then(() => {
    if (ctx.pending.get(key) !== entry) return;
    ctx.pending.delete(key);
    ctx.written();
  }, () => {});
}

// The player's game, the solver, the replay, solutions and snapshots.
function playActions(ctx) {
  const { state, page, update, copy } = ctx;
  const shownSolution = () => (state.replay ? state.replay.solution : state.solution);
  const play = (a) => update(() => playerAction(state, a));
  return {
    step: play, undo: play, redo: play, restart: play, tap: play, drag: play, 'play-hint': play, 'undo-push': play,
    'walk-tick': () => update(() => walkTick(state)),
    solve: () => solve(ctx),
    hint: () => (state.play.hint && !state.replay ? play({ type: 'play-hint' }) : hint(ctx)),
    cancel: () => update(() => stopJob(state)),
    replay: (a) => update(() => replayControl(state, a.op, a.to)),
    'replay-tick': () => update(() => replayTick(state)),
    'replay-leave': () => update(() => leaveReplay(state)),
    'hint-line': () => update(() => watchHintLine(state)),
    'replay-continue': () => update(() => continueFromReplay(state)),
    'import-solution': (a) => update(() => importSolution(state, a.text)),
    'solution-replay': (a) => update(() => replaySolutionRow(state, a.index)),
    'solution-optimize': (a) => optimize(ctx, a.index, a.metric),
    'solution-copy': (a) => (solutionRowLurd(state, a.index) ? copy(solutionRowLurd(state, a.index), 'Solution') : undefined),
    'copy-solution': () => (shownSolution() ? copy(shownSolution().lurd, 'Solution') : undefined),
    'download-level': () => {
      if (!state.level) return;
      const file = levelFile(state);
      page.download(file.name, file.text, 'text/plain');
      update(() => setStatus(state, `The level and its solutions were saved as ${file.name}.`, 'good'));
    },
    'snapshot-save': () => update(() => askSnapshotSave(state, Date.now())),
    'snapshot-restore': (a) => update(() => restoreSnapshot(state, a.id)),
    'snapshot-rename': (a) => update(() => askSnapshotRename(state, a.id)),
    'snapshot-delete': (a) => update(() => deleteSnapshot(state, a.id)),
    'name-given': (a) => update(() => nameGiven(state, a.name)),
    'name-cancel': () => update(() => namingCancelled(state)),
    'undo-removal': () => update(() => undoRemoval(state)),
    'dismiss-removal': () => update(() => dismissRemoval(state)),
    share: () => (state.level ? copy(page.link(shareFragment(state.level)), 'Link') : undefined),
    'share-position': () => sharePosition(ctx),
    dismiss: () => update(() => dismissNotice(state)),
    'dismiss-storage': () => update(() => storageFailed(state, '')),
    setting: (a) => update(() => changeSetting(state, a.name, a.value)),
  };
}

// A link to the level at the player's position (their moves, not the replay's).
function sharePosition(ctx) {
  const { state, page, update, copy } = ctx;
  if (!state.play.game) return undefined;
  update(() => finishWalk(state));
  const moves = state.play.game.history();
  return copy(page.link(shareFragment(state.level, moves)), moves ? `Link to your position (move ${moves.length})` : 'Link');
}

function solverOptions(state) {
  const s = state.settings;
  return { method: s.method || 'default', timeLimitSeconds: Number(s.timeLimit), memoryMB: Number(s.memoryMB) };
}

async function solve({ state, solvers, update }) {
  let job = null;
  update(() => { job = requestSolve(state); });
  if (!job) return;
  const r = await solvers.run(levelText(state.level), solverOptions(state), (p) => update(() => jobProgress(state, job, p)), job.sink);
  update(() => finishSolve(state, job, r));
}

async function hint({ state, solvers, update }) {
  let job = null;
  update(() => { job = requestHint(state); });
  if (!job) return;
  const options = solverOptions(state);
  options.timeLimitSeconds = Math.min(options.timeLimitSeconds, HINT_TIME_LIMIT);
  const r = await solvers.run(state.play.game.currentLevelText(), options, (p) => update(() => jobProgress(state, job, p)), job.sink);
  update(() => finishHint(state, job, r));
}

async function optimize({ state, solvers, update }, index, metric) {
  let job = null;
  update(() => { job = requestOptimize(state, index, metric); });
  if (!job) return;
  const { method, ...limits } = solverOptions(state);
  const r = await solvers.optimize(levelText(state.level), job.given.lurd, { ...limits, metric, otherSolutions: job.others },
                                   (p) => update(() => optimizeProgress(state, job, p)));
  update(() => finishOptimize(state, job, r));
}
