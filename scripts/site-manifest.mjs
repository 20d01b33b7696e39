// Writes a built site's build.js: every file the page may ask for, with its
// SHA-256, and the build's version (a hash of that list). The service
// worker (web/sw.js) imports it: it caches exactly these files under a
// cache named by the version, checks each file's hash as it comes in (so a
// site half-way through an upload is never cached as one version), and
// serves a page the files of the one version it started with. A changed
// file changes build.js, which is how the browser sees a new version.
//
//   node scripts/site-manifest.mjs DIR
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Not asked for by the page: the service worker and its manifest are the
// browser's to fetch, and .nojekyll is for GitHub Pages.
const LEFT_OUT = new Set(['sw.js', 'build.js', '.nojekyll']);

// The site's files as '/'-separated paths relative to `dir`, sorted.
export function siteFiles(dir, under = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...siteFiles(dir, rel));
    else if (!LEFT_OUT.has(rel)) out.push(rel);
  }
  return out.sort();
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

// {version, files: {path: sha256}} of the site in `dir`.
export function buildManifest(dir) {
  const files = {};
  for (const f of siteFiles(dir)) files[f] = sha256(fs.readFileSync(path.join(dir, f)));
  const version = sha256(Object.entries(files).map(([f, h]) => `${h}  ${f}\n`).join('')).slice(0, 16);
  return { version, files };
}

export function writeManifest(dir) {
  const manifest = buildManifest(dir);
  fs.writeFileSync(path.join(dir, 'build.js'),
                   '// Written by scripts/site-manifest.mjs: this build\'s files and their SHA-256, for sw.js.\n'
                   + `self.SOKO_BUILD = ${JSON.stringify(manifest, null, 1)};\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    console.error('site-manifest: usage: node scripts/site-manifest.mjs DIR (a built site, with its index.html)');
    process.exit(1);
  }
  const { version, files } = writeManifest(dir);
  console.log(`site-manifest: ${Object.keys(files).length} files, version ${version}`);
}
