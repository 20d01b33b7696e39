// Phones in Chromium, held upright (390 x 844) and sideways (844 x 390):
// the board is the largest thing on the screen, and after Solve the board
// and the replay's controls are on the screen together; the level editor's
// board likewise, beside its tools when sideways, and drawn on by touch.
// Screenshots: /tmp/soko-phone-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newContext, openPage, pickLevel, servePage } from './page-harness.mjs';

servePage();

const PHONES = {
  portrait: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  landscape: { viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

// The part of an element's box on the screen, in CSS px {x, y, width, height}, and whether all of it is.
async function onScreen(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    return { area: w * h, whole: r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 };
  });
}

for (const [name, device] of Object.entries(PHONES)) {
  test(`a phone ${name}: the board is the largest thing on screen, and after Solve it is seen with the replay controls`, async (t) => {
    const ctx = await newContext(device);
    t.after(() => ctx.close());
    const { page } = await openPage(t, { context: ctx });
    await pickLevel(page, 'Starter (test)', 3);  // Little Warehouse
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    const board = await onScreen(page, '#board-wrap');
    assert.ok(board.whole, 'the board is all on the screen');
    for (const other of ['.top', '.stage > .level-head', '.stage > .play-bar', '#solver-heading + p', 'main > .panel > section:first-of-type']) {
      const o = await onScreen(page, other);
      assert.ok(board.area > o.area, `the board is larger on screen than ${other}`);
    }
    await page.screenshot({ path: `/tmp/soko-phone-${name}.png` });

    await page.getByRole('button', { name: 'Solve', exact: true }).tap();
    await page.waitForFunction(() => window.soko.replay !== null, null, { timeout: 20000 });
    await page.getByRole('button', { name: 'Pause' }).tap();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.ok((await onScreen(page, '#board')).whole, 'the board is on the screen after Solve');
    for (const control of ['#replay-controls .transport', '#r-scrub'])
      assert.ok((await onScreen(page, control)).whole, `${control} is on the screen with the board`);
    assert.ok((await onScreen(page, '#replay-bar')).whole, 'and "Back to my game"');
    await page.screenshot({ path: `/tmp/soko-phone-${name}-solved.png` });
    await page.getByRole('button', { name: 'Step forward' }).tap();
    assert.equal(await page.evaluate(() => window.soko.replay.position()) > 0, true);
  });
}

for (const [name, device] of Object.entries(PHONES)) {
  test(`a phone ${name}: the editor's board is the largest thing on screen, and a tap draws on it`, async (t) => {
    const ctx = await newContext(device);
    t.after(() => ctx.close());
    const { page } = await openPage(t, { context: ctx });
    await page.getByRole('button', { name: 'Editor', exact: true }).tap();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    const board = await onScreen(page, '#editor-board');
    assert.ok(board.whole, 'the editor\'s board is all on the screen');
    for (const other of ['.top', '#editor-tools', '#editor .level-head', '.editor-panel > section:first-of-type'])
      assert.ok(board.area > (await onScreen(page, other)).area, `the board is larger on screen than ${other}`);
    const wrap = await page.locator('#editor-wrap').boundingBox();
    const tools = await page.locator('#editor-tools').boundingBox();
    if (name === 'landscape') {
      assert.ok(wrap.x + wrap.width <= tools.x, 'sideways, the board is left of the tools');
      assert.ok(Math.abs(wrap.height - 390) < 1, 'and takes the screen\'s height');
    } else {
      assert.ok(tools.y + tools.height <= wrap.y, 'upright, the tools are above the board');
    }
    // A wall drawn with a tap on an inner square (the wall tool is picked when the editor opens).
    const box = await page.locator('#editor-board').boundingBox();
    const c = box.width / 10;
    await page.touchscreen.tap(box.x + 4.5 * c, box.y + 2.5 * c);
    await page.waitForFunction(() => window.soko.state.editor.grid.cells[2 * 10 + 4] === '#');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `/tmp/soko-phone-editor-${name}.png` });
  });
}
