// The page's storage under Node: the pure record rules of web/records.js
// (merge on import, migration from `sokoban.v1`, checks of export files), and
// web/storage.js over fake-indexeddb, a complete IndexedDB in memory.
// The Chromium side (real IndexedDB, two tabs, a quota failure, a fresh
// profile) is tests/web/page-storage.test.mjs; the mark of the player's own
// solves, tests/web/player-solved.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDBFactory } from 'fake-indexeddb';
import FDBObjectStore from 'fake-indexeddb/lib/FDBObjectStore';
import { StorageError, mergeImport, mergeSolution, migrateV1, readExport } from '../../web/records.js';
import { memoryStorage, openStorage } from '../../web/storage.js';
import { K1, K2, MemoryLocalStorage, V1, changes, emptyHere, exportOf, makeId, open, rawRecords, sol } from './storage-harness.mjs';

// ------------------------------------------------------------ pure rules
test('a solution replaces the best by moves or by pushes only when it is better', () => {
  const first = mergeSolution(K1, null, sol(20, 5, 'rrRR'));
  assert.deepEqual([first.improvedMoves, first.improvedPushes], [true, true]);
  const fewerMoves = mergeSolution(K1, first.record, sol(18, 7, 'uuUU'));
  assert.deepEqual([fewerMoves.improvedMoves, fewerMoves.improvedPushes], [true, false]);
  assert.equal(fewerMoves.record.byMoves.lurd, 'uuUU');
  assert.equal(fewerMoves.record.byPushes.lurd, 'rrRR');
  const tie = mergeSolution(K1, fewerMoves.record, sol(18, 7, 'llLL'));  // a tie keeps what was there
  assert.deepEqual([tie.improvedMoves, tie.improvedPushes], [false, false]);
  const tieBreak = mergeSolution(K1, fewerMoves.record, sol(18, 6, 'ddDD'));  // same moves, fewer pushes
  assert.deepEqual([tieBreak.record.byMoves.lurd, tieBreak.record.byPushes.lurd], ['ddDD', 'rrRR']);
});

test('an import merge: the better solution wins for each metric', () => {
  const here = emptyHere();
  here.solutions.set(K1, { levelKey: K1, byMoves: sol(20, 8, 'rrRR'), byPushes: sol(30, 4, 'rrrR') });
  const incoming = readExport(exportOf({ solutions: [
    { levelKey: K1, byMoves: sol(18, 9, 'uuUU', 'solver'), byPushes: sol(32, 5, 'uuuU') },
    { levelKey: K2, byMoves: sol(7, 2, 'dDdD'), byPushes: sol(7, 2, 'dDdD') },
  ] }));
  const { puts, summary } = mergeImport(here, incoming, { now: 100, makeId });
  const k1 = puts.solutions.find((s) => s.levelKey === K1);
  assert.equal(k1.byMoves.lurd, 'uuUU');
  assert.equal(k1.byPushes.lurd, 'rrrR');
  assert.equal(puts.solutions.find((s) => s.levelKey === K2).byMoves.lurd, 'dDdD');
  assert.equal(summary.solutions, 2);
  // Nothing better in the file: nothing to write.
  here.solutions.set(K1, k1);
  const again = mergeImport(here, readExport(exportOf({ solutions: [{ levelKey: K1, byMoves: sol(40, 9, 'llll'), byPushes: null }] })),
                            { now: 100, makeId });
  assert.deepEqual(again.puts.solutions, []);
});

test('an import merge: differing progress keeps the newer as progress and the other as a snapshot', () => {
  const here = emptyHere();
  here.progress.set(K1, { levelKey: K1, moves: 'rrU', redo: '', updated: 50 });
  here.progress.set(K2, { levelKey: K2, moves: 'llD', redo: 'u', updated: 90 });
  const file = exportOf({ progress: [
    { levelKey: K1, moves: 'rrUL', redo: '', updated: 60 },   // newer than here
    { levelKey: K2, moves: 'l', redo: '', updated: 70 },      // older than here
  ] });
  const { puts, summary } = mergeImport(here, readExport(file), { now: 100, makeId });
  assert.deepEqual(puts.progress.map((p) => [p.levelKey, p.moves]), [[K1, 'rrUL']]);
  const kept = new Map(puts.snapshots.map((s) => [s.levelKey, s]));
  assert.deepEqual([kept.get(K1).moves, kept.get(K1).name, kept.get(K1).created], ['rrU', 'Progress before the import', 50]);
  assert.deepEqual([kept.get(K2).moves, kept.get(K2).name], ['l', 'Imported progress']);
  assert.equal(summary.progressKeptAsSnapshots, 2);
  // The same file again, after the first import was applied: nothing new.
  for (const p of puts.progress) here.progress.set(p.levelKey, p);
  for (const s of puts.snapshots) here.snapshots.set(s.id, s);
  const again = mergeImport(here, readExport(file), { now: 100, makeId });
  assert.deepEqual([again.puts.progress, again.puts.snapshots], [[], []]);
});

test('an import merge: snapshots are a union by id', () => {
  const here = emptyHere();
  here.snapshots.set('s1', { id: 's1', levelKey: K1, name: 'mine', moves: 'r', redo: '', created: 1 });
  const file = exportOf({ snapshots: [
    { id: 's1', levelKey: K1, name: 'renamed elsewhere', moves: 'r', redo: '', created: 1 },
    { id: 's2', levelKey: K1, name: 'theirs', moves: 'rr', redo: 'l', created: 2 },
  ] });
  const { puts, summary } = mergeImport(here, readExport(file), { now: 100, makeId });
  assert.deepEqual(puts.snapshots.map((s) => s.id), ['s2']);
  assert.equal(summary.snapshots, 1);
});

test('an import merge: a collection id that clashes with another text is added under a new id', () => {
  const here = emptyHere();
  here.collections.set('mine', { id: 'mine', name: 'My levels', text: 'A', created: 1, updated: 1 });
  here.collections.set('u1', { id: 'u1', name: 'Same', text: 'B', created: 2, updated: 2 });
  here.collectionStates.set('u1', { id: 'u1', lastIndex: 4 });
  here.settings.set('method', { name: 'method', value: 'bfs' });
  const file = exportOf({
    collections: [
      { id: 'mine', name: 'My levels', text: 'C', created: 3, updated: 3 },
      { id: 'u1', name: 'Same', text: 'B', created: 2, updated: 9 },
      { id: 'u2', name: 'New', text: 'D', created: 4, updated: 4 },
    ],
    collectionStates: [{ id: 'mine', lastIndex: 2 }, { id: 'u1', lastIndex: 0 }, { id: 'u2', lastIndex: 1 }],
    settings: [{ name: 'method', value: 'fess' }, { name: 'speed', value: 8 }],
  });
  const { puts, summary } = mergeImport(here, readExport(file), { now: 100, makeId });
  const clash = puts.collections.find((c) => c.text === 'C');
  assert.notEqual(clash.id, 'mine');
  assert.equal(clash.name, 'My levels (imported)');
  assert.ok(puts.collections.some((c) => c.id === 'u2'));
  assert.ok(!puts.collections.some((c) => c.id === 'u1'), 'the same collection is not added twice');
  assert.deepEqual(puts.collectionStates.map((s) => [s.id, s.lastIndex]).sort(), [[clash.id, 2], ['u2', 1]].sort());
  assert.deepEqual(puts.settings, [{ name: 'speed', value: 8 }]);
  assert.deepEqual([summary.collections, summary.collectionsRenamed], [2, 1]);
});

test('a file that is not an export is refused with what is wrong and where', () => {
  const refused = (data, pattern) => assert.throws(() => readExport(data), (e) => e instanceof StorageError && pattern.test(e.message));
  refused('{"format": "sokoban', /not a Sokoban player export: it is not JSON/);
  refused('[1, 2]', /holds no export object/);
  refused({ format: 'something-else', version: 1 }, /"format" is "something-else", not "sokoban-player-data"/);
  refused(exportOf({ version: 7 }), /newer version of this page \(version 7\)/);
  refused(exportOf({ progress: {} }), /"progress" is not a list/);
  refused(exportOf({ progress: [{ levelKey: K1, moves: 'r', redo: '', updated: 1 }, { levelKey: K2, moves: 'rx', redo: '', updated: 1 }] }),
          /progress\[1\]\.moves is not a string of moves/);
  refused(exportOf({ solutions: [{ levelKey: K1, byMoves: { ...sol(1, 1, 'r'), source: 'magic' }, byPushes: null }] }),
          /solutions\[0\]\.byMoves\.source is not one of player, solver, optimizer, import, link/);
  refused(exportOf({ collections: [{ id: 'a', name: 'x', text: '', created: 1, updated: 1 },
                                   { id: 'a', name: 'y', text: '', created: 1, updated: 1 }] }),
          /collections\[1\] repeats id "a"/);
  // A JSON text of a good export is read like the object.
  assert.deepEqual(readExport(JSON.stringify(exportOf({ settings: [{ name: 'speed', value: 4 }] }))).settings, [{ name: 'speed', value: 4 }]);
});

test('the sokoban.v1 entry becomes records: solutions, collections, settings, the position', () => {
  const { records, skipped } = migrateV1(V1, 1000);
  assert.deepEqual(records.solutions.map((s) => s.levelKey), [K1, K2]);
  assert.deepEqual(records.solutions[1].byPushes, { lurd: 'ddrrRllUUrr', moves: 11, pushes: 1, source: 'player', found: 1000 });
  assert.deepEqual(records.solutions.map((s) => s.playerSolved), [1000, 1000], 'the old page kept only the player\'s own solves');
  assert.deepEqual(skipped, ['solved["bad-key"].byMoves.moves is not a count']);
  assert.deepEqual(records.collections.map((c) => [c.id, c.name]), [['mine', 'My levels'], ['ulw2x1k9', 'Pasted collection 2']]);
  assert.ok(records.collections[0].created < records.collections[1].created, 'the list order is kept');
  assert.deepEqual(records.collectionStates, [{ id: 'b:starter.sok', lastIndex: 3 }]);
  const settings = Object.fromEntries(records.settings.map((s) => [s.name, s.value]));
  assert.deepEqual(settings, { method: 'fess', timeLimit: 30, memoryMB: 512, speed: 8,
                               resumeV1: { collection: 'b:starter.sok', index: 3, history: 'lUr' } });
  assert.throws(() => migrateV1('{broken', 1), /could not be read .*left as it is/);
});

// ------------------------------------------------------------ IndexedDB adapter
test('every kind of record survives closing and opening the database, one record each', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  assert.equal(s.persistent, true);
  await s.saveProgress(K1, { moves: 'rrU', redo: 'l' });
  await s.saveProgress(K2, { moves: 'd', redo: '' });
  const snap = await s.addSnapshot(K1, { name: 'before the corner', moves: 'rr', redo: '' });
  await s.addSnapshot(K1, { name: 'second', moves: 'r', redo: 'r' });
  assert.deepEqual(await s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'player' }),
                   { improvedMoves: true, improvedPushes: true });
  const col = await s.addCollection({ name: 'Pasted', text: '#####\n#@$.#\n#####' });
  await s.renameCollection(col, 'Renamed');
  await s.setCollectionState(col, { lastIndex: 2 });
  await s.setSetting('speed', 6);
  s.close();

  const again = await open(t, factory);
  assert.deepEqual(again.progress(K1), { levelKey: K1, moves: 'rrU', redo: 'l', updated: again.progress(K1).updated });
  assert.deepEqual(again.snapshots(K1).map((x) => x.name), ['second', 'before the corner']);
  assert.equal(again.snapshots(K1)[1].id, snap);
  assert.equal(again.solutions(K1).byMoves.lurd, 'rRl');
  assert.deepEqual(again.solutions(K2), { byMoves: null, byPushes: null });
  assert.deepEqual([again.levelStatus(K1), again.levelStatus(K2), again.levelStatus('none')], ['solved', 'started', 'untouched']);
  assert.deepEqual(again.collections().map((c) => c.name), ['Renamed']);
  assert.deepEqual(again.collectionState(col), { id: col, lastIndex: 2 });
  assert.equal(again.setting('speed', 4), 6);
  assert.equal(again.setting('absent', 'fallback'), 'fallback');
  // One record per level, not one blob.
  assert.deepEqual((await rawRecords(factory, 'progress')).map((p) => p.levelKey).sort(), [K1, K2].sort());
  assert.equal((await rawRecords(factory, 'snapshots')).length, 2);
});

test('deleted snapshots and collections come back with restore (Undo)', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  const id = await s.addSnapshot(K1, { name: 'keep me', moves: 'r', redo: '' });
  const removed = await s.deleteSnapshot(id);
  assert.deepEqual(s.snapshots(K1), []);
  await s.restoreSnapshot(removed);
  const col = await s.addCollection({ name: 'C', text: 'x' });
  const gone = await s.removeCollection(col);
  assert.deepEqual(s.collections(), []);
  await s.restoreCollection(gone);
  s.close();
  const again = await open(t, factory);
  assert.deepEqual(again.snapshots(K1).map((x) => x.name), ['keep me']);
  assert.deepEqual(again.collections().map((c) => c.id), [col]);
  await assert.rejects(again.deleteSnapshot('no-such-id'), /no longer there/);
});

test('a worse solution saved from a tab that had not seen the better one does not replace it', async (t) => {
  const factory = new IDBFactory();
  const a = await open(t, factory);
  const b = await open(t, factory);  // opened before a's solution, no channel: its memory is stale
  assert.deepEqual(await a.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'player' }),
                   { improvedMoves: true, improvedPushes: true });
  assert.deepEqual(await b.recordSolution(K1, { lurd: 'rrRll', moves: 5, pushes: 1, source: 'solver' }),
                   { improvedMoves: false, improvedPushes: false });
  assert.equal(b.solutions(K1).byMoves.lurd, 'rRl', 'b now knows the better one');
  const [disk] = await rawRecords(factory, 'solutions');
  assert.equal(disk.byMoves.lurd, 'rRl');
});

test('a change in one tab reaches the other through the channel', async (t) => {
  const factory = new IDBFactory();
  const a = await open(t, factory, { BroadcastChannel });
  const b = await open(t, factory, { BroadcastChannel });
  const heard = changes(b, 2);
  await a.saveProgress(K1, { moves: 'rr', redo: '' });
  await a.setSetting('speed', 3);
  assert.deepEqual((await heard).sort((x, y) => x.store.localeCompare(y.store)),
                   [{ store: 'progress', key: K1 }, { store: 'settings', key: 'speed' }]);
  assert.equal(b.progress(K1).moves, 'rr');
  assert.equal(b.setting('speed'), 3);
  // A removal travels too.
  const id = await b.addSnapshot(K2, { name: 'n', moves: 'd', redo: '' });
  await changes(a, 1);
  assert.equal(a.snapshots(K2).length, 1);
  const removal = changes(a, 1);
  await b.deleteSnapshot(id);
  assert.deepEqual(await removal, [{ store: 'snapshots', key: id }]);
  assert.deepEqual(a.snapshots(K2), []);
});

test('reloadFromDisk finds what another tab changed, and keeps what this tab wrote since', async (t) => {
  const factory = new IDBFactory();
  const a = await open(t, factory);
  const b = await open(t, factory);
  await b.saveProgress(K1, { moves: 'rr', redo: '' });
  await b.addCollection({ name: 'From b', text: 't' });
  const seen = [];
  a.on('change', (c) => seen.push(c.store));
  const found = await a.reloadFromDisk();
  assert.deepEqual(found.map((c) => c.store).sort(), ['collections', 'progress']);
  assert.deepEqual(seen.sort(), ['collections', 'progress']);
  assert.equal(a.progress(K1).moves, 'rr');
  // A write started after the reload began wins over the reload's older read.
  const reload = a.reloadFromDisk();
  const write = a.saveProgress(K2, { moves: 'l', redo: '' });
  await Promise.all([reload, write]);
  assert.equal(a.progress(K2).moves, 'l');
  assert.deepEqual(await a.reloadFromDisk(), []);
});

test('a full disk rejects the write in plain words, tells the error listeners, and memory keeps it', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  await s.saveProgress(K1, { moves: 'r', redo: '' });
  const put = FDBObjectStore.prototype.put;
  FDBObjectStore.prototype.put = function (...args) {
    if (this.name === 'progress') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args);
  };
  t.after(() => { FDBObjectStore.prototype.put = put; });
  const told = [];
  s.on('error', (e) => told.push(e));
  await assert.rejects(s.saveProgress(K1, { moves: 'rrL', redo: '' }), (e) => {
    assert.ok(e instanceof StorageError);
    assert.equal(e.message, 'Could not save your progress on this level: the browser\'s storage is full.');
    return true;
  });
  assert.equal(told.length, 1);
  assert.equal(told[0].what, 'your progress on this level');
  assert.equal(s.progress(K1).moves, 'rrL', 'memory keeps the change');
  await s.reloadFromDisk();
  assert.equal(s.progress(K1).moves, 'rrL', 'a re-read does not put the older record back');
  await s.setSetting('speed', 2);  // other stores still work
  FDBObjectStore.prototype.put = put;
  await s.saveProgress(K1, { moves: 'rrLL', redo: '' });
  assert.equal((await rawRecords(factory, 'progress'))[0].moves, 'rrLL');
});

test('a transaction the browser aborts rejects the write and says so', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  const put = FDBObjectStore.prototype.put;
  FDBObjectStore.prototype.put = function (...args) {
    const request = put.apply(this, args);
    this.transaction.abort();  // as the browser does when the disk fills at commit
    return request;
  };
  t.after(() => { FDBObjectStore.prototype.put = put; });
  const told = [];
  s.on('error', (e) => told.push(e.message));
  const words = 'Could not save your solution to this level: the browser cancelled the write.';
  await assert.rejects(s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' }), { name: 'StorageError', message: words });
  await assert.rejects(s.addSnapshot(K1, { name: 'n', moves: 'r', redo: '' }), /Could not save the snapshot “n”: the browser cancelled the write/);
  assert.equal(told[0], words);
  assert.equal(told.length, 2);
  assert.equal(s.solutions(K1).byMoves.lurd, 'rRl', 'memory keeps the solution');
  FDBObjectStore.prototype.put = put;
  assert.deepEqual(await rawRecords(factory, 'solutions'), []);
});

test('a database closed under the page rejects writes and says so', async (t) => {
  const factory = new IDBFactory();
  const s = await open(t, factory);
  s.db.close();  // as when a newer version of the page upgrades it from another tab
  const told = [];
  s.on('error', (e) => told.push(e.message));
  await assert.rejects(s.addCollection({ name: 'Lost?', text: 'x' }),
                       /^StorageError: Could not save the collection “Lost\?”: the browser's database is closed/);
  assert.equal(told.length, 1);
  assert.deepEqual(s.collections().map((c) => c.name), ['Lost?']);
});

test('bad writes are refused with what is wrong', async (t) => {
  const s = await open(t, new IDBFactory());
  await assert.rejects(s.saveProgress(K1, { moves: 'r x', redo: '' }), /Could not save your progress on this level: moves is not a string of moves/);
  await assert.rejects(s.recordSolution(K1, { lurd: 'r', moves: -1, pushes: 0, source: 'player' }), /moves is not a count/);
  await assert.rejects(s.setCollectionState('c', { lastIndex: 1.5 }), /lastIndex is not a level number/);
  assert.equal(s.progress(K1), null);
});

test('openStorage rejects with a StorageError when IndexedDB cannot be used', async () => {
  await assert.rejects(openStorage({ indexedDB: null }), (e) => e instanceof StorageError && /nothing you do will be kept/.test(e.message));
  const refusing = { open() { throw new DOMException('denied', 'SecurityError'); } };
  await assert.rejects(openStorage({ indexedDB: refusing }),
                       /storage cannot be used \(the browser does not allow this page to store data/);
  const failing = { open() {
    const req = {};
    setTimeout(() => { req.error = new DOMException('broken', 'UnknownError'); req.onerror(); });
    return req;
  } };
  await assert.rejects(openStorage({ indexedDB: failing }), /UnknownError: broken/);
});

test('memoryStorage has the same API and keeps nothing', async () => {
  const s = memoryStorage();
  assert.equal(s.persistent, false);
  await s.saveProgress(K1, { moves: 'r', redo: '' });
  assert.deepEqual(await s.recordSolution(K1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'solver' }),
                   { improvedMoves: true, improvedPushes: true });
  const id = await s.addSnapshot(K1, { name: 'x', moves: '', redo: 'r' });
  assert.equal((await s.deleteSnapshot(id)).name, 'x');
  assert.deepEqual(await s.reloadFromDisk(), []);
  assert.equal(s.exportAll().progress.length, 1);
  assert.equal(memoryStorage().progress(K1), null);
});

test('sokoban.v1 is taken over on the first open only, and left in place', async (t) => {
  const factory = new IDBFactory();
  const localStorage = new MemoryLocalStorage({ 'sokoban.v1': V1 });
  const first = await open(t, factory, { localStorage });
  assert.deepEqual(first.migration, { solutions: 2, collections: 2, settings: 5, skipped: ['solved["bad-key"].byMoves.moves is not a count'] });
  assert.equal(first.solutions(K2).byPushes.moves, 11);
  assert.equal(first.collectionState('b:starter.sok').lastIndex, 3);
  assert.deepEqual(first.setting('resumeV1'), { collection: 'b:starter.sok', index: 3, history: 'lUr' });
  assert.equal(first.setting('method'), 'fess');
  await first.removeSetting('resumeV1');  // the page applied it
  await first.renameCollection('mine', 'Mine now');
  first.close();
  const second = await open(t, factory, { localStorage });
  assert.equal(second.migration, null);
  assert.equal(second.setting('resumeV1', null), null);
  assert.equal(second.collections()[0].name, 'Mine now');
  assert.equal(localStorage.getItem('sokoban.v1'), V1, 'the old entry is left in place');
  assert.equal(second.levelStatus(K1), 'solved', 'the old page\'s solves are the player\'s');
  // A broken entry is reported, not taken over, and not tried again.
  const other = new IDBFactory();
  const broken = await open(t, other, { localStorage: new MemoryLocalStorage({ 'sokoban.v1': '{oops' }) });
  assert.match(broken.migration.error, /could not be read/);
});

test('an export imported into another database restores everything, and merges', async (t) => {
  const a = await open(t, new IDBFactory());
  await a.saveProgress(K1, { moves: 'rrU', redo: 'd' });
  await a.addSnapshot(K2, { name: 'halfway', moves: 'dd', redo: '' });
  await a.recordSolution(K2, { lurd: 'ddRRllUUr', moves: 9, pushes: 2, source: 'solver' });
  const col = await a.addCollection({ name: 'Pasted', text: '#####\n#@$.#\n#####' });
  await a.setCollectionState(col, { lastIndex: 1 });
  const file = JSON.stringify(a.exportAll());

  const factory = new IDBFactory();
  const b = await open(t, factory);
  await b.recordSolution(K2, { lurd: 'ddrrRllUUrr', moves: 11, pushes: 1, source: 'player' });
  const summary = await b.importAll(file);
  assert.deepEqual([summary.progress, summary.snapshots, summary.solutions, summary.collections, summary.collectionStates],
                   [1, 1, 1, 1, 1]);
  b.close();
  const again = await open(t, factory);
  assert.equal(again.progress(K1).redo, 'd');
  assert.deepEqual(again.snapshots(K2).map((s) => s.name), ['halfway']);
  assert.equal(again.solutions(K2).byMoves.moves, 9, 'the better by moves came in');
  assert.equal(again.solutions(K2).byPushes.pushes, 1, 'the better by pushes stayed');
  assert.deepEqual(again.collections().map((c) => c.name), ['Pasted']);
  assert.equal(again.collectionState(col).lastIndex, 1);
  await assert.rejects(again.importAll({ format: 'other' }), /not a Sokoban player export/);
});
