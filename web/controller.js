// What each action does: it runs the state transitions, then the work the
// state asked for outside itself (storage writes, the solvers, the ticking
// of walks and replays), then asks for one redraw. Input (input.js), the
// solvers' answers, timers and storage events all come in here as actions.
// No DOM: the page's clipboard, location and dialogs come in as `page`.
//
// Actions:
//   player's game   {type: 'step', dir} | 'undo' | 'redo' | 'restart' | {type: 'tap', cell} | 'play-hint'
//   levels          'prev' | 'next' | 'enter' | {type: 'open-level', index} | {type: 'open-collection', id}
//   solver          'solve' | 'hint' | 'cancel'
//   replay          {type: 'replay', op, to} | 'replay-leave' | 'replay-continue' | 'hint-line'
//   text            {type: 'text', text, name} (paste, file, drop) | {type: 'import-solution', text}
//   other           'copy-solution' | 'share' | 'dismiss' | 'dismiss-storage' | {type: 'setting', name, value}
//   page events     'flush' (the page is hidden) | {type: 'hash', hash}
import { changeSetting, dismissNotice, finishWalk, setStatus, showNotice, storageFailed, takeEffects } from './app-state.js';
import { finishHint, finishSolve, jobProgress, requestHint, requestSolve, stopJob } from './job-state.js';
import { collectionChanged, playerAction, progressChangedElsewhere, showLevel, solutionRecorded, walkTick } from './level-state.js';
import { SHARED, levelKey, levelText, looksLikeLurd, shareFragment } from './library.js';
import { continueFromReplay, importSolution, leaveReplay, replayControl, replayTick, watchHintLine } from './replay-state.js';
import { describeRestart } from './solver-client.js';

const STEP_MS = 32;          // walking animation, per step
const HINT_TIME_LIMIT = 30;  // seconds at most for a hint

// state: app-state.js; storage: storage-contract.md; library: library.js;
// solvers: solvers.js; redraw(): asks for a draw; page: {copy(text) ->
// Promise, showText(text), link(fragment) -> URL, hash(), setHash(hash)}.
export function createController({ state, storage, library, solvers, redraw, page }) {
  const timers = { walk: null, replay: null, replaySpeed: 0 };
  let opening = 0;  // the latest collection or level asked for; older opens give way

  // Changes the state with `change` (if any), then does what it asked for.
  function update(change) {
    if (change) change();
    for (const effect of takeEffects(state)) perform(effect);
    syncTimers();
    redraw();
  }

  // A storage write that fails also reaches storage.on('error'), which shows
  // it to the player; the promise's rejection is handled there.
  const shownByErrorListener = () => {};
  const kept = (promise) => { promise.catch(shownByErrorListener); };

  function perform(e) {
    switch (e.type) {
      case 'save-progress': kept(storage.saveProgress(e.key, e.progress)); break;
      case 'snapshot': kept(storage.addSnapshot(e.key, { name: e.name, ...e.progress })); break;
      case 'collection-state': kept(storage.setCollectionState(e.id, { lastIndex: e.lastIndex })); break;
      case 'setting': kept(storage.setSetting(e.name, e.value)); break;
      case 'cancel-job': solvers.cancel(); break;
      case 'record-solution':
        storage.recordSolution(e.key, e.solution).then(
          (r) => update(() => solutionRecorded(state, e.key, r.improvedMoves || r.improvedPushes)), shownByErrorListener);
        break;
      default: throw new Error('controller: unknown effect ' + e.type);
    }
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

  function dispatch(action) {
    const a = typeof action === 'string' ? { type: action } : action;
    switch (a.type) {
      case 'step': case 'undo': case 'redo': case 'restart': case 'tap': case 'play-hint':
        return update(() => playerAction(state, a));
      case 'walk-tick': return update(() => walkTick(state));
      case 'flush': return update(() => finishWalk(state));
      case 'prev': return openLevel(state.index - 1);
      case 'next': return openLevel(state.index + 1);
      case 'enter': return state.banner && !state.banner.last ? openLevel(state.index + 1) : undefined;
      case 'open-level': return openLevel(a.index);
      case 'open-collection': return openCollection(a.id);
      case 'solve': return solve();
      case 'hint': return state.play.hint && !state.replay ? update(() => playerAction(state, { type: 'play-hint' })) : hint();
      case 'cancel': return update(() => stopJob(state));
      case 'replay': return update(() => replayControl(state, a.op, a.to));
      case 'replay-tick': return update(() => replayTick(state));
      case 'replay-leave': return update(() => leaveReplay(state));
      case 'hint-line': return update(() => watchHintLine(state));
      case 'replay-continue': return update(() => continueFromReplay(state));
      case 'import-solution': return update(() => importSolution(state, a.text));
      case 'text': return takeText(a.text, a.name);
      case 'copy-solution': return shownSolution() ? copy(shownSolution().lurd, 'Solution') : undefined;
      case 'share': return state.level ? copy(page.link(shareFragment(state.level)), 'Link') : undefined;
      case 'dismiss': return update(() => dismissNotice(state));
      case 'dismiss-storage': return update(() => storageFailed(state, ''));
      case 'setting': return update(() => changeSetting(state, a.name, a.value));
      case 'hash': return openLink(a.hash);
      default: throw new Error('controller: unknown action ' + a.type);
    }
  }

  // The solution the Solution card shows: the replay's while one is open.
  const shownSolution = () => (state.replay ? state.replay.solution : state.solution);

  // ------------------------------------------------------------ levels
  function showAt(collection, index) {
    const key = levelKey(collection.levels[index]);
    showLevel(state, collection, index, { progress: storage.progress(key), best: storage.solutions(key).byMoves });
    if (collection.id !== SHARED && page.hash()) page.setHash('');
  }

  function openLevel(index) {
    if (!state.collection || index < 0 || index >= state.collection.levels.length) return;
    opening += 1;
    update(() => showAt(state.collection, index));
  }

  // Opens a collection at `index`, by default the level the player was on there.
  async function openCollection(id, index = null) {
    const mine = ++opening;
    let parsed;
    try {
      parsed = await library.open(id);
    } catch (e) {
      if (mine === opening) update(() => showNotice(state, 'Could not load the collection', [String(e.message || e)]));
      return false;
    }
    if (mine !== opening) return false;  // the player asked for something else meanwhile
    if (!parsed.levels.length) {
      update(() => showNotice(state, 'This collection has no valid level', parsed.errors.map((e) => e.text)));
      return false;
    }
    const info = library.collections().find((c) => c.id === id);
    const collection = { id, name: info ? info.name : id, levels: parsed.levels };
    const last = index ?? storage.collectionState(id)?.lastIndex ?? 0;
    update(() => showAt(collection, Math.min(Math.max(0, last), parsed.levels.length - 1)));
    return true;
  }

  async function openLink(hash) {
    const parsed = library.openShared(hash);
    if (parsed && parsed.levels.length) return openCollection(SHARED, 0);
    if (parsed) update(() => showNotice(state, 'The link does not hold a valid level.', parsed.errors.map((e) => e.text)));
    return false;
  }

  // Pasted, opened or dropped text: levels, or a solution for this level.
  async function takeText(text, name) {
    if (!text || !text.trim()) return update(() => showNotice(state, 'Nothing to load', ['The text was empty.']));
    if (looksLikeLurd(text) && state.level) return update(() => importSolution(state, text));
    let r;
    try {
      r = await library.addText(text, name);
    } catch (e) {
      return update(() => showNotice(state, 'The levels could not be kept, so they were not opened', [e.message]));
    }
    if (!r.levels.length) {
      const lines = r.errors.length ? r.errors.map((e) => e.text) : ['No level found in the text.'];
      return update(() => showNotice(state, 'No valid level found; nothing was changed.', lines));
    }
    update(() => dismissNotice(state));
    if (!(await openCollection(r.id, r.index))) return undefined;
    return update(() => {
      if (r.errors.length) showNotice(state, `${r.errors.length} level(s) could not be read and were skipped:`, r.errors.map((e) => e.text));
      setStatus(state, (r.levels.length === 1 ? 'Level loaded' : `Collection of ${r.levels.length} levels loaded`) + '.', 'good');
    });
  }

  // ------------------------------------------------------------ solver
  function solverOptions() {
    const s = state.settings;
    return { method: s.method || 'default', timeLimitSeconds: Number(s.timeLimit), memoryBudgetBytes: Number(s.memoryMB) * 1048576 };
  }

  async function solve() {
    let job = null;
    update(() => { job = requestSolve(state); });
    if (!job) return;
    const r = await solvers.run(levelText(state.level), solverOptions(), (p) => update(() => jobProgress(state, job, p)), job.sink);
    update(() => finishSolve(state, job, r));
  }

  async function hint() {
    let job = null;
    update(() => { job = requestHint(state); });
    if (!job) return;
    const options = solverOptions();
    options.timeLimitSeconds = Math.min(options.timeLimitSeconds, HINT_TIME_LIMIT);
    const r = await solvers.run(state.play.game.currentLevelText(), options, (p) => update(() => jobProgress(state, job, p)), job.sink);
    update(() => finishHint(state, job, r));
  }

  // ------------------------------------------------------------ clipboard
  async function copy(text, what) {
    try {
      await page.copy(text);
      update(() => setStatus(state, `${what} copied to the clipboard.`, 'good'));
    } catch {
      page.showText(text);
      update(() => setStatus(state, `Could not reach the clipboard; the ${what.toLowerCase()} is shown in the dialog.`));
    }
  }

  // ------------------------------------------------------------ outside news
  // A record changed in another tab (or was found changed on focus).
  function storageChanged({ store, key }) {
    if (store === 'collections') return collectionRecordChanged(key);
    return update(() => {
      if (store === 'progress') progressChangedElsewhere(state, key, storage.progress(key));
    });
  }

  async function collectionRecordChanged(id) {
    library.forget(id);
    if (!state.collection || state.collection.id !== id || !library.has(id)) return update();
    const parsed = await library.open(id);
    return update(() => collectionChanged(state, id, parsed.levels));
  }

  function storageError(error) {
    update(() => storageFailed(state, error.message));
  }

  function solverRestarted(reason) {
    update(() => setStatus(state, describeRestart(reason), 'bad'));
  }

  return { dispatch, update, openCollection, openLink, storageChanged, storageError, solverRestarted };
}
