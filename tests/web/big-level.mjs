// A large test board, made here rather than kept as a file: a walled room of
// `size` x `size` squares with pillars every 6 squares, `boxes` boxes and
// as many goals, and the player at (px, py). The XSB text, rows '\n'-joined.
//
//   ##########
//   #        #
//   # #  #  ##   (pillars)
//   #  $ . @ #
//   ##########
export function bigLevel({ size = 200, boxes = 20, px = 100, py = 100, title = 'Big Room' } = {}) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [];
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0 || x === size - 1 || y === size - 1;
      const pillar = x % 6 === 3 && y % 6 === 3;
      row.push(edge || pillar ? '#' : ' ');
    }
    rows.push(row);
  }
  // Boxes on row 10 from x = 10, goals on row 14, every other square.
  for (let i = 0; i < boxes; i++) {
    rows[10][10 + 2 * i] = '$';
    rows[14][10 + 2 * i] = '.';
  }
  rows[py][px] = '@';
  return `${title}\n${rows.map((r) => r.join('').replace(/\s+$/, '')).join('\n')}\n`;
}
