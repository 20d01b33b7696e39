// Moving around a collection and its solutions in the real page: the
// Solutions list (the level file's solutions, replay, copy, a .sok of the
// level), the collection browser (marks, the solved count, keys, next
// unsolved, a level only the solver solved), renaming and removing a pasted collection, pasted titles, and
// dragging a box with the mouse. Screenshots go to /tmp/soko-browse-*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { button, cellPoint, history, moves, newContext, openPage, pasteText, pickCollection, pickLevel, press, reload, served, servePage, text } from './page-harness.mjs';

servePage();

// Crossing with two Solution sections: run-length with pushes in lower case, and one that does not solve it.
//   #######
//   #.   .#
//   # $$  #
//   #  @  #
//   #######
const CROSSING_FILE = 'Crossing Again\n#######\n#.   .#\n# $$  #\n#  @  #\n#######\nSolution:\nlud2ruullddrulu2r\nSolution:\nuuuu\n';

test('the level file\'s solutions are listed, replayed beside the game, copied, and saved with the level', async (t) => {
  const ctx = await newContext({ acceptDownloads: true });
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await pasteText(page, CROSSING_FILE);
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Crossing Again');
  const row = page.locator('#solution-list .item');
  assert.equal(await row.count(), 1);
  assert.equal(await row.locator('.item-name').innerText(), 'From the level file');
  assert.equal(await row.locator('.item-detail').innerText(), '17 moves, 5 pushes');
  assert.match(await text(page, '#solution-problems'), /solution 2 does not solve this level/);
  await press(page, 'ArrowLeft');
  await button(page, 'Replay: From the level file').click();
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.atEnd(), null, { timeout: 10000 });
  await button(page, 'Back to my game').click();
  assert.equal(await history(page), 'l');
  await button(page, 'Copy: From the level file').click();
  await page.waitForFunction(() => /Solution copied/.test(document.getElementById('status').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'lUdrruulLddrUluRR');
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download .sok').click()]);
  assert.equal(download.suggestedFilename(), 'Crossing Again.sok');
  const sok = fs.readFileSync(await download.path(), 'utf8');
  assert.match(sok, /^Crossing Again\n\n#######\n/);
  assert.match(sok, /Solution \(from the level file; 17 moves, 5 pushes\):\nlUdrruulLddrUluRR\n/);
  await page.locator('#replay-card').screenshot({ path: '/tmp/soko-browse-solutions.png' });
  await reload(page);
  assert.equal(await text(page, '#title'), 'Crossing Again');
  assert.equal(await page.locator('#solution-list .item-name').innerText(), 'From the level file', 'kept with the pasted level');
});

test('XSokoban\'s bundled levels show the solution their file ships', async (t) => {
  const { page } = await openPage(t, { url: served.bundledBase });
  await pickLevel(page, 'XSokoban', 0);
  assert.equal(await page.locator('#solution-list .item-name').innerText(), 'From the level file');
  assert.match(await page.locator('#solution-list .item-detail').innerText(), /^\d+ moves, \d+ pushes$/);
  assert.equal(await page.locator('#solution-problems').isVisible(), false);
});

test('the browser marks levels, counts the solved, and moves by keys; PageUp/PageDown and N move between levels', async (t) => {
  const { page } = await openPage(t);
  await press(page, 'ArrowRight');  // First Steps: solved
  await page.waitForSelector('#solved-banner:not([hidden])');
  await button(page, 'Continue').click();
  await press(page, 'ArrowUp');  // Corner Turn: started
  await press(page, 'PageDown');
  assert.equal(await text(page, '#title'), 'Two Rooms');
  await press(page, 'PageUp');
  assert.equal(await text(page, '#title'), 'Corner Turn');
  await page.getByRole('button', { name: 'Levels: 1 of 5 solved' }).click();
  const dialog = page.getByRole('dialog', { name: 'Starter (test)' });
  await dialog.waitFor();
  assert.equal(await text(page, '#browser-count'), '1 / 5 solved');
  const tiles = await dialog.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(tiles, ['1. First Steps: Solved · 1/1', '2. Corner Turn: Started (shown now)', '3. Two Rooms: Not started',
                           '4. Little Warehouse: Not started', '5. Crossing: Not started']);
  await page.waitForFunction(() => [...document.querySelectorAll('#browser-grid canvas')].every((c) => c.dataset.painted && c.width > 0));
  await page.screenshot({ path: '/tmp/soko-browse-grid.png' });
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '1', 'the keyboard starts on the level shown');
  await press(page, 'ArrowRight', 'ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '3');
  await press(page, 'Enter');
  await page.waitForFunction(() => !document.getElementById('browser').open);
  assert.equal(await text(page, '#title'), 'Little Warehouse');
  await press(page, 'n');
  assert.equal(await text(page, '#title'), 'Crossing');
  await press(page, 'n');
  assert.equal(await text(page, '#title'), 'Corner Turn', 'round the end, past the solved one');
  await page.getByRole('button', { name: /^Levels:/ }).click();
  await press(page, 'Escape');
  await page.waitForFunction(() => !document.getElementById('browser').open);
  assert.equal(await text(page, '#title'), 'Corner Turn');
});

test('after Solve, a level only the solver solved is not marked as the player\'s: not counted, not skipped by Next unsolved', async (t) => {
  const { page } = await openPage(t);
  await press(page, 'ArrowRight');  // First Steps: solved by the player
  await page.waitForSelector('#solved-banner:not([hidden])');
  await pickLevel(page, 'Starter (test)', 3);  // Little Warehouse, untouched
  await button(page, 'Solve').click();
  await page.waitForFunction(() => /^Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  const [, m, p] = (await text(page, '#solve-result')).match(/(\d+) moves, (\d+) pushes/);
  assert.equal(await page.evaluate(() => window.soko.storage.levelStatus(window.soko.state.key)), 'solution-known');
  const labels = await page.getByRole('combobox', { name: 'Level' }).locator('option').allInnerTexts();
  assert.deepEqual([labels[0], labels[3]], ['1. First Steps  ✓', '4. Little Warehouse'], 'no ✓ for the solver\'s solve');

  await page.getByRole('button', { name: 'Levels: 1 of 5 solved' }).click();
  const dialog = page.getByRole('dialog', { name: 'Starter (test)' });
  await dialog.waitFor();
  assert.equal(await text(page, '#browser-count'), '1 / 5 solved');
  const tile = dialog.getByRole('option', { name: /^4\. Little Warehouse/ });
  assert.equal(await tile.getAttribute('aria-label'), `4. Little Warehouse: Solver’s solution · ${m}/${p} (shown now)`);
  assert.equal(await tile.getAttribute('data-status'), 'solution-known');
  assert.equal(await tile.locator('.tile-mark').innerText(), `Solver’s solution · ${m}/${p}`);
  await page.waitForFunction(() => [...document.querySelectorAll('#browser-grid canvas')].every((c) => c.dataset.painted && c.width > 0));
  await page.screenshot({ path: '/tmp/soko-browse-solver.png' });

  // From Two Rooms, Next unsolved goes to Little Warehouse, not past it.
  await dialog.getByRole('option', { name: /^3\. Two Rooms/ }).click();
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Two Rooms');
  await page.getByRole('button', { name: /^Levels:/ }).click();
  await button(page, 'Next unsolved').click();
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Little Warehouse');
  assert.equal(await text(page, '#status'), `Not solved by you yet. Solver’s solution: ${m} moves, ${p} pushes.`);
});

test('a "Remove" answered holds though the page redraws before the question\'s close event arrives', async (t) => {
  // As with the name dialog (page-keep): the answer is taken when given,
  // not from the close event a task later, after a redraw had reopened it.
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await pasteText(page, '#####\n#@$.#\n#####\n; Tiny\n');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Tiny');
  await page.getByRole('button', { name: /^Levels:/ }).click();
  await button(page, 'Remove').click();
  await page.waitForFunction(() => document.getElementById('confirm-dialog').open);
  await page.evaluate(() => {
    document.getElementById('confirm-yes').click();
    window.dispatchEvent(new Event('pagehide'));  // a redraw, at once
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction(() => /^Starter \(test\)/.test(document.getElementById('subtitle').textContent));
  assert.equal(await page.evaluate(() => document.getElementById('confirm-dialog').open), false);
});

test('a pasted collection keeps its comment titles, is renamed, removed after asking, and Undo brings it back', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await pickLevel(page, 'Starter (test)', 3);  // Little Warehouse
  await press(page, 'ArrowRight');
  const PASTE = '#####\n#@$.#\n#####\n; Tiny\n\n######\n#@ $.#\n######\n; Tinier\n';
  await pasteText(page, PASTE);
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Tiny');
  assert.deepEqual(await page.getByRole('combobox', { name: 'Level' }).locator('option').allInnerTexts(), ['1. Tiny', '2. Tinier']);
  await press(page, 'PageDown', 'ArrowRight');
  assert.equal(await moves(page), 1);

  await page.getByRole('button', { name: /^Levels:/ }).click();
  await button(page, 'Rename').click();
  const field = page.getByRole('textbox', { name: 'Name' });
  await field.fill('Two small ones');
  await field.press('Enter');
  await page.waitForFunction(() => document.getElementById('browser-heading').textContent === 'Two small ones');
  await button(page, 'Remove').click();
  const question = page.getByRole('dialog', { name: 'Remove “Two small ones”?' });
  await question.waitFor();
  await page.screenshot({ path: '/tmp/soko-browse-remove.png' });
  await question.getByRole('button', { name: 'Keep it' }).click();
  assert.ok(await page.getByRole('combobox', { name: 'Collection' }).locator('option', { hasText: 'Two small ones' }).count());
  await button(page, 'Remove').click();
  await question.getByRole('button', { name: 'Remove' }).click();
  await page.waitForFunction(() => /^Starter \(test\)/.test(document.getElementById('subtitle').textContent));
  assert.equal(await history(page), 'r', 'Starter opens where the player was, the game from before the paste there');
  assert.equal(await page.getByRole('combobox', { name: 'Collection' }).locator('option', { hasText: 'Two small ones' }).count(), 0);
  assert.equal(await text(page, '#undo-text'), 'Collection “Two small ones” removed.');
  await page.locator('#undo-removal').click();
  await page.waitForFunction(() => /^Two small ones · 2 of 2/.test(document.getElementById('subtitle').textContent));
  assert.equal(await history(page), 'r', 'its level and game are back');
  await reload(page);
  assert.match(await text(page, '#subtitle'), /^Two small ones · 2 of 2/);
  await pickCollection(page, 'Two small ones');

  // Removed for good, then pasted again: the game on its level is still there.
  await page.getByRole('button', { name: /^Levels:/ }).click();
  await button(page, 'Remove').click();
  await question.getByRole('button', { name: 'Remove' }).click();
  await page.waitForFunction(() => /^Starter \(test\)/.test(document.getElementById('subtitle').textContent));
  await button(page, 'Dismiss').click();
  assert.equal(await page.locator('#undo-bar').isVisible(), false);
  await pasteText(page, PASTE);
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Tiny');
  await press(page, 'PageDown');
  assert.equal(await history(page), 'r');
});

test('dragging a box with the mouse pushes it along the shortest push path, or says why not', async (t) => {
  //   #######
  //   #.   .#
  //   # $$  #   drag the box at (2,2) onto the goal at (1,1)
  //   #  @  #
  //   #######
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);
  const drag = async (from, to) => {
    const a = await cellPoint(page, ...from);
    const b = await cellPoint(page, ...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
    await page.mouse.move(b.x, b.y);
    await page.mouse.up();
  };
  await drag([3, 2], [3, 0]);
  assert.equal(await text(page, '#status'), 'A box can only be pushed onto a floor square.');
  await drag([2, 2], [1, 2]);
  assert.equal(await text(page, '#status'), 'This box cannot be pushed to that square from here.');
  assert.equal(await moves(page), 0);
  await drag([2, 2], [1, 1]);
  await page.waitForFunction(() => !window.soko.play.queue);
  assert.ok(await page.evaluate(() => window.soko.play.game.hasBox(8)), 'the box is on the goal');
  assert.equal(await text(page, '#pushes'), '2');
  await page.screenshot({ path: '/tmp/soko-browse-drag.png' });
  const { x, y } = await cellPoint(page, 3, 2);
  await page.mouse.click(x, y);  // a click still selects a box
  assert.equal(await page.evaluate(() => window.soko.play.selected), 17);
});
