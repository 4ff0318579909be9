/* The tournaments' pages as pure data (static/tournaments_view.js, static/table/tournament.js):
   terms and numbers in both languages, tables by round, the request that makes one, and when
   the page opens the player's table by itself. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { tournamentMark } from "../../koloda/server/static/table/tournament.js";
import {
  actions, byState, mineKey, newTournament, number, presetName, rounds, seatLines, tableToOpen, tableUrl, termsText, whenText,
} from "../../koloda/server/static/tournaments_view.js";
import { setLanguage, useCatalogues } from "../../koloda/server/static/words.js";

const json = (path) => JSON.parse(readFileSync(new URL(`../../koloda/i18n/${path}`, import.meta.url), "utf8"));
const read = (lang) => ({ ...json(`${lang}.json`), ...json(`parts/tournaments/${lang}.json`) });
const catalogues = { en: read("en"), ru: read("ru") };
useCatalogues(catalogues);

const SWISS = { id: "abc", name: "Friday", game: "g", preset: "p", kind: "swiss", rounds: 3, minutes: 30, deals: 2,
  turn_seconds: 60, state: "playing", round: 2, starts: null, started: 1764720000, ends: null };

test("both languages hold the same words, and every counted word has its forms", () => {
  const own = (lang) => Object.keys(json(`parts/tournaments/${lang}.json`)).sort();
  assert.deepEqual(own("en"), own("ru"));
  for (const key of own("ru")) {
    const entry = catalogues.ru[key];
    if (typeof entry === "object") assert.deepEqual(Object.keys(entry).sort(), ["few", "many", "one", "other"], key);
  }
});

test("a preset is named as the lobby names it, else by its game", () => {
  setLanguage("en");
  useCatalogues({ en: { ...catalogues.en, "lobby.preset.p": "Pea", "game.g": "Gee" }, ru: catalogues.ru });
  assert.equal(presetName({ preset: "p", game: "g" }), "Pea");
  assert.equal(presetName({ preset: "q", game: "g" }), "Gee");
  assert.equal(presetName({ preset: "q", game: "h" }), "h");
  useCatalogues(catalogues);
});

test("the terms say the kind, deals and clock in the reader's words, with plurals", () => {
  setLanguage("en");
  assert.equal(termsText({ ...SWISS, rounds: 1, deals: 1 }), "g · Swiss, 1 round · 1 deal a table · 60 seconds a turn");
  assert.equal(termsText({ ...SWISS, kind: "arena", minutes: 45 }), "g · arena of 45 minutes · 2 deals a table · 60 seconds a turn");
  setLanguage("ru");
  assert.equal(termsText({ ...SWISS, rounds: 5 }), "g · швейцарская система, 5 туров · 2 раздачи за столом · 60 секунд на ход");
  assert.equal(termsText({ ...SWISS, rounds: 2, deals: 1, turn_seconds: 21 }), "g · швейцарская система, 2 тура · 1 раздача за столом · 21 секунда на ход");
});

test("when: its maker starts it, the round in play, an arena's end", () => {
  setLanguage("en");
  assert.equal(whenText({ ...SWISS, state: "open" }), "Its maker starts it");
  assert.equal(whenText({ ...SWISS, state: "open", maker: true }), "You start it when the players are in");
  assert.match(whenText({ ...SWISS, state: "open", starts: 1764720000 }, "UTC"), /^Starts .*2025/);
  assert.equal(whenText(SWISS), "Round 2 of 3");
  assert.match(whenText({ ...SWISS, kind: "arena", ends: 1764720000 }, "UTC"), /^Ends Dec/);
  setLanguage("ru");
  assert.equal(whenText(SWISS), "Тур 2 из 3");
});

test("numbers keep two decimals at most, with the reader's comma and a true minus", () => {
  setLanguage("en");
  assert.equal(number(2 / 3), "0.67");
  assert.equal(number(-12.25, 1), "−12.3");
  assert.equal(number(null), "—");
  setLanguage("ru");
  assert.equal(number(1.5), "1,5");
});

test("the list is parted by state and the tables by round, bots named as bots", () => {
  setLanguage("en");
  const parts = byState([{ state: "open" }, { state: "finished" }, { state: "playing" }, { state: "open" }]);
  assert.deepEqual([parts.open.length, parts.playing.length, parts.finished.length], [2, 1, 1]);
  const tables = [{ round: 2, table_id: "c" }, { round: 1, table_id: "a" }, { round: 1, table_id: "b" }];
  assert.deepEqual(rounds(tables).map((r) => [r.round, r.tables.map((x) => x.table_id)]), [[1, ["a", "b"]], [2, ["c"]]]);
  const seats = seatLines({ players: ["Ann", null, "Bo"], shares: [1, 0, 0.5], points: [10, -4, 3] });
  assert.deepEqual(seats.map((s) => [s.name, s.bot, s.result, s.points]), [["Ann", false, "1", "10"], ["Bot", true, "0", "−4"], ["Bo", false, "0.5", "3"]]);
  assert.equal(seatLines({ players: ["Ann"], shares: null, points: null })[0].result, null);
});

test("the buttons: enter while open (an arena's while playing), withdraw, its maker's start", () => {
  assert.deepEqual(actions({ state: "open", kind: "swiss", mine: null, maker: false }), ["join"]);
  assert.deepEqual(actions({ state: "open", kind: "swiss", mine: { withdrawn: false }, maker: true }), ["start", "withdraw"]);
  assert.deepEqual(actions({ state: "playing", kind: "swiss", mine: null, maker: false }), []);
  assert.deepEqual(actions({ state: "playing", kind: "arena", mine: null, maker: false }), ["join"]);
  assert.deepEqual(actions({ state: "finished", kind: "swiss", mine: { withdrawn: false }, maker: true }), []);
  assert.equal(mineKey({ state: "playing", kind: "swiss", mine: { withdrawn: false, waiting: false, table: { table_id: "x" } } }), "tournaments.your_table");
  assert.equal(mineKey({ state: "playing", kind: "swiss", mine: { withdrawn: false, waiting: false, table: null } }), "tournaments.wait_round");
  assert.equal(mineKey({ state: "finished", kind: "swiss", mine: null }), null);
});

test("the page opens a new table of the player's by itself, not one it showed at first", () => {
  const page = (id) => ({ mine: { table: id ? { table_id: id, token: "tok en" } : null } });
  assert.equal(tableToOpen(undefined, page("t1"), true), null);
  assert.equal(tableToOpen(null, page("t1"), true).table_id, "t1");
  assert.equal(tableToOpen("t1", page("t1"), true), null);
  assert.equal(tableToOpen("t1", page("t2"), true).table_id, "t2");
  assert.equal(tableToOpen(null, page("t1"), false), null);
  assert.equal(tableToOpen(null, page(null), true), null);
  assert.equal(tableUrl({ table_id: "t1", token: "tok en" }), "/t/t1?token=tok%20en");
});

test("the form becomes the request: rounds or minutes, a start now or later, a guest's name", () => {
  const values = { title: "  Friday   night ", game: "g", preset: "p", kind: "swiss", rounds: "1", minutes: "30", deals: "1", turn_seconds: "20", start: "me", starts_in: "15" };
  assert.deepEqual(newTournament(values, null).body,
    { title: "Friday night", game: "g", preset: "p", kind: "swiss", rounds: 1, deals: 1, turn_seconds: 20, starts_in: 0 });
  const arena = newTournament({ ...values, kind: "arena", start: "later", name: " Ann " }, "b".repeat(32)).body;
  assert.equal(arena.minutes, 30);
  assert.equal(arena.rounds, undefined);
  assert.equal(arena.starts_in, 15);
  assert.equal(arena.name, "Ann");
  assert.equal(arena.browser, "b".repeat(32));
  setLanguage("en");
  assert.equal(newTournament({ ...values, title: "  " }, null).problem, "Give the tournament a name.");
  assert.equal(newTournament(values, "b".repeat(32)).problem, "A guest enters with a name.");
  assert.equal(newTournament({ ...values, rounds: "12" }, null).problem, "Rounds: a whole number from 1 to 9.");
  assert.equal(newTournament({ ...values, rounds: "12", kind: "arena" }, null).body.minutes, 30);
  assert.equal(newTournament({ ...values, start: "later", starts_in: "0" }, null).problem, "Minutes from now: a whole number from 1 to 10080.");
  setLanguage("ru");
  assert.equal(newTournament({ ...values, turn_seconds: "2.5" }, null).problem, "Время на ход, секунд: целое число от 10 до 600.");
});

test("a tournament's table says its round and links to the tournament", () => {
  setLanguage("en");
  assert.deepEqual(tournamentMark({ id: "a b", round: 2 }), { text: "Tournament · round 2", href: "/tournaments/a%20b" });
  assert.equal(tournamentMark({ id: "x", round: 3, kind: "arena" }).text, "Tournament · table 3");
  setLanguage("ru");
  assert.equal(tournamentMark({ id: "x", round: 2 }).text, "Турнир · тур 2");
  assert.equal(tournamentMark(null), null);
});
