// The page's solvers: a pool of workers sized to the player's device
// (pool-plan.js). The default strategy runs as a portfolio, one member per
// worker; a strategy chosen under Advanced, and a sink level, run alone in
// the first worker. DOM-free: the clients are made by the function passed
// in (solver-client.js's SolverClient over a Worker). The first worker
// starts with start(), once the page has shown its level; the others the
// first time the pool needs them.
import { Portfolio } from './portfolio.js';
import { planPool } from './pool-plan.js';

export class Solvers {
  // makeClient() -> SolverClient; verify(levelText, lurd) -> '' when the
  // solution solves the level, else what is wrong; device: pool-plan.js's
  // {cores, memoryGB, forcedWorkers, defaultBytes, capBytes}.
  constructor(makeClient, verify, device) {
    this.makeClient = makeClient;
    this.device = device;
    this.clients = [];
    this.pool = new Portfolio(this.clients, verify);
    this.methods = [];  // strategy names the module offers, default first
  }

  get single() { return this.clients[0] || null; }

  start() {
    if (!this.clients.length) this.clients.push(this.makeClient());
  }

  // memoryMB: the Memory setting, 0 for sized to the device.
  plan(memoryMB) { return planPool(this.device, memoryMB, this.methods); }

  // options: {method, timeLimitSeconds, memoryMB}. Resolves as
  // Portfolio.solve does.
  run(levelText, options, onProgress, sink = false) {
    this.start();
    this.cancel();
    const plan = this.plan(options.memoryMB);
    const method = options.method === 'portfolio' ? 'default' : options.method;  // what older pages stored
    const pooled = !sink && (method === 'default' || method === this.methods[0]) && plan.workers > 1;
    const members = sink ? ['sink'] : pooled ? plan.members : [method === 'default' ? this.methods[0] || method : method];
    while (this.clients.length < members.length) this.clients.push(this.makeClient());
    const budget = pooled ? plan.shareBytes : plan.singleBytes;
    return this.pool.solve(levelText, members, budget, { timeLimitSeconds: options.timeLimitSeconds }, onProgress);
  }

  // Optimizes a solution in the first worker (options.metric: 'pushes' or
  // 'moves'); resolves as SolverClient.optimize does.
  optimize(levelText, lurd, options, onProgress) {
    this.start();
    this.cancel();
    return this.single.optimize(levelText, lurd, options, onProgress);
  }

  cancel() {
    this.pool.cancel();
    if (this.single) this.single.cancel();
  }
}
