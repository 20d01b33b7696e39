// The optimizer's work as the page sees it: "Fewer pushes" or "Fewer moves"
// on a solution of the Solutions card searches the worker for a shorter one
// (pushes then moves, or moves then pushes). Every shorter solution it
// reports, while it runs and at its end, goes to storage, where it replaces
// the level's best by that metric when it is better; at the end the replay
// shows the shortest. A cancel loses nothing found before it. DOM-free: the
// controller runs the worker and brings its reports here.
import { emit, setResult, setStatus } from './app-state.js';
import { jobProgress, secondsTaken, settleJob, startJob } from './job-state.js';
import { betterByMoves, betterByPushes } from './records.js';
import { openReplay } from './replay-state.js';
import { solutionRows } from './solutions-state.js';
import { movesPushes } from './words.js';

export const METRICS = ['pushes', 'moves'];
const FEWER = { pushes: 'fewer pushes', moves: 'fewer moves' };
const better = (metric, a, b) => (metric === 'pushes' ? betterByPushes(a, b) : betterByMoves(a, b));

// The job that optimizes the solution of the Solutions card's row `index`
// by `metric`, or null (with a status saying why).
export function requestOptimize(state, index, metric) {
  const row = solutionRows(state).rows[index];
  if (!row || !state.level || !METRICS.includes(metric)) return null;
  if (state.play.sink) {
    setStatus(state, 'The optimizer works on standard levels only, not on single-sink ones.');
    return null;
  }
  if (state.job) {
    setStatus(state, 'The solver is busy; cancel it first or wait.');
    return null;
  }
  const { lurd, moves, pushes } = row.solution;
  const job = startJob(state, 'optimize');
  job.metric = metric;
  job.given = { lurd, moves, pushes };
  // The level's other whole solutions: the optimizer searches their
  // positions too (a hint's way starts elsewhere, so it is left out).
  job.others = solutionRows(state).rows
    .map((r) => r.solution)
    .filter((s) => s.lurd !== lurd && s.from === undefined)
    .map((s) => s.lurd);
  job.best = job.given;
  setResult(state, `Looking for ${FEWER[metric]} than ${movesPushes(moves, pushes)}…`);
  return job;
}

// A progress report: the figures, and a shorter solution when it brings one.
export function optimizeProgress(state, job, p) {
  jobProgress(state, job, p);
  if (p.lurd && p.best) improved(state, job, { lurd: p.lurd, moves: p.best.moves, pushes: p.best.pushes });
}

// Keeps `s` when it is shorter than the best this job has seen.
function improved(state, job, s) {
  if (!better(job.metric, s, job.best)) return;
  job.best = { lurd: s.lurd, moves: s.moves, pushes: s.pushes };
  emit(state, { type: 'record-solution', key: job.key, solution: { ...job.best, source: 'optimizer' } });
  if (state.job === job) setResult(state, `Looking for ${FEWER[job.metric]}… ${movesPushes(s.moves, s.pushes)} so far.`);
}

// r: what SolverClient.optimize resolved with. An answer for a job that is
// no longer current (cancelled, replaced) is ignored: what it found is kept.
export function finishOptimize(state, job, r) {
  if (!settleJob(state, job, r)) return;
  improved(state, job, r);
  const secs = secondsTaken(r);
  const shorter = better(job.metric, job.best, job.given);
  const head = shorter
    ? `Optimized for ${FEWER[job.metric]}${secs}: ${movesPushes(job.best.moves, job.best.pushes)}, was ${movesPushes(job.given.moves, job.given.pushes)}.`
    : `No solution with ${FEWER[job.metric]} found${secs}.`;
  setResult(state, head + provenWords(r.proven, job.metric), shorter || r.proven === 'optimal' ? 'good' : '');
  if (!shorter || job.key !== state.key) return;
  state.solution = { ...job.best, source: 'optimizer', at: 0 };
  openReplay(state, { autoplay: true });
}

function provenWords(proven, metric) {
  if (proven === 'optimal') return ' It is proven optimal.';
  if (proven === 'fewest pushes' || proven === 'fewest moves') return ` Its ${metric} are proven fewest.`;
  return '';
}
