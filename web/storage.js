// What the page remembers between visits, in one localStorage entry:
// solved levels with their best solutions, pasted and opened collections,
// the solver settings, and where the player was (collection, level, moves).
// DOM-free: give it any object with getItem/setItem (localStorage in the
// page, a Map-backed fake in tests).

const KEY = 'sokoban.v1';

function emptyData() {
  return { solved: {}, collections: [], position: null, settings: {} };
}

export class Store {
  constructor(backend) {
    this.backend = backend;
    this.data = emptyData();
    try {
      const text = backend && backend.getItem(KEY);
      if (text) this.data = { ...emptyData(), ...JSON.parse(text) };
    } catch {
      this.data = emptyData();  // unreadable or corrupt: start afresh rather than fail
    }
  }

  save() {
    try {
      this.backend && this.backend.setItem(KEY, JSON.stringify(this.data));
      return true;
    } catch {
      return false;  // quota exceeded or storage disabled: keep going in memory
    }
  }

  // --- solved levels, keyed by the board's run-length text (levelKey) ---
  isSolved(key) { return Boolean(this.data.solved[key]); }
  best(key) { return this.data.solved[key] || null; }

  // Records a solution; keeps the fewest-moves and the fewest-pushes ones.
  // Returns true when it improved on what was stored.
  recordSolution(key, { moves, pushes, lurd }) {
    const entry = this.data.solved[key] || {};
    const candidate = { moves, pushes, lurd };
    let improved = false;
    const m = entry.byMoves;
    if (!m || moves < m.moves || (moves === m.moves && pushes < m.pushes)) { entry.byMoves = candidate; improved = true; }
    const p = entry.byPushes;
    if (!p || pushes < p.pushes || (pushes === p.pushes && moves < p.moves)) { entry.byPushes = candidate; improved = true; }
    this.data.solved[key] = entry;
    this.save();
    return improved;
  }

  // --- collections the player pasted or opened: {id, name, text} ---
  collections() { return this.data.collections; }
  addCollection(name, text) {
    const id = 'u' + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
    this.data.collections.push({ id, name, text });
    this.save();
    return id;
  }
  appendToCollection(id, name, text) {
    let c = this.data.collections.find((x) => x.id === id);
    if (!c) {
      c = { id, name, text: '' };
      this.data.collections.push(c);
    }
    c.text = c.text ? c.text.replace(/\s*$/, '\n\n') + text : text;
    this.save();
  }
  removeCollection(id) {
    this.data.collections = this.data.collections.filter((c) => c.id !== id);
    this.save();
  }

  // --- where the player was: {collection, index, history} ---
  position() { return this.data.position; }
  setPosition(position) {
    this.data.position = position;
    this.save();
  }

  settings() { return this.data.settings; }
  setSettings(settings) {
    this.data.settings = { ...this.data.settings, ...settings };
    this.save();
  }
}
