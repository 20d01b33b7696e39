// The play state of the page: the core's Game for the current level, the
// box the player selected with the mouse, a hint, and steps queued for the
// walking animation. Rules and path finding are the core's; this module only
// decides what a tap means. DOM-free.
//
// A single-sink level (library.js isSink) plays on the module's SinkGame:
// stones instead of boxes, no push-to-target paths, so a tap on a stone next
// to the player pushes it one square.
import { isSink } from './library.js';

const DELTA_NAMES = ['l', 'u', 'r', 'd'];

export class PlayState {
  // module: the Sokoban wasm module; onChange(): called after every change.
  constructor(module, onChange) {
    this.module = module;
    this.onChange = onChange || (() => {});
    this.game = null;
    this.level = null;     // the parsed level ({title, xsb, runLength, ...}, or a sink level)
    this.sink = false;     // the level is of the single-sink variant
    this.cells = '';       // Game.cells() of the position shown
    this.selected = -1;    // cell of the box picked for a mouse push, or -1
    this.hint = null;      // {steps, box, dir} or null
    this.queue = '';       // steps still to animate (mouse walks and pushes)
    this.lastOutcome = '';
  }

  load(level, history = '') {
    if (this.game) this.game.delete();
    this.sink = isSink(level);
    this.game = this.sink ? new this.module.SinkGame(level.text) : new this.module.Game(level.xsb);
    this.level = level;
    this.selected = -1;
    this.hint = null;
    this.queue = '';
    if (history) this.game.playAll(history);
    this.refresh();
  }

  refresh() {
    this.cells = this.game ? this.game.cells() : '';
    this.onChange();
  }

  get width() { return this.game ? this.game.width() : 0; }
  get height() { return this.game ? this.game.height() : 0; }
  solved() { return Boolean(this.game && this.game.solved()); }
  hasBox(cell) { return this.sink ? this.game.hasStone(cell) : this.game.hasBox(cell); }

  // Finishes any animation at once (a key press must act on the final position).
  flush() {
    if (!this.queue) return;
    this.game.playAll(this.queue);
    this.queue = '';
  }

  // One step from the player ('l','u','r','d'); the outcome name.
  step(dir) {
    this.flush();
    this.selected = -1;
    this.hint = null;
    const outcome = this.game.play(dir);
    this.lastOutcome = outcome;
    this.refresh();
    return outcome;
  }

  undo() { this.flush(); this.selected = -1; this.hint = null; const ok = this.game.undo(); this.refresh(); return ok; }
  redo() { this.flush(); this.selected = -1; this.hint = null; const ok = this.game.redo(); this.refresh(); return ok; }
  restart() { this.queue = ''; this.selected = -1; this.hint = null; this.game.restart(); this.refresh(); }

  // What a tap on `cell` does: select or deselect a box, push the selected
  // box there, or walk there; on a sink level push a stone next to the
  // player ('far' for one that is not). Queues the steps; returns the kind
  // of action.
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
      this.refresh();
      return 'select';
    }
    if (!g.isFloor(cell)) return this.deselect();
    if (this.selected >= 0) {
      const path = g.pushPath(this.selected, cell);
      if (path === null) {
        this.selected = -1;
        this.refresh();
        return 'no-path';
      }
      this.selected = -1;
      this.enqueue(path);
      return 'push';
    }
    const path = g.walkPath(cell);
    if (path === null) return 'no-path';
    this.enqueue(path);
    return 'walk';
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
    if (this.selected >= 0) {
      this.selected = -1;
      this.refresh();
    }
    return 'none';
  }

  enqueue(steps) {
    this.hint = null;
    this.queue += steps;
    this.refresh();
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
    } else {
      const dir = lurd[i].toLowerCase();
      const walk = lurd.slice(0, i);
      // The player's square before the push, then the box beside it.
      let p = this.game.player();
      const w = this.width;
      const delta = { l: -1, r: 1, u: -w, d: w };
      for (const s of walk) p += delta[s.toLowerCase()];
      this.hint = { steps: lurd.slice(0, i + 1), box: p + delta[dir], dir, player: p };
    }
    this.refresh();
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
