/* Rated games, as pure data (no page, no words: node's tests read it). Which presets are
   rated (the games' catalogue gives each rated preset's bot ratings, /api/games), the terms a
   rated table keeps (docs/protocol.md: a turn clock, no hints, one person's seat, the
   maker's, the others open or bots), who may join a rated table, and the leaderboard's lines
   with their provisional mark. */
import { profileUrl } from "./account.js";

export const RATED_CLOCK = 60;  // seconds a move: the clock a rated table gets when none was chosen
export const PROVISIONAL = "?";  // the mark of a rating not settled yet ("1520?")

/* The ids of a game's rated presets (from its catalogue entry). */
export function ratedPresetIds(game) {
  return game && game.bot_ratings ? Object.keys(game.bot_ratings) : [];
}

/* Whether the preset ``presetId`` of ``game`` (a catalogue entry) is rated. */
export function isRatedPreset(game, presetId) {
  return presetId !== null && presetId !== undefined && ratedPresetIds(game).includes(presetId);
}

/* The rated games' ratings in the lobby's order (the presets' order): [{key, game, preset}],
   ``key`` being the rating's name (``game:preset``). */
export function ratedKeys(games, presets) {
  const byName = new Map(games.map((g) => [g.game, g]));
  return presets
    .filter((p) => isRatedPreset(byName.get(p.game), p.id))
    .map((p) => ({ key: `${p.game}:${p.id}`, game: p.game, preset: p.id }));
}

/* A bot's rating beside its level in a rated preset (" (1747)", the provisional mark while
   unsettled), from the bot ladder's figures the games' catalogue gives; "" elsewhere. */
export function botRatingSuffix(game, presetId, kind) {
  if (!kind.startsWith("bot:") || !isRatedPreset(game, presetId)) return "";
  const text = ratingText(game.bot_ratings[presetId][kind.slice(4)]);
  return text ? ` (${text})` : "";
}

/* The rated switch: shown for a rated preset only, usable when signed in; ``reason`` is the
   word that says what it means or why it cannot be used. */
export function switchState({ ratedPreset, signedIn }) {
  if (!ratedPreset) return { shown: false, enabled: false, reason: null };
  return signedIn ? { shown: true, enabled: true, reason: "rated.help" } : { shown: true, enabled: false, reason: "rated.sign_in" };
}

/* The seat a rated table's maker keeps: his (the first person's) seat, else the first. */
export function makerSeat(seats) {
  const mine = seats.indexOf("human");
  return mine < 0 ? 0 : mine;
}

/* The table's settings on rated terms: the maker's seat his, every other person's seat open
   (a bot's stays a bot's), a turn clock (the one chosen, else RATED_CLOCK), hints off. */
export function ratedTerms({ seats, clock }) {
  const mine = makerSeat(seats);
  return {
    seats: seats.map((kind, s) => (s === mine ? "human" : kind === "human" ? "open" : kind)),
    clock: clock > 0 ? clock : RATED_CLOCK,
    hints: false,
  };
}

/* Whether a seat may be given ``kind`` at a table (rated or not) whose maker sits at ``mine``. */
export function kindAllowed(kind, seat, mine, rated) {
  if (!rated) return true;
  return seat === mine ? kind === "human" : kind !== "human";
}

/* What a request to make the table adds: ``rated`` only when the switch is on. */
export function ratedFields(on) { return on ? { rated: true } : {}; }

/* An open table in the lobby's list: whether it is rated and whether this visitor may take
   a seat there (a rated table's seats are for signed-in players). */
export function joinState(table, signedIn) {
  const rated = Boolean(table && table.rated);
  return { rated, allowed: !rated || signedIn };
}

/* A rating as shown: its number, with the provisional mark until it is settled. */
export function ratingText(rating) {
  if (!rating || rating.display === undefined || rating.display === null) return "";
  return `${rating.display}${rating.provisional ? PROVISIONAL : ""}`;
}

/* The leaderboard's lines (GET /api/leaderboard/<key>): place, name, the rating as shown,
   whether it is provisional, games; and the player's profile page when he shows it to all
   (or it is the reader's own: ``me``), else null. */
export function standingLines(board, me = null) {
  return ((board && board.standings) || []).map((line) => ({
    place: line.place,
    name: line.name,
    href: line.public || line.name === me ? profileUrl(line.name) : null,
    rating: ratingText(line),
    provisional: Boolean(line.provisional),
    games: line.games,
  }));
}

/* The bot levels beside the leaderboard, in the order of ``levels`` (those the board has). */
export function botLines(board, levels = ["easy", "normal", "hard"]) {
  const bots = (board && board.bots) || {};
  const known = [...levels.filter((l) => l in bots), ...Object.keys(bots).filter((l) => !levels.includes(l))];
  return known.map((level) => ({ level, rating: ratingText(bots[level]), provisional: Boolean(bots[level].provisional) }));
}

/* A rating's name in an address (its colon kept: /leaderboard/<game>:<preset>). */
function keyPath(key) { return String(key).split(":").map(encodeURIComponent).join(":"); }

/* The API address of a leaderboard, with the page's ``min_games`` when it gave one. */
export function leaderboardApi(key, minGames) {
  const base = `/api/leaderboard/${keyPath(key)}`;
  const n = Number.parseInt(minGames, 10);
  return Number.isInteger(n) && n >= 0 ? `${base}?min_games=${n}` : base;
}

/* The leaderboard page of a rating, keeping the page's ``min_games``. */
export function leaderboardPage(key, minGames) {
  const n = Number.parseInt(minGames, 10);
  return `/leaderboard/${keyPath(key)}${Number.isInteger(n) && n >= 0 ? `?min_games=${n}` : ""}`;
}
