/* The kit a game's board is handed and the generic board (static/board_kit.js): rows per
   player and per side with the reader's marked, a score table's shape, the generic board of
   a game that ships none, and a game's module laid over it. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { GENERIC, boardKit, loadBoard } from "../../koloda/server/static/board_kit.js";

const el = (tag, attrs = {}, ...children) => ({ tag, attrs, children: children.flat().filter((c) => c !== null) });
const words = { t: (key) => key, word: (key) => key, pluralWord: (key) => key, numberText: String, suitLabel: String, bidText: String };
function kitFor(facts, seat) {
  return boardKit({ facts: () => facts, mySeat: () => seat, playerName: (s) => `P${s}`, sideName: (i) => `S${i}`, miniCards: () => null, words, el });
}
const PAIRS = { sides: [[0, 2], [1, 3]] };

test("a row per player, the reader's marked; none marked for a spectator", () => {
  const v = { num_seats: 3 };
  const rows = kitFor(PAIRS, 1).seatRows(v, (s) => [s * 10]);
  assert.deepEqual(rows, [{ mine: false, cells: ["P0", 0] }, { mine: true, cells: ["P1", 10] }, { mine: false, cells: ["P2", 20] }]);
  assert.ok(kitFor(PAIRS, null).seatRows(v, () => []).every((r) => !r.mine));
});

test("a row per side, handed the side's seats, the reader's side marked", () => {
  const seen = [];
  const rows = kitFor(PAIRS, 3).sideRows({ num_seats: 4 }, (i, seats) => { seen.push(seats); return [i]; });
  assert.deepEqual(seen, PAIRS.sides);
  assert.deepEqual(rows, [{ mine: false, cells: ["S0", 0] }, { mine: true, cells: ["S1", 1] }]);
});

test("a score table: the heads in a row, each row's first cell its head, the others numbers", () => {
  const table = kitFor(PAIRS, 0).table(["Who", "Total"], [{ mine: true, cells: ["P0", 5] }, { mine: false, cells: ["P1", 7] }]);
  const [thead, tbody] = table.children;
  assert.deepEqual(thead.children[0].children.map((th) => [th.attrs.class, th.children[0]]), [["", "Who"], ["num", "Total"]]);
  assert.deepEqual(tbody.children.map((tr) => tr.attrs.class), ["mine", ""]);
  assert.deepEqual(tbody.children[1].children.map((cell) => [cell.tag, cell.children[0]]), [["th", "P1"], ["td", 7]]);
});

test("the generic board: each player's total, no banner, the total in a deal's summary", () => {
  const kit = kitFor({ sides: [[0], [1]] }, 0);
  const view = { num_seats: 2, totals: [4, -2] };
  const [table] = GENERIC.scoreboard(view, kit);
  const body = table.children[1].children.map((tr) => tr.children.map((cell) => cell.children[0]));
  assert.deepEqual(body, [["P0", 4], ["P1", -2]]);
  assert.deepEqual(GENERIC.banner(view, kit), []);
  const standing = GENERIC.standing(view, kit);
  assert.deepEqual([standing.heads, standing.cells(0), standing.cells(1)], [["col_total"], [4], [-2]]);
});

test("a game's module is laid over the generic board; a game without one gets the generic", async () => {
  const asked = [];
  const own = { scoreboard: () => ["own"] };
  const board = await loadBoard("/games/some%20game/board.js", async (url) => { asked.push(url); return own; });
  assert.deepEqual(asked, ["/games/some%20game/board.js"]);
  assert.equal(board.scoreboard, own.scoreboard);
  assert.equal(board.banner, GENERIC.banner);
  assert.equal(board.standing, GENERIC.standing);
  const none = await loadBoard(null, async (url) => { asked.push(url); return own; });
  assert.equal(none, GENERIC);
  assert.equal(asked.length, 1, "no module is asked for when the game ships none");
  const broken = await loadBoard("/games/other/board.js", async () => { throw new TypeError("404"); });
  assert.equal(broken, GENERIC);
});
