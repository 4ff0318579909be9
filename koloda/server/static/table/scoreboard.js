/* The scoreboard beside the felt: the game's own board (its package's board.js, or the
   generic one; see board_kit.js), the score sheet's further sections, and the fair-deal
   line; and the score sheet's sections as tables. */
import { boardKit } from "../board_kit.js";
import { bidText, el, lang, numberText, pluralWord, suitLabel, t, word } from "../i18n.js";
import { across, boardSections, isWho } from "../sections.js";
import { miniCards } from "./hand.js";
import { S, TABLE_ID, capital, mySeat, playerName, sideName, words } from "./state.js";

/* What a game's board module is handed besides the view (board_kit.js says what). */
export const kit = boardKit({
  facts: () => S.latest.facts, mySeat, playerName, sideName, miniCards, el,
  words: { t, word, pluralWord, numberText, suitLabel, bidText },
});

export function renderBoard(v) {
  const body = document.getElementById("board-body");
  const parts = [...S.board.scoreboard(v, kit)];
  if (S.sections) parts.push(...boardSections(S.sections).map(boardSection));
  const hash = S.people && S.people.commitment;
  const mixed = S.people && S.people.entropy && S.people.entropy.given.includes(mySeat()) ? ` · ${t("randomness_mixed")}` : "";
  if (hash) parts.push(el("p", { class: "note fair", title: hash }, `${t("fair_deal")}: SHA-256 ${hash.slice(0, 12)}…${mixed}`));
  body.replaceChildren(...parts);
}

/* The score sheet in the page's language; its further sections go on the scoreboard. */
export async function fetchSheet() {
  const answer = await fetch(`/api/tables/${TABLE_ID}/sheet?lang=${lang()}`);
  if (!answer.ok) return null;
  const sheet = await answer.json();
  S.sections = sheet.sheet.sections;
  if (S.latest) renderBoard(S.latest.view);
  return sheet;
}
/* A cell in words; a name starts with a capital. */
function cellText(c) {
  return c === null || c === undefined ? "" : isWho(c) ? capital(words().text(c)) : words().text(c);
}
export function sheetSection(section) {
  const cell = cellText;
  const numeric = (i) => (section.columns[i] && section.columns[i].numeric ? "num" : "");
  return el("table", { class: "score sheet-section" }, el("caption", {}, words().phrase(section.title)),
    el("thead", {}, el("tr", {}, section.columns.map((c) => el("th", { class: c.numeric ? "num" : "", scope: "col" }, cell(c.head))))),
    el("tbody", {}, section.rows.map((row) => el("tr", {}, row.map((c, i) => el("td", { class: numeric(i) }, cell(c)))))),
    section.footer ? el("tfoot", {}, el("tr", {}, section.footer.map((c, i) => el("td", { class: numeric(i) }, cell(c))))) : null);
}

/* Whether a player or side named in a section is the reader's. */
function mine(who) {
  return who.seat === mySeat() || ("side" in who && Boolean(S.latest.facts.sides[who.side]?.includes(mySeat())));
}
/* A section whose rows are the players turned to a column per player, so that it fits the
   scoreboard's width whole (any other as it is). */
function boardSection(section) {
  const turned = across(section, mine);
  if (!turned) return sheetSection(section);
  const cls = (x) => "num" + (x.mine ? " mine" : "");
  return el("table", { class: "score sheet-section across" }, el("caption", {}, words().phrase(turned.title)),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, cellText(turned.corner)),
      turned.heads.map((h) => el("th", { class: cls(h), scope: "col" }, cellText(h.who))))),
    el("tbody", {}, turned.rows.map((row) => el("tr", {}, el("th", { scope: "row" }, cellText(row.head)),
      row.cells.map((c) => el("td", { class: cls(c) }, cellText(c.value)))))));
}
