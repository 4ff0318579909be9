/* The dialog over the table: the last trick, the score sheet. */
import { el, t } from "../i18n.js";
import { cardElement } from "./felt.js";
import { fetchSheet, sheetSection } from "./scoreboard.js";
import { S, TABLE_ID, playerName, words } from "./state.js";

let drawn = null;
/* A dialog drawn by ``draw`` (drawn again when the language changes). */
function openOverlay(draw) {
  drawn = draw;
  document.getElementById("overlay-body").replaceChildren(...draw());
  document.getElementById("overlay").classList.remove("hidden");
  document.getElementById("close").focus();
}
export function overlayOpen() { return !document.getElementById("overlay").classList.contains("hidden"); }
/* The open dialog in the language of the moment. */
export function overlayRedraw() { if (overlayOpen() && drawn) openOverlay(drawn); }
export function closeOverlay() { document.getElementById("overlay").classList.add("hidden"); }
export function showLastTrick() {
  if (!S.lastTrick) { openOverlay(() => [el("p", {}, t("no_last_trick"))]); return; }
  const trick = S.lastTrick;
  openOverlay(() => [el("h2", {}, t("last_trick")),
    el("div", { class: "last-trick" }, trick.plays.map((p) => el("figure", { class: p.seat === trick.winner ? "winner" : "" },
      cardElement(p.card), el("figcaption", {}, playerName(p.seat))))),
    el("p", {}, words().sentence({ key: "event.trick_taken", params: { seat: { seat: trick.winner } } }))]);
}
export async function showSheet() {
  const sheet = await fetchSheet();
  if (!sheet) return;
  openOverlay(() => {
    const parts = [el("h2", {}, words().phrase(sheet.sheet.title)), ...sheet.sheet.sections.map(sheetSection)];
    if (sheet.finished) parts.push(el("a", { class: "button", href: `/api/tables/${TABLE_ID}/record` }, t("download_record")));
    return [el("div", { class: "sheet-body", id: "sheet-body" }, parts)];
  });
}
