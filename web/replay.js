// Replay of a solution on the game's own history: the solution is played
// once and rewound, so every position is a seek() away and scrubbing, step
// back and step forward all use the core's rules. DOM-free: the timer
// functions are passed in.

export const SPEEDS = [2, 5, 10, 20, 50];  // steps per second

export class Replay {
  // game: the module's Game (seek, moves, restart, playAll), or a function
  // returning the game in use; onChange(): called after every position
  // change; timer: {set(fn, ms) -> handle, clear(handle)}.
  constructor(game, onChange, timer) {
    this.gameOf = typeof game === 'function' ? game : () => game;
    this.onChange = onChange || (() => {});
    this.timer = timer || { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h) };
    this.length = 0;
    this.playing = false;
    this.speed = 10;
    this.handle = null;
    this.active = false;
  }

  get game() { return this.gameOf(); }

  // Loads `lurd` as the game's history from the start; false if it does not
  // play to the end (the caller verified it, so that means a bug).
  load(lurd) {
    this.pause();
    this.game.restart();
    const played = this.game.playAll(lurd);
    this.length = this.game.moves();
    this.game.seek(0);
    this.active = true;
    this.onChange();
    return played === lurd.replace(/\s+/g, '').length;
  }

  // The game's history no longer is the loaded solution (the player moved).
  detach() {
    this.pause();
    this.active = false;
  }

  position() { return this.game.moves(); }
  atEnd() { return this.position() >= this.length; }

  seek(n) {
    const target = Math.max(0, Math.min(this.length, Math.round(n)));
    this.game.seek(target);
    this.onChange();
  }
  stepForward() { this.pause(); this.seek(this.position() + 1); }
  stepBack() { this.pause(); this.seek(this.position() - 1); }

  play() {
    if (!this.active) return;
    if (this.atEnd()) this.seek(0);
    this.playing = true;
    this.schedule();
    this.onChange();
  }
  pause() {
    if (this.handle !== null) this.timer.clear(this.handle);
    this.handle = null;
    if (this.playing) {
      this.playing = false;
      this.onChange();
    }
  }
  toggle() { this.playing ? this.pause() : this.play(); }
  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
    if (this.playing) {
      this.timer.clear(this.handle);
      this.schedule();
    }
  }

  schedule() {
    this.handle = this.timer.set(() => this.tick(), 1000 / this.speed);
  }
  tick() {
    this.handle = null;
    if (!this.playing) return;
    this.seek(this.position() + 1);
    if (this.atEnd()) {
      this.playing = false;
      this.onChange();
    } else {
      this.schedule();
    }
  }
}
