/* Each game's board module (koloda/games/<game>/web/board.js), handed the table page's kit
   (static/board_kit.js) over plain objects: the interface it keeps and what it shows of a
   view. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardKit } from "../../koloda/server/static/board_kit.js";

const GAMES = ["king", "spades", "hundred_one", "tressette"];
const PARTS = new Set(["scoreboard", "banner", "standing"]);
const load = (game) => import(`../../koloda/games/${game}/web/board.js`);

/* The page's kit (board_kit.js) over plain objects: ``el`` makes {tag, attrs, children}, a
   word is its key (with its arguments), a player P<seat> and a side S<side>. */
function fakeKit(facts, seat = 0) {
  const el = (tag, attrs = {}, ...children) => ({ tag, attrs, children: children.flat() });
  const words = {
    t: (key, ...args) => (args.length ? `${key}(${args.join(",")})` : key),
    word: (key) => key,
    pluralWord: (key) => key,
    numberText: (n) => String(n),
    suitLabel: (s) => `suit ${s}`,
    bidText: (bid) => String(bid),
  };
  return boardKit({
    facts: () => facts, mySeat: () => seat, playerName: (s) => `P${s}`, sideName: (i) => `S${i}`,
    miniCards: (cards) => el("span", { class: "mini" }, cards), words, el,
  });
}
/* A score table's rows (below its heads) as the cells of each, the first the row's head. */
const rowsOf = (table) => table.children.find((part) => part && part.tag === "tbody").children
  .map((tr) => tr.children.map((cell) => cell.children[0]));
const text = (node) => (node === null || node === undefined ? "" : typeof node === "object" ? (node.children || []).map(text).join("") : String(node));
const PAIRS = { sides: [[0, 2], [1, 3]], program: [], tricks: true, partnership: true };

test("every board exports only the parts the kit's interface names, each a function", async () => {
  for (const game of GAMES) {
    const board = await load(game);
    const names = Object.keys(board);
    assert.ok(names.includes("scoreboard"), game);
    for (const name of names) {
      assert.ok(PARTS.has(name), `${game} exports ${name}`);
      assert.equal(typeof board[name], "function");
    }
  }
});

test("the program of deals marks those done and the one now", async () => {
  const board = await load("king");
  const program = ["a", "b", "c", "d"];
  const facts = { sides: [[0], [1], [2], [3]], program, tricks: true, partnership: false };
  const v = { num_seats: 4, deal: 2, finished: false, tricks_won: [1, 2, 3, 4], totals: [5, 6, 7, 8] };
  const [list, table] = board.scoreboard(v, fakeKit(facts));
  assert.deepEqual(list.children.map((li) => li.attrs.class), ["done", "done", "now", ""]);
  assert.deepEqual(list.children.map((li) => li.attrs["aria-current"]), [null, null, "step", null]);
  assert.deepEqual(rowsOf(table).map((r) => r.slice(1)), v.tricks_won.map((t, s) => [t, v.totals[s]]));
  assert.deepEqual(board.banner({ contract: "negative" }, fakeKit(facts)), []);
  assert.match(text(board.banner({ contract: "positive", trump: "H" }, fakeKit(facts))[0]), /suit H/);
});

test("a side's bid is its players' bids added, unknown while one has not bid; a broken nil is marked", async () => {
  const board = await load("spades");
  const v = { num_seats: 4, bids: ["nil", 3, 2, 4], tricks_won: [1, 2, 0, 3], bags: [0, 1], totals: [10, -20] };
  const [players, sides] = board.scoreboard(v, fakeKit(PAIRS));
  assert.equal(rowsOf(players)[0][1], "nil ✗");
  assert.deepEqual(rowsOf(sides).map((r) => r.slice(1)), [[2, 1, 0, 10], [7, 5, 1, -20]]);
  const waiting = board.scoreboard({ ...v, bids: [null, 3, 2, 4] }, fakeKit(PAIRS))[1];
  assert.equal(rowsOf(waiting)[0][1], "—");
  assert.equal(board.banner({ spades_broken: false }, fakeKit(PAIRS)).length, 0);
  assert.equal(board.banner({ spades_broken: true }, fakeKit(PAIRS)).length, 1);
});

test("the bar toward 101 grows with the total and stops full", async () => {
  const board = await load("hundred_one");
  const facts = { sides: [[0], [1], [2]], program: [], tricks: false, partnership: false };
  const v = { num_seats: 3, stock_size: 20, pile_size: 3, suit: null, hand_sizes: [4, 5, 6], totals: [0, 50, 130] };
  const table = board.scoreboard(v, fakeKit(facts))[1];
  const widths = rowsOf(table).map((r) => Number(/width:([\d.]+)%/.exec(r[2].children[0].children[0].attrs.style)[1]));
  assert.equal(widths[0], 0);
  assert.ok(widths[1] > 0 && widths[1] < 100);
  assert.equal(widths[2], 100);
  assert.equal(board.banner({ named: false, suit: null }, fakeKit(facts)).length, 0);
  assert.equal(board.banner({ named: true, suit: "S" }, fakeKit(facts)).length, 1);
});

test("a deal's summary counts the points toward 21 without the next deal's declarations", async () => {
  const board = await load("tressette");
  const view = { points: [14, 9], deal_points: [3, 0], totals: [1, 2] };
  const standing = board.standing(view, fakeKit(PAIRS));
  assert.equal(standing.heads.length, standing.cells(0).length);
  assert.deepEqual([standing.cells(0), standing.cells(1)], [[11, 1], [9, 2]]);
  const v = { games: [{ winner: 1 }], points: [4, 7], totals: [0, 1], declarations: [[], [{ seat: 1, points: 3, cards: ["AS", "2S", "3S"] }]] };
  const parts = board.scoreboard(v, fakeKit(PAIRS));
  assert.deepEqual(rowsOf(parts[1]).map((r) => r.slice(1)), [[4, 0, 0], [7, 1, 1]]);
  assert.equal(parts.at(-1).children.length, 1, "one declaration listed");
});
