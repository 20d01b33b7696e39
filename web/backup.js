// A page that unloads aborts its IndexedDB writes still under way, so a
// move made just before a reload or a closed tab could be lost. When the
// page is hidden, the progress writes not yet on disk are also written to
// localStorage, synchronously (one entry per tab); the next page to start
// takes them into storage and removes them. DOM-free: localStorage and the
// storage (web/storage.js, whose header is its contract) are passed in.
//
// An entry is {key, moves, redo, updated}: a level's progress as the page
// asked storage to save it, and when.

export const BACKUP_PREFIX = 'sokoban.unsaved.';
const LURD = /^[lurdLURD]*$/;

// Writes this tab's entries (none: removes them). Returns null, or the
// error when localStorage refused (full, or not allowed).
export function writeBackup(localStorage, tabId, entries) {
  try {
    if (entries.length) localStorage.setItem(BACKUP_PREFIX + tabId, JSON.stringify(entries));
    else localStorage.removeItem(BACKUP_PREFIX + tabId);
    return null;
  } catch (e) {
    return e;
  }
}

const validEntry = (e) => Boolean(e && typeof e.key === 'string' && e.key && typeof e.moves === 'string' && LURD.test(e.moves)
  && typeof e.redo === 'string' && LURD.test(e.redo) && Number.isFinite(e.updated));
const sameHistory = (a, b) => a.moves === b.moves && a.redo === b.redo;
const empty = (p) => !p.moves && !p.redo;
// `older` is an earlier moment of `newer`'s game: newer's moves (and redo)
// go through older's position (older's redo may have been played over).
const earlierOf = (older, newer) => (newer.moves + newer.redo).startsWith(older.moves);

// What to do with a backup entry, given the level's progress in storage
// (null when none): {progress, snapshot}, each null or to be written.
// The newer of the two is the level's progress; the other is kept as a
// snapshot unless it is an earlier moment of the same game (or empty).
export function reconcile(entry, stored) {
  const progress = { moves: entry.moves, redo: entry.redo };
  if (stored && sameHistory(stored, entry)) return { progress: null, snapshot: null };
  if (!stored || entry.updated > stored.updated) {
    const keep = stored && !empty(stored) && !earlierOf(stored, entry);
    return { progress, snapshot: keep ? { name: 'Replaced by moves kept as a page closed', moves: stored.moves, redo: stored.redo } : null };
  }
  const keep = !empty(entry) && !earlierOf(entry, stored);
  return { progress: null, snapshot: keep ? { name: 'Moves kept as a page closed', ...progress } : null };
}

// Takes every tab's backup into storage. Resolves {restored, kept,
// problems}: levels whose progress came back, snapshots made, and what
// could not be read or written (in words).
export async function applyBackups(localStorage, storage) {
  const out = { restored: 0, kept: 0, problems: [] };
  let names;
  try {
    names = Object.keys(localStorage).filter((k) => k.startsWith(BACKUP_PREFIX));
  } catch {
    return out;  // no localStorage here: no backups either
  }
  for (const name of names) {
    let entries;
    try {
      entries = JSON.parse(localStorage.getItem(name));
    } catch (e) {
      out.problems.push(`The moves kept as a page closed could not be read (${e.message}).`);
      continue;
    }
    if (!Array.isArray(entries) || !entries.every(validEntry)) {
      out.problems.push('The moves kept as a page closed are not in the form this page writes; they were left as they are.');
      continue;
    }
    try {
      await takeEntries(storage, entries, out);
      localStorage.removeItem(name);
    } catch (e) {
      out.problems.push(e.message);  // a StorageError in plain words; the entry stays for the next load
    }
  }
  return out;
}

async function takeEntries(storage, entries, out) {
  for (const entry of entries) {
    const { progress, snapshot } = reconcile(entry, storage.progress(entry.key));
    if (snapshot && !storage.snapshots(entry.key).some((s) => sameHistory(s, snapshot))) {
      await storage.addSnapshot(entry.key, snapshot);
      out.kept++;
    }
    if (progress) {
      await storage.saveProgress(entry.key, progress);
      out.restored++;
    }
  }
}
