// The page's side of wasm/solver-worker.js: one worker at a time, a promise
// per solve, progress callbacks, cancel, and recovery when the module
// aborts or a worker does not answer a cancel (the worker is terminated and
// a fresh one started). DOM-free: the Worker constructor and the timers are
// passed in.

// Plain words for each way a solve can end without a solution.
export function describeFailure(reason, message, options = {}) {
  const seconds = options.timeLimitSeconds;
  const mb = options.memoryBudgetBytes ? Math.round(options.memoryBudgetBytes / 1048576) : null;
  switch (reason) {
    case 'timed-out':
      return `No solution found within the time limit${seconds ? ` (${seconds} s)` : ''}. Allow more time or try another strategy.`;
    case 'out-of-memory':
      return `The solver ran out of memory${mb ? ` (budget ${mb} MB)` : ''} before finding a solution. Allow more memory or try another strategy.`;
    case 'unsolvable':
      return 'This level has no solution: every reachable position was searched.';
    case 'cancelled':
      return 'Solving was cancelled.';
    case 'declined':
      return 'This strategy cannot solve this level' + (message ? `: ${message.replace(/^the solver cannot search this level:?\s*/, '')}` : '.');
    case 'bad-level':
      return 'The level is not valid' + (message ? `: ${message.replace(/^bad level:\s*/, '')}` : '.');
    case 'crashed':
      return 'The solver stopped unexpectedly (most likely out of memory). A fresh solver has been started.';
    default:
      return 'The solver failed' + (message ? `: ${message}` : '.');
  }
}

// Plain words for why a worker was replaced (SolverClient's onRestart).
export function describeRestart(reason) {
  return reason === 'unresponsive'
    ? 'The solver did not stop when asked; it was restarted.'
    : 'The solver stopped unexpectedly; a fresh one has been started.';
}

// How long a worker may take to answer a cancel before it is replaced. A
// worker answers within one slice (~50 ms) unless the core is stuck in work
// that does not yield, such as preparing a huge board. A worker still
// loading its module cannot answer before it is ready (~0.1-0.3 s, more on a
// busy machine), so it gets the longer time, or 500 ms from ready.
export const CANCEL_ANSWER_MS = 500;
export const LOADING_ANSWER_MS = 10000;

export class SolverClient {
  // makeWorker() -> Worker-like {postMessage, terminate, onmessage, onerror};
  // onMethods(list) is called when a worker reports its strategies;
  // onRestart(reason, message) when a worker was replaced: reason 'crashed'
  // (the module aborted) or 'unresponsive' (no answer to a cancel in time).
  // timers: {setTimeout, clearTimeout}, replaceable in tests.
  constructor(makeWorker, { onMethods, onRestart, timers = globalThis } = {}) {
    this.makeWorker = makeWorker;
    this.onMethods = onMethods || (() => {});
    this.onRestart = onRestart || (() => {});
    this.timers = timers;
    this.nextId = 1;
    this.job = null;       // {id, resolve, onProgress, options, message}
    this.stopping = null;  // {ids, timer}: cancelled jobs the worker has not answered yet
    this.worker = null;
    this.ready = false;
    this.start();
  }

  start() {
    const w = this.makeWorker();
    this.worker = w;
    this.ready = false;
    w.onmessage = (e) => this.receive(w, e.data);
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      this.crashed(w, e && e.message ? e.message : 'worker error');
    };
  }

  receive(w, msg) {
    if (w !== this.worker || !msg) return;
    if (msg.type === 'ready') {
      this.ready = true;
      if (this.stopping) this.armCancelTimer();  // it could not answer while loading
      this.onMethods(msg.methods || []);
      return;
    }
    if (msg.type === 'failed' && msg.reason === 'crashed') {
      this.crashed(w, msg.message);
      return;
    }
    if (msg.type === 'solved' || msg.type === 'optimized' || msg.type === 'failed') this.answered(msg.id);
    const job = this.job;
    if (!job || msg.id !== job.id) return;
    if (msg.type === 'progress') {
      job.onProgress && job.onProgress(msg);
    } else if (msg.type === 'solved') {
      this.job = null;
      job.resolve({ ok: true, lurd: msg.lurd, moves: msg.moves, pushes: msg.pushes, detail: msg.detail,
                    stats: msg.stats });
    } else if (msg.type === 'optimized') {
      this.job = null;
      const { type, id, ...answer } = msg;
      job.resolve({ ok: true, ...answer });
    } else if (msg.type === 'failed') {
      this.job = null;
      job.resolve({ ok: false, reason: msg.reason, message: msg.message, stats: msg.stats,
                    text: describeFailure(msg.reason, msg.message, job.options) });
    }
  }

  // The module aborted: replace the worker, and end the current solve.
  crashed(w, message) {
    if (w !== this.worker) return;
    this.replaceWorker();
    this.onRestart('crashed', message);
    const job = this.job;
    this.job = null;
    if (job) job.resolve({ ok: false, reason: 'crashed', message, text: describeFailure('crashed', message) });
  }

  // A cancelled job's final message arrived: the worker is alive.
  answered(id) {
    const s = this.stopping;
    if (!s || !s.ids.delete(id)) return;
    this.timers.clearTimeout(s.timer);
    if (s.ids.size) this.armCancelTimer();
    else this.stopping = null;
  }

  armCancelTimer() {
    const w = this.worker;
    this.timers.clearTimeout(this.stopping.timer);
    const timer = this.timers.setTimeout(() => this.unresponsive(w), this.ready ? CANCEL_ANSWER_MS : LOADING_ANSWER_MS);
    if (timer && timer.unref) timer.unref();  // under Node, a pending wait must not keep the process alive
    this.stopping.timer = timer;
  }

  // No answer to a cancel in time: the worker is stuck in work that does not
  // yield. A fresh worker takes the job started since, if any.
  unresponsive(w) {
    if (w !== this.worker) return;
    this.replaceWorker();
    this.onRestart('unresponsive');
    if (this.job) this.worker.postMessage(this.job.message);
  }

  replaceWorker() {
    if (this.stopping) this.timers.clearTimeout(this.stopping.timer);
    this.stopping = null;
    this.worker.terminate();
    this.start();
  }

  busy() { return this.job !== null; }

  // Solves one level (XSB text). Resolves with {ok:true, lurd, moves, pushes,
  // stats} or {ok:false, reason, message, text}. A new solve cancels the old;
  // if the worker then does not answer that cancel in time, the new solve
  // goes to the fresh worker that replaces it.
  solve(levelText, options, onProgress) {
    return this.request({ type: 'solve', level: levelText, options }, onProgress);
  }

  // Shortens a solution (LURD) of one level (XSB text); options as the
  // worker's 'optimize' takes them ({metric, timeLimitSeconds, ...}).
  // Resolves with {ok:true, lurd, moves, pushes, before, improved, proven,
  // status, message, stats} or as solve does when it fails; progress
  // reports carry the best so far (and its lurd when it is new).
  optimize(levelText, lurd, options, onProgress) {
    return this.request({ type: 'optimize', level: levelText, solution: lurd, options }, onProgress);
  }

  request(fields, onProgress) {
    if (this.job) this.cancel();
    const id = this.nextId++;
    const message = { ...fields, id };
    const options = fields.options;
    return new Promise((resolve) => {
      this.job = { id, resolve, onProgress, options, message };
      this.worker.postMessage(message);
    });
  }

  // Asks the worker to stop; the solve's promise resolves 'cancelled' at
  // once. The worker must answer (the job's final message) within
  // CANCEL_ANSWER_MS (LOADING_ANSWER_MS while it loads, then CANCEL_ANSWER_MS
  // from ready), or it is replaced (onRestart('unresponsive')).
  cancel() {
    const job = this.job;
    if (!job) return;
    this.job = null;
    this.worker.postMessage({ type: 'cancel', id: job.id });
    if (!this.stopping) this.stopping = { ids: new Set(), timer: null };
    this.stopping.ids.add(job.id);
    if (this.stopping.timer === null) this.armCancelTimer();  // counted from the first unanswered cancel
    job.resolve({ ok: false, reason: 'cancelled', message: 'cancelled', text: describeFailure('cancelled') });
  }
}
