// How the page's default solver uses the player's machine: how many
// workers, which strategy each runs, and how much memory each may take.
// Pure: the device's figures come in (main.js reads them from navigator).

export const MAX_WORKERS = 8;
const MIB = 1048576;
const GIB = 1024 * MIB;
// A worker with less than this is not worth its core: the Memory picker's
// least, and about what hbox or fess stores in a second or two of a hard
// level. Fewer workers then share the budget.
export const MIN_SHARE_BYTES = 128 * MIB;

// The strategies beside the default (which is always worker 1), best
// complement first; docs/benchmarks.md ("The page's solver: a pool of
// workers", CSVs in docs/bench/members-10s/) has the measurements. fess
// alone (forward, five feature spaces, a whole core rather than the
// default's share) added most when measured: XSokoban 16 at 10 s (which
// the default solves itself at the edge of 10 s, or later, natively and in
// the page), and it is the fastest beside the default at 1 and 2 s. hbox's
// method 4 alone then solves the most of the levels the default leaves at
// 10 s on the whole bundled set (12 of 181, 6 of them solved by no other
// member measured; docs/bench/pool-members/). Fess with four spaces adds
// XSokoban 52; hbox 11 is the backward (reverse) search; then fess with a
// sixth space and fess without the plan order (each solved a level of
// XSokoban nothing else did, README) and hbox's method 1.
export const POOL_ORDER = ['fess', 'hbox4', 'fess-four', 'hbox11', 'fess-flat', 'fess-noplan', 'hbox1'];

// Up to `count` strategies: the module's default (its first), then those of
// POOL_ORDER it offers, then the rest of what it offers in its order.
export function pickMembers(names, count, order = POOL_ORDER) {
  if (!names.length) return [];
  const picked = [names[0]];
  for (const n of [...order, ...names]) {
    if (picked.length >= count) break;
    if (names.includes(n) && !picked.includes(n)) picked.push(n);
  }
  return picked;
}

// Workers for a machine with `cores` hardware threads: one core stays for
// the page itself. `forced` (the address's ?workers=N) overrides it.
export function wantedWorkers(cores, forced = null) {
  const n = forced ?? (Number.isFinite(cores) && cores > 0 ? cores - 1 : 1);
  return Math.max(1, Math.min(MAX_WORKERS, Math.floor(n)));
}

// The number after `workers=` in a page address's query, or null; a value
// that is not a whole number from 1 to MAX_WORKERS is an error, with what
// was given.
export function workersFromQuery(search) {
  const raw = new URLSearchParams(search).get('workers');
  if (raw === null) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new Error(`the page address asks for workers=${raw}; it must be a whole number from 1 to ${MAX_WORKERS}`);
  }
  return n;
}

// The whole budget, before it is split:
// - the player's choice under Advanced (memoryMB > 0);
// - else a quarter of the device's memory where the browser tells it
//   (navigator.deviceMemory, in GB, rounded by the browser: Chromium
//   reports 16 on this 23 GB machine), leaving the rest to the system, the
//   browser and the page; each worker's share is still capped by what its
//   wasm32 module can give a search (capBytes, about 1.9 GB);
// - else (Firefox, Safari) the core's default per worker, as one worker
//   had before there was a pool: the budget is a ceiling a search reaches
//   only on hard levels, and a worker that reaches it says so and stops.
function totalBudget(device, memoryMB, workers) {
  if (memoryMB > 0) return { bytes: memoryMB * MIB, source: 'setting' };
  if (device.memoryGB > 0) return { bytes: Math.floor((device.memoryGB * GIB) / 4), source: 'device' };
  return { bytes: device.defaultBytes * workers, source: 'default' };
}

// device: {cores, memoryGB (undefined when unknown), forcedWorkers (null
// unless the address asks), defaultBytes (the core's default budget),
// capBytes (the most one worker's module can give a search: wasm32 with a
// 2 GB heap)}; memoryMB: the Memory setting, 0 for automatic; methods: the
// strategy names the module offers, default first.
// Returns {workers, members, shareBytes, totalBytes, singleBytes, source}:
// each member runs with shareBytes; a single strategy (chosen under
// Advanced, a sink level) runs alone with singleBytes.
export function planPool(device, memoryMB, methods) {
  const wanted = Math.min(wantedWorkers(device.cores, device.forcedWorkers), Math.max(1, methods.length));
  const { bytes, source } = totalBudget(device, memoryMB, wanted);
  const workers = Math.max(1, Math.min(wanted, Math.floor(bytes / MIN_SHARE_BYTES)));
  const shareBytes = Math.min(Math.floor(bytes / workers), device.capBytes);
  return {
    workers, members: pickMembers(methods, workers), shareBytes, totalBytes: shareBytes * workers,
    singleBytes: Math.min(bytes, device.capBytes), source,
  };
}
