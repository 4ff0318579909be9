/* Rated games as pure data (static/rated.js): which presets are rated, the switch's state,
   the terms a rated table keeps on the lobby's form, who may join, the bots' labels and the
   leaderboard's lines with their provisional mark. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  PROVISIONAL, RATED_CLOCK, botLines, botRatingSuffix, isRatedPreset, joinState, kindAllowed, leaderboardApi, leaderboardPage,
  makerSeat, ratedFields, ratedKeys, ratedPresetIds, ratedTerms, ratingText, standingLines, switchState,
} from "../../koloda/server/static/rated.js";

const settled = (display) => ({ display, provisional: false });
const GAMES = [
  { game: "alpha", bot_ratings: { alpha_club: { easy: settled(1500), hard: { display: 1747, provisional: true } } } },
  { game: "beta", bot_ratings: {} },
  { game: "gamma", bot_ratings: { gamma_one: {}, gamma_two: { normal: settled(1600) } } },
];
const PRESETS = [
  { id: "gamma_two", game: "gamma", options: {} },
  { id: "alpha_club", game: "alpha", options: { x: 1 } },
  { id: "alpha_book", game: "alpha", options: {} },
  { id: "beta", game: "beta", options: {} },
  { id: "gamma_one", game: "gamma", options: {} },
  { id: "lost", game: "nowhere", options: {} },
];

test("a preset is rated when the games' catalogue gives its bot ratings, even none yet", () => {
  assert.deepEqual(ratedPresetIds(GAMES[0]), ["alpha_club"]);
  assert.deepEqual(ratedPresetIds(GAMES[1]), []);
  assert.deepEqual(ratedPresetIds(undefined), []);
  assert.ok(isRatedPreset(GAMES[0], "alpha_club"));
  assert.ok(isRatedPreset(GAMES[2], "gamma_one"));
  for (const id of ["alpha_book", null, undefined]) assert.ok(!isRatedPreset(GAMES[0], id), String(id));
});

test("the rated games' keys come in the presets' order, unknown games left out", () => {
  assert.deepEqual(ratedKeys(GAMES, PRESETS), [
    { key: "gamma:gamma_two", game: "gamma", preset: "gamma_two" },
    { key: "alpha:alpha_club", game: "alpha", preset: "alpha_club" },
    { key: "gamma:gamma_one", game: "gamma", preset: "gamma_one" },
  ]);
});

test("the switch shows for a rated preset only, and a guest is told to sign in", () => {
  assert.deepEqual(switchState({ ratedPreset: false, signedIn: true }), { shown: false, enabled: false, reason: null });
  assert.deepEqual(switchState({ ratedPreset: true, signedIn: true }), { shown: true, enabled: true, reason: "rated.help" });
  assert.deepEqual(switchState({ ratedPreset: true, signedIn: false }), { shown: true, enabled: false, reason: "rated.sign_in" });
});

test("rated terms: the maker's seat kept, the other people's seats open, bots kept, a clock, no hints", () => {
  assert.deepEqual(ratedTerms({ seats: ["human", "bot:easy", "human", "open"], clock: 0 }),
    { seats: ["human", "bot:easy", "open", "open"], clock: RATED_CLOCK, hints: false });
  assert.deepEqual(ratedTerms({ seats: ["open", "human", "bot:hard", "human"], clock: 15 }),
    { seats: ["open", "human", "bot:hard", "open"], clock: 15, hints: false });
  // no person's seat at all: the first becomes the maker's
  assert.deepEqual(ratedTerms({ seats: ["bot:normal", "open", "bot:normal"], clock: 120 }).seats, ["human", "open", "bot:normal"]);
  assert.equal(makerSeat(["open", "bot:easy"]), 0);
  assert.equal(makerSeat(["open", "human"]), 1);
  assert.ok(RATED_CLOCK > 0);
});

test("at a rated table the maker's seat is his alone and no other seat is a person's of his", () => {
  for (const kind of ["human", "open", "bot:easy"]) assert.ok(kindAllowed(kind, 2, 0, false), kind);
  assert.ok(kindAllowed("human", 0, 0, true));
  assert.ok(!kindAllowed("open", 0, 0, true) && !kindAllowed("bot:hard", 0, 0, true));
  assert.ok(!kindAllowed("human", 1, 0, true));
  assert.ok(kindAllowed("open", 1, 0, true) && kindAllowed("bot:hard", 3, 0, true));
});

test("the request says rated only when the switch is on", () => {
  assert.deepEqual(ratedFields(true), { rated: true });
  assert.deepEqual(ratedFields(false), {});
});

test("a guest may not join a rated table; anyone may join another", () => {
  assert.deepEqual(joinState({ rated: "alpha:alpha_club" }, false), { rated: true, allowed: false });
  assert.deepEqual(joinState({ rated: "alpha:alpha_club" }, true), { rated: true, allowed: true });
  assert.deepEqual(joinState({ rated: null }, false), { rated: false, allowed: true });
  assert.deepEqual(joinState({}, false), { rated: false, allowed: true });
});

test("a rating is one number, with the provisional mark until it settles", () => {
  assert.equal(ratingText(settled(1747)), "1747");
  assert.equal(ratingText({ display: 1520, provisional: true }), `1520${PROVISIONAL}`);
  assert.equal(ratingText({ display: 0, provisional: false }), "0");
  assert.equal(ratingText(null), "");
  assert.equal(ratingText({}), "");
});

test("a bot's level carries its rating in a rated preset only", () => {
  assert.equal(botRatingSuffix(GAMES[0], "alpha_club", "bot:easy"), " (1500)");
  assert.equal(botRatingSuffix(GAMES[0], "alpha_club", "bot:hard"), ` (1747${PROVISIONAL})`);
  assert.equal(botRatingSuffix(GAMES[0], "alpha_club", "bot:random"), "");
  assert.equal(botRatingSuffix(GAMES[0], "alpha_book", "bot:easy"), "");
  assert.equal(botRatingSuffix(GAMES[0], undefined, "bot:easy"), "");
  assert.equal(botRatingSuffix(GAMES[0], "alpha_club", "human"), "");
});

test("the leaderboard's lines link each name to the player's page", () => {
  const board = {
    rating_key: "alpha:alpha_club", min_games: 1,
    standings: [
      { place: 1, name: "Anna K", display: 1612, provisional: true, games: 1, mu: 1, sigma: 1 },
      { place: 2, name: "Борис/2", display: 1401, provisional: false, games: 30, mu: 1, sigma: 1 },
    ],
    bots: { hard: settled(2265), easy: settled(1500), normal: { display: 1828, provisional: true } },
  };
  assert.deepEqual(standingLines(board), [
    { place: 1, name: "Anna K", href: "/players/Anna%20K", rating: `1612${PROVISIONAL}`, provisional: true, games: 1 },
    { place: 2, name: "Борис/2", href: `/players/${encodeURIComponent("Борис/2")}`, rating: "1401", provisional: false, games: 30 },
  ]);
  assert.deepEqual(standingLines(null), []);
  assert.deepEqual(botLines(board).map((l) => [l.level, l.rating, l.provisional]),
    [["easy", "1500", false], ["normal", `1828${PROVISIONAL}`, true], ["hard", "2265", false]]);
  assert.deepEqual(botLines({ bots: { expert: settled(2400), easy: settled(1500) } }).map((l) => l.level), ["easy", "expert"]);
  assert.deepEqual(botLines(null), []);
});

test("the leaderboard's addresses keep the rating's colon and a given min_games", () => {
  assert.equal(leaderboardApi("alpha:alpha_club"), "/api/leaderboard/alpha:alpha_club");
  assert.equal(leaderboardApi("alpha:alpha_club", "1"), "/api/leaderboard/alpha:alpha_club?min_games=1");
  assert.equal(leaderboardApi("alpha:alpha_club", "x"), "/api/leaderboard/alpha:alpha_club");
  assert.equal(leaderboardApi("alpha:alpha_club", "-3"), "/api/leaderboard/alpha:alpha_club");
  assert.equal(leaderboardPage("alpha:alpha club", null), "/leaderboard/alpha:alpha%20club");
  assert.equal(leaderboardPage("alpha:alpha_club", "0"), "/leaderboard/alpha:alpha_club?min_games=0");
});
