// The service worker: after one visit the page loads, plays and solves with
// no network. It caches every file of the build (build.js, written by
// scripts/site-manifest.mjs, lists them with their SHA-256) in a cache named
// by the build's version, each file checked against its hash, and serves a
// page from the one cache that page was loaded from: a page never runs a
// mix of two versions' files.
//
// A new version (a new build.js) installs beside the old one and waits; the
// page offers to reload (web/offline.js), and on yes it is told to take
// over ('skip-waiting'). Pages of the old version still open go on being
// served from the old cache, which is deleted once no page uses it.
//
// Messages in: {type: 'skip-waiting'}.
'use strict';
importScripts('offline-plan.js', 'build.js');

const { CLIENTS, PREFIX, cacheName, fileFor, hex, staleCaches } = self.SokoOffline;
const BUILD = self.SOKO_BUILD;
const CACHE = cacheName(BUILD);
const HASH_HEADER = 'x-soko-sha256';  // kept with each cached file, so a later version can reuse it

const urlOf = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (e) => e.waitUntil(fill()));
self.addEventListener('activate', (e) => e.waitUntil(activate()));
self.addEventListener('message', (e) => {
  if (e.data && e.data.type === 'skip-waiting') self.skipWaiting();
});
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  const file = fileFor(e.request.url, self.registration.scope, BUILD);
  if (!file) return;  // not ours: the network, as without a service worker
  e.respondWith(serve(e, file));
  if (e.request.mode === 'navigate') e.waitUntil(tidy(e.resultingClientId));
});

// Caches every file of the build that is not cached yet (an install that
// failed half-way is taken up again). A file an older version kept with the
// same hash is copied; any other is downloaded and must have its hash.
async function fill() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== CLIENTS);
  await Promise.all(Object.entries(BUILD.files).map(async ([file, hash]) => {
    if (await cache.match(urlOf(file))) return;
    await cache.put(urlOf(file), (await kept(older, file, hash)) || (await download(file, hash)));
  }));
}

async function kept(older, file, hash) {
  for (const name of older) {
    const hit = await (await caches.open(name)).match(urlOf(file));
    if (hit && hit.headers.get(HASH_HEADER) === hash) return hit;
  }
  return null;
}

async function download(file, hash) {
  const res = await fetch(new Request(urlOf(file), { cache: 'no-cache' }));
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  const bytes = await res.arrayBuffer();
  const got = hex(await crypto.subtle.digest('SHA-256', bytes));
  if (got !== hash) throw new Error(`${file} is not the file of version ${BUILD.version} (is the site being updated?)`);
  const headers = { [HASH_HEADER]: hash };
  if (res.headers.get('content-type')) headers['content-type'] = res.headers.get('content-type');
  return new Response(bytes, { headers });
}

// A file from the cache of the version the asking page was loaded from: a
// page loaded now gets this version; a page, or its worker, loaded earlier
// gets its own.
async function serve(e, file) {
  const cache = await caches.open(await cacheFor(e));
  return (await cache.match(urlOf(file))) || fetch(e.request);
}

async function cacheFor(e) {
  const req = e.request;
  if (req.mode === 'navigate') {
    if (e.resultingClientId) await remember(e.resultingClientId, CACHE);
    return CACHE;
  }
  const name = (await recall(e.clientId)) || CACHE;
  if (req.destination === 'worker' && e.resultingClientId) await remember(e.resultingClientId, name);
  return name;
}

const clientKey = (id) => urlOf('clients/' + encodeURIComponent(id));

async function remember(id, name) {
  await (await caches.open(CLIENTS)).put(clientKey(id), new Response(name));
}

async function recall(id) {
  if (!id) return null;
  const hit = await (await caches.open(CLIENTS)).match(clientKey(id));
  return hit ? hit.text() : null;
}

// Every other version's cache is older than this one, which is taking over:
// each may go once no open page uses it. (A cache made after this, by a
// newer version installing, is never on that list.)
async function activate() {
  const older = staleCaches(await caches.keys(), [CACHE]);
  await writeSuperseded([...new Set([...(await readSuperseded()), ...older])]);
  await tidy();
}

const SUPERSEDED = () => urlOf('superseded');

async function readSuperseded() {
  const hit = await (await caches.open(CLIENTS)).match(SUPERSEDED());
  return hit ? hit.json() : [];
}

async function writeSuperseded(names) {
  await (await caches.open(CLIENTS)).put(SUPERSEDED(), new Response(JSON.stringify(names)));
}

// Forgets closed pages, and deletes the older versions' caches no open page
// uses. `opening`: a page being loaded now, not yet among the clients.
async function tidy(opening = '') {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const map = await caches.open(CLIENTS);
  const used = [CACHE];
  for (const key of await map.keys()) {
    if (!key.url.includes('/clients/')) continue;
    const id = decodeURIComponent(key.url.slice(key.url.lastIndexOf('/') + 1));
    if (!open.has(id) && id !== opening) await map.delete(key);
    else used.push(await (await map.match(key)).text());
  }
  const superseded = await readSuperseded();
  await Promise.all(superseded.filter((n) => !used.includes(n)).map((n) => caches.delete(n)));
  await writeSuperseded(superseded.filter((n) => used.includes(n)));
}
