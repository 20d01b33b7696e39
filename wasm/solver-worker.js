// solver-worker.js: runs the core's solver off the page's main thread.
// A classic worker: `new Worker('solver-worker.js')`, with soko.js and
// soko.wasm next to it.
//
// Protocol (every message is a plain object):
//   page -> worker
//     {type:'solve', id, level, options}   level: XSB text of one level, or a
//                                          single-sink level (core/sink/ format,
//                                          told by Module.isSinkLevel), which is
//                                          solved by SinkSolver, options.method
//                                          ignored; options, all optional:
//                                            method ('default'),
//                                            timeLimitSeconds (60),
//                                            memoryBudgetBytes (the core's
//                                              default, 512 MiB),
//                                            maxNodes: a cap on expanded nodes,
//                                              0 = none (0)
//     {type:'optimize', id, level, solution, options}
//                                          shortens `solution` (LURD text) of
//                                          `level` (XSB); options, all optional:
//                                            metric: 'pushes' (fewest pushes,
//                                              then moves; the default) or
//                                              'moves' (moves, then pushes),
//                                            timeLimitSeconds (10),
//                                            memoryBudgetBytes, maxNodes as for solve
//     {type:'cancel', id}                  stops solve or optimize `id` within one slice
//   worker -> page
//     {type:'ready', methods}              module loaded; methods: [{name, description}]
//     {type:'progress', id, nodes, stored, nodesPerSecond, memoryBytes,
//                       peakMemoryBytes, depth, bestBound, seconds}
//                                          about 6 times a second while solving;
//                                          while optimizing also best: {moves,
//                                          pushes}, and `lurd` when that best
//                                          is new since the last progress
//     {type:'solved', id, lurd, moves, pushes, detail, stats}
//                                          detail: the strategy's own words
//                                          (a portfolio: which member found it)
//     {type:'optimized', id, lurd, moves, pushes, before: {moves, pushes},
//                        improved, proven, status, message, stats}
//                                          the best solution found (never longer
//                                          by the metric than the one given; the
//                                          same one when nothing shorter was
//                                          found); proven: 'optimal', 'fewest
//                                          pushes', 'fewest moves' or 'no';
//                                          status: why it stopped ('solved' when
//                                          the search finished, 'timed-out',
//                                          'cancelled', 'out-of-memory', ...)
//     {type:'failed', id, reason, message, stats}
//        reason: 'timed-out' | 'out-of-memory' | 'unsolvable' | 'cancelled' |
//                'declined' | 'bad-level' | 'failed' | 'crashed'
//        'crashed' means the module aborted: the page must terminate this
//        worker and start a new one.
//
// Every solve ends with exactly one 'solved' or 'failed' for its id, every
// optimize with one 'optimized' or 'failed' (a solution that is not valid:
// reason 'declined', the message names the step); that message is also the
// answer to a 'cancel' (reason 'cancelled', or the result if the run ended
// first; a cancelled optimize answers 'optimized' with the best so far). The page (web/solver-client.js)
// terminates and replaces a worker that has not answered a cancel within
// 500 ms of being ready: work that never yields (preparing a huge board
// before the first slice) keeps messages from being read at all.
//
// One run at a time: a 'solve' or 'optimize' while another runs cancels the older one.
// The search runs in ~50 ms slices of Solver.step(); between slices the
// worker yields through a MessageChannel (setTimeout would be clamped to
// 4 ms and more in background tabs), so 'cancel' messages are seen promptly.
'use strict';

const SLICE_MS = 50;
const PROGRESS_EVERY_MS = 120;  // ~6 a second, so at least 4 even when slices overrun

let modulePromise = null;
let current = null;  // {id, cancelled}: the solve or optimize running
const cancelledEarly = new Set();  // ids cancelled before their solve began (module still loading)
let crashed = false;

function loadModule() {
  if (!modulePromise) {
    importScripts('soko.js');
    modulePromise = createSokoModule({
      locateFile: (file) => new URL(file, self.location.href).href,
      onAbort: (what) => reportCrash(String(what)),
    });
  }
  return modulePromise;
}

function reportCrash(what) {
  if (crashed) return;
  crashed = true;
  const id = current ? current.id : null;
  current = null;
  self.postMessage({ type: 'failed', id, reason: 'crashed', message: 'the solver module aborted: ' + what });
}

// A zero-delay yield to the event loop, so queued messages get handled.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
function yieldToEvents() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

function statsOf(solver) {
  const p = solver.progress();
  return {
    nodes: p.nodes, stored: p.stored, nodesPerSecond: p.nodesPerSecond, memoryBytes: p.memoryBytes,
    peakMemoryBytes: p.peakMemoryBytes, depth: p.depth, bestBound: p.bestBound, seconds: p.seconds,
  };
}

// The options both requests share, checked; a message for a bad one.
function limitsOf(o, M, defaultSeconds) {
  const maxNodes = o.maxNodes ?? 0;
  if (!Number.isSafeInteger(maxNodes) || maxNodes < 0)
    return { error: `options.maxNodes must be a whole number of nodes, 0 for no cap, not ${JSON.stringify(maxNodes)}` };
  return {
    timeLimitSeconds: o.timeLimitSeconds ?? defaultSeconds,
    memoryBudgetBytes: o.memoryBudgetBytes ?? M.defaultMemoryBudgetBytes(),
    maxNodes,
  };
}

// Runs `make()`'s search in slices with progress (and `extra(run)`'s
// fields) until it ends, then `report(run, status, stats)`; one job at a
// time (a newer one cancels it).
async function runJob(id, make, report, extra = () => ({})) {
  if (current) current.cancelled = true;
  const job = { id, cancelled: cancelledEarly.delete(id) };
  current = job;
  const started = performance.now();
  let lastProgress = 0;
  let run = null;
  try {
    run = make();
    let status = 'running';
    for (;;) {
      if (job.cancelled) run.cancel();
      status = run.step(SLICE_MS);
      if (status !== 'running') break;
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        self.postMessage({ type: 'progress', id, ...statsOf(run), ...extra(run), elapsed: (now - started) / 1000 });
      }
      await yieldToEvents();
      if (crashed) return;
    }
    report(run, status, { ...statsOf(run), elapsed: (performance.now() - started) / 1000 });
  } catch (e) {
    if (!crashed) reportCrash(e && e.message ? e.message : String(e));
  } finally {
    if (run && !crashed) run.delete();
    if (current === job) current = null;
  }
}

async function solve(msg) {
  const M = await loadModule();
  const limits = limitsOf(msg.options || {}, M, 60);
  if (limits.error) {
    if (current) current.cancelled = true;  // a new request replaces the old, even a bad one
    self.postMessage({ type: 'failed', id: msg.id, reason: 'failed', message: limits.error });
    return;
  }
  const options = { method: (msg.options || {}).method || 'default', ...limits };
  const level = String(msg.level);
  await runJob(msg.id,
    () => (M.isSinkLevel(level) ? new M.SinkSolver(level, options) : new M.Solver(level, options)),
    (solver, status, stats) => {
      if (status === 'solved') {
        self.postMessage({ type: 'solved', id: msg.id, lurd: solver.solution(), moves: solver.moves(),
                           pushes: solver.pushes(), detail: solver.searchDetail(), stats });
      } else {
        self.postMessage({ type: 'failed', id: msg.id, reason: status, message: solver.message(), stats });
      }
    });
}

async function optimize(msg) {
  const M = await loadModule();
  const o = msg.options || {};
  const metric = o.metric ?? 'pushes';
  let limits = limitsOf(o, M, 10);
  const otherSolutions = o.otherSolutions ?? [];
  if (metric !== 'pushes' && metric !== 'moves')
    limits = { error: `options.metric must be 'pushes' or 'moves', not ${JSON.stringify(metric)}` };
  else if (!Array.isArray(otherSolutions) || !otherSolutions.every((s) => typeof s === 'string'))
    limits = { error: 'options.otherSolutions must be an array of LURD strings' };
  if (limits.error) {
    if (current) current.cancelled = true;
    self.postMessage({ type: 'failed', id: msg.id, reason: 'failed', message: limits.error });
    return;
  }
  let lastCounts = null;  // of the best solution last reported
  await runJob(msg.id,
    () => new M.Optimizer(String(msg.level), String(msg.solution ?? ''), { metric, ...limits, otherSolutions }),
    (run, status, stats) => {
      // A solution that is not valid, a level that cannot be read, an
      // internal error, memory gone before the solution given was kept.
      const lurd = run.solution();
      if (run.inputError() !== '' || status === 'bad-level' || status === 'failed' || (!lurd && status !== 'solved')) {
        self.postMessage({ type: 'failed', id: msg.id, reason: status, message: run.message(), stats });
        return;
      }
      const before = { moves: run.inputMoves(), pushes: run.inputPushes() };
      const moves = run.moves(), pushes = run.pushes();
      const improved = metric === 'pushes'
        ? pushes < before.pushes || (pushes === before.pushes && moves < before.moves)
        : moves < before.moves || (moves === before.moves && pushes < before.pushes);
      self.postMessage({ type: 'optimized', id: msg.id, lurd, moves, pushes, before, improved,
                         proven: run.proven(), status, message: run.message(), stats });
    },
    (run) => {
      // The best so far; its LURD only when it changed, so the page can keep each improvement.
      const best = run.best();
      const counts = `${best.moves}/${best.pushes}`;
      if (lastCounts === null) lastCounts = `${run.inputMoves()}/${run.inputPushes()}`;
      const fresh = counts !== lastCounts;
      lastCounts = counts;
      const figures = { moves: best.moves, pushes: best.pushes };
      return fresh ? { best: figures, lurd: best.lurd } : { best: figures };
    });
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (crashed) {
    self.postMessage({ type: 'failed', id: msg.id ?? null, reason: 'crashed', message: 'the solver module aborted earlier' });
    return;
  }
  if (msg.type === 'solve') solve(msg);
  else if (msg.type === 'optimize') optimize(msg);
  else if (msg.type === 'cancel') {
    if (current && (msg.id === undefined || msg.id === current.id)) current.cancelled = true;
    else if (msg.id !== undefined) cancelledEarly.add(msg.id);
  }
};

loadModule().then(
  (M) => self.postMessage({ type: 'ready', methods: M.solverMethods() }),
  (e) => reportCrash(e && e.message ? e.message : String(e)),
);
