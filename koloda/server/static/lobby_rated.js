/* The lobby's rated games: the "Rated game" switch of the table's form (shown for a rated
   preset, usable when signed in) and the terms it keeps on the form (the maker's seat his,
   the others open or bots, a turn clock, no hints), and the open tables' "Rated" mark with a
   guest's reason not to join. What is decided is in rated.js; the lobby hands in what it
   knows (initRated). */
import { el, t } from "./i18n.js";
import { joinState, kindAllowed, makerSeat, ratedTerms, switchState } from "./rated.js";

let lobby = null;  // { ratedPreset(), signedIn(), seats(), renderSeats() }
let on = false;

function byId(id) { return document.getElementById(id); }
function signedIn() { return Boolean(lobby && lobby.signedIn()); }

/* The lobby's questions: whether the chosen preset is rated, whether someone is signed in,
   the seats' kinds (the lobby's own array, changed in place) and how to draw the seats. */
export function initRated(questions) {
  lobby = questions;
  byId("rated").addEventListener("change", () => {
    on = byId("rated").checked;
    if (on) takeTerms();
    renderRated();
  });
}

/* Whether the table asked for is rated. */
export function ratedChosen() { return on; }

/* The form set to a rated table's terms (what the player chose there before is kept where
   the terms allow it). */
function takeTerms() {
  const seats = lobby.seats();
  const terms = ratedTerms({ seats, clock: Number.parseInt(byId("clock").value, 10) || 0 });
  terms.seats.forEach((kind, s) => { seats[s] = kind; });
  byId("clock").value = String(terms.clock);
  byId("hints").checked = terms.hints;
  byId("public").checked = true;  // found in the open tables' list (he may still keep it private)
  lobby.renderSeats();
}

/* The switch and the controls a rated table forbids, as the preset, the account and the
   switch are now. */
export function renderRated() {
  if (!lobby || !byId("rated-box")) return;
  const state = switchState({ ratedPreset: lobby.ratedPreset(), signedIn: signedIn() });
  if (!state.enabled) on = false;
  byId("rated-box").classList.toggle("hidden", !state.shown);
  byId("rated").checked = on;
  byId("rated").disabled = !state.enabled;
  byId("rated-help").textContent = state.reason ? t(state.reason) : "";
  byId("hints").disabled = on;
  if (on) byId("hints").checked = false;
  for (const option of byId("clock").options) option.disabled = on && option.value === "0";
  const mine = makerSeat(lobby.seats());
  for (const select of byId("seats").querySelectorAll("select")) {
    const seat = Number(select.dataset.seat);
    for (const option of select.options) option.disabled = !kindAllowed(option.value, seat, mine, on);
    select.disabled = on && seat === mine;
  }
  byId("create").classList.toggle("rated", on);
}

/* The "Rated" mark of a table in a list (none for an unrated one). */
export function ratedTag(table) {
  return joinState(table, true).rated ? el("span", { class: "tag rated-tag" }, t("rated.badge")) : null;
}

/* Whether this visitor may take a seat at the table. */
export function joinAllowed(table) { return joinState(table, signedIn()).allowed; }

/* Why a guest cannot take a seat at a rated table ("" when he can). */
export function joinRefusal(table) { return joinAllowed(table) ? "" : t("rated.join_sign_in"); }

/* The line under an open table a guest cannot join, or nothing. */
export function joinNote(table) {
  const why = joinRefusal(table);
  return why ? el("p", { class: "help rated-note", id: `rated-note-${table.table_id}` }, why) : null;
}
