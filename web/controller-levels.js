// The controller's actions on levels and collections: moving between
// levels, opening collections, links and pasted text, the collection
// browser, and renaming and removing the player's collections. ctx: the
// controller's shared parts (controller.js); ctx.opening counts the opens
// asked for, so an older one gives way to a newer.
//
//   levels       'prev' | 'next' | 'enter' | 'next-unsolved' | {type: 'open-level', index} | {type: 'open-collection', id}
//   browser      'browser-open' | 'browser-close' | {type: 'browser-focus', index} | {type: 'browser-pick', index}
//   collections  'collection-rename' | 'collection-remove' | 'confirm-yes' | 'confirm-no'
//   text, links  {type: 'text', text, name} (paste, file, drop) | {type: 'hash', hash}
import { dismissNotice, setStatus, showNotice } from './app-state.js';
import { allSolved, askRemoveCollection, askRenameCollection, browserFocus, closeBrowser, nextUnsolved, openBrowser,
         removeCollection } from './browser-state.js';
import { applyLinkMoves, showLevel } from './level-state.js';
import { SHARED, levelKey, looksLikeLurd, movesFromFragment, shareFragment } from './library.js';
import { importSolution } from './replay-state.js';
import { confirmAnswered } from './snapshot-state.js';

export function levelActions(ctx) {
  const { state, update } = ctx;
  ctx.opening = 0;
  ctx.openCollection = (id, index = null) => openCollection(ctx, id, index);
  ctx.openLink = (hash) => openLink(ctx, hash);
  // Undo of a removal: the collection is back, and open again.
  ctx.collectionRestored = (record) => {
    ctx.kept(ctx.storage.restoreCollection(record)).then(() => openCollection(ctx, record.id), () => {});
  };
  const own = () => (state.collection ? ctx.storage.collections().find((c) => c.id === state.collection.id) : null);
  return {
    prev: () => openLevel(ctx, state.index - 1),
    next: () => openLevel(ctx, state.index + 1),
    enter: () => (state.banner && !state.banner.last ? openLevel(ctx, state.index + 1) : undefined),
    'open-level': (a) => openLevel(ctx, a.index),
    'open-collection': (a) => openCollection(ctx, a.id),
    'next-unsolved': () => goNextUnsolved(ctx),
    'browser-open': () => update(() => openBrowser(state)),
    'browser-close': () => update(() => closeBrowser(state)),
    'browser-focus': (a) => update(() => browserFocus(state, a.index)),
    'browser-pick': (a) => {
      update(() => closeBrowser(state));
      openLevel(ctx, a.index);
    },
    'collection-rename': () => { if (own()) update(() => askRenameCollection(state, own())); },
    'collection-remove': () => { if (own()) update(() => askRemoveCollection(state, own(), state.collection.levels.length)); },
    'confirm-yes': () => confirmed(ctx),
    'confirm-no': () => update(() => confirmAnswered(state)),
    text: (a) => takeText(ctx, a.text, a.name),
    hash: (a) => openLink(ctx, a.hash),
  };
}

function showAt({ state, storage, page }, collection, index) {
  const key = levelKey(collection.levels[index]);
  showLevel(state, collection, index, { progress: storage.progress(key), best: storage.solutions(key).byMoves,
                                        solvedByPlayer: storage.solvedByPlayer(key) });
  if (collection.id !== SHARED && page.hash()) page.setHash('');
}

function openLevel(ctx, index) {
  const { state } = ctx;
  if (!state.collection || index < 0 || index >= state.collection.levels.length) return;
  ctx.opening += 1;
  ctx.update(() => showAt(ctx, state.collection, index));
}

// Opens a collection at `index`, by default the level the player was on there.
async function openCollection(ctx, id, index = null) {
  const { state, storage, library, update } = ctx;
  const mine = ++ctx.opening;
  let parsed;
  try {
    parsed = await library.open(id);
  } catch (e) {
    if (mine === ctx.opening) update(() => showNotice(state, 'Could not load the collection', [String(e.message || e)]));
    return false;
  }
  if (mine !== ctx.opening) return false;  // the player asked for something else meanwhile
  if (!parsed.levels.length) {
    update(() => showNotice(state, 'This collection has no valid level', parsed.errors.map((e) => e.text)));
    return false;
  }
  const info = library.collections().find((c) => c.id === id);
  const collection = { id, name: info ? info.name : id, levels: parsed.levels };
  const last = index ?? storage.collectionState(id)?.lastIndex ?? 0;
  update(() => showAt(ctx, collection, Math.min(Math.max(0, last), parsed.levels.length - 1)));
  return true;
}

// A link's level; with moves, at that position (the address then keeps the
// level only, so a reload goes on from what the player did since).
async function openLink(ctx, hash) {
  const { state, library, page, update } = ctx;
  const parsed = library.openShared(hash);
  if (!parsed || !parsed.levels.length) {
    if (parsed) update(() => showNotice(state, 'The link does not hold a valid level.', parsed.errors.map((e) => e.text)));
    return false;
  }
  if (!(await openCollection(ctx, SHARED, 0))) return false;
  const moves = movesFromFragment(hash);
  if (moves) {
    update(() => applyLinkMoves(state, moves));
    page.setHash(shareFragment(state.level));
  }
  return true;
}

// Pasted, opened or dropped text: levels, or a solution for this level.
async function takeText(ctx, text, name) {
  const { state, library, update } = ctx;
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
  if (!(await openCollection(ctx, r.id, r.index))) return undefined;
  return update(() => {
    if (r.errors.length) showNotice(state, `${r.errors.length} level(s) could not be read and were skipped:`, r.errors.map((e) => e.text));
    setStatus(state, (r.levels.length === 1 ? 'Level loaded' : `Collection of ${r.levels.length} levels loaded`) + '.', 'good');
  });
}

function goNextUnsolved(ctx) {
  const { state, storage, update } = ctx;
  if (!state.collection) return;
  const i = nextUnsolved(state.collection.levels.map((l) => storage.levelStatus(levelKey(l))), state.index);
  if (i < 0) {
    update(() => allSolved(state));
    return;
  }
  if (state.browser) update(() => closeBrowser(state));
  openLevel(ctx, i);
}

// The player confirmed a removal: the collection goes; if it was open, the
// first other collection opens (the level shown is saved first).
async function confirmed(ctx) {
  const { state, storage, library, update } = ctx;
  let q = null;
  update(() => { q = confirmAnswered(state); });
  if (!q || q.kind !== 'remove-collection') return;
  const record = storage.collections().find((c) => c.id === q.id);
  if (!record) return;
  update(() => removeCollection(state, record));
  library.forget(record.id);
  if (state.collection && state.collection.id === record.id) {
    const next = library.collections().find((c) => c.id !== record.id && c.id !== SHARED);
    if (next) await openCollection(ctx, next.id);
  }
}
