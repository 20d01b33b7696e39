// The page's pool of solver workers in headless Chromium: with two workers
// (the address's ?workers=2; this machine's Chromium has 2 cores, so the
// page alone would take one) Solve and Hint run the default and a second
// strategy side by side, the panel shows each worker's strategy, positions
// and memory, and the first solution wins; without it the default runs
// alone; a bad worker count in the address is reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { button, openAdvanced, openPage, pickLevel, served, servePage, text } from './page-harness.mjs';

servePage();

const workerLines = (page) => page.locator('#p-workers li').allInnerTexts();

test('with two workers the default and a second strategy search side by side; the first solution wins', async (t) => {
  const { page } = await openPage(t, { url: served.base + '?workers=2' });
  await openAdvanced(page);
  assert.match(await text(page, '#pool-words'), /^2 workers side by side \(fess-hbox, \S+\), [\d.]+ [GM]B of memory each, [\d.]+ [GM]B in all: .*The page address asks for 2 workers\.$/);
  assert.match(await page.locator('#memory option[value="0"]').innerText(), /^Auto \([\d.]+ [GM]B\)$/);
  await pickLevel(page, 'Hard (test)', 0);  // Wide Hall: the search takes a moment, long enough to see it
  await button(page, 'Solve').click();
  await page.waitForFunction(() => document.querySelectorAll('#p-workers li').length === 2 && !document.getElementById('p-workers').hidden);
  const during = await workerLines(page);
  assert.match(during[0], /^Worker 1, fess-hbox: [\d,]+ positions, [\d.]+ [KM]B of [\d.]+ [GM]B; (searching|solved|stopped)/);
  assert.match(during[1], /^Worker 2, \S+: [\d,]+ positions, [\d.]+ [KM]B of [\d.]+ [GM]B; (searching|solved|stopped)/);
  // On a busy machine one worker may have solved, and the other stopped,
  // before the lines are read: a stopped worker is only ever the loser.
  const states = during.map((l) => l.match(/; (\w+)/)[1]);
  if (states.includes('stopped')) assert.deepEqual([...states].sort(), ['solved', 'stopped'], during.join('\n'));
  await page.screenshot({ path: '/tmp/pool-searching.png' });
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 60000 });
  assert.match(await text(page, '#solve-result'), /^Solved by \S+ \(worker [12] of 2\) in [\d.]+ m?s: [\d,]+ moves?, [\d,]+ push/);
  const after = await workerLines(page);
  assert.equal(after.filter((l) => /; solved$/.test(l)).length, 1, after.join('\n'));
  await page.waitForFunction(() => window.soko.replay !== null);
  assert.equal(await page.evaluate(() => window.soko.solvers.clients.length), 2);
  await page.screenshot({ path: '/tmp/pool-solved.png' });

  // A hint asks the same two workers.
  await pickLevel(page, 'Starter (test)', 3);
  await button(page, 'Hint').click();
  await button(page, 'Play hint').waitFor({ timeout: 30000 });
  assert.equal((await workerLines(page)).length, 2);
  assert.equal(await page.evaluate(() => window.soko.solvers.clients.length), 2);
});

test('without a worker count this 2-core machine gets one worker: the default alone', async (t) => {
  const { page } = await openPage(t);
  await openAdvanced(page);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  t.diagnostic(`Chromium reports ${cores} cores and ${await page.evaluate(() => navigator.deviceMemory)} GB`);
  if (cores <= 2) assert.match(await text(page, '#pool-words'), /^One worker \(this device has \d cores?; one stays with the page\) with [\d.]+ [GM]B of memory/);
  await pickLevel(page, 'Starter (test)', 3);
  await button(page, 'Solve').click();
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 30000 });
  if (cores <= 2) {
    assert.match(await text(page, '#solve-result'), /^Solved in .* \(\S+ found it\b.*\)\.$/,
                 'no worker named when one searched, but the member that found it is');
    assert.equal(await page.evaluate(() => window.soko.solvers.clients.length), 1);
    assert.ok(await page.locator('#p-workers').isHidden());
  }
});

test('a worker count the page cannot give is reported, and the page picks its own', async (t) => {
  const { page } = await openPage(t, { url: served.base + '?workers=12' });
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await text(page, '#notice'), /workers=12; it must be a whole number from 1 to 8/);
  await openAdvanced(page);
  assert.doesNotMatch(await text(page, '#pool-words'), /address asks/);
});
