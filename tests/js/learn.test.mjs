/* The lesson page's pure parts (koloda/server/static/learn/lines.js). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { firstGameSeats, linesNow, movesWith, onTable, readMoves, storageKey } from "../../koloda/server/static/learn/lines.js";

test("the teacher panel shows the lines since the learner's last move", () => {
  const said = [{ after: 0, key: "a" }, { after: 1, key: "b" }, { after: 1, key: "c" }];
  assert.deepEqual(linesNow(said, ["7H"]).map((l) => l.key), ["b", "c"]);
  assert.deepEqual(linesNow(said, []).map((l) => l.key), ["a"]);
});

test("a move is sent after the allowed ones; a refused one is not kept", () => {
  assert.deepEqual(movesWith({ moves: ["7H"], refused: "QS" }, "8H"), ["7H", "8H"]);
  assert.deepEqual(movesWith(null, "8H"), ["8H"]);
});

test("moves read back from storage are strings or nothing", () => {
  assert.deepEqual(readMoves('["7H","8D"]'), ["7H", "8D"]);
  assert.deepEqual(readMoves("{broken"), []);
  assert.deepEqual(readMoves("[1, 2]"), []);
  assert.deepEqual(readMoves(null), []);
  assert.equal(storageKey("x"), "koloda.learn.x");
});

test("the first real game seats the learner and easy bots", () => {
  assert.deepEqual(firstGameSeats(4), ["human", "bot:easy", "bot:easy", "bot:easy"]);
  assert.deepEqual(firstGameSeats(2), ["human", "bot:easy"]);
});

test("the cards on the table in either shape", () => {
  assert.deepEqual(onTable({ trick: [[1, "7H"], { seat: 2, card: "8H" }, { seat: 3, card: null }] }), [{ seat: 1, card: "7H" }, { seat: 2, card: "8H" }]);
  assert.deepEqual(onTable({}), []);
});
