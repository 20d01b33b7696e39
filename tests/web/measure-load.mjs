// Measures the page's first load on localhost: bytes transferred by type and
// the time until the page is interactive (the module is loaded, the first
// level drawn and the input wired: body[data-ready]). Not a test; run it by
// hand on a built site:
//   node tests/web/measure-load.mjs http://127.0.0.1:8080/
import { chromium } from 'playwright-core';

const url = process.argv[2] || 'http://127.0.0.1:8080/';
const runs = Number(process.argv[3] || 5);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const times = [];
let bytes = null;
for (let i = 0; i < runs; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });  // a cold cache each time
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  const byType = {};
  const urls = new Map();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const u = urls.get(e.requestId) || '';
    const ext = (u.split('?')[0].match(/\.([a-z0-9]+)$/) || [, u.endsWith('/') ? 'html' : 'other'])[1];
    byType[ext] = (byType[ext] || 0) + e.encodedDataLength;
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  times.push(await page.evaluate(() => performance.now()));
  await page.waitForTimeout(200);
  bytes = byType;
  await ctx.close();
}
await browser.close();
const core = ['html', 'js', 'wasm'].reduce((s, k) => s + (bytes[k] || 0), 0);
times.sort((a, b) => a - b);
console.log('bytes by type (last run):', bytes);
console.log(`first load, html+js+wasm: ${(core / 1024).toFixed(0)} KiB; everything: ${(Object.values(bytes).reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KiB`);
console.log(`time to interactive (ms, ${runs} cold loads): median ${times[Math.floor(runs / 2)].toFixed(0)}, min ${times[0].toFixed(0)}, max ${times[runs - 1].toFixed(0)}`);
