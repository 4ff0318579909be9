/* The table page's state: what the server last said (the view, who is at the table) and what
   this page is in the middle of (a decision sent, cards chosen, the trick held), with who is
   who at the table. Every module of the page reads and writes it here. */
import { speaker, t } from "../i18n.js";

export const TABLE_ID = document.getElementById("table").dataset.table;
export const TOKEN = new URLSearchParams(location.search).get("token");
export const CARD_RE = /^(10|[2-9JQKA])[SHDC]$/;

export const S = {
  latest: null,            // the last view message presented
  people: null,            // who is at the table (the "table" part of the messages)
  refused: false,          // the link was refused or the table is unknown: nothing more to do
  selected: new Set(),     // cards chosen for a decision of three cards
  hint: null,              // {version, action}
  undoing: false,          // an undo sent, until the table answers (practice.js)
  leavingRect: null,       // where my card was when I played it
  lastTrick: null,         // {winner, plays}
  dealTricks: [],          // tricks taken per seat in the deal being played
  summaryShown: null,      // the deal number whose summary is open
  summaryWaited: false,    // the next deal has waited for this seat since the summary opened
  lastScored: null,        // the last deal_scored event (its breakdown is on the game-over sheet)
  turnStarted: 0,
  actedAt: null,           // the version at which this seat acted, until the table answers
  acting: null,            // the card or action sent then
  logLines: [],            // the log's lines, worded when drawn
  sections: null,          // the score sheet's sections the scoreboard shows
  board: null,             // the game's board module (board_kit.js)
};

/* ----- who is who ------------------------------------------------------------------------ */
export function mySeat() { return S.latest ? S.latest.seat : null; }
export function seatCount() { return S.latest ? S.latest.view.num_seats : 0; }
export function baseSeat() { return mySeat() ?? 0; }
export function seatKind(seat) { return (S.latest && S.latest.view.seat_kinds[seat]) || "human"; }
export function playerName(seat) {
  if (seat === null || seat === undefined) return "—";
  const kind = seatKind(seat);
  if (kind.startsWith("bot:")) return t("bot_name", seat + 1);
  const chosen = S.people && S.people.names[seat];
  return chosen || `${t("seat")} ${seat + 1}`;
}
export function names() { return [...Array(seatCount()).keys()].map(playerName); }
export function words() { return speaker(names(), mySeat()); }
export function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
export function sideName(side) { return capital(words().text({ side })); }
/* Whether this seat is to decide now (and has not yet decided). */
export function myTurn(v) {
  return mySeat() !== null && v.to_act === mySeat() && !v.finished && S.actedAt !== S.latest.version;
}
