// The solver's work as the page sees it: a Solve of the level from its
// start, or a Hint from the player's position; its figures while it runs,
// and what its answer does. A solve's answer opens a replay beside the
// player's game; a hint's answer marks the next push on the player's game
// and changes nothing until the player plays it. DOM-free: the controller
// runs the solvers and brings their answers here.
import { canUndo, closeReplay, emit, finishWalk, setResult, setStatus } from './app-state.js';
import { openReplay } from './replay-state.js';
import { fmtSeconds, movesPushes } from './words.js';

// A new job replaces the current one; the controller stops the old search
// before it starts the new one. kind: 'solve', 'hint' or 'optimize'
// (optimize-state.js).
export function startJob(state, kind) {
  finishWalk(state);
  state.runs += 1;
  const job = { kind, run: state.runs, key: state.key, sink: state.play.sink,
                from: kind === 'hint' ? state.play.game.history() : null };
  state.job = job;
  state.figures = { elapsed: 0, nodes: 0, nodesPerSecond: 0, memoryBytes: 0, workers: [] };
  if (kind === 'solve') {
    setResult(state, 'Searching…');
  } else if (kind === 'hint') {
    setResult(state, '');  // an older solve's outcome is not about this search
    setStatus(state, 'Looking for the next push…');
  }
  return job;
}

// The job to run for Solve, or null when there is nothing to do.
export function requestSolve(state) {
  if (!state.level || (state.job && state.job.kind === 'solve')) return null;
  return startJob(state, 'solve');
}

// The job to run for Hint, or null (with a status saying why). A hint is
// about the player's game, so a replay shown closes first.
export function requestHint(state) {
  const play = state.play;
  if (!play.game) return null;
  closeReplay(state);
  state.hintLine = null;
  if (play.solved()) {
    setStatus(state, 'The level is already solved.', 'good');
    return null;
  }
  if (state.job && state.job.kind === 'solve') {
    setStatus(state, 'The solver is busy; cancel it first or wait.');
    return null;
  }
  return startJob(state, 'hint');
}

// Cancel, or the job no longer applies (another level, another position).
export function stopJob(state) {
  const job = state.job;
  if (!job) return;
  state.job = null;
  emit(state, { type: 'cancel-job' });
  if (job.kind === 'solve') setResult(state, 'Solving was cancelled.');
  else if (job.kind === 'optimize') setResult(state, 'Optimizing was cancelled; every shorter solution it found is kept.');
  else setStatus(state, '');
}

// The solver's figures: {elapsed | seconds, nodes, nodesPerSecond, memoryBytes, workers}.
export function jobProgress(state, job, p) {
  if (state.job === job) state.figures = figuresOf(p);
}

// Ends `job` with its answer r: false when the job is no longer current
// (cancelled, replaced: the answer is ignored) or failed (said as the result).
export function settleJob(state, job, r) {
  if (state.job !== job) return false;
  state.job = null;
  if (r.stats) state.figures = figuresOf(r.stats);
  if (!r.ok) setResult(state, r.text, r.reason === 'cancelled' ? '' : 'bad');
  return r.ok;
}

// " in 1.2 s" from an answer's figures, or "".
export const secondsTaken = (r) => (r.stats ? ` in ${fmtSeconds(r.stats.elapsed ?? r.stats.seconds ?? 0)}` : '');

// " (hbox11 found it, through a position fess had reached)" when a portfolio
// strategy names its winning member; other strategies' words are counters
// for the CLI, not for the player.
export const whoFoundIt = (detail) => (/\bfound it\b/.test(detail || '') ? ` (${detail})` : '');

// r: what Portfolio resolved with (solvers.js).
export function finishSolve(state, job, r) {
  if (!settleJob(state, job, r)) return;
  const secs = secondsTaken(r);
  const workers = r.stats && r.stats.workers ? r.stats.workers.length : 1;
  const by = job.sink ? ' by the sink solver' : workers > 1 ? ` by ${r.method} (worker ${r.worker} of ${workers})` : '';
  setResult(state, `Solved${by}${secs}: ${movesPushes(r.moves, r.pushes)}${whoFoundIt(r.detail)}.`, 'good');
  const solution = { lurd: r.lurd, moves: r.moves, pushes: r.pushes, source: 'solver' };
  emit(state, { type: 'record-solution', key: job.key, solution });
  if (job.key !== state.key) return;
  state.solution = { ...solution, at: 0 };
  openReplay(state, { autoplay: true });
}

export function finishHint(state, job, r) {
  if (state.job !== job) return;
  state.job = null;
  if (r.stats) state.figures = figuresOf(r.stats);
  const play = state.play;
  if (job.key !== state.key || !play.game || play.game.history() !== job.from) return;  // the position changed
  if (r.ok) {
    const thing = play.sink ? 'stone' : 'box';
    // The player's moves then the solver's: a whole solution, to watch from their position.
    const lurd = job.from + r.lurd;
    state.hintLine = { lurd, moves: lurd.length, pushes: lurd.replace(/[^LURD]/g, '').length, source: 'solver', from: job.from };
    if (play.setHintFrom(r.lurd)) {
      setStatus(state, `Hint: push the marked ${thing} the way the arrow points. “Play hint” does it; “Show the rest” replays the way on beside your game.`, 'good');
    } else {
      setStatus(state, 'Already solved.');
    }
  } else if (r.reason === 'unsolvable') {
    setStatus(state, canUndo(state)
      ? 'This position is a deadlock: it cannot be solved any more. Undo a few moves.'
      : 'This level cannot be solved from its start: no hint can help.', 'bad');
  } else if (r.reason === 'cancelled') {
    setStatus(state, '');
  } else {
    setStatus(state, 'No hint: ' + r.text, 'bad');
  }
}

export function figuresOf(p) {
  return { elapsed: p.elapsed ?? p.seconds ?? 0, nodes: p.nodes ?? 0,
           nodesPerSecond: p.nodesPerSecond ?? 0, memoryBytes: p.memoryBytes ?? 0, workers: p.workers ?? [] };
}
