// What the page keeps between visits: every level's progress, snapshots and
// best solutions, the player's collections, where they were in each
// collection, and the settings. One IndexedDB record per level, snapshot,
// collection and setting (never one blob), so two tabs that change different
// things never overwrite each other; each write tells the other tabs which
// record changed (BroadcastChannel 'sokoban-storage'), and they re-read it.
// Reads come from a copy in memory; a write changes memory at once, then
// writes its record, and a failure is told to the caller and to the 'error'
// listeners, never swallowed, and memory keeps the change.
// This comment and the one atop web/records.js are the contract the page
// relies on; record shapes and the merge and migration rules are in
// web/records.js.
//
// What the page calls besides the reads and writes below:
//   storage.migration        what the first open took over from `sokoban.v1`:
//                            null, {solutions, collections, settings, skipped},
//                            or {error} when that entry could not be read
//   storage.removeSetting(name)  forgets a setting (e.g. 'resumeV1' once used)
//   storage.on(...)          returns a function that removes the listener
//   storage.reloadFromDisk() resolves with the [{store, key}] it found changed
//   storage.importAll(data)  takes the export object or its JSON text; a file
//                            that is not an export rejects without reaching
//                            the 'error' listeners (nothing failed to save)
//   storage.close()          closes the database and the channel
//   levelStatus(key)         'solved': the player solved it themselves;
//                            'started': not that, but they have a game or a
//                            snapshot on it (their own play comes before a
//                            solution someone else found);
//                            'solution-known': only a solution not theirs is
//                            kept (the solver's, the optimizer's, imported,
//                            or from a link); 'untouched': nothing
//   solvedByPlayer(key)      levelStatus(key) === 'solved', without the
//                            look through the snapshots

import {
  STORES, STORE_NAMES, V1_KEY, StorageError, cleanRecord, makeExport, mergeImport, mergeSolution,
  mergeSolutionRecords, migrateV1, newId, playerSolvedAt, readExport, recordProblem, solutionProblem,
} from './records.js';

export { StorageError } from './records.js';

export const CHANNEL_NAME = 'sokoban-storage';
const DB_VERSION = 1;
const META = 'meta';                      // holds the migration marker
const MIGRATED = 'migratedV1';

// Plain words for why the browser did not keep something.
function reasonOf(error) {
  switch (error && error.name) {
    case 'QuotaExceededError': return 'the browser\'s storage is full';
    case 'InvalidStateError': return 'the browser\'s database is closed (reload the page to reopen it)';
    case 'VersionError': return 'a newer version of this page has changed its data (reload this tab)';
    case 'SecurityError': return 'the browser does not allow this page to store data (private mode or a setting)';
    case 'AbortError': return 'the browser cancelled the write';
    default: return `the browser refused it (${(error && error.name) || 'Error'}${error && error.message ? ': ' + error.message : ''})`;
  }
}

const request = (r) => new Promise((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});

// Runs work(tx) in one transaction over `stores`; resolves with what work
// resolves with, once the transaction has committed. work issues its
// requests from the transaction's own callbacks, never after an unrelated await.
function transact(db, stores, mode, work) {
  return new Promise((resolve, reject) => {
    let tx;
    let result;
    const abort = (e) => {
      try { tx.abort(); } catch { /* already finished */ }
      reject(e);
    };
    try {
      tx = db.transaction(stores, mode);
    } catch (e) {
      reject(e);
      return;
    }
    tx.oncomplete = () => resolve(result);
    tx.onabort = () => reject(tx.error || new DOMException('The transaction was aborted.', 'AbortError'));
    try {
      Promise.resolve(work(tx)).then((r) => { result = r; }, abort);
    } catch (e) {
      abort(e);
    }
  });
}

// Resolves with {store: [records]} of every store, read in one transaction.
function readEverything(db) {
  return transact(db, STORE_NAMES, 'readonly', (tx) => Promise.all(
    STORE_NAMES.map((s) => request(tx.objectStore(s).getAll())),
  ).then((lists) => Object.fromEntries(STORE_NAMES.map((s, i) => [s, lists[i]]))));
}

const keyOf = (store, record) => record[STORES[store]];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function freeze(record) {
  for (const v of Object.values(record)) if (v && typeof v === 'object') Object.freeze(v);
  return Object.freeze(record);
}
const noSolutions = Object.freeze({ byMoves: null, byPushes: null });

class Storage {
  constructor({ db = null, channel = null, dbName = '' } = {}) {
    this.db = db;
    this.persistent = Boolean(db);
    this.dbName = dbName;
    this.channel = channel;
    this.migration = null;
    this.memory = Object.fromEntries(STORE_NAMES.map((s) => [s, new Map()]));
    // Keys whose last write failed: memory is their truth until one succeeds.
    this.unsaved = Object.fromEntries(STORE_NAMES.map((s) => [s, new Set()]));
    // The number of the last write started on each key, so a re-read that
    // began before it does not put back the older record.
    this.writes = 0;
    this.lastWrite = Object.fromEntries(STORE_NAMES.map((s) => [s, new Map()]));
    this.listeners = { change: new Set(), error: new Set() };
    if (channel) channel.onmessage = (e) => this.heard(e.data);
    if (db) {
      db.onversionchange = () => db.close();  // let a newer page upgrade; our writes then fail and say so
    }
  }

  // ------------------------------------------------------------------ reads
  progress(levelKey) { return this.memory.progress.get(levelKey) ?? null; }

  snapshots(levelKey) {
    return [...this.memory.snapshots.values()].filter((s) => s.levelKey === levelKey)
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  }

  solutions(levelKey) { return this.memory.solutions.get(levelKey) ?? noSolutions; }

  solvedByPlayer(levelKey) { return playerSolvedAt(this.memory.solutions.get(levelKey)) !== null; }

  levelStatus(levelKey) {
    if (this.solvedByPlayer(levelKey)) return 'solved';
    const p = this.memory.progress.get(levelKey);
    if ((p && (p.moves || p.redo)) || this.snapshots(levelKey).length) return 'started';
    const s = this.memory.solutions.get(levelKey);
    if (s && (s.byMoves || s.byPushes)) return 'solution-known';
    return 'untouched';
  }

  collections() {
    return [...this.memory.collections.values()].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  }

  collectionState(collectionId) { return this.memory.collectionStates.get(collectionId) ?? null; }

  setting(name, fallback) {
    const s = this.memory.settings.get(name);
    return s ? s.value : fallback;
  }

  // ----------------------------------------------------------------- writes
  saveProgress(levelKey, { moves, redo = '' }) {
    return this.put('progress', { levelKey, moves, redo, updated: Date.now() }, 'your progress on this level');
  }

  async addSnapshot(levelKey, { name, moves, redo = '' }) {
    const id = newId('s');
    await this.put('snapshots', { id, levelKey, name, moves, redo, created: Date.now() }, `the snapshot “${name}”`);
    return id;
  }

  renameSnapshot(id, name) {
    const s = this.memory.snapshots.get(id);
    if (!s) return this.missing('the new name of the snapshot', 'snapshot');
    return this.put('snapshots', { ...s, name }, `the new name of the snapshot “${name}”`);
  }

  async deleteSnapshot(id) {
    const s = this.memory.snapshots.get(id);
    if (!s) return this.missing('the removal of the snapshot', 'snapshot');
    await this.remove('snapshots', id, `the removal of the snapshot “${s.name}”`);
    return s;
  }

  restoreSnapshot(snapshot) { return this.put('snapshots', snapshot, `the snapshot “${snapshot && snapshot.name}”`); }

  // Keeps the candidate where it beats the best by moves or by pushes, and
  // (source 'player') marks the level solved by the player. The
  // read-modify-write is one transaction, so a better solution another tab
  // saved meanwhile is never overwritten.
  recordSolution(levelKey, { lurd, moves, pushes, source }) {
    const what = 'your solution to this level';
    const candidate = { lurd, moves, pushes, source, found: Date.now() };
    const problem = (typeof levelKey === 'string' && levelKey ? null : '.levelKey is not a level key') || solutionProblem(candidate);
    if (problem) return this.refuse(what, problem);
    const before = this.memory.solutions.get(levelKey) ?? null;
    const inMemory = mergeSolution(levelKey, before, candidate);
    if (inMemory.changed) this.keep('solutions', inMemory.record);
    if (!this.db) return Promise.resolve({ improvedMoves: inMemory.improvedMoves, improvedPushes: inMemory.improvedPushes });
    const seq = this.started('solutions', levelKey);
    return transact(this.db, ['solutions'], 'readwrite', (tx) => new Promise((resolve, reject) => {
      const store = tx.objectStore('solutions');
      const read = store.get(levelKey);
      read.onsuccess = () => {
        const disk = read.result ?? null;
        const known = disk && before ? mergeSolutionRecords(disk, before) : (disk || before);
        const merged = mergeSolution(levelKey, known, candidate);
        try {
          if (!disk || !same(disk, merged.record)) store.put(merged.record);
          resolve(merged);
        } catch (e) {
          reject(e);
        }
      };
    })).then((merged) => {
      if (this.lastWrite.solutions.get(levelKey) === seq) this.keep('solutions', merged.record);
      this.saved([{ store: 'solutions', key: levelKey }]);
      return { improvedMoves: merged.improvedMoves, improvedPushes: merged.improvedPushes };
    }, (e) => this.failed(what, [{ store: 'solutions', key: levelKey }], e));
  }

  async addCollection({ name, text }) {
    const id = newId('u');
    const now = Date.now();
    await this.put('collections', { id, name, text, created: now, updated: now }, `the collection “${name}”`);
    return id;
  }

  renameCollection(id, name) {
    const c = this.memory.collections.get(id);
    if (!c) return this.missing('the new name of the collection', 'collection');
    return this.put('collections', { ...c, name, updated: Date.now() }, `the new name of the collection “${name}”`);
  }

  updateCollection(id, { text }) {
    const c = this.memory.collections.get(id);
    if (!c) return this.missing('the change to the collection', 'collection');
    return this.put('collections', { ...c, text, updated: Date.now() }, `the change to the collection “${c.name}”`);
  }

  async removeCollection(id) {
    const c = this.memory.collections.get(id);
    if (!c) return this.missing('the removal of the collection', 'collection');
    await this.remove('collections', id, `the removal of the collection “${c.name}”`);
    return c;
  }

  restoreCollection(record) { return this.put('collections', record, `the collection “${record && record.name}”`); }

  setCollectionState(collectionId, { lastIndex }) {
    return this.put('collectionStates', { id: collectionId, lastIndex }, 'which level you were on in this collection');
  }

  setSetting(name, value) { return this.put('settings', { name, value }, `the setting “${name}”`); }

  removeSetting(name) { return this.remove('settings', name, `the removal of the setting “${name}”`); }

  // ----------------------------------------------------------------- events
  on(type, listener) {
    if (!this.listeners[type]) throw new Error(`storage has no '${type}' event`);
    this.listeners[type].add(listener);
    return () => this.listeners[type].delete(listener);
  }

  emit(type, payload) {
    for (const listener of [...this.listeners[type]]) {
      try {
        listener(payload);
      } catch (e) {
        queueMicrotask(() => { throw e; });  // a listener's bug must not stop the others
      }
    }
  }

  // Another tab changed a record: read it again.
  heard(msg) {
    if (!this.db || !msg || msg.db !== this.dbName || !STORES[msg.store]) return;
    const { store, key } = msg;
    const seq = this.writes;
    transact(this.db, [store], 'readonly', (tx) => request(tx.objectStore(store).get(key))).then(
      (record) => this.adopt(store, key, record, seq) && this.emit('change', { store, key }),
      (e) => this.emit('error', new StorageError(`Could not read a change made in another tab: ${reasonOf(e)}.`,
                                                 { what: 'a change made in another tab', reason: reasonOf(e), cause: e })),
    );
  }

  // Re-reads every record (the page calls it when the window gets focus);
  // resolves with the [{store, key}] found changed, each also a 'change'.
  async reloadFromDisk() {
    if (!this.db) return [];
    const seq = this.writes;
    let disk;
    try {
      disk = await readEverything(this.db);
    } catch (e) {
      const error = new StorageError(`Could not read your saved data again: ${reasonOf(e)}.`,
                                     { what: 'your saved data', reason: reasonOf(e), cause: e });
      this.emit('error', error);
      throw error;
    }
    const changed = [];
    for (const store of STORE_NAMES) {
      const onDisk = new Map(disk[store].map((r) => [keyOf(store, r), r]));
      const keys = new Set([...onDisk.keys(), ...this.memory[store].keys()]);
      for (const key of keys) if (this.adopt(store, key, onDisk.get(key), seq)) changed.push({ store, key });
    }
    for (const c of changed) this.emit('change', c);
    return changed;
  }

  // Puts the disk's `record` (undefined: none) into memory unless this tab
  // wrote the key since `seq` or could not save it. True when memory changed.
  adopt(store, key, record, seq) {
    if (this.unsaved[store].has(key) || (this.lastWrite[store].get(key) ?? 0) > seq) return false;
    const mine = this.memory[store].get(key);
    if (record === undefined) return this.memory[store].delete(key);
    if (mine && same(mine, record)) return false;
    this.memory[store].set(key, freeze(record));
    return true;
  }

  // ---------------------------------------------------------- export/import
  exportAll() {
    return makeExport(Object.fromEntries(STORE_NAMES.map((s) => [s, [...this.memory[s].values()]])), Date.now());
  }

  async importAll(data) {
    const incoming = readExport(data);  // throws a StorageError saying what is wrong
    const { puts, summary } = mergeImport(this.memory, incoming, { now: Date.now() });
    const changes = STORE_NAMES.flatMap((store) => puts[store].map((record) => ({ store, key: keyOf(store, record), record })));
    for (const c of changes) this.keep(c.store, c.record);
    if (!this.db || !changes.length) return summary;
    const seqs = changes.map((c) => this.started(c.store, c.key));
    const stores = [...new Set(changes.map((c) => c.store))];
    try {
      const merged = await transact(this.db, stores, 'readwrite', (tx) => Promise.all(changes.map((c) => {
        if (c.store !== 'solutions') {
          tx.objectStore(c.store).put(c.record);
          return c.record;
        }
        return this.mergeOnDisk(tx, c.record);
      })));
      changes.forEach((c, i) => {
        if (this.lastWrite[c.store].get(c.key) === seqs[i]) this.keep(c.store, merged[i]);
      });
    } catch (e) {
      return this.failed('the imported data', changes, e);
    }
    this.saved(changes);
    return summary;
  }

  // In `tx`: the solutions record on disk merged with `record`, written.
  mergeOnDisk(tx, record) {
    return new Promise((resolve, reject) => {
      const store = tx.objectStore('solutions');
      const read = store.get(record.levelKey);
      read.onsuccess = () => {
        const merged = read.result ? mergeSolutionRecords(read.result, record) : record;
        try {
          store.put(merged);
          resolve(merged);
        } catch (e) {
          reject(e);
        }
      };
    });
  }

  close() {
    if (this.channel) this.channel.close();
    if (this.db) this.db.close();
  }

  // -------------------------------------------------------------- internals
  keep(store, record) { this.memory[store].set(keyOf(store, record), freeze(cleanRecord(store, record))); }

  started(store, key) {
    this.writes += 1;
    this.lastWrite[store].set(key, this.writes);
    return this.writes;
  }

  // Writes one record (after checking it) or removes one; memory first.
  put(store, record, what) {
    const problem = recordProblem(store, record);
    if (problem) return this.refuse(what, problem);
    this.keep(store, record);
    return this.persist(what, [{ store, key: keyOf(store, record), record: this.memory[store].get(keyOf(store, record)) }]);
  }

  remove(store, key, what) {
    this.memory[store].delete(key);
    return this.persist(what, [{ store, key, record: null }]);
  }

  persist(what, changes) {
    if (!this.db) return Promise.resolve();
    for (const c of changes) this.started(c.store, c.key);
    return transact(this.db, [...new Set(changes.map((c) => c.store))], 'readwrite', (tx) => {
      for (const c of changes) {
        if (c.record) tx.objectStore(c.store).put(c.record);
        else tx.objectStore(c.store).delete(c.key);
      }
    }).then(() => this.saved(changes), (e) => this.failed(what, changes, e));
  }

  saved(changes) {
    for (const { store, key } of changes) {
      this.unsaved[store].delete(key);
      if (this.channel) this.channel.postMessage({ db: this.dbName, store, key });
    }
  }

  failed(what, changes, cause) {
    for (const { store, key } of changes) this.unsaved[store].add(key);
    const reason = reasonOf(cause);
    const error = new StorageError(`Could not save ${what}: ${reason}.`, { what, reason, cause });
    this.emit('error', error);
    throw error;
  }

  // A write the page asked for that cannot be a record (a bug, not a full disk).
  refuse(what, problem) {
    const reason = problem.replace(/^\./, '');
    const error = new StorageError(`Could not save ${what}: ${reason}.`, { what, reason });
    this.emit('error', error);
    return Promise.reject(error);
  }

  missing(what, kind) {
    return this.refuse(what, `the ${kind} is no longer there (perhaps removed in another tab)`);
  }
}

// Nothing persisted: the same API over memory only, for when IndexedDB
// cannot be used.
export function memoryStorage() { return new Storage(); }

// Opens (or creates) the database, takes over `sokoban.v1` once and loads
// every record. Rejects with a StorageError when IndexedDB cannot be used.
export async function openStorage({ indexedDB, localStorage = null, BroadcastChannel = null, dbName = 'sokoban' } = {}) {
  const unusable = (why, cause) => new StorageError(
    `This browser's storage cannot be used (${why}): nothing you do will be kept after this tab closes.`,
    { what: 'everything', reason: why, cause });
  if (!indexedDB) throw unusable('it has no IndexedDB');
  let db;
  try {
    db = await openDatabase(indexedDB, dbName);
  } catch (e) {
    throw unusable(reasonOf(e), e);
  }
  const storage = new Storage({ db, dbName, channel: BroadcastChannel ? new BroadcastChannel(CHANNEL_NAME) : null });
  try {
    storage.migration = await migrateOnce(db, localStorage);
    const disk = await readEverything(db);
    for (const store of STORE_NAMES) for (const r of disk[store]) storage.memory[store].set(keyOf(store, r), freeze(r));
  } catch (e) {
    storage.close();
    throw unusable(reasonOf(e), e);
  }
  return storage;
}

function openDatabase(indexedDB, dbName) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(dbName, DB_VERSION);
    open.onupgradeneeded = () => {
      const db = open.result;
      for (const store of STORE_NAMES) {
        if (db.objectStoreNames.contains(store)) continue;
        const os = db.createObjectStore(store, { keyPath: STORES[store] });
        if (store === 'snapshots') os.createIndex('levelKey', 'levelKey');
      }
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: 'name' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

// The old localStorage entry's records, written once (a marker in META says
// it was done; the entry itself is left in place). Records already in the
// database win, except solutions, which are merged. Resolves with what was
// taken over, or null when there was nothing to do.
function migrateOnce(db, localStorage) {
  if (!localStorage) return Promise.resolve(null);
  let text;
  try {
    text = localStorage.getItem(V1_KEY);
  } catch {
    return Promise.resolve(null);  // localStorage itself refused: try again on a later load
  }
  const now = Date.now();
  let found = null;
  let outcome = null;
  if (text !== null) {
    try {
      found = migrateV1(text, now);
      const r = found.records;
      outcome = { solutions: r.solutions.length, collections: r.collections.length,
                  settings: r.settings.length, skipped: found.skipped };
    } catch (e) {
      outcome = { error: e.message };
    }
  }
  return transact(db, [...STORE_NAMES, META], 'readwrite', (tx) => new Promise((resolve, reject) => {
    const marker = tx.objectStore(META).get(MIGRATED);
    marker.onsuccess = () => {
      if (marker.result) {
        resolve(null);
        return;
      }
      try {
        tx.objectStore(META).put({ name: MIGRATED, at: now, outcome });
      } catch (e) {
        reject(e);
        return;
      }
      const records = found ? STORE_NAMES.flatMap((s) => found.records[s].map((r) => [s, r])) : [];
      Promise.all(records.map(([store, r]) => writeIfBetter(tx, store, r))).then(() => resolve(outcome), reject);
    };
  }));
}

function writeIfBetter(tx, store, record) {
  return new Promise((resolve, reject) => {
    const os = tx.objectStore(store);
    const read = os.get(keyOf(store, record));
    read.onsuccess = () => {
      try {
        if (!read.result) os.put(record);
        else if (store === 'solutions') os.put(mergeSolutionRecords(read.result, record));
        resolve();
      } catch (e) {
        reject(e);
      }
    };
  });
}
