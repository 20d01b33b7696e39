// The player's own game on one level: the core's Game (or SinkGame), the
// box the player selected with the mouse, a hint, and steps queued for the
// walking animation. Rules and path finding are the core's; this module only
// decides what a tap means. DOM-free.
//
// A game's progress is {moves, redo}: the LURD played from the start to the
// position shown (what undo walks back) and the LURD redo would play next.
// That pair is the whole undo/redo history, so it is what the page saves.
//
// A single-sink level (library.js isSink) plays on the module's SinkGame:
// stones instead of boxes, no push-to-target paths, so a tap on a stone next
// to the player pushes it one square.
import { isSink, levelText } from './library.js';

const DELTA_NAMES = ['l', 'u', 'r', 'd'];

// A fresh core game of `level` at its start.
export function newGame(module, level) {
  return isSink(level) ? new module.SinkGame(level.text) : new module.Game(levelText(level));
}

// The {moves, redo} of a core game.
export function progressOf(game) {
  const moves = game.history();
  return { moves, redo: game.fullHistory().slice(moves.length) };
}

export const sameProgress = (a, b) => Boolean(a && b && a.moves === b.moves && a.redo === b.redo);
export const emptyProgress = (p) => !p || (!p.moves && !p.redo);

export class PlayState {
  // module: the Sokoban wasm module.
  constructor(module) {
    this.module = module;
    this.game = null;
    this.level = null;     // the parsed level ({title, xsb, runLength, ...}, or a sink level)
    this.sink = false;     // the level is of the single-sink variant
    this.cells = '';       // Game.cells() of the position shown
    this.selected = -1;    // cell of the box picked for a mouse push, or -1
    this.hint = null;      // {steps, box, dir, player} or null
    this.queue = '';       // steps still to animate (mouse walks and pushes)
  }

  // Loads `level` at `progress` ({moves, redo}, or null for the start).
  // Returns how many saved steps could not be replayed (0 when all were:
  // more means the record does not fit this board).
  load(level, progress = null) {
    this.level = level;
    this.sink = isSink(level);
    return this.setProgress(progress || { moves: '', redo: '' });
  }

  // Puts the game at `progress`, history and all, on a fresh core game (a
  // used one would keep its redo where the new moves agree with it);
  // returns the steps that did not play.
  setProgress({ moves = '', redo = '' }) {
    if (this.game) this.game.delete();
    this.game = newGame(this.module, this.level);
    const all = moves + redo;
    const played = all ? this.game.playAll(all) : 0;
    this.game.seek(Math.min(moves.length, played));
    this.selected = -1;
    this.hint = null;
    this.queue = '';
    this.refresh();
    return all.length - played;
  }

  progress() { return progressOf(this.game); }

  refresh() { this.cells = this.game ? this.game.cells() : ''; }

  get width() { return this.game ? this.game.width() : 0; }
  get height() { return this.game ? this.game.height() : 0; }
  solved() { return Boolean(this.game && this.game.solved()); }
  hasBox(cell) { return this.sink ? this.game.hasStone(cell) : this.game.hasBox(cell); }

  // Finishes any animation at once (a key press must act on the final position).
  flush() {
    if (!this.queue) return;
    this.game.playAll(this.queue);
    this.queue = '';
    this.refresh();
  }

  // One step from the player ('l','u','r','d'); the outcome name.
  step(dir) {
    this.flush();
    this.selected = -1;
    this.hint = null;
    const outcome = this.game.play(dir);
    this.refresh();
    return outcome;
  }

  undo() { return this.edit(() => this.game.undo()); }
  redo() { return this.edit(() => this.game.redo()); }
  // Back to the start; the moves stay as redo, so a restart is undone by redo.
  restart() { this.queue = ''; return this.edit(() => { this.game.restart(); return true; }); }

  edit(fn) {
    this.flush();
    this.selected = -1;
    this.hint = null;
    const ok = fn();
    this.refresh();
    return ok;
  }

  // What a tap on `cell` does: select or deselect a box, push the selected
  // box there, or walk there; on a sink level push a stone next to the
  // player ('far' for one that is not). Queues the steps; returns the kind
  // of action: 'select' | 'push' | 'walk' | 'far' | 'no-path' | 'none'.
  tap(cell) {
    this.flush();
    const g = this.game;
    if (cell < 0 || cell >= this.width * this.height) return this.deselect();
    if (this.sink && g.hasStone(cell)) {
      const dir = this.directionTo(g.player(), cell);
      if (!dir) return 'far';
      this.enqueue(dir);
      return 'push';
    }
    if (this.hasBox(cell)) {
      if (this.selected === cell) return this.deselect();
      this.selected = cell;
      return 'select';
    }
    if (!g.isFloor(cell)) return this.deselect();
    if (this.selected >= 0) {
      const path = g.pushPath(this.selected, cell);
      this.selected = -1;
      if (path === null) return 'no-path';
      this.enqueue(path);
      return 'push';
    }
    const path = g.walkPath(cell);
    if (path === null) return 'no-path';
    this.enqueue(path);
    return 'walk';
  }

  // A mouse drag from `from` to `to`: the box on `from` is pushed to `to`
  // along the core's shortest push path (queued). Returns 'push', or why
  // not: 'no-floor' | 'occupied' | 'no-path'; or 'tap' when the drag did
  // not start on a box (or on a sink level, where stones move one push at
  // a time), so a tap where it started decides.
  drag(from, to) {
    this.flush();
    const inside = (c) => c >= 0 && c < this.width * this.height;
    if (this.sink || from === to || !inside(from) || !this.hasBox(from)) return 'tap';
    this.selected = -1;
    if (!inside(to) || !this.game.isFloor(to)) return 'no-floor';
    if (this.hasBox(to)) return 'occupied';
    const path = this.game.pushPath(from, to);
    if (path === null) return 'no-path';
    this.enqueue(path);
    return 'push';
  }

  // The step from `from` to the neighbouring `to`, or null when not neighbours.
  directionTo(from, to) {
    const w = this.width;
    const deltas = [-1, -w, 1, w];
    const i = deltas.indexOf(to - from);
    if (i < 0 || (i % 2 === 0 && Math.floor(to / w) !== Math.floor(from / w))) return null;
    return DELTA_NAMES[i];
  }

  deselect() {
    this.selected = -1;
    return 'none';
  }

  enqueue(steps) {
    this.hint = null;
    this.queue += steps;
  }

  // Plays one queued step; false when the queue is empty.
  tick() {
    if (!this.queue) return false;
    const step = this.queue[0];
    this.queue = this.queue.slice(1);
    const outcome = this.game.play(step);
    if (outcome === 'blocked' || outcome === 'not-a-push') this.queue = '';
    this.refresh();
    return true;
  }

  // The hint for a solution from the current position: the steps up to and
  // including the first push, and which box goes which way.
  setHintFrom(lurd) {
    const i = lurd.search(/[LURD]/);
    if (i < 0) {
      this.hint = null;
      return null;
    }
    const dir = lurd[i].toLowerCase();
    // The player's square before the push, then the box beside it.
    let p = this.game.player();
    const w = this.width;
    const delta = { l: -1, r: 1, u: -w, d: w };
    for (const s of lurd.slice(0, i)) p += delta[s.toLowerCase()];
    this.hint = { steps: lurd.slice(0, i + 1), box: p + delta[dir], dir, player: p };
    return this.hint;
  }

  playHint() {
    if (!this.hint) return false;
    const steps = this.hint.steps;
    this.hint = null;
    this.enqueue(steps);
    return true;
  }
}
