/* The replay's stepping (static/replay/steps.js): links to a decision, the keys, the steps one
   decision and one trick at a time, the sheet at a position, and the points given away. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { decisionAt, hashFor, isStop, keyStep, lossSeries, plot, positionFromHash, sheetAt, stepTo } from "../../koloda/server/static/replay/steps.js";

/* Two deals: a bid, then two tricks of two cards; the game's end last. */
const at = (deal, move, startsTrick, sheet) => ({ deal, move, starts_trick: startsTrick, sheet });
const positions = [
  at(0, 0, false, 0), at(0, 1, true, 0), at(0, 2, false, 0), at(0, 3, true, 0), at(0, 4, false, 0),
  at(1, 0, false, 1), at(1, 1, true, 1), at(1, 2, false, 1),
  at(1, 3, false, 2),
];

test("a link names a decision, kept within the game", () => {
  assert.equal(positionFromHash("#d=3", 9), 3);
  assert.equal(positionFromHash("#d=0", 9), 0);
  assert.equal(positionFromHash("#d=99", 9), 8);
  assert.equal(positionFromHash("#x=1&d=4", 9), 4);
  assert.equal(positionFromHash("", 9), null);
  assert.equal(positionFromHash("#d=abc", 9), null);
  assert.equal(positionFromHash("#d=2", 0), null);
  assert.equal(hashFor(7), "#d=7");
  assert.equal(positionFromHash(hashFor(5), 9), 5);
});

test("the keys step one decision, one trick, or to the start and the end", () => {
  assert.equal(keyStep("ArrowRight"), "forward");
  assert.equal(keyStep("ArrowLeft"), "back");
  assert.equal(keyStep("ArrowDown"), "trick_forward");
  assert.equal(keyStep("ArrowUp"), "trick_back");
  assert.equal(keyStep("Home"), "first");
  assert.equal(keyStep("End"), "last");
  assert.equal(keyStep("Enter"), null);
});

test("a step forward and back stays within the game", () => {
  assert.equal(stepTo(positions, 0, "back"), 0);
  assert.equal(stepTo(positions, 0, "forward"), 1);
  assert.equal(stepTo(positions, 8, "forward"), 8);
  assert.equal(stepTo(positions, 4, "first"), 0);
  assert.equal(stepTo(positions, 4, "last"), 8);
  let i = 0;
  const seen = [i];
  while (i < 8) seen.push((i = stepTo(positions, i, "forward")));
  assert.deepEqual(seen, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
});

test("trick by trick: each lead, each deal's start and the end", () => {
  assert.deepEqual(positions.map((_, i) => isStop(positions, i)), [true, true, false, true, false, true, true, false, true]);
  assert.equal(stepTo(positions, 0, "trick_forward"), 1);
  assert.equal(stepTo(positions, 1, "trick_forward"), 3);
  assert.equal(stepTo(positions, 2, "trick_forward"), 3);
  assert.equal(stepTo(positions, 3, "trick_forward"), 5);
  assert.equal(stepTo(positions, 6, "trick_forward"), 8);
  assert.equal(stepTo(positions, 8, "trick_forward"), 8);
  assert.equal(stepTo(positions, 4, "trick_back"), 3);
  assert.equal(stepTo(positions, 3, "trick_back"), 1);
  assert.equal(stepTo(positions, 0, "trick_back"), 0);
});

test("the score sheet at a position is the one of the deals scored by then", () => {
  const replay = { positions, sheets: ["none", "one", "two"] };
  assert.equal(sheetAt(replay, 4), "none");
  assert.equal(sheetAt(replay, 5), "one");
  assert.equal(sheetAt(replay, 8), "two");
});

test("points given away add up decision after decision; forced moves are left out", () => {
  const decisions = [
    { number: 1, loss: 0, forced: false }, { number: 3, loss: 2.5, forced: false },
    { number: 5, loss: 0, forced: true }, { number: 7, loss: 1.25, forced: false },
  ];
  assert.deepEqual(lossSeries(decisions), [
    { index: 1, loss: 0, total: 0 }, { index: 3, loss: 2.5, total: 2.5 }, { index: 7, loss: 1.25, total: 3.75 },
  ]);
  assert.equal(decisionAt(decisions, 7).loss, 1.25);
  assert.equal(decisionAt(decisions, 2), null);
  const points = plot(lossSeries(decisions), 9, 3.75, 100, 50, 5);
  const round = (n) => Math.round(n * 1000) / 1000;
  assert.deepEqual(points.map((p) => [round(p.x), round(p.y)]), [[16.25, 45], [38.75, 18.333], [83.75, 5]]);
});
