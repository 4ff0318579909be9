/* The deal of the day's page as pure data (static/daily_view.js): percentages, points and
   plays as the reader reads them, in both languages. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { percent, playLabel, points } from "../../koloda/server/static/daily_view.js";
import { dailyMark } from "../../koloda/server/static/table/daily.js";
import { setLanguage, useCatalogues } from "../../koloda/server/static/words.js";

const json = (path) => JSON.parse(readFileSync(new URL(`../../koloda/i18n/${path}`, import.meta.url), "utf8"));
const read = (lang) => ({ ...json(`${lang}.json`), ...json(`parts/daily/${lang}.json`) });
useCatalogues({ en: read("en"), ru: read("ru") });

test("a percentage keeps one decimal, points a true minus", () => {
  assert.equal(percent(83.33333), "83.3 %");
  assert.equal(percent(50), "50 %");
  assert.equal(points(-22), "−22");
  assert.equal(points(0), "0");
  assert.equal(points(null), "—");
});

test("a play is a card with its suit's sign, in the reader's language", () => {
  setLanguage("en");
  assert.equal(playLabel("10D"), "10♦");
  assert.equal(playLabel("QS"), "Q♠");
  setLanguage("ru");
  assert.equal(playLabel("QS"), "Д♠");
  assert.equal(playLabel(null), "—");
});

test("a deal of the day's table says how far its set is, then where its results are", () => {
  setLanguage("en");
  const daily = { day: "2026-12-02", game: "king", deals: 9 };
  assert.deepEqual(dailyMark(daily, 2), { text: "Deal of the day: 2 of 9 deals", href: "/daily/2026-12-02/king" });
  assert.match(dailyMark(daily, 10).text, /done/);
  assert.equal(dailyMark(null, 3), null);
});
