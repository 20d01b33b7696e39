// The live deadlock warning (a setting, on by default): after each push in
// the player's own game, the core's cheap checks run on the main thread's
// module (module.PositionCheck: a box on a dead square, a frozen group, boxes
// that cannot each reach a goal of their own, boxes that can never move
// again and shut a goal off, a corral that can never be opened, boxes
// walling in a diagonal row of squares that can never all reach goals,
// goals that can never all be filled with the boxes round them where they
// stand, the last three within a small search budget; each a proof, never a guess). A dead
// position is shown with the boxes that cause it, and Undo offered. The
// controller calls watchDeadlock after every action. DOM-free.
import { levelText } from './library.js';
import { plural } from './words.js';

const WHY = {
  'dead-square': (n) => (n === 1 ? 'the marked box can never reach a goal from its square'
    : 'the marked boxes can never reach a goal from their squares'),
  'dead-side': (n) => (n === 1 ? 'the marked box can never reach a goal from the side of it you can get to'
    : 'the marked boxes can never reach a goal from the sides of them you can get to'),
  frozen: () => 'the marked boxes are stuck against the walls and each other, not all of them on goals',
  matching: (n) => `the ${plural(n, 'marked box', 'marked boxes')} cannot each reach a goal of their own: fewer goals are within their reach`,
  immovable: () => 'the marked boxes can never be pushed again, and the level cannot be finished with them where they stand',
  corral: () => 'the marked boxes fence off squares that can never be opened up and filled',
  diagonal: () => 'the marked boxes wall in a diagonal row of empty squares, and can never all be pushed onto goals from there',
  'goal-area': () => 'the empty goals can never all be filled with the marked boxes where they stand',
};

// What the warning says for a verdict {kind, boxes, pushed} (pushed: no
// longer the start's boxes).
export function deadlockWords(d) {
  const why = WHY[d.kind];
  const where = d.pushed ? 'No solution from here' : 'This level cannot be solved, even from its start';
  return `${where}: ${why ? why(d.boxes.length) : 'the position is a deadlock'}.`;
}

// The boxes, not the player: a walk never changes the verdict.
const layoutOf = (cells) => cells.replace(/@/g, ' ').replace(/\+/g, '.');

const STEP = { l: [-1, 0], r: [1, 0], u: [0, -1], d: [0, 1] };

// The square of the box the last step pushed, or -1 when it was no push.
function pushedBox(game) {
  const h = game.history();
  const last = h[h.length - 1];
  if (!last || last === last.toLowerCase()) return -1;
  const [dx, dy] = STEP[last.toLowerCase()];
  return game.player() + dx + dy * game.width();
}

// The core's checks for the level shown, made once per level, and the last
// verdict, looked at again only when a box moved.
export class DeadlockWatch {
  constructor(module) {
    this.module = module;
    this.text = null;     // the level the check was made for
    this.check = null;    // module.PositionCheck, or null when the level gets none (too large)
    this.layout = null;   // the boxes the verdict is about
    this.verdict = null;  // {kind, boxes} or null
  }

  // The verdict on `play`'s position (state.js PlayState, standard rules).
  look(play) {
    const text = levelText(play.level);
    if (text !== this.text) this.load(text);
    const layout = layoutOf(play.cells);
    if (!this.check || layout === this.layout) return this.verdict;
    this.layout = layout;
    const v = this.check.check(play.cells, pushedBox(play.game));
    this.verdict = v.dead ? { kind: v.kind, boxes: v.boxes, pushed: play.game.pushes() > 0 } : null;
    return this.verdict;
  }

  load(text) {
    if (this.check) this.check.delete();
    this.text = text;
    this.layout = null;
    this.verdict = null;
    const check = new this.module.PositionCheck(text);
    this.check = check.valid() ? check : null;
    if (!this.check) check.delete();
  }
}

// After every action: the warning follows the player's position (none with
// the setting off, on a sink level, or while a walk is still under way).
export function watchDeadlock(state) {
  const play = state.play;
  if (!state.settings.deadlockWarning || !play.game || play.sink) {
    state.deadlock = null;
    return;
  }
  if (play.queue) return;  // a mouse walk or push is under way: where it ends decides
  state.deadlock = state.deadlockWatch.look(play);
}
