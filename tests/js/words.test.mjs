/* The page's words (static/words.js): plural forms by the CLDR rules of the language, forms
   of a word, UI words with their arguments, and English where a language lacks a word. The
   catalogues are the project's own files. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { bidText, gameName, pluralWord, setLanguage, t, useCatalogues, word } from "../../koloda/server/static/words.js";

const read = (lang) => JSON.parse(readFileSync(new URL(`../../koloda/i18n/${lang}.json`, import.meta.url), "utf8"));
const en = read("en"), ru = read("ru");
useCatalogues({ en, ru });

test("Russian plurals follow the number's last digits", () => {
  setLanguage("ru");
  const forms = ru["word.card"];
  const expected = { 1: "one", 21: "one", 101: "one", 2: "few", 3: "few", 24: "few", 5: "many", 11: "many", 12: "many", 14: "many", 20: "many", 0: "many", 111: "many" };
  for (const [n, category] of Object.entries(expected)) assert.equal(pluralWord("word.card", Number(n)), forms[category], `${n}`);
});

test("English plurals: one, and other for every other number", () => {
  setLanguage("en");
  const forms = en["word.trick"];
  assert.equal(pluralWord("word.trick", 1), forms.one);
  for (const n of [0, 2, 5, 11, 21]) assert.equal(pluralWord("word.trick", n), forms.other);
  assert.notEqual(forms.one, forms.other);
});

test("a negative number takes the form of its size, and a number given as text counts", () => {
  setLanguage("ru");
  assert.equal(pluralWord("word.card", -2), pluralWord("word.card", 2));
  assert.equal(pluralWord("word.card", "5"), pluralWord("word.card", 5));
});

test("an unknown key is said as itself, in plural and plain", () => {
  setLanguage("ru");
  assert.equal(pluralWord("no.such.key", 3), "no.such.key");
  assert.equal(word("no.such.key"), "no.such.key");
});

test("a word of forms gives the form asked for, else its nominative", () => {
  const key = Object.keys(ru).find((k) => typeof ru[k] === "object" && ru[k].nom && ru[k].gen && ru[k].nom !== ru[k].gen);
  assert.ok(key, "the Russian catalogue has a word with forms");
  setLanguage("ru");
  assert.equal(word(key, "gen"), ru[key].gen);
  assert.equal(word(key), ru[key].nom);
});

test("UI words take positional arguments; a language without a word falls back to English", () => {
  const catalogues = { en: { "ui.deal_of": "Deal {0} of {1}", "ui.only_en": "English only" }, ru: { "ui.deal_of": "Сдача {0} из {1}" } };
  useCatalogues(catalogues);
  try {
    setLanguage("ru");
    assert.equal(t("deal_of", 3, 15), "Сдача 3 из 15");
    assert.equal(t("only_en"), "English only");
    setLanguage("en");
    assert.equal(t("deal_of", 1, 2), "Deal 1 of 2");
  } finally {
    useCatalogues({ en, ru });
  }
});

test("a bid is its number, or the word of a bid that is not a number", () => {
  useCatalogues({ en: { "action.nil": "Nil" }, ru: {} });
  try {
    setLanguage("en");
    assert.equal(bidText(4), "4");
    assert.equal(bidText("nil"), "Nil");
  } finally {
    useCatalogues({ en, ru });
  }
});

test("a game is named by its words, or by its own name when they have none", () => {
  useCatalogues({ en: { "game.some": "Some Game" }, ru: { "game.some": "Игра" } });
  try {
    setLanguage("ru");
    assert.equal(gameName("some"), "Игра");
    assert.equal(gameName("unnamed"), "unnamed");
  } finally {
    useCatalogues({ en, ru });
  }
});
