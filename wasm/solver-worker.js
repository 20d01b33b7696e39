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
//     {type:'cancel', id}                  stops solve `id` within one slice
//   worker -> page
//     {type:'ready', methods}              module loaded; methods: [{name, description}]
//     {type:'progress', id, nodes, stored, nodesPerSecond, memoryBytes,
//                       peakMemoryBytes, depth, bestBound, seconds}
//                                          about 6 times a second while solving
//     {type:'solved', id, lurd, moves, pushes, stats}
//     {type:'failed', id, reason, message, stats}
//        reason: 'timed-out' | 'out-of-memory' | 'unsolvable' | 'cancelled' |
//                'declined' | 'bad-level' | 'failed' | 'crashed'
//        'crashed' means the module aborted: the page must terminate this
//        worker and start a new one.
//
// Every solve ends with exactly one 'solved' or 'failed' for its id; that
// message is also the answer to a 'cancel' (reason 'cancelled', or the
// result if the solve ended first). The page (web/solver-client.js)
// terminates and replaces a worker that has not answered a cancel within
// 500 ms of being ready: work that never yields (preparing a huge board
// before the first slice) keeps messages from being read at all.
//
// One solve at a time: a 'solve' while another runs cancels the older one.
// The search runs in ~50 ms slices of Solver.step(); between slices the
// worker yields through a MessageChannel (setTimeout would be clamped to
// 4 ms and more in background tabs), so 'cancel' messages are seen promptly.
'use strict';

const SLICE_MS = 50;
const PROGRESS_EVERY_MS = 120;  // ~6 a second, so at least 4 even when slices overrun

let modulePromise = null;
let current = null;  // {id, solver, cancelled}
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

async function solve(msg) {
  const M = await loadModule();
  if (current) current.cancelled = true;
  const job = { id: msg.id, solver: null, cancelled: cancelledEarly.delete(msg.id) };
  current = job;
  const o = msg.options || {};
  const maxNodes = o.maxNodes ?? 0;
  if (!Number.isSafeInteger(maxNodes) || maxNodes < 0) {
    self.postMessage({ type: 'failed', id: job.id, reason: 'failed',
                       message: `options.maxNodes must be a whole number of nodes, 0 for no cap, not ${JSON.stringify(maxNodes)}` });
    if (current === job) current = null;
    return;
  }
  const options = {
    method: o.method || 'default',
    timeLimitSeconds: o.timeLimitSeconds ?? 60,
    memoryBudgetBytes: o.memoryBudgetBytes ?? M.defaultMemoryBudgetBytes(),
    maxNodes,
  };
  const started = performance.now();
  let lastProgress = 0;
  let solver = null;
  try {
    const level = String(msg.level);
    solver = M.isSinkLevel(level) ? new M.SinkSolver(level, options) : new M.Solver(level, options);
    job.solver = solver;
    let status = 'running';
    for (;;) {
      if (job.cancelled) solver.cancel();
      status = solver.step(SLICE_MS);
      if (status !== 'running') break;
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        self.postMessage({ type: 'progress', id: job.id, ...statsOf(solver), elapsed: (now - started) / 1000 });
      }
      await yieldToEvents();
      if (crashed) return;
    }
    const stats = { ...statsOf(solver), elapsed: (performance.now() - started) / 1000 };
    if (status === 'solved') {
      self.postMessage({ type: 'solved', id: job.id, lurd: solver.solution(), moves: solver.moves(),
                         pushes: solver.pushes(), stats });
    } else {
      self.postMessage({ type: 'failed', id: job.id, reason: status, message: solver.message(), stats });
    }
  } catch (e) {
    if (!crashed) reportCrash(e && e.message ? e.message : String(e));
  } finally {
    if (solver && !crashed) solver.delete();
    if (current === job) current = null;
  }
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (crashed) {
    self.postMessage({ type: 'failed', id: msg.id ?? null, reason: 'crashed', message: 'the solver module aborted earlier' });
    return;
  }
  if (msg.type === 'solve') solve(msg);
  else if (msg.type === 'cancel') {
    if (current && (msg.id === undefined || msg.id === current.id)) current.cancelled = true;
    else if (msg.id !== undefined) cancelledEarly.add(msg.id);
  }
};

loadModule().then(
  (M) => self.postMessage({ type: 'ready', methods: M.solverMethods() }),
  (e) => reportCrash(e && e.message ? e.message : String(e)),
);
