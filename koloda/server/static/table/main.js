/* The table page: one WebSocket; every message is queued and presented in order, then the
   page is drawn from the latest view. This module wires the page's controls; the parts are
   state.js (what is known), connection.js (the socket), present.js (messages in order),
   render.js, hand.js, talk.js, scoreboard.js, summary.js, overlay.js, leave.js, felt.js and
   sound.js. */
import { fourColourDeck } from "../cards.js";
import { connect, inbox, send } from "./connection.js";
import { renderMine } from "./hand.js";
import { askLeave, comeBack, leaveTable, stay } from "./leave.js";
import { closeOverlay, overlayOpen, showLastTrick, showSheet } from "./overlay.js";
import { render, renderBanner, reword, tickClock } from "./render.js";
import { S, mySeat } from "./state.js";
import { soundOn, wakeSound } from "./sound.js";
import { closeSummary, nextDeal, summaryOpen } from "./summary.js";
import { renderPhrases } from "./talk.js";
import { initPractice } from "./practice.js";

function pressed(id, on) { document.getElementById(id).setAttribute("aria-pressed", String(on)); }
function byId(id) { return document.getElementById(id); }

byId("show-last").addEventListener("click", showLastTrick);
byId("show-sheet").addEventListener("click", showSheet);
byId("hint").addEventListener("click", () => send({ type: "hint" }));
byId("leave").addEventListener("click", askLeave);
byId("leave-yes").addEventListener("click", leaveTable);
byId("leave-no").addEventListener("click", stay);
document.addEventListener("pointerdown", comeBack, true);
document.addEventListener("keydown", comeBack, true);
byId("sound").addEventListener("click", () => {
  localStorage.setItem("koloda.sound", soundOn() ? "0" : "1");
  pressed("sound", soundOn());
});
byId("four-colours").addEventListener("click", () => {
  localStorage.setItem("koloda.four_colours", fourColourDeck() ? "0" : "1");
  pressed("four-colours", fourColourDeck());
  render();
});
byId("close").addEventListener("click", closeOverlay);
/* Arrow keys move along the playable cards of the hand (Tab reaches them too). */
byId("hand").addEventListener("keydown", (e) => {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const cards = [...document.querySelectorAll("#hand button.card:not([disabled])")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0 || !cards.length) return;
  const next = cards[(at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  e.preventDefault();
});
byId("overlay").addEventListener("click", (e) => { if (e.target.id === "overlay") closeOverlay(); });
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  if (overlayOpen()) closeOverlay();
  else if (summaryOpen()) {
    if (S.summaryShown !== null && mySeat() !== null) nextDeal(); else closeSummary();
  }
});
document.addEventListener("click", wakeSound);
document.addEventListener("koloda:lang", reword);
pressed("sound", soundOn());
pressed("four-colours", fourColourDeck());
const speed = byId("speed");
speed.value = localStorage.getItem("koloda.speed") || "normal";
speed.addEventListener("change", () => localStorage.setItem("koloda.speed", speed.value));

/* What the browser tests read and call (the page keeps its state in modules, not in the
   window): the state's fields by their names, whether a message is being presented, and the
   drawing of the hand and the banner. */
for (const name of ["latest", "people", "lastTrick", "summaryShown"]) {
  Object.defineProperty(window, name, { get: () => S[name] });
}
Object.defineProperty(window, "presenting", { get: () => inbox.busy });
Object.assign(window, { renderMine, renderBanner });

renderPhrases();
initPractice();
setInterval(tickClock, 1000);
connect();
