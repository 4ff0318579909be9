/* The lesson page's pure parts (no page, so node's tests read them): which lines the teacher
   says now, the moves kept in the browser, and the seats around the learner. */

/* The lines said since the learner's last allowed move: what the teacher panel shows. */
export function linesNow(said, moves) {
  return said.filter((line) => line.after === moves.length);
}

/* The moves to send after the learner chose ``move``: the allowed ones, then this one. */
export function movesWith(state, move) {
  return [...(state ? state.moves : []), move];
}

/* The key under which the browser keeps a game's lesson moves (sessionStorage). */
export function storageKey(game) { return `koloda.learn.${game}`; }

/* Moves read back from storage: a list of strings, or none. */
export function readMoves(text) {
  try {
    const moves = JSON.parse(text || "[]");
    return Array.isArray(moves) && moves.every((m) => typeof m === "string") ? moves : [];
  } catch { return []; }
}

/* The seats of the first real game: the learner, then easy bots. */
export function firstGameSeats(numSeats) {
  return ["human", ...Array(Math.max(numSeats - 1, 0)).fill("bot:easy")];
}

/* The cards on the table from the learner's view ([seat, card] pairs or {seat, card}). */
export function onTable(view) {
  return (view.trick || []).map((x) => (Array.isArray(x) ? { seat: x[0], card: x[1] } : x)).filter((x) => x.card);
}
