// The shapes of what the page keeps (one record per level, snapshot,
// collection and setting), and the pure rules around them: which solution is
// better, how an export file is checked and merged into what is there, and
// how the old single localStorage entry (`sokoban.v1`) becomes records.
// No IndexedDB and no DOM here, so all of it is tested in Node;
// web/storage.js keeps the records and writes them.
//
// A solutions record: {levelKey, byMoves, byPushes, playerSolved?}. byMoves
// and byPushes are the best kept solution by each metric, whoever found it
// (each {lurd, moves, pushes, source, found}, or null). playerSolved is when
// the player first solved the level themselves; it stays when a better
// solution of the solver's (or the optimizer's) replaces the player's as
// best, so a level the solver solved is never taken for one the player
// solved. Absent (or null) when the player has not: a solution imported or
// from a link is not their own solve unless its record carries the mark.

export const EXPORT_FORMAT = 'sokoban-player-data';
export const EXPORT_VERSION = 1;
export const V1_KEY = 'sokoban.v1';

// The stores, each with the field that names its records.
export const STORES = {
  progress: 'levelKey',
  snapshots: 'id',
  solutions: 'levelKey',
  collections: 'id',
  collectionStates: 'id',
  settings: 'name',
};
export const STORE_NAMES = Object.keys(STORES);

// A failure to read or keep the player's data, in words the player can read.
export class StorageError extends Error {
  constructor(message, { what = '', reason = '', cause = null } = {}) {
    super(message);
    this.name = 'StorageError';
    this.what = what;      // what was not saved, e.g. "your progress on this level"
    this.reason = reason;  // why, e.g. "the browser's storage is full"
    if (cause) this.cause = cause;
  }
}

export const SOURCES = ['player', 'solver', 'optimizer', 'import', 'link'];
const LURD = /^[lurdLURD]*$/;

// A fresh id no other tab will pick: a time prefix that never repeats in
// this tab keeps ids in creation order (ties of `created` sort by id), random
// bits keep two tabs apart.
let lastIdTime = 0;
export function newId(prefix) {
  lastIdTime = Math.max(Date.now(), lastIdTime + 1);
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return prefix + lastIdTime.toString(36).padStart(9, '0') + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ------------------------------------------------------------------ checks
// Each check returns null when `value` is fine, else what is wrong with it.
const isText = (v) => typeof v === 'string';
const isTime = (v) => Number.isFinite(v) && v >= 0;
const isCount = (v) => Number.isInteger(v) && v >= 0;
const MOVES_WORDS = 'is not a string of moves (l, u, r, d, L, U, R, D)';

function fieldProblem(record, fields) {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return 'is not a record';
  for (const [field, ok, words] of fields) if (!ok(record[field])) return `.${field} ${words}`;
  return null;
}

export function solutionProblem(s) {
  return fieldProblem(s, [
    ['lurd', (v) => isText(v) && v.length > 0 && LURD.test(v), MOVES_WORDS],
    ['moves', isCount, 'is not a count'],
    ['pushes', isCount, 'is not a count'],
    ['source', (v) => SOURCES.includes(v), `is not one of ${SOURCES.join(', ')}`],
    ['found', isTime, 'is not a time'],
  ]);
}

const KEY_FIELD = [['levelKey', (v) => isText(v) && v.length > 0, 'is not a level key']];
const ID_FIELD = [['id', (v) => isText(v) && v.length > 0, 'is not an id']];
const HISTORY_FIELDS = [['moves', (v) => isText(v) && LURD.test(v), MOVES_WORDS],
                        ['redo', (v) => isText(v) && LURD.test(v), MOVES_WORDS]];

const RECORD_PROBLEM = {
  progress: (r) => fieldProblem(r, [...KEY_FIELD, ...HISTORY_FIELDS, ['updated', isTime, 'is not a time']]),
  snapshots: (r) => fieldProblem(r, [...ID_FIELD, ...KEY_FIELD, ['name', isText, 'is not text'],
                                     ...HISTORY_FIELDS, ['created', isTime, 'is not a time']]),
  solutions: (r) => {
    const p = fieldProblem(r, KEY_FIELD);
    if (p) return p;
    for (const metric of ['byMoves', 'byPushes']) {
      const q = r[metric] == null ? null : solutionProblem(r[metric]);
      if (q) return `.${metric}${q.startsWith('.') ? q : ' ' + q}`;
    }
    if (r.playerSolved != null && !isTime(r.playerSolved))
      return '.playerSolved is not a time (when the player first solved the level)';
    return r.byMoves == null && r.byPushes == null ? 'holds no solution' : null;
  },
  collections: (r) => fieldProblem(r, [...ID_FIELD, ['name', isText, 'is not text'], ['text', isText, 'is not text'],
                                       ['created', isTime, 'is not a time'], ['updated', isTime, 'is not a time']]),
  collectionStates: (r) => fieldProblem(r, [...ID_FIELD, ['lastIndex', isCount, 'is not a level number']]),
  settings: (r) => fieldProblem(r, [['name', (v) => isText(v) && v.length > 0, 'is not a name'],
                                    ['value', (v) => v !== undefined, 'is missing']]),
};

// What is wrong with `record` as one of `store`'s, or null.
export function recordProblem(store, record) { return RECORD_PROBLEM[store](record); }

// Only the fields a record of `store` has, so nothing stray is kept.
const FIELDS = {
  progress: ['levelKey', 'moves', 'redo', 'updated'],
  snapshots: ['id', 'levelKey', 'name', 'moves', 'redo', 'created'],
  solutions: ['levelKey', 'byMoves', 'byPushes'],
  collections: ['id', 'name', 'text', 'created', 'updated'],
  collectionStates: ['id', 'lastIndex'],
  settings: ['name', 'value'],
};
const SOLUTION_FIELDS = ['lurd', 'moves', 'pushes', 'source', 'found'];
const pick = (r, fields) => Object.fromEntries(fields.map((f) => [f, r[f]]));

export function cleanRecord(store, r) {
  const c = pick(r, FIELDS[store]);
  if (store === 'solutions') {
    c.byMoves = r.byMoves ? pick(r.byMoves, SOLUTION_FIELDS) : null;
    c.byPushes = r.byPushes ? pick(r.byPushes, SOLUTION_FIELDS) : null;
    if (r.playerSolved != null) c.playerSolved = r.playerSolved;  // only when the player solved it
  }
  return c;
}

// --------------------------------------------------------------- solutions
// Fewer moves, then fewer pushes; and the other way round.
export const betterByMoves = (a, b) => a.moves < b.moves || (a.moves === b.moves && a.pushes < b.pushes);
export const betterByPushes = (a, b) => a.pushes < b.pushes || (a.pushes === b.pushes && a.moves < b.moves);

// When the player first solved the level of solutions record `r` (or
// null: they have not). A record written before playerSolved existed has
// no mark; a kept best of the player's own is then the only trace left of
// their solve (one the solver had already replaced in both metrics is lost).
export function playerSolvedAt(r) {
  if (!r) return null;
  if (r.playerSolved != null) return r.playerSolved;
  const own = [r.byMoves, r.byPushes].filter((s) => s && s.source === 'player').map((s) => s.found);
  return own.length ? Math.min(...own) : null;
}

const earliest = (...times) => {
  const known = times.filter((t) => t != null);
  return known.length ? Math.min(...known) : null;
};

// A solutions record with `playerSolved` set to `at` when it is a time.
function withMark(record, at) {
  if (at != null) record.playerSolved = at;
  return record;
}

// `existing` (a solutions record or null) with `candidate` added:
// {record, improvedMoves, improvedPushes, changed}. Each metric keeps the
// better one; on a tie what was there stays. A candidate of the player's
// marks the level solved by them even when it improves neither metric.
export function mergeSolution(levelKey, existing, candidate) {
  const byMoves = existing?.byMoves ?? null;
  const byPushes = existing?.byPushes ?? null;
  const improvedMoves = Boolean(candidate) && (!byMoves || betterByMoves(candidate, byMoves));
  const improvedPushes = Boolean(candidate) && (!byPushes || betterByPushes(candidate, byPushes));
  const mark = earliest(playerSolvedAt(existing), candidate?.source === 'player' ? candidate.found : null);
  const record = withMark({ levelKey, byMoves: improvedMoves ? candidate : byMoves, byPushes: improvedPushes ? candidate : byPushes },
                          mark);
  const changed = improvedMoves || improvedPushes || (existing?.playerSolved ?? null) !== mark;
  return { record, improvedMoves, improvedPushes, changed };
}

// Two solutions records of one level merged: the better of each metric, and
// the player's mark when either has it.
export function mergeSolutionRecords(a, b) {
  let best = { levelKey: a.levelKey, byMoves: a.byMoves, byPushes: a.byPushes };
  for (const s of [b.byMoves, b.byPushes]) if (s) best = mergeSolution(a.levelKey, best, s).record;
  return withMark({ levelKey: a.levelKey, byMoves: best.byMoves, byPushes: best.byPushes },
                  earliest(playerSolvedAt(a), playerSolvedAt(b)));
}

// ------------------------------------------------------------------ export
// `data` (an export, or its JSON text) checked and cleaned:
// {progress, snapshots, ...} as arrays of records. Throws a StorageError that
// says what is wrong and where for anything else.
export function readExport(data) {
  const fail = (why) => {
    throw new StorageError(`This file is not a Sokoban player export: ${why}.`,
                           { what: 'the imported data', reason: why });
  };
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch (e) {
      fail(`it is not JSON (${e.message})`);
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) fail('it holds no export object');
  if (data.format !== EXPORT_FORMAT) fail(`its "format" is ${JSON.stringify(data.format ?? null)}, not "${EXPORT_FORMAT}"`);
  if (data.version !== EXPORT_VERSION) {
    if (Number.isInteger(data.version) && data.version > EXPORT_VERSION)
      fail(`it was written by a newer version of this page (version ${data.version}); update the page first`);
    fail(`its "version" is ${JSON.stringify(data.version ?? null)}, not ${EXPORT_VERSION}`);
  }
  const out = {};
  for (const store of STORE_NAMES) {
    const list = data[store] ?? [];
    if (!Array.isArray(list)) fail(`"${store}" is not a list`);
    const seen = new Set();
    out[store] = list.map((r, i) => {
      const problem = recordProblem(store, r);
      if (problem) fail(`${store}[${i}]${problem.startsWith('.') ? problem : ' ' + problem}`);
      const key = r[STORES[store]];
      if (seen.has(key)) fail(`${store}[${i}] repeats ${STORES[store]} ${JSON.stringify(key).slice(0, 80)}`);
      seen.add(key);
      return cleanRecord(store, r);
    });
  }
  return out;
}

// The export object of `data` ({store: [records]}).
export function makeExport(data, now) {
  const out = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported: now };
  for (const store of STORE_NAMES) out[store] = data[store].map((r) => cleanRecord(store, r));
  return out;
}

const sameHistory = (a, b) => a.moves === b.moves && a.redo === b.redo;

// Merges an import into what is here. here: {store: Map(key -> record)};
// incoming: readExport's result. Returns {puts: {store: [records]}, summary},
// the records to write (new or changed) and counts of what was added, by
// these rules:
//   solutions: the better one wins per metric; the player's mark stays when
//   either side has it (imported or linked solutions alone never set it);
//   progress: both differ -> the newer is the progress, the other a snapshot;
//   snapshots: union by id; collections: union by id, a clashing id with
//   another text added under a new id, its name marked "(imported)";
//   collectionStates, settings: what is here wins.
export function mergeImport(here, incoming, { now, makeId = newId }) {
  const puts = Object.fromEntries(STORE_NAMES.map((s) => [s, []]));
  const summary = { progress: 0, progressKeptAsSnapshots: 0, snapshots: 0, solutions: 0,
                    collections: 0, collectionsRenamed: 0, collectionStates: 0, settings: 0 };
  const snapshotsOf = (levelKey) => [...here.snapshots.values(), ...puts.snapshots].filter((s) => s.levelKey === levelKey);
  const keepAsSnapshot = (p, name) => {
    if (snapshotsOf(p.levelKey).some((s) => sameHistory(s, p))) return;  // already kept, e.g. a second import
    puts.snapshots.push({ id: makeId('s'), levelKey: p.levelKey, name, moves: p.moves, redo: p.redo, created: p.updated });
    summary.progressKeptAsSnapshots++;
  };

  for (const s of incoming.snapshots) {
    if (here.snapshots.has(s.id)) continue;
    puts.snapshots.push(s);
    summary.snapshots++;
  }
  for (const p of incoming.progress) {
    const mine = here.progress.get(p.levelKey);
    if (!mine) {
      puts.progress.push(p);
      summary.progress++;
    } else if (!sameHistory(mine, p)) {
      if (p.updated > mine.updated) {
        puts.progress.push(p);
        summary.progress++;
        keepAsSnapshot(mine, 'Progress before the import');
      } else {
        keepAsSnapshot(p, 'Imported progress');
      }
    }
  }
  for (const s of incoming.solutions) {
    const mine = here.solutions.get(s.levelKey);
    const merged = mine ? mergeSolutionRecords(mine, s) : s;
    if (!mine || merged.byMoves !== mine.byMoves || merged.byPushes !== mine.byPushes
        || playerSolvedAt(merged) !== playerSolvedAt(mine)) {
      puts.solutions.push(merged);
      summary.solutions++;
    }
  }
  const renamed = new Map();  // an incoming collection's id -> the id it was added under
  for (const c of incoming.collections) {
    const mine = here.collections.get(c.id);
    if (mine && mine.text === c.text) continue;
    if (mine) {
      const id = makeId('u');
      renamed.set(c.id, id);
      puts.collections.push({ ...c, id, name: `${c.name} (imported)`, updated: now });
      summary.collectionsRenamed++;
    } else {
      puts.collections.push(c);
    }
    summary.collections++;
  }
  for (const st of incoming.collectionStates) {
    const id = renamed.get(st.id) ?? st.id;
    if (here.collectionStates.has(id)) continue;
    puts.collectionStates.push({ ...st, id });
    summary.collectionStates++;
  }
  for (const s of incoming.settings) {
    if (here.settings.has(s.name)) continue;
    puts.settings.push(s);
    summary.settings++;
  }
  return { puts, summary };
}

// --------------------------------------------------------------- migration
// The records of the old single localStorage entry (its JSON text):
// {records: {store: [records]}, skipped: [why each part was left out]}.
// v1 shape: {solved: {levelKey: {byMoves, byPushes}}, collections: [{id,
// name, text}], position: {collection, index, history}, settings: {name: value}}.
// Throws a StorageError when the text is not such an entry at all.
export function migrateV1(text, now) {
  let v1;
  try {
    v1 = JSON.parse(text);
  } catch (e) {
    throw new StorageError(`The data saved by the previous version of this page could not be read (${e.message}); it was left as it is.`,
                           { what: 'the previous version\'s data', reason: 'it is not JSON' });
  }
  if (!v1 || typeof v1 !== 'object' || Array.isArray(v1))
    throw new StorageError('The data saved by the previous version of this page is not an object; it was left as it is.',
                           { what: 'the previous version\'s data', reason: 'it is not an object' });
  const records = Object.fromEntries(STORE_NAMES.map((s) => [s, []]));
  const skipped = [];
  const keep = (store, record, where) => {
    const problem = recordProblem(store, record);
    if (problem) skipped.push(`${where}${problem.startsWith('.') ? problem : ' ' + problem}`);
    else records[store].push(record);
  };

  // The old page kept only the player's own solves.
  for (const [levelKey, best] of Object.entries(v1.solved || {})) {
    const asSolution = (s) => (s ? { lurd: s.lurd, moves: s.moves, pushes: s.pushes, source: 'player', found: now } : null);
    keep('solutions', { levelKey, byMoves: asSolution(best?.byMoves), byPushes: asSolution(best?.byPushes), playerSolved: now },
         `solved[${JSON.stringify(levelKey).slice(0, 40)}]`);
  }
  // Creation order is the v1 list's order: earlier entries get earlier times.
  const collections = Array.isArray(v1.collections) ? v1.collections : [];
  collections.forEach((c, i) => {
    const at = now - (collections.length - 1 - i);
    keep('collections', { id: c?.id, name: c?.name, text: c?.text, created: at, updated: at }, `collections[${i}]`);
  });
  for (const [name, value] of Object.entries(v1.settings || {}))
    if (value !== undefined) keep('settings', { name, value }, `settings.${name}`);
  const pos = v1.position;
  if (pos && typeof pos === 'object') {
    keep('collectionStates', { id: pos.collection, lastIndex: pos.index }, 'position');
    keep('settings', { name: 'resumeV1', value: { collection: pos.collection, index: pos.index, history: pos.history ?? '' } },
         'position');
  }
  return { records, skipped };
}
