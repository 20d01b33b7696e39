// The optimizer on the page, as a player uses it: an imported solution with
// needless steps, "Fewer moves" on its row of the Solutions card, the
// worker's search, the shorter solution kept as the level's best by moves
// and shown in the replay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, pasteText, pickLevel, servePage, text } from './page-harness.mjs';

servePage();

const WAREHOUSE = 3;  // Little Warehouse in Starter (test)
// A 41-move solution with two needless steps first and two after the end.
const LONGER = 'rl' + 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD' + 'ud';

test('Fewer moves on an imported solution keeps a shorter one as the best by moves and replays it', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await pasteText(page, LONGER);
  await page.waitForFunction(() => /Imported solution verified/.test(document.getElementById('solve-result').textContent));
  const given = await page.evaluate(() => window.soko.storage.solutions(window.soko.state.key).byMoves);
  assert.equal(given.moves, 45);
  assert.equal(given.source, 'import');
  const row = page.locator('#solution-list li').filter({ hasText: 'Best by moves' });
  await row.getByRole('button', { name: /^Fewer moves/ }).click();
  await page.waitForFunction(() => /Optimized for fewer moves/.test(document.getElementById('solve-result').textContent),
                             null, { timeout: 20000 });
  const result = await text(page, '#solve-result');
  assert.match(result, /Optimized for fewer moves in .*: \d+ moves, \d+ pushes, was 45 moves, 13 pushes\./);
  const best = await page.evaluate(() => window.soko.storage.solutions(window.soko.state.key).byMoves);
  assert.equal(best.source, 'optimizer');
  assert.ok(best.moves <= 41, `no more than the 41 moves without the needless steps, got ${best.moves}`);
  const replayed = await page.evaluate(() => window.soko.replay && window.soko.replay.solution.lurd);
  assert.equal(replayed, best.lurd);
  const verified = await page.evaluate((lurd) => window.soko.state.module.verify(window.soko.state.level.xsb, lurd).solved, best.lurd);
  assert.equal(verified, true);
  // The list names it: the best by moves is the optimizer's now.
  await page.waitForFunction(() => /by the optimizer/.test(document.getElementById('solution-list').textContent));
  await page.screenshot({ path: '/tmp/soko-optimize.png' });
});
