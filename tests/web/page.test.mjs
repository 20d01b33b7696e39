// The page in headless Chromium: playing, solving, pasting, links, the
// phone layout (page-harness.mjs serves the built site; without
// SOKO_SITE_BUNDLED the test of the real bundled collections is skipped).
// The player's own game beside replays, and its keeping: page-player.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { bundledSite, cellPoint, chooseStrategy, clickCell, moves, openAdvanced, openPage, pasteText, pickLevel, servePage, served, text } from './page-harness.mjs';

servePage();

test('loads from a sub-path and shows the first bundled level', async (t) => {
  const { page } = await openPage(t);
  assert.equal(await text(page, '#title'), 'First Steps');
  assert.match(await text(page, '#subtitle'), /Starter \(test\) · 1 of 5/);
  const size = await page.locator('#board').boundingBox();
  assert.ok(size.width > 100 && size.height > 50, 'the board is drawn');
  for (const name of ['Solve', 'Cancel', 'Paste', 'Undo', 'Redo', 'Restart', 'Hint', 'Open', 'Share', 'Import solution'])
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  // The strategies wait under "Advanced".
  assert.equal(await page.getByRole('combobox', { name: 'Strategy' }).count(), 0);
  await openAdvanced(page);
  const methods = await page.getByRole('combobox', { name: 'Strategy' }).locator('option').allInnerTexts();
  assert.ok(methods.includes('bfs'));
});

test('picks a bundled level, plays and undoes with the keyboard', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing
  assert.equal(await text(page, '#title'), 'Crossing');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('w');  // a push
  assert.equal(await moves(page), 2);
  assert.equal(await text(page, '#pushes'), '1');
  await page.keyboard.press('z');
  assert.equal(await moves(page), 1);
  await page.keyboard.press('Control+y');
  assert.equal(await moves(page), 2);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+z');
  assert.equal(await moves(page), 0);
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await moves(page), 1);
  await page.keyboard.press('Escape');
  assert.equal(await moves(page), 0);
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await moves(page), 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await moves(page), 0);
});

test('solving by hand shows the solved moment and marks the level', async (t) => {
  const { page } = await openPage(t);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#solved-banner:not([hidden])');
  assert.match(await text(page, '#solved-banner'), /Solved!/);
  assert.match(await page.getByRole('combobox', { name: 'Level' }).locator('option').first().innerText(), /✓/);
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.equal(await text(page, '#title'), 'Corner Turn');
});

test('walks and pushes with the mouse', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing, player at (3,3)
  await clickCell(page, 1, 3);  // walk two squares left
  await page.waitForFunction(() => window.soko.play.game.moves() === 2 && !window.soko.play.queue);
  await clickCell(page, 2, 2);  // select the left box
  assert.equal(await page.evaluate(() => window.soko.play.selected), 2 * 7 + 2);
  await clickCell(page, 2, 1);  // and push it up one
  await page.waitForFunction(() => !window.soko.play.queue && window.soko.play.game.pushes() === 1);
  assert.ok(await page.evaluate(() => window.soko.play.game.hasBox(1 * 7 + 2)));
});

test('pastes a level from the clipboard, solves it in the worker and replays it to the end', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, 'Pasted Puzzle\n  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Pasted Puzzle');
  assert.match(await text(page, '#subtitle'), /My levels/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  const [, n] = (await text(page, '#solve-result')).match(/(\d+) moves, \d+ pushes/);
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('50');
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.atEnd() && window.soko.replay.solved(), null, { timeout: 20000 });
  assert.equal(await text(page, '#r-pos'), `${n} / ${n}`);
  assert.match(await text(page, '#status'), /Replay finished/);
  assert.equal(await page.evaluate(() => window.soko.play.game.moves()), 0, 'the replay ran beside the player\'s game');
  // Step back, scrub, and copy the solution.
  await page.getByRole('button', { name: 'Step back' }).click();
  assert.equal(await text(page, '#r-pos'), `${n - 1} / ${n}`);
  await page.getByRole('slider', { name: 'Replay position' }).fill('10');
  assert.equal(await text(page, '#r-pos'), `10 / ${n}`);
  await page.getByRole('button', { name: 'Copy solution' }).click();
  await page.waitForFunction(() => /copied/.test(document.getElementById('status').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied.length, Number(n));
  assert.ok(await page.evaluate((l) => window.soko.play.module.verify(window.soko.play.level.xsb, l).solved, copied));
});

test('a pasted LURD solution is verified and replayed; a wrong one is refused', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing
  await pasteText(page, 'lUd2ruulLddrUlu2R');  // run-length counts are fine
  await page.waitForFunction(() => /Imported solution verified/.test(document.getElementById('solve-result').textContent));
  await page.getByRole('button', { name: 'Pause' }).click().catch(() => {});
  await page.getByRole('button', { name: 'To the end' }).click();
  assert.ok(await page.evaluate(() => window.soko.replay.solved()));
  await pasteText(page, 'uuuu');
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await text(page, '#notice'), /does not solve/);
});

test('a paste of several levels becomes its own collection', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, '; Two Quick Ones\n\nA\n#####\n#@$.#\n#####\n\nB\n######\n#@$ .#\n######\n');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'A');
  const options = await page.getByRole('combobox', { name: 'Collection' }).locator('option').allInnerTexts();
  assert.ok(options.includes('Two Quick Ones (2)'), options.join(', '));
});

test('opens a level file with the Open button', async (t) => {
  const { page } = await openPage(t);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open' }).click();
  await (await chooser).setFiles({ name: 'My Pair.sok', mimeType: 'text/plain',
                                   buffer: Buffer.from('One\n#####\n#@$.#\n#####\n\nTwo\n######\n#@$ .#\n######\n') });
  await page.waitForFunction(() => document.getElementById('title').textContent === 'One');
  assert.match(await text(page, '#subtitle'), /My Pair · 1 of 2/);
});

test('opens a level file dropped on the page', async (t) => {
  const { page } = await openPage(t);
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['Dropped\n#####\n#@$.#\n#####\n'], 'dropped.xsb', { type: 'text/plain' }));
    document.getElementById('board').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Dropped');
});

test('when the solver module dies the page says so, and a fresh worker solves', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Hard (test)', 0);
  // bfs stays busy on this level; the default may solve it before the abort.
  await chooseStrategy(page, 'bfs');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => Number(document.getElementById('p-nodes').textContent.replace(/,/g, '')) > 0);
  // What an abort in the worker looks like to the page: an error event.
  await page.evaluate(() => window.soko.solver.worker.onerror(new ErrorEvent('error', { message: 'RuntimeError: Aborted()' })));
  await page.waitForFunction(() => /stopped unexpectedly/.test(document.getElementById('solve-result').textContent));
  assert.match(await text(page, '#status'), /fresh one has been started/);
  await pickLevel(page, 'Starter (test)', 0);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
});

test('a bad paste shows the level, line and column, and keeps the current level', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, 'Broken\n#####\n#@x.#\n#####\n');
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await text(page, '#notice'), /level 1 \(Broken\), line 3, column 3/);
  assert.equal(await text(page, '#title'), 'First Steps');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#solved-banner:not([hidden])');
});

test('progress comes several times a second; a long solve cancels quickly and the solver works again', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Hard (test)', 0);
  // Breadth-first search stays busy on this level for a long time; the
  // default strategy would solve it too soon to watch.
  await chooseStrategy(page, 'bfs');
  await page.evaluate(() => {
    window.progressTicks = 0;
    new MutationObserver(() => window.progressTicks++).observe(document.getElementById('p-elapsed'), { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  // Count progress updates over one second once the worker is searching.
  await page.waitForFunction(() => Number(document.getElementById('p-nodes').textContent.replace(/,/g, '')) > 0);
  const ticks = await page.evaluate(async () => {
    const start = window.progressTicks;
    await new Promise((r) => setTimeout(r, 1000));
    return window.progressTicks - start;
  });
  assert.ok(ticks >= 4, `progress updates in 1 s: ${ticks}`);
  assert.ok(Number((await text(page, '#p-nodes')).replace(/,/g, '')) > 0);
  const cancelledIn = await page.evaluate(async () => {
    // Cancel, then ask the same worker for a trivial solve: its answer
    // shows when the worker really let go of the long search.
    const t0 = performance.now();
    document.getElementById('cancel').click();
    const r = await window.soko.solver.solve('#####\n#@$.#\n#####\n', { method: 'bfs', timeLimitSeconds: 5, memoryBudgetBytes: 16 << 20 });
    return { ms: performance.now() - t0, ok: r.ok };
  });
  t.diagnostic(`progress updates in 1 s: ${ticks}; cancel to the next answer: ${cancelledIn.ms.toFixed(0)} ms`);
  assert.ok(cancelledIn.ok);
  assert.ok(cancelledIn.ms < 200, `the worker took ${cancelledIn.ms} ms to take a new solve after cancel`);
  assert.match(await text(page, '#solve-result'), /cancelled/);
  await pickLevel(page, 'Starter (test)', 0);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
});

test('a hint shows the next push and plays it; a deadlock is named', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByRole('button', { name: 'Play hint' }).waitFor();
  assert.match(await text(page, '#status'), /Hint/);
  await page.getByRole('button', { name: 'Play hint' }).click();
  await page.waitForFunction(() => window.soko.play.game.pushes() === 1 && !window.soko.play.queue);
  // Push the left box down against the bottom wall, a row without goals:
  await page.keyboard.press('Escape');
  for (const k of ['ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowDown']) await page.keyboard.press(k);
  assert.equal(await text(page, '#pushes'), '1');
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => /deadlock/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
});

test('a reload comes back to the same level and position', async (t) => {
  const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await pickLevel(page, 'Starter (test)', 3);  // Little Warehouse
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(400);  // the position is saved a moment after a move
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await text(page, '#title'), 'Little Warehouse');
  assert.equal(await moves(page), 2);
});

test('a shared link opens its level directly', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 1);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('status').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/sokoban\/#level=/);
  const other = await served.browser.newContext({ viewport: { width: 800, height: 600 } });
  t.after(() => other.close());
  const p2 = await other.newPage();
  await p2.goto(link);
  await p2.waitForSelector('body[data-ready="true"]');
  assert.equal(await p2.locator('#title').innerText(), 'Corner Turn');
});

test('the phone layout fits the width and swipes step the player', async (t) => {
  const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const { page } = await openPage(t, { context: ctx });
  t.after(() => ctx.close());
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width > 250, 'the board uses the width');
  // A swipe to the right: pointer events as a finger makes them.
  const from = await cellPoint(page, 1, 1);
  await page.evaluate(({ x, y }) => {
    const b = document.getElementById('board');
    const r = b.getBoundingClientRect();
    const ev = (type, dx) => new PointerEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true,
                                                      clientX: x + dx, clientY: y, button: 0 });
    b.dispatchEvent(ev('pointerdown', 0));
    b.dispatchEvent(ev('pointerup', 80));
    void r;
  }, from);
  await page.waitForSelector('#solved-banner:not([hidden])');
});


test('the real bundled collections are all listed, and XSokoban 1 opens and plays', async (t) => {
  if (!bundledSite) return t.skip('SOKO_SITE_BUNDLED is not set');
  const { page } = await openPage(t, { url: served.bundledBase });
  const index = JSON.parse(fs.readFileSync(path.join(bundledSite, 'levels/index.json'), 'utf8'));
  const options = await page.getByRole('combobox', { name: 'Collection' }).locator('option').allInnerTexts();
  assert.deepEqual(options.slice(0, index.length), index.map((c) => `${c.name} (${c.count})`));
  await pickLevel(page, 'XSokoban', 0);
  assert.equal(await text(page, '#title'), 'XSokoban 1');
  assert.match(await text(page, '#subtitle'), /^XSokoban · 1 of 90 · by Thinking Rabbit/);
  assert.deepEqual(await page.evaluate(() => [window.soko.play.width, window.soko.play.height]), [19, 11]);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width > 300 && board.height > 150, 'the board is drawn');
  await page.keyboard.press('ArrowUp');  // the player starts below an open square
  assert.equal(await moves(page), 1);
});

// The single-sink variant (core/sink/): every stone into the sink 'x'.
//   *******
//   *y.o.x*
//   *.....*
//   *..o..*
//   *.....*
//   *******
const SINK_LEVEL = '#6\n#7\n#*******\n#*y.o.x*\n#*.....*\n#*..o..*\n#*.....*\n#*******\n';

test('a pasted sink level plays, sinks a stone, undoes, solves in the worker and replays to the end', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, SINK_LEVEL);
  await page.waitForFunction(() => /^Sink level/.test(document.getElementById('title').textContent));
  assert.match(await text(page, '#subtitle'), /sink variant/);
  assert.equal(await text(page, '#stones'), '2');
  const stoneAt = (x, y) => page.evaluate(([x, y]) => window.soko.play.game.hasStone(y * 7 + x), [x, y]);
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await text(page, '#pushes'), '2');
  assert.equal(await text(page, '#stones'), '1', 'the stone pushed onto the sink is gone');
  assert.equal(await stoneAt(5, 1), false);
  assert.equal(await page.evaluate(() => window.soko.play.cells[1 * 7 + 5]), 'x');
  await page.keyboard.press('z');
  assert.equal(await text(page, '#stones'), '2', 'undo brings it back');
  assert.equal(await stoneAt(4, 1), true);
  // The mouse: walk next to the lower stone, then click it to push it.
  await page.keyboard.press('Escape');
  await clickCell(page, 2, 3);
  await page.waitForFunction(() => !window.soko.play.queue && window.soko.play.game.player() === 3 * 7 + 2);
  await clickCell(page, 3, 3);
  await page.waitForFunction(() => !window.soko.play.queue && window.soko.play.game.hasStone(3 * 7 + 4));
  // The strategy picker does not apply; the sink solver is used.
  await openAdvanced(page);
  assert.equal(await page.getByRole('combobox', { name: 'Strategy' }).isDisabled(), true);
  assert.match(await text(page, '#method-desc'), /sink solver/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  assert.match(await text(page, '#solve-result'), /by the sink solver/);
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('50');
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.atEnd() && window.soko.replay.solved(), null, { timeout: 20000 });
  assert.equal(await text(page, '#stones'), '0');
  assert.match(await text(page, '#status'), /Replay finished/);
  await page.getByRole('button', { name: 'Copy solution' }).click();
  await page.waitForFunction(() => /copied/.test(document.getElementById('status').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(await page.evaluate((l) => window.soko.play.module.verifySink(window.soko.play.level.text, l).solved, copied));
});

test('a sink level gives hints, takes a pasted solution and travels by link', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, SINK_LEVEL);
  await page.waitForFunction(() => /^Sink level/.test(document.getElementById('title').textContent));
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByRole('button', { name: 'Play hint' }).waitFor();
  await page.getByRole('button', { name: 'Play hint' }).click();
  await page.waitForFunction(() => window.soko.play.game.pushes() === 1 && !window.soko.play.queue);
  await pasteText(page, 'rRR');  // legal, but a stone is left
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await text(page, '#notice'), /stones outside the sink/);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await pasteText(page, 'rRRlldddrUUluRR');
  await page.waitForFunction(() => /Imported solution verified/.test(document.getElementById('solve-result').textContent));
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('status').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#sink=/);
  const other = await served.browser.newContext({ viewport: { width: 800, height: 600 } });
  t.after(() => other.close());
  const p2 = await other.newPage();
  await p2.goto(link);
  await p2.waitForSelector('body[data-ready="true"]');
  assert.match(await p2.locator('#title').innerText(), /^Sink level/);
  assert.equal(await p2.locator('#stones').innerText(), '2');
});
