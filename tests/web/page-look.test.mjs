// The page's looks in Chromium: dark when the system prefers it, a theme
// chosen kept across reloads, high contrast, the board's squares on whole
// device pixels at any pixel ratio; the Solver card in plain words with the
// strategies folded away; "How to play" on every screen size.
// Screenshots: /tmp/soko-look-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newContext, openPage, pickLevel, servePage, text } from './page-harness.mjs';

servePage();

// The colour of the canvas's device pixel (x, y), as '#rrggbb'.
const canvasPixel = (page, x, y) => page.evaluate(([x, y]) => {
  const d = document.getElementById('board').getContext('2d').getImageData(x, y, 1, 1).data;
  return '#' + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
}, [x, y]);
const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);
// The page's background brightness, 0 (black) to 1 (white).
const brightness = (page) => page.evaluate(() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
});

// The device pixels either side of the edge between wall square (x, y)
// and the floor square right of it, at `fraction` of the row's height.
// First Steps (Starter 1), row 1, above the player's disc:
//   #####
//   #@$.#
//   #####
async function edgePixels(page, x = 0, y = 1, fraction = 0.08) {
  const cell = await page.evaluate(() => window.soko.board.geometry().cell);
  const py = y * cell + Math.round(cell * fraction);
  return [await canvasPixel(page, (x + 1) * cell - 1, py), await canvasPixel(page, (x + 1) * cell, py)];
}

// edgePixels once the board has painted `expected` there, or after 3 s:
// a new theme repaints the board on the next frame, not at once.
async function settledEdgePixels(page, expected) {
  const end = Date.now() + 3000;
  let pixels = await edgePixels(page);
  while (JSON.stringify(pixels) !== JSON.stringify(expected) && Date.now() < end) {
    await page.waitForTimeout(50);
    pixels = await edgePixels(page);
  }
  return pixels;
}

test('dark when the system prefers dark: the page and the board', async (t) => {
  const ctx = await newContext({ colorScheme: 'dark' });
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  assert.equal(await theme(page), 'dark');
  assert.ok(await brightness(page) < 0.15, 'a dark page');
  const dark = ['#55607a', '#2c313c'];
  assert.deepEqual(await settledEdgePixels(page, dark), dark, 'the dark palette, no blended pixel at the edge');
  await pickLevel(page, 'Starter (test)', 3);
  await page.screenshot({ path: '/tmp/soko-look-dark.png' });
});

test('a theme chosen is kept after a reload; high contrast', async (t) => {
  const ctx = await newContext({ colorScheme: 'dark' });
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  const picker = page.getByRole('combobox', { name: 'Theme' });
  assert.deepEqual(await picker.locator('option').allInnerTexts(), ['System', 'Light', 'Dark', 'High contrast']);
  await picker.selectOption({ label: 'Light' });
  assert.equal(await theme(page), 'light', 'the choice wins over the system');
  assert.ok(await brightness(page) > 0.85);
  await picker.selectOption({ label: 'High contrast' });
  assert.equal(await theme(page), 'contrast');
  assert.deepEqual(await settledEdgePixels(page, ['#ffffff', '#000000']), ['#ffffff', '#000000']);
  await page.waitForFunction(() => window.soko.storage.setting('theme', null) === 'contrast');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await theme(page), 'contrast');
  assert.equal(await picker.inputValue(), 'contrast');
  await pickLevel(page, 'Starter (test)', 3);
  await page.screenshot({ path: '/tmp/soko-look-contrast.png' });
});

test('the board\'s squares fall on whole device pixels at any pixel ratio', async (t) => {
  for (const dpr of [1, 1.25, 1.5, 2, 3]) {
    const ctx = await newContext({ viewport: { width: 1001, height: 777 }, deviceScaleFactor: dpr });
    const { page } = await openPage(t, { context: ctx });
    await pickLevel(page, 'Starter (test)', 3);
    // The board is measured and painted in animation frames: let them run
    // (a busy machine can otherwise measure between the layout and the paint).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const m = await page.evaluate(() => {
      const c = document.getElementById('board');
      const r = c.getBoundingClientRect();
      const g = window.soko.board.geometry();
      return { width: c.width, height: c.height, cssW: r.width, cssH: r.height, cell: g.cell, dpr: devicePixelRatio,
               squares: [window.soko.play.width, window.soko.play.height] };
    });
    assert.equal(m.dpr, dpr);
    assert.ok(Number.isInteger(m.cell) && m.width === m.cell * m.squares[0] && m.height === m.cell * m.squares[1], `dpr ${dpr}: ${JSON.stringify(m)}`);
    assert.ok(Math.abs(m.cssW * dpr - m.width) < 0.01 && Math.abs(m.cssH * dpr - m.height) < 0.01,
              `dpr ${dpr}: one canvas pixel per device pixel (${JSON.stringify(m)})`);
    // Little Warehouse, row 3, the wall at x = 2 and the floor right of it:
    //    ####
    //  ###  ####
    //  #     $ #
    //  # #  #$ #
    //  # . .#@ #
    //  #########
    const light = await edgePixels(page, 2, 3, 0.5);
    assert.equal(light[0], '#56627a', `dpr ${dpr}: the wall's colour up to the edge`);
    assert.match(light[1], /^#(efe9dd|e9e2d4)$/, `dpr ${dpr}: the floor's colour from the edge`);
    if (dpr === 2) await page.screenshot({ path: '/tmp/soko-look-dpr2.png' });
    await ctx.close();
  }
});

test('the Solver card: Solve and Hint in plain words, the strategies under Advanced', async (t) => {
  const { page } = await openPage(t);
  assert.match(await text(page, '#solver-words'), /^Solve finds a way from the start and plays it beside your game; Hint shows your next push\. The solver tries for up to 1 minute/);
  assert.equal(await page.getByRole('button', { name: 'Solve', exact: true }).isVisible(), true);
  assert.equal(await page.getByRole('button', { name: 'Hint', exact: true }).isVisible(), true);
  assert.equal(await page.locator('#method').isVisible(), false, 'the strategies are folded away');
  assert.equal(await page.locator('#method-desc').isVisible(), false);
  await page.getByText('Advanced', { exact: true }).click();
  const groups = await page.locator('#method optgroup').evaluateAll((gs) => gs.map((g) => g.label));
  assert.equal(groups[0], 'Recommended');
  assert.ok(groups.some((g) => /Fewest pushes/.test(g)) && groups.some((g) => /hbox/.test(g)), groups.join(' | '));
  assert.match(await text(page, '#method-desc'), /fess/, 'the technical description, for those who look');
  await page.getByRole('combobox', { name: 'Strategy' }).selectOption('bfs');
  assert.match(await text(page, '#solver-words'), /With “bfs”, chosen under Advanced/);
  await page.screenshot({ path: '/tmp/soko-look-solver.png' });
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^Solved in /.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  assert.match(await text(page, '#solve-result'), /^Solved in [\d.]+ m?s: \d+ moves?, \d+ push(es)?( \([^)]*found it[^)]*\))?\.$/);
});

test('How to play opens from its button and from the ? key, on a desktop and on a phone', async (t) => {
  const { page } = await openPage(t);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'How to play' });
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Push every box onto a goal/);
  assert.match(await dialog.innerText(), /Swipe on the board/);
  await page.screenshot({ path: '/tmp/soko-look-help.png' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => window.soko.play.game.moves()), 0, 'Escape closed the dialog, it did not restart');

  const phone = await newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  t.after(() => phone.close());
  const { page: p2 } = await openPage(t, { context: phone });
  const button = p2.getByRole('button', { name: 'How to play' });
  const box = await button.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 844 && box.x + box.width <= 390, 'the button is on screen at the top');
  await button.tap();
  const d2 = p2.getByRole('dialog', { name: 'How to play' });
  await d2.waitFor();
  const size = await d2.boundingBox();
  assert.ok(size.width <= 390, 'the dialog fits the phone');
  await p2.screenshot({ path: '/tmp/soko-look-help-phone.png' });
});
