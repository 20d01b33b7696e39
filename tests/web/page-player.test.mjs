// The player's own game in the real page (real workers, real IndexedDB):
// it stays apart from the solver's replays, every level keeps its progress
// through level changes, collection changes and reloads, and the status
// lines say what is true now. Screenshots of the play view, the replay
// beside the game and the game after the replay go to /tmp/soko-player-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { button, chooseStrategy, fullHistory, history, moves, newContext, openAdvanced, openPage, pasteText, pickCollection, pickLevel, press, reload, servePage, text, waitSaved } from './page-harness.mjs';

servePage();

// Little Warehouse (Starter 4): the player starts at (6,4).
//     ####
//   ###  ####
//   #     $ #
//   # #  #$ #
//   # . .#@ #
//   #########
const WAREHOUSE = 3;
const WAREHOUSE_SOLUTION = 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD';  // 41 moves

test('five moves, Solve, Back to my game: the moves and their undo and redo history are back', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await press(page, 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'z');
  assert.equal(await moves(page), 5);
  assert.equal(await history(page), 'ruuLL');
  await page.screenshot({ path: '/tmp/soko-player-play.png' });

  await button(page, 'Solve').click();
  await page.waitForFunction(() => /^Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.position() > 5);
  await button(page, 'Pause').click();
  assert.equal(await page.locator('#replay-bar').isVisible(), true);
  assert.equal(await history(page), 'ruuLL', 'the replay plays on a game of its own');
  await page.screenshot({ path: '/tmp/soko-player-replay.png' });

  await button(page, 'Back to my game').click();
  assert.equal(await page.locator('#replay-bar').isVisible(), false);
  assert.equal(await moves(page), 5);
  assert.equal(await fullHistory(page), 'ruuLLL', 'the redo is kept too');
  await page.screenshot({ path: '/tmp/soko-player-back.png' });
  await button(page, 'Redo').click();
  assert.equal(await moves(page), 6);
  for (let i = 0; i < 6; i++) await button(page, 'Undo').click();
  assert.equal(await moves(page), 0);
  assert.equal(await button(page, 'Undo').isDisabled(), true);
});

test('a move key while the replay is shown brings the player\'s game back without moving', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await press(page, 'ArrowRight');
  await pasteText(page, WAREHOUSE_SOLUTION);
  await page.waitForFunction(() => window.soko.replay !== null);
  await press(page, 'ArrowUp');
  assert.equal(await page.evaluate(() => window.soko.replay), null);
  assert.equal(await history(page), 'r');
  assert.match(await text(page, '#status'), /Back to your game/);
});

test('Continue from here takes the shown moves into the game; Undo gives the old game back', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await press(page, 'ArrowRight', 'ArrowUp');
  await pasteText(page, WAREHOUSE_SOLUTION);
  await page.waitForFunction(() => /Imported solution verified/.test(document.getElementById('solve-result').textContent));
  await page.getByRole('slider', { name: 'Replay position' }).fill('9');
  assert.equal(await text(page, '#r-pos'), '9 / 41');
  await button(page, 'Continue from here').click();
  assert.equal(await moves(page), 9);
  assert.equal(await fullHistory(page), WAREHOUSE_SOLUTION, 'the rest of the solution is the redo');
  assert.match(await text(page, '#status'), /Undo gives your own game back/);
  await button(page, 'Redo').click();
  assert.equal(await moves(page), 10);
  await button(page, 'Undo').click();
  await button(page, 'Undo').click();  // at the point where the solution came in: the old game
  assert.equal(await history(page), 'ru');
  assert.match(await text(page, '#status'), /own game is back/);
  // The old game was also kept as a snapshot, so a reload in between would not have lost it.
  const snapshots = await page.evaluate(() => window.soko.storage.snapshots(window.soko.state.key).map((s) => [s.name, s.moves]));
  assert.deepEqual(snapshots, [['Before “Continue from here”', 'ru']]);
});

test('moves on two levels come back after a reload, with their redo', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await press(page, 'ArrowRight', 'ArrowUp');
  await button(page, 'Next level').click();  // Crossing
  await press(page, 'ArrowLeft', 'ArrowUp', 'z');
  await waitSaved(page);
  await reload(page);
  assert.equal(await text(page, '#title'), 'Crossing', 'the collection opens at the level the player was on');
  assert.equal(await moves(page), 1);
  assert.equal(await button(page, 'Redo').isDisabled(), false);
  await button(page, 'Previous level').click();
  assert.equal(await text(page, '#title'), 'Little Warehouse');
  assert.equal(await history(page), 'ru');
});

test('another collection and back: the level and its game are back', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 2);  // Two Rooms
  await press(page, 'ArrowLeft', 'ArrowUp', 'ArrowRight');
  await pickCollection(page, 'Hard (test)');
  await press(page, 'ArrowLeft');
  const hard = await history(page);
  await pickCollection(page, 'Starter (test)');
  assert.match(await text(page, '#subtitle'), /^Starter \(test\) · 3 of 5/);
  assert.equal(await moves(page), 3);
  await pickCollection(page, 'Hard (test)');
  assert.equal(await history(page), hard);
});

test('a level solved by hand shows its solution at once, and after a reload', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await press(page, 'ArrowRight');  // First Steps
  await page.waitForSelector('#solved-banner:not([hidden])');
  const row = page.locator('#solution-list .item');
  assert.equal(await row.count(), 1);
  assert.equal(await row.locator('.item-name').innerText(), 'Best by moves · Best by pushes');
  assert.equal(await row.locator('.item-detail').innerText(), '1 move, 1 push (yours)');
  await page.waitForFunction(() => /new best/.test(document.getElementById('solved-detail').textContent));  // on disk
  assert.equal(await button(page, 'Copy solution').isDisabled(), false);
  assert.equal(await text(page, '#r-pos'), '0 / 1');
  await reload(page);
  assert.equal(await page.locator('#solution-list .item-name').innerText(), 'Best by moves · Best by pushes');
  assert.equal(await page.locator('#solution-list .item-detail').innerText(), '1 move, 1 push (yours)');
  await button(page, 'Play').click();
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.atEnd());
  assert.match(await text(page, '#status'), /Replay finished/);
});

test('the first slider move after leaving a replay goes where the slider was put', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', WAREHOUSE);
  await pasteText(page, WAREHOUSE_SOLUTION);
  await page.waitForFunction(() => window.soko.replay !== null);
  await button(page, 'Back to my game').click();
  const slider = await page.getByRole('slider', { name: 'Replay position' }).boundingBox();
  await page.mouse.click(slider.x + slider.width / 2, slider.y + slider.height / 2);
  const at = await page.evaluate(() => window.soko.replay && window.soko.replay.position());
  assert.ok(at >= 15 && at <= 26, `the replay opened at move ${at}, not near the middle`);
  assert.equal(await text(page, '#r-pos'), `${at} / 41`);
});

test('a hint\'s way on replays beside the game from the player\'s position', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing
  await press(page, 'ArrowLeft');
  await button(page, 'Hint').click();
  await button(page, 'Show the rest').click();
  assert.match(await text(page, '#status'), /Replaying a solution from your position/);
  assert.match(await text(page, '#solution-list .item.selected'), /A hint’s way from your position\s+\d+ moves, \d+ pushes \(your 1 move, then the solver's\)/);
  await page.waitForFunction(() => window.soko.replay && window.soko.replay.atEnd(), null, { timeout: 20000 });
  assert.ok(await page.evaluate(() => window.soko.replay.solved()));
  await button(page, 'Back to my game').click();
  assert.equal(await history(page), 'l');
  assert.equal(await page.locator('#play-hint').isVisible(), true, 'the hint is still there to play');
});

test('a notice takes the place of the last status line', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, 'Fresh\n#####\n#@$.#\n#####\n');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Level loaded.');
  await pasteText(page, 'Broken\n#####\n#@x.#\n#####\n');
  await page.waitForSelector('#notice:not([hidden])');
  assert.equal(await text(page, '#status'), '');
});

test('a hint does not show the cancelled solve\'s words', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Hard (test)', 0);
  await chooseStrategy(page, 'bfs');
  await button(page, 'Solve').click();
  await button(page, 'Cancel').click();
  assert.equal(await text(page, '#solve-result'), 'Solving was cancelled.');
  await button(page, 'Hint').click();
  assert.equal(await text(page, '#solve-result'), '');
  assert.match(await text(page, '#status'), /Looking for the next push/);
});

test('a level dead from its start gets no "undo a few moves"', async (t) => {
  //   #####
  //   #$ .#   the box starts in a corner
  //   # @ #
  //   #####
  const { page } = await openPage(t);
  await pasteText(page, 'Dead Start\n#####\n#$ .#\n# @ #\n#####\n');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Dead Start');
  await chooseStrategy(page, 'bfs');
  await button(page, 'Hint').click();
  await page.waitForFunction(() => document.getElementById('status').classList.contains('bad'), null, { timeout: 20000 });
  assert.match(await text(page, '#status'), /cannot be solved from its start/);
  assert.doesNotMatch(await text(page, '#status'), /Undo/);
  assert.equal(await button(page, 'Undo').isDisabled(), true);
});

test('a save the browser refuses (storage full) is shown to the player', async (t) => {
  const { page } = await openPage(t);
  await pickLevel(page, 'Starter (test)', 4);  // Crossing
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = function put() { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  });
  await press(page, 'ArrowLeft');
  await page.waitForSelector('#storage-alert:not([hidden])');
  assert.match(await text(page, '#storage-alert'), /Could not save your progress on this level: the browser's storage is full/);
  assert.equal(await moves(page), 1, 'the game goes on in this tab');
});

test('without IndexedDB the page plays and says nothing will be kept', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  await ctx.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { get() { return undefined; } });
    // Moves kept as an earlier page closed: they wait for a storage that keeps them.
    localStorage.setItem('sokoban.unsaved.earlier', JSON.stringify([{ key: 'k', moves: 'r', redo: '', updated: 1 }]));
  });
  const { page } = await openPage(t, { context: ctx });
  assert.match(await text(page, '#storage-alert'), /nothing you do will be kept after this tab closes/);
  assert.notEqual(await page.evaluate(() => localStorage.getItem('sokoban.unsaved.earlier')), null);
  await press(page, 'ArrowRight');
  await page.waitForSelector('#solved-banner:not([hidden])');
});

test('two tabs on two levels each keep their own game; on one level neither is lost', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page: a } = await openPage(t, { context: ctx });
  const { page: b } = await openPage(t, { context: ctx });
  await pickLevel(a, 'Starter (test)', WAREHOUSE);
  await press(a, 'ArrowRight', 'ArrowUp');
  await waitSaved(a);
  await pickLevel(b, 'Starter (test)', 4);
  await press(b, 'ArrowLeft');
  await waitSaved(b);
  await reload(a);
  assert.equal(await text(a, '#title'), 'Crossing', 'the collection remembers the level last opened, in either tab');
  assert.equal(await history(a), 'l');
  await a.getByRole('button', { name: 'Previous level' }).click();
  assert.equal(await history(a), 'ru');

  // Both on Little Warehouse now: B's move shows up in A as news, not as a new game.
  await pickLevel(b, 'Starter (test)', WAREHOUSE);
  assert.equal(await history(b), 'ru');
  await press(b, 'ArrowUp');
  await a.waitForFunction(() => /another tab/.test(document.getElementById('status').textContent));
  assert.equal(await history(a), 'ru', 'A\'s game stays');
  await press(a, 'ArrowDown');
  const kept = await a.evaluate(() => window.soko.storage.snapshots(window.soko.state.key).map((s) => [s.name, s.moves]));
  assert.deepEqual(kept, [['From another tab', 'ruu']]);
  assert.equal(await a.evaluate(() => window.soko.storage.progress(window.soko.state.key).moves), 'rud');
});

test('a level pasted in another tab joins this tab\'s open "My levels" list', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page: a } = await openPage(t, { context: ctx });
  const { page: b } = await openPage(t, { context: ctx });
  await pasteText(a, 'Solo\n#####\n#@$.#\n#####\n');
  await a.waitForFunction(() => /^My levels · 1 of 1/.test(document.getElementById('subtitle').textContent));
  await pasteText(b, 'Duo\n######\n#@$ .#\n######\n');
  await b.waitForFunction(() => /^My levels · 2 of 2/.test(document.getElementById('subtitle').textContent));
  await a.waitForFunction(() => /^My levels · 1 of 2/.test(document.getElementById('subtitle').textContent));
  assert.equal(await text(a, '#title'), 'Solo');
  assert.deepEqual(await a.getByRole('combobox', { name: 'Level' }).locator('option').allInnerTexts(), ['1. Solo', '2. Duo']);
});

test('the previous version\'s position is taken over once', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  await ctx.addInitScript(() => {
    if (localStorage.getItem('sokoban.v1')) return;
    localStorage.setItem('sokoban.v1', JSON.stringify({
      solved: {}, collections: [], settings: { method: 'bfs' },
      position: { collection: 'b:starter.sok', index: 3, history: 'ru' },
    }));
  });
  const { page } = await openPage(t, { context: ctx });
  assert.equal(await text(page, '#title'), 'Little Warehouse');
  assert.equal(await history(page), 'ru');
  await openAdvanced(page);
  assert.equal(await page.getByRole('combobox', { name: 'Strategy' }).inputValue(), 'bfs');
  await press(page, 'z');
  await waitSaved(page);
  await reload(page);
  assert.equal(await history(page), 'r', 'the old position is not applied again');
  assert.equal(await page.evaluate(() => window.soko.storage.setting('resumeV1', null)), null);
});
