/* The replay's stepping, as pure functions over the positions the server made (GET
   /api/replay/<table>: one per decision, then the game's end; koloda/server/replay.py). No
   page here, so node's tests read it. */

/* The position a link names: "#d=N" (N counted from 0, as the positions' index), kept within
   0..count-1; null when the link names none. */
export function positionFromHash(hash, count) {
  const match = /(?:^#|&)d=(\d+)/.exec(hash || "");
  if (!match || !count) return null;
  return Math.min(Number(match[1]), count - 1);
}
/* The link's part that opens the viewer at position ``index``. */
export function hashFor(index) { return `#d=${index}`; }

/* What a key does in the viewer: step one decision (Left/Right), to the game's start or end
   (Home/End), trick by trick (Up/Down); null for any other key. */
export function keyStep(key) {
  return { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last", ArrowUp: "trick_back", ArrowDown: "trick_forward" }[key] ?? null;
}

/* Whether position ``i`` is a stop of the trick-by-trick steps: a deal's first decision, a
   card that leads a trick, and the game's end. */
export function isStop(positions, i) {
  const p = positions[i];
  return i === positions.length - 1 || p.move === 0 || p.starts_trick;
}

/* The position a step leads to from ``at`` (``step``: as keyStep names them). */
export function stepTo(positions, at, step) {
  const last = positions.length - 1;
  if (step === "first") return 0;
  if (step === "last") return last;
  if (step === "back") return Math.max(0, at - 1);
  if (step === "forward") return Math.min(last, at + 1);
  const forward = step === "trick_forward";
  for (let i = at + (forward ? 1 : -1); i >= 0 && i <= last; i += forward ? 1 : -1) {
    if (isStop(positions, i)) return i;
  }
  return forward ? last : 0;
}

/* The score sheet at position ``i``. */
export function sheetAt(replay, i) { return replay.sheets[replay.positions[i].sheet]; }

/* The points a seat gave away over the game, decision after decision: [{index, loss, total}]
   for each of its decisions that was not forced (``decisions`` as the analysis answers them,
   in the game's order). */
export function lossSeries(decisions) {
  let total = 0;
  return decisions.filter((d) => !d.forced).map((d) => {
    total += d.loss;
    return { index: d.number, loss: d.loss, total: Math.round(total * 100) / 100 };
  });
}

/* Where a series' points lie in a graph ``width`` × ``height`` (inside ``pad``) whose x runs
   over the game's ``count`` positions and whose y from 0 up to ``top`` points: [{x, y, point}]. */
export function plot(series, count, top, width, height, pad = 6) {
  const across = (width - 2 * pad) / Math.max(1, count - 1);
  const up = (height - 2 * pad) / Math.max(top, 1);
  return series.map((point) => ({ x: pad + point.index * across, y: height - pad - point.total * up, point }));
}

/* The decision of ``decisions`` (a seat's, valued) made at position ``index``, or null. */
export function decisionAt(decisions, index) {
  return decisions.find((d) => d.number === index) ?? null;
}
