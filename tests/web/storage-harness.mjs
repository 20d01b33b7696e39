// What the Node tests of the page's storage share (storage.test.mjs,
// player-solved.test.mjs): two level keys, records, export files, the old
// `sokoban.v1` entry, and reads and writes straight into a fake-indexeddb
// database, past web/storage.js.
import { openStorage } from '../../web/storage.js';
import { EXPORT_FORMAT, STORE_NAMES } from '../../web/records.js';

// Two boards' run-length keys, as levelKey() gives them.
export const K1 = '5#|#@$.#|5#';
export const K2 = '6#|#@$-.#|6#';

export class MemoryLocalStorage {
  constructor(entries = {}) { this.map = new Map(Object.entries(entries)); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
}

export const sol = (moves, pushes, lurd, source = 'player') => ({ lurd, moves, pushes, source, found: 1000 });
export const emptyHere = () => Object.fromEntries(STORE_NAMES.map((s) => [s, new Map()]));
export const exportOf = (parts) => ({ format: EXPORT_FORMAT, version: 1, exported: 5, ...parts });
let ids = 0;
export const makeId = (prefix) => `${prefix}-test-${++ids}`;

// Opens a storage on `factory` and closes it when the test ends.
export async function open(t, factory, options = {}) {
  const s = await openStorage({ indexedDB: factory, ...options });
  t.after(() => s.close());
  return s;
}

// Every record of one object store, read straight from the database.
export function rawRecords(factory, store, dbName = 'sokoban') {
  return new Promise((resolve, reject) => {
    const req = factory.open(dbName);
    req.onsuccess = () => {
      const db = req.result;
      const all = db.transaction(store).objectStore(store).getAll();
      all.onsuccess = () => { db.close(); resolve(all.result); };
      all.onerror = () => reject(all.error);
    };
    req.onerror = () => reject(req.error);
  });
}

// Writes `record` straight into one object store, as an older page would have.
export function putRaw(factory, store, record, dbName = 'sokoban') {
  return new Promise((resolve, reject) => {
    const req = factory.open(dbName);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).put(record);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    req.onerror = () => reject(req.error);
  });
}

// Waits until `storage` fires `count` 'change' events; resolves with them.
export function changes(storage, count) {
  const seen = [];
  return new Promise((resolve) => {
    const off = storage.on('change', (c) => {
      seen.push(c);
      if (seen.length === count) { off(); resolve(seen); }
    });
  });
}

// What the page before IndexedDB saved: its one localStorage entry, in the shape its Store class wrote.
export const V1 = JSON.stringify({
  solved: {
    [K1]: { byMoves: { moves: 3, pushes: 1, lurd: 'rRl' }, byPushes: { moves: 3, pushes: 1, lurd: 'rRl' } },
    [K2]: { byMoves: { moves: 9, pushes: 2, lurd: 'ddRRllUUr' }, byPushes: { moves: 11, pushes: 1, lurd: 'ddrrRllUUrr' } },
    'bad-key': { byMoves: { moves: 'many', pushes: 1, lurd: 'r' } },
  },
  collections: [
    { id: 'mine', name: 'My levels', text: '#####\n#@$.#\n#####' },
    { id: 'ulw2x1k9', name: 'Pasted collection 2', text: '######\n#@$ .#\n######' },
  ],
  position: { collection: 'b:starter.sok', index: 3, history: 'lUr' },
  settings: { method: 'fess', timeLimit: 30, memoryMB: 512, speed: 8 },
});

