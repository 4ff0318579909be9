/* Where the seats sit on the felt (static/seating.js): the reader at the bottom, play going
   clockwise from there, so the next player sits on the reader's left. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { seatAngle, seatPlace, slotPlace } from "../../koloda/server/static/seating.js";

const close = (a, b) => Math.abs(a - b) < 1e-9;

test("the reader sits at the bottom, in the middle, whatever his seat", () => {
  for (const n of [2, 3, 4, 5, 6]) {
    for (let base = 0; base < n; base++) {
      const me = seatPlace(base, base, n);
      assert.equal(me.side, "bottom", `${n} seats, reader ${base}`);
      assert.ok(close(me.x, 50) && me.y > 50, `${n} seats: ${JSON.stringify(me)}`);
    }
  }
});

test("four players: the next on the left, the partner across, the last on the right", () => {
  for (let base = 0; base < 4; base++) {
    const sides = [1, 2, 3].map((k) => seatPlace((base + k) % 4, base, 4).side);
    assert.deepEqual(sides, ["left", "top", "right"]);
  }
});

test("three players: the next on the left, the other on the right, both above the reader", () => {
  const [next, last] = [1, 2].map((k) => seatPlace(k, 0, 3));
  assert.deepEqual([next.side, last.side], ["left", "right"]);
  assert.ok(next.y < 50 && last.y < 50);
  assert.ok(close(next.y, last.y) && close(next.x + last.x, 100), "placed as mirror images");
});

test("two players sit face to face", () => {
  assert.equal(seatPlace(1, 0, 2).side, "top");
  assert.ok(close(seatPlace(1, 0, 2).x, 50));
});

test("places turn with the reader: every seat moves as the reader does", () => {
  for (const n of [3, 4]) {
    for (let s = 0; s < n; s++) {
      for (let base = 0; base < n; base++) {
        assert.deepEqual(seatPlace((s + 1) % n, (base + 1) % n, n), seatPlace(s, base, n));
      }
    }
  }
});

test("seats go round clockwise on the screen, a step of a full turn over the seats apart", () => {
  for (const n of [3, 4, 5]) {
    for (let k = 1; k < n; k++) {
      const step = seatAngle(k, 0, n) - seatAngle(k - 1, 0, n);
      assert.ok(close(step, (2 * Math.PI) / n), `${n} seats, step ${k}`);
    }
  }
});

test("every seat's box and card lie on the felt, the card between its seat and the middle", () => {
  for (const narrow of [false, true]) {
    for (let s = 0; s < 4; s++) {
      const seat = seatPlace(s, 0, 4), slot = slotPlace(s, 0, 4, narrow);
      for (const v of [seat.x, seat.y, slot.x, slot.y]) assert.ok(v >= 0 && v <= 100);
      const fromMiddle = (p) => Math.hypot(p.x - 50, p.y - 50);
      assert.ok(fromMiddle(slot) > 0 && fromMiddle(slot) < fromMiddle(seat));
      assert.ok((slot.x - 50) * (seat.x - 50) >= -1e-9 && (slot.y - 50) * (seat.y - 50) >= -1e-9, "on its seat's side");
    }
  }
});

test("on a narrow felt the cards lie closer across than on a wide one", () => {
  const wide = slotPlace(1, 0, 4, false), narrow = slotPlace(1, 0, 4, true);
  assert.ok(Math.abs(narrow.x - 50) < Math.abs(wide.x - 50));
});
