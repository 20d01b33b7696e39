// Wires the page: storage, the level library, the wasm module (rules and
// parsing on the main thread), the solvers in workers, the state, the view
// and the input. The modules do the work; this file only connects them and
// picks the level to open first.
//
//   input.js ──actions──> controller.js ──> *-state.js transitions (app-state.js's one state)
//                              │  └─ effects: storage.js, solvers.js, timers
//                              └─ redraw() ──> view.js (panels) + render.js (board)
import { createState, showNotice, shownGame, storageFailed } from './app-state.js';
import { applyBackups, writeBackup } from './backup.js';
import { createController } from './controller.js';
import { attachEditorInput, editorKeyAction } from './editor-input.js';
import { createEditorView } from './editor-view.js';
import { attachInput } from './input.js';
import { applyOldPosition } from './level-state.js';
import { Library } from './library.js';
import { startOffline } from './offline.js';
import { createBoard } from './render.js';
import { workersFromQuery } from './pool-plan.js';
import { SolverClient } from './solver-client.js';
import { Solvers } from './solvers.js';
import { memoryStorage, openStorage } from './storage.js';
import { fillMethods } from './view-solver.js';
import { createView } from './view.js';
import { canPan } from './viewport.js';

const $ = (id) => document.getElementById(id);

async function fetchText(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

// The browser's storage, or memory only (and why) when it cannot be used.
async function openPlayerStorage() {
  const get = (name) => { try { return window[name] || null; } catch { return null; } };
  try {
    const storage = await openStorage({ indexedDB: get('indexedDB'), localStorage: get('localStorage'),
                                        BroadcastChannel: get('BroadcastChannel') });
    return { storage, problem: '' };
  } catch (e) {
    return { storage: memoryStorage(), problem: e.message };  // its message says nothing will be kept
  }
}

// The memory budget's default, 0, is sized to the device (pool-plan.js).
const settingsOf = (storage) => ({
  method: storage.setting('method', 'default'), timeLimit: storage.setting('timeLimit', 60),
  memoryMB: storage.setting('memoryMB', 0), speed: storage.setting('speed', 10),
  theme: storage.setting('theme', 'system'), deadlockWarning: storage.setting('deadlockWarning', true),
});

// What the system prefers, and a listener for when that changes.
const SYSTEM_LOOK = { dark: '(prefers-color-scheme: dark)', moreContrast: '(prefers-contrast: more)', forcedColors: '(forced-colors: active)' };
function watchSystemLook(dispatch) {
  const queries = Object.entries(SYSTEM_LOOK).map(([name, q]) => [name, matchMedia(q)]);
  const tell = () => dispatch({ type: 'system-look', ...Object.fromEntries(queries.map(([name, m]) => [name, m.matches])) });
  for (const [, m] of queries) m.addEventListener('change', tell);
  tell();
}

// What the solver's workers are sized from (pool-plan.js): the cores and
// memory the browser tells, a worker count the address may ask for
// (?workers=N; a bad one is reported and the automatic count used), and
// the module's memory figures.
function deviceOf(M, report) {
  let forcedWorkers = null;
  try {
    forcedWorkers = workersFromQuery(location.search);
  } catch (e) {
    report(e.message);
  }
  return { cores: navigator.hardwareConcurrency, memoryGB: navigator.deviceMemory, forcedWorkers,
           defaultBytes: M.defaultMemoryBudgetBytes(), capBytes: M.solverBudgetCapBytes() };
}

// '' when `lurd` solves the level, else what is wrong with it.
function wrongSolution(M, text, lurd) {
  const v = M.isSinkLevel(text) ? M.verifySink(text, lurd) : M.verify(text, lurd);
  return v.solved ? '' : v.text || v.error || 'the level is not solved at the end';
}

// This tab's name for its backup of moves not yet on disk (backup.js).
const TAB_ID = Math.random().toString(36).slice(2, 10);

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// What the page can do outside its state: the clipboard, the address, a
// dialog, a download, the backup written as the page is hidden.
const page = {
  copy: (text) => navigator.clipboard.writeText(text),
  showText: (text) => {
    $('import-text').value = text;
    $('import-dialog').showModal();
  },
  link: (fragment) => location.href.replace(/#.*$/, '') + '#' + fragment,
  hash: () => location.hash,
  setHash: (hash) => history.replaceState(null, '', location.pathname + location.search + (hash ? '#' + hash : '')),
  download,
  keepUnsaved: (entries) => { if (localStore()) writeBackup(localStore(), TAB_ID, entries); },
  showHelp: () => { if (!$('help-dialog').open) $('help-dialog').showModal(); },
  takeUpdate: () => location.reload(),  // until the service worker is registered (boot)
};

function localStore() {
  try { return window.localStorage; } catch { return null; }
}

async function boot() {
  performance.mark('soko:boot');
  const module = createSokoModule({ locateFile: (f) => new URL(f, document.baseURI).href });
  const { storage, problem } = await openPlayerStorage();
  const library = new Library(null, storage, fetchText);
  // The level index and the collection to show download while the module compiles.
  const indexLoaded = library.loadIndex().then(() => {
    const v1 = storage.setting('resumeV1', null);
    library.prefetch(location.hash ? null : (v1 && v1.collection) || storage.setting('collection', library.bundled[0]?.id));
  });
  const M = await module;
  library.module = M;
  performance.mark('soko:module');

  // Kept in localStorage until storage can keep them for good.
  const backups = localStore() && storage.persistent ? await applyBackups(localStore(), storage) : null;
  const state = createState(M, settingsOf(storage));
  storageFailed(state, problem);
  if (backups && backups.problems.length) showNotice(state, 'Moves kept as a page closed could not all be taken back', backups.problems);
  if (storage.migration && storage.migration.error) {
    showNotice(state, 'The data saved by the previous version of this page could not be read', [storage.migration.error]);
  }
  let controller = null;
  // The frames' sizes come in as actions (the board's viewports are state).
  const frame = (type) => (width, height, dpr) => controller && controller.dispatch({ type, width, height, dpr });
  const board = createBoard($('board'), $('board-wrap'), frame('frame'));
  const editorBoard = createBoard($('editor-board'), $('editor-wrap'), frame('editor-frame'));
  const view = createView({ state, storage, library, board, editor: createEditorView(editorBoard) });
  const device = deviceOf(M, (problem) => showNotice(state, 'The page address asks for something it cannot do', [problem]));
  const solvers = new Solvers(() => new SolverClient(() => new Worker('solver-worker.js'), {
    onRestart: (reason) => controller.solverRestarted(reason),
  }), (text, lurd) => wrongSolution(M, text, lurd), device);
  controller = createController({ state, storage, library, solvers, redraw: view.redraw, page });
  solvers.methods = M.solverMethods().map((m) => m.name);
  state.machine = { device, methods: solvers.methods };
  fillMethods(M.solverMethods());
  // A mouse drag moves a large board unless it starts on a box (then it pushes the box).
  const canPanFrom = (x, y) => {
    const cell = board.cellAt(x, y);
    const g = shownGame(state);
    return canPan(state.viewport) && !(cell >= 0 && g && (state.play.sink ? g.hasStone(cell) : g.hasBox(cell)));
  };
  const editorMode = () => (state.editor ? (state.editor.trial ? 'trial' : 'edit') : null);
  attachInput({ board: $('board'), cellAt: board.cellAt, canPanFrom, dispatch: controller.dispatch,
                keysFor: (e) => (editorMode() ? editorKeyAction(e, editorMode()) : undefined) });
  attachEditorInput({ canvas: $('editor-board'), cellAt: editorBoard.cellAt, dispatch: controller.dispatch,
                      trial: () => editorMode() === 'trial' });
  watchSystemLook(controller.dispatch);
  storage.on('change', controller.storageChanged);
  storage.on('error', controller.storageError);
  // Another tab may have played meanwhile; a failed read reaches the 'error' listener.
  window.addEventListener('focus', () => storage.reloadFromDisk().catch(() => {}));
  window.addEventListener('pagehide', () => controller.dispatch('flush'));
  document.addEventListener('visibilitychange', () => controller.dispatch(document.hidden ? 'flush' : 'shown'));
  window.addEventListener('hashchange', () => controller.dispatch({ type: 'hash', hash: location.hash }));

  // For the page tests and the curious: read, do not change.
  window.soko = {
    state, storage, board, solvers, get play() { return state.play; }, get replay() { return state.replay; }, get solver() { return solvers.single; },
  };

  await indexLoaded;
  performance.mark('soko:index');
  await openFirstLevel(storage, library, controller, state);
  state.ready = true;
  controller.update();
  performance.mark('soko:ready');
  document.body.dataset.ready = 'true';
  // The solver's worker loads its own module copy; started once the board is up.
  solvers.start();
  // Kept for offline use once the page has shown its level.
  page.takeUpdate = startOffline(controller.dispatch).takeUpdate;
}

// A link's level; else where the player was (the previous version's
// position once, then the collection last open); else the first collection.
async function openFirstLevel(storage, library, controller, state) {
  if (location.hash && await controller.openLink(location.hash)) return;
  const v1 = storage.setting('resumeV1', null);
  if (v1) {
    const opened = library.has(v1.collection) && await controller.openCollection(v1.collection, v1.index);
    if (opened) controller.update(() => applyOldPosition(state, v1.history));
    storage.removeSetting('resumeV1').catch(() => {});  // a failure reaches the 'error' listener
    if (opened) return;
  }
  const last = storage.setting('collection', null);
  if (last && library.has(last) && await controller.openCollection(last)) return;
  const first = library.collections()[0];
  if (first) await controller.openCollection(first.id);
}

boot().catch((e) => {
  const status = $('status');
  status.textContent = 'The page could not start: ' + (e && e.message ? e.message : e);
  status.className = 'status bad';
  console.error(e);
});
