// The levels the player can choose from: the bundled collections (listed in
// levels/index.json, fetched on demand), collections pasted or opened by the
// player (kept by the page's storage), and a level opened from a shared link.
// Parsing is the core's (module.parseCollection, or module.parseSinkLevel
// for the single-sink variant); DOM-free, so fetch is passed in.
//
// A level is the object parseCollection gives ({title, xsb, runLength,
// cells, ...}), or for the single-sink variant (every stone into the one
// sink; core/sink/README.md) {variant: 'sink', title, text, cells, width,
// height, stones}, where `text` is the level in the sink format. A sink
// text holds one level, so each pasted or opened one is a collection of
// its own.

export const MY_LEVELS = 'mine';  // the old page's id of "My levels", kept when its data was taken over
export const SHARED = 'shared';   // a level opened from a link

export const isSink = (level) => Boolean(level && level.variant === 'sink');

// The text the core's Game, verify and solvers take for `level`.
export function levelText(level) { return isSink(level) ? level.text : level.xsb; }

// A board's identity for "solved" marks and best solutions.
export function levelKey(level) { return isSink(level) ? 'sink:' + level.text : level.runLength; }

// {levels, errors} of a text, as parseCollection gives them, untitled
// levels named by their comments (titleFromComments); a sink level
// (module.isSinkLevel) is read by the sink parser and named `title`.
export function parseLevels(module, text, title = '') {
  text = String(text);
  if (!module.isSinkLevel(text)) {
    const parsed = module.parseCollection(text);
    titleFromComments(text, parsed.levels);
    return parsed;
  }
  const p = module.parseSinkLevel(text);
  if (!p.ok) {
    const where = p.line ? `sink level, line ${p.line}` : 'sink level';
    return { levels: [], errors: [{ level: 1, title, line: p.line, column: 0, message: p.error, text: `${where}: ${p.error}` }] };
  }
  const level = { variant: 'sink', title, author: '', number: 1, width: p.width, height: p.height,
                  stones: p.stones, cells: p.cells, text: p.text };
  return { levels: [level], errors: [] };
}

// A line of a board: walls and board characters only (run-length digits
// and '|' row separators too).
const BOARD_ROW = /^[\s#@+$*.\-_pPbB0-9|()]*#[\s#@+$*.\-_pPbB0-9|()]*$/;
const NOTE = /^\s*[A-Za-z][\w -]*:/;

// Many level files name their levels in a comment, after each board
// ("; 12", as Microban's) or before it; the core's parser skips comments.
// An untitled level of `levels` (parsed from `text`) takes that comment as
// its title, and its xsb carries it (a "Title:" line), so the title stays
// when the level is kept and read again. A comment between two boards
// could name either, so the side is decided by the last level with such a
// comment: one after it means the comments follow their boards.
export function titleFromComments(text, levels) {
  const lines = String(text).split(/\r?\n/);
  const comment = (i) => {
    const m = /^\s*;+\s*(.*?)\s*$/.exec(lines[i] ?? '');
    return m && m[1] ? m[1].slice(0, 80) : null;
  };
  const filled = (i) => lines[i] !== undefined && lines[i].trim() !== '';
  const found = levels.map((level) => {
    if (level.title || !level.line) return null;
    let end = level.line - 1;
    while (end + 1 < lines.length && BOARD_ROW.test(lines[end + 1])) end++;
    let after = end + 1;
    while (after < lines.length && (!filled(after) || NOTE.test(lines[after]))) after++;
    let before = level.line - 2;
    while (before >= 0 && !filled(before)) before--;
    return { level, after: comment(after), before: before >= 0 ? comment(before) : null };
  }).filter((f) => f && (f.after || f.before));
  if (!found.length) return;
  const side = found[found.length - 1].after ? 'after' : 'before';
  for (const f of found) {
    if (!f[side]) continue;
    // After the board, as the core writes a title: a "Title:" before a
    // board would name the board above it.
    const rows = f.level.xsb.split('\n');
    rows.splice(f.level.height, 0, `Title: ${f[side]}`);
    f.level.title = f[side];
    f.level.xsb = rows.join('\n');
  }
}

// A level as the page keeps it in a collection's text: its board, title and
// notes (xsb) and the solutions its file gave.
export function levelSource(level) {
  const solutions = (level.solutions || []).map((s) => `Solution:\n${s}\n`).join('');
  return level.xsb + solutions;
}

// A LURD text run-length coded: "rrrUU" -> "3r2U" (the core's expandLurd reads it back).
export function runLengthLurd(lurd) {
  return String(lurd).replace(/([lurdLURD])\1+/g, (run, step) => run.length + step);
}

// The part after '#' of a link that opens `level` directly; with `moves`
// (LURD) it opens at that position, the moves as its undo history.
export function shareFragment(level, moves = '') {
  let f = isSink(level) ? 'sink=' + encodeURIComponent(level.text) : 'level=' + encodeURIComponent(level.runLength);
  if (level.title) f += '&title=' + encodeURIComponent(level.title);
  if (moves) f += '&moves=' + runLengthLurd(moves);
  return f;
}

// The moves a link carries (run-length LURD as written), or ''.
export function movesFromFragment(hash) {
  return new URLSearchParams(String(hash || '').replace(/^#/, '')).get('moves') || '';
}

// Level text from a link's fragment ("#level=...&title=..." or
// "#sink=...&title=..."), or null.
export function levelTextFromFragment(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  if (params.get('sink')) return params.get('sink');
  const board = params.get('level');
  if (!board) return null;
  const title = params.get('title');
  return board + '\n' + (title ? 'Title: ' + title.replace(/[\r\n]/g, ' ') + '\n' : '');
}

// True when `text` holds nothing but a LURD solution (moves, pushes,
// run-length counts and groups), so a paste of it means "import solution".
export function looksLikeLurd(text) {
  const t = String(text).replace(/\s+/g, '');
  return t.length > 0 && /^[lurdLURD0-9()]+$/.test(t) && /[lurdLURD]/.test(t);
}

// A name for a pasted collection: its first comment or text line, else a number.
export function guessCollectionName(text, fallback) {
  for (const raw of String(text).split(/\r?\n/)) {
    const line = raw.replace(/^\s*;+\s*/, '').trim();
    if (!line) continue;
    if (/^[#@+$*.\-_ 0-9|pPbB]+$/.test(line)) break;  // reached a board
    if (/^[A-Za-z-]+:/.test(line)) continue;             // a note, e.g. "Author:"
    return line.slice(0, 60);
  }
  return fallback;
}

export class Library {
  // module: the Sokoban wasm module; storage: the page's storage
  // (web/storage.js, whose header is its contract), which keeps the
  // player's collections; fetchText(url) -> Promise<string>.
  constructor(module, storage, fetchText) {
    this.module = module;
    this.storage = storage;
    this.fetchText = fetchText;
    this.bundled = [];      // [{id, name, author, licence, file, count}]
    this.loaded = new Map(); // id -> {levels, errors}: each collection parsed once
    this.shared = null;     // {levels} when opened from a link
    this.downloads = new Map(); // id -> Promise<text> of a bundled collection
  }

  // Starts downloading a bundled collection (no module needed yet).
  prefetch(id) {
    const b = this.bundled.find((c) => c.id === id);
    if (b && !this.downloads.has(id)) {
      const p = this.fetchText('levels/' + b.file);
      p.catch(() => this.downloads.delete(id));
      this.downloads.set(id, p);
    }
    return this.downloads.get(id) || null;
  }

  async loadIndex(indexUrl = 'levels/index.json') {
    try {
      const list = JSON.parse(await this.fetchText(indexUrl));
      this.bundled = list.map((c) => ({ ...c, id: 'b:' + c.file }));
    } catch {
      this.bundled = [];  // no bundled levels: the page still plays pasted ones
    }
    return this.bundled;
  }

  mine() { return this.storage.collections(); }

  // [{id, name, count, kind}] in display order: bundled, then the player's.
  collections() {
    const out = this.bundled.map((c) => ({ id: c.id, name: c.name, count: c.count, author: c.author, kind: 'bundled' }));
    for (const c of this.mine())
      out.push({ id: c.id, name: c.name, count: this.loaded.get(c.id)?.levels.length ?? null, kind: 'mine' });
    if (this.shared) out.push({ id: SHARED, name: 'Shared link', count: 1, kind: 'shared' });
    return out;
  }

  has(id) { return this.collections().some((c) => c.id === id); }

  // {levels, errors} of a collection, fetched (bundled) and parsed the first time.
  async open(id) {
    if (id === SHARED) return this.shared || { levels: [], errors: [] };
    if (this.loaded.has(id)) return this.loaded.get(id);
    const b = this.bundled.find((c) => c.id === id);
    const own = b ? null : this.mine().find((c) => c.id === id);
    if (!b && !own) throw new Error('no such collection: ' + id);
    const text = b ? await this.prefetch(id) : own.text;
    const parsed = parseLevels(this.module, text, own ? own.name : '');
    this.loaded.set(id, parsed);
    return parsed;
  }

  // Another tab changed the player's collection `id`: parse it afresh next time.
  forget(id) { this.loaded.delete(id); }

  // The collection single pasted levels join: remembered by a setting (the
  // old page's fixed id when its data was taken over).
  myLevelsId() {
    const id = this.storage.setting('myLevels', MY_LEVELS);
    return this.mine().some((c) => c.id === id) ? id : null;
  }

  // Adds pasted or opened text. Several levels become a collection of their
  // own; a single level joins "My levels"; a sink level is a collection of
  // its own (the same one again when pasted twice). Nothing is added when no
  // level parses. The text is parsed once: the levels found are the ones
  // kept for the collection. Resolves {id, index, levels, errors}; rejects
  // (a StorageError) when storage could not keep them.
  async addText(text, name) {
    const sinkCount = this.mine().filter((c) => this.module.isSinkLevel(c.text)).length;
    const sinkName = name || `Sink level ${sinkCount + 1}`;
    const parsed = parseLevels(this.module, text, sinkName);
    if (parsed.levels.length === 0) return { id: null, index: -1, levels: [], errors: parsed.errors };
    const first = parsed.levels[0];
    let id;
    let index = 0;
    if (isSink(first)) {
      // Stored as the core writes it back, so one board has one text.
      const same = this.mine().find((c) => c.text === first.text);
      if (same) first.title = same.name;
      id = same ? same.id : await this.storage.addCollection({ name: sinkName, text: first.text });
      this.loaded.set(id, { levels: [first], errors: [] });
    } else if (parsed.levels.length === 1 && !name) {
      ({ id, index } = await this.addToMyLevels(first));
    } else {
      const fallback = 'Pasted collection ' + (this.mine().length + 1);
      id = await this.storage.addCollection({ name: name || guessCollectionName(text, fallback),
                                              text: parsed.levels.map(levelSource).join('\n') });
      this.loaded.set(id, { levels: parsed.levels, errors: [] });
    }
    return { id, index, levels: parsed.levels, errors: parsed.errors };
  }

  async addToMyLevels(level) {
    const id = this.myLevelsId();
    if (!id) {
      const created = await this.storage.addCollection({ name: 'My levels', text: levelSource(level) });
      this.loaded.set(created, { levels: [level], errors: [] });
      await this.storage.setSetting('myLevels', created);
      return { id: created, index: 0 };
    }
    const mine = await this.open(id);
    const same = mine.levels.findIndex((l) => levelKey(l) === levelKey(level));
    if (same >= 0) return { id, index: same };
    const record = this.mine().find((c) => c.id === id);
    mine.levels.push(level);
    await this.storage.updateCollection(id, { text: record.text.replace(/\s*$/, '\n\n') + levelSource(level) });
    return { id, index: mine.levels.length - 1 };
  }

  // Opens the level carried by a link fragment; {levels, errors} or null.
  openShared(hash) {
    const text = levelTextFromFragment(hash);
    if (text === null) return null;
    const title = new URLSearchParams(String(hash).replace(/^#/, '')).get('title') || 'Shared sink level';
    const parsed = parseLevels(this.module, text, title);
    this.shared = parsed.levels.length ? { levels: parsed.levels.slice(0, 1), errors: [] } : null;
    return parsed;
  }
}
