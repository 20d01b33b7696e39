// The collection browser: a grid of the open collection's levels, each
// marked by storage's levelStatus (solved by the player, started, a
// solution known that is not theirs, untouched); moving between levels
// (the grid's arrows, PageUp/PageDown, "next unsolved"); renaming and
// removing the player's own collections. DOM-free; the grid's drawing is
// view-browser.js.
import { emit, setStatus } from './app-state.js';
import { plural } from './words.js';

export function openBrowser(state) {
  if (state.collection) state.browser = { focus: Math.max(0, state.index) };
}

export function closeBrowser(state) { state.browser = null; }

export function browserFocus(state, index) {
  if (!state.browser || !state.collection) return;
  state.browser.focus = Math.max(0, Math.min(state.collection.levels.length - 1, index));
}

// The level a key moves to in a grid of `columns` columns and `count`
// levels, from `index`; null for a key the grid does not move with.
export function gridMove(index, key, columns, count) {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key];
  let to;
  if (step !== undefined) to = index + step;
  else if (key === 'Home') to = 0;
  else if (key === 'End') to = count - 1;
  else if (key === 'PageUp') to = index - columns * 4;
  else if (key === 'PageDown') to = index + columns * 4;
  else return null;
  return Math.max(0, Math.min(count - 1, to));
}

// The first level after `from` (going round) the player has not solved, or
// -1; a level only the solver solved is one of them.
// statuses: storage's levelStatus per level ('solved' | 'started' |
// 'solution-known' | 'untouched').
export function nextUnsolved(statuses, from) {
  const n = statuses.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    if (statuses[i] !== 'solved') return i;
  }
  return -1;
}

// {solved, total} of a collection's statuses, for "37 / 90 solved": the
// levels the player solved themselves.
export function solvedCount(statuses) {
  return { solved: statuses.filter((s) => s === 'solved').length, total: statuses.length };
}

export function allSolved(state) {
  setStatus(state, 'Every level of this collection is solved.', 'good');
}

// record: the player's collection as storage keeps it ({id, name, text, …}).
export function askRenameCollection(state, record) {
  state.naming = { kind: 'collection', id: record.id, name: record.name, heading: 'Rename the collection' };
}

export function askRemoveCollection(state, record, levels) {
  state.confirm = {
    kind: 'remove-collection', id: record.id, yes: 'Remove',
    heading: `Remove “${record.name}”?`,
    lines: [`Its ${plural(levels, 'level')} leave the list of collections.`,
            'Your games, snapshots and solutions on them stay, and come back with the collection: Undo right after, or paste or import it again.'],
  };
}

// The player said yes: the collection goes, with an Undo.
export function removeCollection(state, record) {
  emit(state, { type: 'remove-collection', id: record.id });
  state.removed = { kind: 'collection', record, words: `Collection “${record.name}” removed.` };
  state.browser = null;
}
