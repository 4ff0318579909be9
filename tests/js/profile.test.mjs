/* The profile page's pure parts (static/profile/graph.js, format.js): the rating graph's
   geometry and facts, a rating's label, the numbers' text, the games list's address and the
   games' cards. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { graphFacts, graphGeometry } from "../../koloda/server/static/profile/graph.js";
import { PAGE_SIZE, gameCards, gamesUrl, pointsText, profileUrl, ratingLabel } from "../../koloda/server/static/profile/format.js";

const point = (at, display, provisional = false) => ({ at, display, provisional });

test("no point draws nothing", () => {
  const g = graphGeometry([]);
  assert.deepEqual(g.points, []);
  assert.equal(g.path, "");
  assert.equal(graphFacts([]), null);
});

test("one point sits in the middle, on a scale around it", () => {
  const g = graphGeometry([point(100, 1532, true)], 300, 100, 10, 40, 10);
  assert.equal(g.points.length, 1);
  assert.equal(g.points[0].x, 150);
  assert.equal(g.points[0].y, 50);
  assert.equal(g.points[0].provisional, true);
  assert.equal(g.path, "M150 50");
  assert.deepEqual(g.ticks.map((tick) => tick.value), [1512, 1532, 1552]);
});

test("points go left to right by time and up with the rating", () => {
  const points = [point(0, 1500), point(10, 1600), point(40, 1550)];
  const g = graphGeometry(points, 200, 120, 10, 40, 10);
  assert.deepEqual(g.points.map((p) => p.x), [10, 55, 190]);
  // the lowest at the bottom, the highest at the top
  assert.equal(g.points[0].y, 110);
  assert.equal(g.points[1].y, 10);
  assert.equal(g.points[2].y, 60);
  assert.equal(g.path, "M10 110 L55 10 L190 60");
  assert.equal(g.low, 1500);
  assert.equal(g.high, 1600);
  assert.deepEqual(g.ticks, [{ value: 1500, y: 110 }, { value: 1550, y: 60 }, { value: 1600, y: 10 }]);
});

test("points at one moment are spread evenly", () => {
  const g = graphGeometry([point(5, 1500), point(5, 1510), point(5, 1520)], 120, 100, 10, 40, 10);
  assert.deepEqual(g.points.map((p) => p.x), [10, 60, 110]);
  // a narrow spread of ratings is drawn on a scale of at least 40 points
  assert.deepEqual(g.ticks.map((tick) => tick.value), [1490, 1510, 1530]);
});

test("by default the scale's numbers have the left of the picture to themselves", () => {
  const g = graphGeometry([point(0, 1500), point(9, 1600)], 320, 120, 14, 40);
  assert.deepEqual(g.points.map((p) => p.x), [38, 306]);
  assert.equal(graphGeometry([point(0, 1500)], 320, 120, 14, 40).points[0].x, 172);
});

test("the graph in words: first, latest, lowest, highest and games", () => {
  assert.deepEqual(graphFacts([point(0, 1500), point(1, 1470), point(2, 1530), point(3, 1510)]), {
    games: 4, first: 1500, last: 1510, low: 1470, high: 1530,
  });
});

test("a rating shows ? while provisional, as the lobby shows a bot's", () => {
  assert.equal(ratingLabel(1620, true), "1620?");
  assert.equal(ratingLabel(1620, false), "1620");
});

test("points: whole numbers as they are, others to one place, in the language", () => {
  assert.equal(pointsText(12, "en"), "12");
  assert.equal(pointsText(-3, "en"), "-3");
  assert.equal(pointsText(2.25, "en"), "2.3");
  assert.equal(pointsText(2.25, "ru"), "2,3");
  assert.equal(pointsText(1234, "en"), "1,234");
  assert.equal(pointsText(null, "en"), "—");
});

test("the games list's address keeps the chosen filters only", () => {
  assert.equal(gamesUrl("Anna Ko"), `/api/players/Anna%20Ko/games?limit=${PAGE_SIZE}`);
  assert.equal(gamesUrl("a", { game: "alpha", rated: "rated", result: "won" }, 5, 10),
    "/api/players/a/games?game=alpha&rated=true&result=won&limit=5&offset=10");
  assert.equal(gamesUrl("a", { rated: "casual", result: "" }, 5), "/api/players/a/games?rated=false&limit=5");
  assert.equal(gamesUrl("a", { rated: "maybe", result: "best" }, 5), "/api/players/a/games?limit=5");
  assert.equal(profileUrl("Анна К/1"), "/players/%D0%90%D0%BD%D0%BD%D0%B0%20%D0%9A%2F1");
});

test("one card per game, its stats and its ratings, by the game's name", () => {
  const cards = gameCards({
    games: [{ game: "beta", played: 1 }, { game: "alpha", played: 2 }],
    ratings: [{ game: "alpha", rating_key: "alpha:one" }, { game: "gamma", rating_key: "gamma:g" }, { game: "alpha", rating_key: "alpha:two" }],
  });
  assert.deepEqual(cards.map((c) => c.game), ["alpha", "beta", "gamma"]);
  assert.deepEqual(cards[0].ratings.map((r) => r.rating_key), ["alpha:one", "alpha:two"]);
  assert.equal(cards[0].stats.played, 2);
  assert.equal(cards[2].stats, null);
  assert.deepEqual(gameCards({}), []);
});
