// Several strategies side by side, one worker each (a SolverClient per
// member): the first solution that replays on the level wins and the other
// workers are cancelled; a SolverClient replaces a worker that does not
// answer its cancel in time. DOM-free: the clients and the verifier are
// passed in.
import { describeFailure } from './solver-client.js';

// Which failure to report when every member failed: a proof or a bad level
// first, then the limits, then the rest.
const FAILURE_ORDER = ['unsolvable', 'bad-level', 'timed-out', 'out-of-memory', 'crashed', 'declined', 'failed', 'cancelled'];

// A member's line in the panel while it runs and after.
const MEMBER_STATES = {
  'timed-out': 'out of time', 'out-of-memory': 'out of memory', unsolvable: 'proved no solution',
  cancelled: 'stopped', declined: 'cannot search this level', 'bad-level': 'bad level', crashed: 'crashed',
  failed: 'failed',
};
export const memberState = (r) => (r.ok ? 'solved' : MEMBER_STATES[r.reason] || 'failed');

export class Portfolio {
  // clients: SolverClient[], one per member at most; verify(levelText, lurd)
  // -> '' when the solution solves the level, else what is wrong.
  constructor(clients, verify) {
    this.clients = clients;
    this.verify = verify;
    this.cancelCurrent = null;
  }

  busy() { return this.cancelCurrent !== null; }

  // members: strategy names, one per client used; each searches with
  // `shareBytes` of memory. Resolves like SolverClient.solve, plus `method`
  // and `worker` (1-based) of the winner on success; its stats, like each
  // progress report, are the members' figures added up and {workers:
  // [{method, nodes, memoryBytes, budgetBytes, state}]}.
  solve(levelText, members, shareBytes, options, onProgress) {
    if (this.cancelCurrent) this.cancel();
    const used = members.slice(0, this.clients.length);
    const lines = used.map((method) => ({ method, nodes: 0, memoryBytes: 0, budgetBytes: shareBytes, state: 'searching' }));
    const latest = used.map(() => null);
    const results = used.map(() => null);
    // The members' figures added up (the time: the longest), and each member's line.
    const figures = () => {
      const seen = latest.filter(Boolean);
      const sum = (key) => seen.reduce((s, q) => s + (q[key] || 0), 0);
      return {
        nodes: sum('nodes'), stored: sum('stored'), nodesPerSecond: sum('nodesPerSecond'),
        memoryBytes: sum('memoryBytes'), peakMemoryBytes: sum('peakMemoryBytes'),
        elapsed: Math.max(0, ...seen.map((q) => q.elapsed ?? q.seconds ?? 0)),
        workers: lines.map((l) => ({ ...l })),
      };
    };
    const report = () => onProgress && onProgress(figures());
    const note = (i, p) => {
      latest[i] = p;
      lines[i].nodes = p.nodes || 0;
      lines[i].memoryBytes = p.memoryBytes || 0;
    };
    return new Promise((resolve) => {
      let done = false;
      const finish = (r) => {
        if (done) return;
        done = true;
        this.cancelCurrent = null;
        used.forEach((_, i) => {
          if (results[i]) return;
          this.clients[i].cancel();
          lines[i].state = 'stopped';
        });
        resolve({ ...r, stats: figures() });
      };
      this.cancelCurrent = () => finish({ ok: false, reason: 'cancelled', message: 'cancelled', text: describeFailure('cancelled') });
      used.forEach((method, i) => {
        const memberOptions = { ...options, method, memoryBudgetBytes: shareBytes };
        this.clients[i].solve(levelText, memberOptions, (p) => { note(i, p); report(); }).then((answer) => {
          if (done) return;
          const r = this.checked(levelText, answer, memberOptions);
          results[i] = r;
          if (r.stats) note(i, r.stats);
          lines[i].state = memberState(r);
          report();
          if (r.ok) {
            finish({ ...r, method, worker: i + 1 });
          } else if (results.every(Boolean)) {
            const worst = [...results].sort((a, b) => FAILURE_ORDER.indexOf(a.reason) - FAILURE_ORDER.indexOf(b.reason))[0];
            finish({ ...worst, text: describeFailure(worst.reason, worst.message, { ...options, memoryBudgetBytes: shareBytes }) });
          }
        });
      });
    });
  }

  // A member's solution counts only if it replays on the level.
  checked(levelText, r, options) {
    if (!r.ok) return r;
    const wrong = this.verify(levelText, r.lurd);
    if (!wrong) return r;
    const message = `${options.method}'s solution does not solve the level: ${wrong}`;
    return { ok: false, reason: 'failed', message, stats: r.stats, text: describeFailure('failed', message) };
  }

  cancel() {
    if (this.cancelCurrent) this.cancelCurrent();
  }
}
