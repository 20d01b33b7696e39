// The controller's actions on the player's data as a whole: export and
// import, news from storage (another tab, a failed write), settings changed
// elsewhere, and the page being hidden or closed. ctx: the controller's
// shared parts (controller.js).
//
//   'export-data' | {type: 'import-data', text, name} | 'flush' (the page is hidden) | 'shown' (visible again)
import { commitProgress, finishWalk, setStatus, settingChanged, showNotice, storageFailed } from './app-state.js';
import { collectionChanged, progressChangedElsewhere, progressReplaced } from './level-state.js';
import { describeRestart } from './solver-client.js';
import { exportWords, importWords } from './words.js';

export function dataActions(ctx) {
  const { state, page, update } = ctx;
  let hidden = false;
  // While hidden, the backup follows the writes as they land.
  ctx.written = () => { if (hidden) page.keepUnsaved([...ctx.pending.values()]); };
  ctx.storageChanged = (change) => storageChanged(ctx, change);
  ctx.storageError = (error) => update(() => storageFailed(state, error.message));
  ctx.solverRestarted = (reason) => update(() => setStatus(state, describeRestart(reason), 'bad'));
  return {
    'export-data': () => exportData(ctx),
    'import-data': (a) => importData(ctx, a.text, a.name),
    // The page is hidden (another tab, closed, reloaded): a walk ends where
    // it was going, and the progress writes not yet on disk are also kept
    // in localStorage, synchronously, since a page that unloads aborts them.
    flush: () => {
      hidden = true;
      settle(ctx);
      page.keepUnsaved([...ctx.pending.values()]);
    },
    shown: () => {
      hidden = false;
      page.keepUnsaved([...ctx.pending.values()]);
    },
  };
}

// The shown game goes to storage's memory first, so that what is exported,
// or merged with an import, is what the player sees.
function settle({ state, update }) {
  update(() => {
    finishWalk(state);
    commitProgress(state);
  });
}

function exportData(ctx) {
  const { state, storage, page, update } = ctx;
  settle(ctx);
  const data = storage.exportAll();
  const day = new Date(data.exported).toISOString().slice(0, 10);
  const name = `sokoban-data-${day}.json`;
  page.download(name, JSON.stringify(data), 'application/json');
  update(() => setStatus(state, `Saved to ${name}: ${exportWords(data)}.`, 'good'));
}

async function importData(ctx, text, name) {
  const { state, storage, library, update } = ctx;
  settle(ctx);
  let summary;
  try {
    summary = await storage.importAll(text);
  } catch (e) {
    // A file that is not an export does not reach the 'error' listeners.
    return update(() => showNotice(state, `${name || 'The file'} was not imported`, [e.message]));
  }
  // importAll tells no 'change' in its own tab: what it changed is read here.
  for (const c of library.mine()) library.forget(c.id);
  if (state.collection && library.mine().some((c) => c.id === state.collection.id)) {
    const parsed = await library.open(state.collection.id);
    update(() => collectionChanged(state, state.collection.id, parsed.levels));
  }
  return update(() => {
    if (state.key) progressReplaced(state, storage.progress(state.key));
    setStatus(state, importWords(summary), 'good');
  });
}

// A record changed in another tab (or was found changed on focus).
function storageChanged(ctx, { store, key }) {
  const { state, storage, update } = ctx;
  if (store === 'collections') return collectionRecordChanged(ctx, key);
  return update(() => {
    if (store === 'progress') progressChangedElsewhere(state, key, storage.progress(key));
    if (store === 'settings') settingChanged(state, key, storage.setting(key, undefined));
  });
}

async function collectionRecordChanged(ctx, id) {
  const { state, storage, library, update } = ctx;
  library.forget(id);
  if (!state.collection || state.collection.id !== id || !library.has(id)) return update();
  const parsed = await library.open(id);
  const record = storage.collections().find((c) => c.id === id);
  return update(() => collectionChanged(state, id, parsed.levels, record && record.name));
}
