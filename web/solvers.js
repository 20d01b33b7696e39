// The page's solvers: one worker for a single strategy, hints and sink
// levels, and a portfolio of workers (the first one among them) made the
// first time 'portfolio' is chosen. DOM-free: the clients are made by the
// function passed in (solver-client.js's SolverClient over a Worker). The
// first worker starts with start(), once the page has shown its level.
import { Portfolio, pickPortfolio } from './solver-client.js';

export class Solvers {
  // makeClient() -> SolverClient; cores: the machine's hardware threads.
  constructor(makeClient, cores = 2) {
    this.makeClient = makeClient;
    this.cores = cores;
    this.single = null;
    this.portfolio = null;
    this.methods = [];  // strategy names the module offers, default first
  }

  start() {
    if (!this.single) this.single = this.makeClient();
  }

  // Workers for a portfolio: as many as the machine has cores, 2 to 3.
  portfolioSize() {
    return Math.min(this.methods.length, Math.max(2, Math.min(3, this.cores || 2)));
  }

  portfolioMethods() { return pickPortfolio(this.methods, this.portfolioSize()); }

  // Runs the chosen strategy, or several side by side for 'portfolio'; a
  // sink level always goes to one worker, which uses the sink solver.
  // Resolves as SolverClient.solve does (plus `method` for a portfolio).
  run(levelText, options, onProgress, sink = false) {
    this.start();
    this.cancel();
    if (sink) return this.single.solve(levelText, { ...options, method: 'sink' }, onProgress);
    if (options.method !== 'portfolio') return this.single.solve(levelText, options, onProgress);
    if (!this.portfolio) {
      const clients = [this.single];
      while (clients.length < this.portfolioSize()) clients.push(this.makeClient());
      this.portfolio = new Portfolio(clients);
    }
    return this.portfolio.solve(levelText, this.portfolioMethods(), options, onProgress);
  }

  // Optimizes a solution in the single worker (options.metric: 'pushes' or
  // 'moves'); resolves as SolverClient.optimize does.
  optimize(levelText, lurd, options, onProgress) {
    this.start();
    this.cancel();
    return this.single.optimize(levelText, lurd, options, onProgress);
  }

  cancel() {
    if (this.portfolio) this.portfolio.cancel();
    if (this.single) this.single.cancel();
  }
}
