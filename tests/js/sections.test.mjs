/* The score sheet's sections shaped for the page (static/sections.js): the scoreboard's
   sections, a section of players turned to a column per player, and a deal's row alone. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { across, boardSections, dealRow, isWho } from "../../koloda/server/static/sections.js";

const column = (head, numeric = true) => ({ head, numeric });
const deals = { title: { key: "sheet.deals" }, columns: [column("Deal", false), column("A"), column("B")], rows: [[1, 5, -5], [2, 0, 3]], footer: ["Σ", 5, -2] };
const standing = {
  title: { key: "sheet.standing" },
  columns: [column("Player", false), column("Points"), column("Games")],
  rows: [[{ seat: 0 }, 7, 1], [{ seat: 1 }, 4, 0], [{ seat: 2 }, 11, 2]],
};
const empty = { title: { key: "sheet.empty" }, columns: [column("Player", false)], rows: [] };

test("a player or a side is a who; a number, a text or nothing is not", () => {
  assert.ok(isWho({ seat: 0 }) && isWho({ side: 1 }));
  for (const c of [0, "Anna", null, undefined, { card: "QH" }]) assert.ok(!isWho(c), JSON.stringify(c));
});

test("the scoreboard shows the sections after the first, and none without rows", () => {
  assert.deepEqual(boardSections([deals, standing, empty]), [standing]);
  assert.deepEqual(boardSections([deals]), []);
});

test("a section of players turns to a column per player, every value where it was", () => {
  const mine = (who) => who.seat === 1;
  const turned = across(standing, mine);
  assert.equal(turned.title, standing.title);
  assert.equal(turned.corner, "Player");
  assert.deepEqual(turned.heads.map((h) => h.who), standing.rows.map((r) => r[0]));
  assert.deepEqual(turned.heads.map((h) => h.mine), [false, true, false]);
  assert.deepEqual(turned.rows.map((r) => r.head), ["Points", "Games"]);
  standing.rows.forEach((row, p) => {
    turned.rows.forEach((r, c) => {
      assert.equal(r.cells[p].value, row[c + 1]);
      assert.equal(r.cells[p].mine, p === 1);
    });
  });
});

test("sides turn as players do", () => {
  const sides = { ...standing, rows: [[{ side: 0 }, 3, 0], [{ side: 1 }, 9, 1]] };
  const turned = across(sides, (who) => who.side === 0);
  assert.deepEqual(turned.heads.map((h) => h.mine), [true, false]);
  assert.deepEqual(turned.rows[0].cells.map((c) => c.value), [3, 9]);
});

test("a section with a footer, without rows or with a row not of a player stays as it is", () => {
  const anyone = () => false;
  assert.equal(across(deals, anyone), null);
  assert.equal(across(empty, anyone), null);
  assert.equal(across({ ...standing, rows: [...standing.rows, ["Total", 22, 3]] }, anyone), null);
});

test("a deal's row of the first section, alone and without the footer", () => {
  const row = dealRow([deals, standing], 1);
  assert.deepEqual(row.rows, [deals.rows[1]]);
  assert.equal(row.footer, null);
  assert.deepEqual(row.columns, deals.columns);
  assert.equal(dealRow([deals], deals.rows.length), null, "a deal the sheet has no row for yet");
  assert.equal(dealRow([], 0), null);
});
