// What the service worker (sw.js) decides, apart from the browser's caches
// so that it can be tested under Node: which file of the build a request
// asks for, the cache a build's files live in, and which caches no page
// needs any more. A classic script, as sw.js imports it: it defines
// self.SokoOffline.
(function (root) {
  const PREFIX = 'soko-';
  const CLIENTS = 'soko-clients';  // which version's cache each open page started from

  // The cache of a build ({version, files}): named by its version, so two
  // versions never share one.
  const cacheName = (build) => PREFIX + build.version;

  // The build's file that `url` asks for (a path under the service
  // worker's scope that the build lists; the scope itself is index.html),
  // or null when the build has no such file.
  function fileFor(url, scope, build) {
    const u = new URL(url);
    const s = new URL(scope);
    if (u.origin !== s.origin || !u.pathname.startsWith(s.pathname)) return null;
    let file;
    try {
      file = decodeURIComponent(u.pathname.slice(s.pathname.length));
    } catch {
      return null;  // a malformed escape names no file of ours
    }
    if (file === '') file = 'index.html';
    return Object.prototype.hasOwnProperty.call(build.files, file) ? file : null;
  }

  // The versions' caches to delete: all of ours but those in `keep`.
  const staleCaches = (names, keep) => names.filter((n) => n.startsWith(PREFIX) && n !== CLIENTS && !keep.includes(n));

  // Lower-case hex of a digest.
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

  root.SokoOffline = { PREFIX, CLIENTS, cacheName, fileFor, staleCaches, hex };
})(self);
