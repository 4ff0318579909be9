/* The practice controls' rules (static/table/practice_rules.js): a study table's hand by
   suit, and the keys that take back a move. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isUndoKey, suitRows } from "../../koloda/server/static/table/practice_rules.js";

test("a hand is read by suit, spades first, each from its highest card", () => {
  assert.deepEqual(suitRows(["2C", "10S", "AH", "AS", "QC", "7H"]), [
    { suit: "S", ranks: ["A", "10"] },
    { suit: "H", ranks: ["A", "7"] },
    { suit: "C", ranks: ["Q", "2"] },
  ]);
  assert.deepEqual(suitRows([]), []);
});

test("Ctrl+Z, Cmd+Z and U take back a move; not while typing, nor with other keys held", () => {
  assert.ok(isUndoKey({ key: "z", ctrlKey: true }));
  assert.ok(isUndoKey({ key: "Z", metaKey: true }));
  assert.ok(isUndoKey({ key: "u" }));
  assert.ok(isUndoKey({ key: "г" }), "U on a Russian keyboard");
  assert.ok(isUndoKey({ key: "я", ctrlKey: true }), "Ctrl+Z on a Russian keyboard");
  assert.ok(!isUndoKey({ key: "u" }, true));
  assert.ok(!isUndoKey({ key: "z", ctrlKey: true, shiftKey: true }), "Ctrl+Shift+Z is redo");
  assert.ok(!isUndoKey({ key: "u", altKey: true }));
  assert.ok(!isUndoKey({ key: "z" }));
});
