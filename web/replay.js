// A solution replayed BESIDE the player's game: the replay owns a core game
// of its own, so watching, scrubbing and stepping never touch the player's
// moves or their undo history. The solution is played once and rewound, so
// every position is a seek() away and all steps use the core's rules.
// DOM-free and timer-free: the page's ticker calls tick() while `playing`.

export const SPEEDS = [2, 5, 10, 20, 50];  // steps per second

export class Replay {
  // game: a fresh core game of the level (the replay deletes it in close());
  // solution: {lurd, moves, pushes, source}; at: the move to show first.
  constructor(game, solution, at = 0) {
    this.game = game;
    this.solution = solution;
    const steps = solution.lurd.replace(/\s+/g, '');
    // The caller verified the solution; a shortfall here would be a bug, kept visible.
    this.complete = game.playAll(steps) === steps.length;
    this.length = game.moves();
    this.playing = false;
    game.seek(Math.max(0, Math.min(this.length, at)));
    this.cells = game.cells();
  }

  position() { return this.game.moves(); }
  atEnd() { return this.position() >= this.length; }
  solved() { return this.game.solved(); }
  // The solution's steps up to the position shown.
  movesSoFar() { return this.game.history(); }

  seek(n) {
    this.game.seek(Math.max(0, Math.min(this.length, Math.round(n))));
    this.cells = this.game.cells();
  }
  stepForward() { this.pause(); this.seek(this.position() + 1); }
  stepBack() { this.pause(); this.seek(this.position() - 1); }

  play() {
    if (this.atEnd()) this.seek(0);
    this.playing = true;
  }
  pause() { this.playing = false; }
  toggle() { if (this.playing) this.pause(); else this.play(); }

  // One step of the running replay; it stops by itself at the end.
  tick() {
    if (!this.playing) return;
    this.seek(this.position() + 1);
    if (this.atEnd()) this.playing = false;
  }

  close() {
    this.playing = false;
    if (this.game) this.game.delete();
    this.game = null;
  }
}
