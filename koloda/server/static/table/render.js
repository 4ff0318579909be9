/* Drawing the table page from the latest view: the title, the seats, the banner and the
   middle of the felt, the tools, who is here and the log; and the short notices (the
   connection's status, a toast, words for screen readers). */
import { iconSvg } from "../cards.js";
import { bidText, el, gameName, lang, pluralWord, t, word } from "../i18n.js";
import { seatPlace } from "../seating.js";
import { cardElement, felt } from "./felt.js";
import { renderMine, showHint } from "./hand.js";
import { renderLeave } from "./leave.js";
import { kit, renderBoard, fetchSheet } from "./scoreboard.js";
import { S, TABLE_ID, TOKEN, baseSeat, mySeat, myTurn, playerName, seatKind, words } from "./state.js";
import { joinRematch, redrawSummary } from "./summary.js";
import { chatWords, drawBubble, renderPhrases } from "./talk.js";
import { overlayRedraw } from "./overlay.js";
import { openHand, renderUndo } from "./practice.js";
import { renderDaily } from "./daily.js";
import { renderTournament } from "./tournament.js";

let statusKey = "connecting";
export function setStatus(key) { statusKey = key; document.getElementById("status").textContent = t(key); }
/* A short message; ``say`` words it (again when the language changes). */
export function toast(say) {
  const box = document.getElementById("toast");
  box.say = say;
  box.textContent = say();
  box.classList.remove("hidden");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.add("hidden"), 5000);
}
export function announce(text) { document.getElementById("announce").textContent = text; }

export function render() {
  if (!S.latest) return;
  const v = S.latest.view;
  renderTitle(v);
  renderSeats(v);
  renderBanner(v);
  renderCentre(v);
  if (!felt.held && v.trick) felt.onTable = v.trick.map((p) => ({ ...p }));
  felt.drawPlayed(baseSeat(), v.num_seats);
  renderMine(v);
  renderBoard(v);
  renderTools(v);
  renderPeople();
  renderLog();
}

/* The tab's icon: a card, with a gold mark when it is your turn (seen from another tab). */
function showFavicon(turn) {
  const mark = turn ? "<circle cx='24' cy='8' r='7' fill='%23f2c14e' stroke='%23183d28' stroke-width='2'/>" : "";
  const href = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    "<rect x='5' y='3' width='20' height='27' rx='3' fill='%23fffdf7' stroke='%23183d28' stroke-width='2'/>" +
    "<path d='M15 10 C12 14 9 16 9 19 C9 21 11 22 13 21 L12 25 H18 L17 21 C19 22 21 21 21 19 C21 16 18 14 15 10 Z' fill='%231b1b1b'/>" + mark + "</svg>";
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = el("link", { rel: "icon" }); document.head.append(link); }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.turn = String(turn);
}
export function renderTitle(v) {
  /* a table of a set of deals (the deal of the day, a tournament's round) counts those */
  const program = (S.people && S.people.deals) || S.latest.facts.program.length;
  const deal = Math.min((v.deal ?? 0) + 1, program || Infinity);
  const dealText = program ? t("deal_of", deal, program) : `${t("deal")} ${deal}`;
  document.getElementById("title").textContent = `${gameName(v.game)} · ${v.finished ? t("finished") : dealText}`;
  document.getElementById("rated-mark").classList.toggle("hidden", !(S.people && S.people.rated));  /* a rated table says so */
  renderDaily(S.people, v);  /* a deal of the day's table: the set's progress, its results' page */
  renderTournament(S.people);  /* a tournament's table: its round, the tournament's page */
  const turn = myTurn(v);
  document.title = `${turn ? t("your_turn") + " · " : ""}${gameName(v.game)} — ${t("brand")}`;
  showFavicon(turn);
  const guide = document.getElementById("how-to-play");  /* the game's player page, in the page's language */
  guide.href = `/help/${lang()}/${v.game}`;
  guide.textContent = t("guide.how_to_play", gameName(v.game));
}

/* A seat's facts ("12 cards · 0 tricks · Bid: 3"); a narrow seat wraps between them, never
   between a number and its word (the spaces inside one are non-breaking). */
function seatFacts(v, s) {
  const facts = [];
  const nb = "\u00a0";
  if (v.hand_sizes) facts.push(`${v.hand_sizes[s]}${nb}${pluralWord("word.card", v.hand_sizes[s])}`);
  if (v.tricks_won && S.latest.facts.tricks) facts.push(`${v.tricks_won[s]}${nb}${pluralWord("word.trick", v.tricks_won[s])}`);
  if (v.bids && v.bids[s] !== null && v.bids[s] !== undefined) facts.push(`${t("bid")}:${nb}${bidText(v.bids[s])}`);
  return facts;
}

function seatTags(v, s) {
  const online = new Set(S.people ? S.people.presence.online : []);
  const away = new Set(S.people ? S.people.away : []);
  const human = !seatKind(s).startsWith("bot:");
  const tags = [];
  if (s === mySeat()) tags.push(el("span", { class: "tag you" }, t("you")));
  if (!human) tags.push(el("span", { class: "tag level" }, word("bot." + seatKind(s).slice(4))));
  if (s === v.dealer) tags.push(el("span", { class: "tag dealer", title: t("dealer") }, t("dealer")));
  if (human && away.has(s)) tags.push(el("span", { class: "tag away" }, t("away_bot_plays")));
  else if (human && s !== mySeat()) tags.push(el("span", { class: "tag " + (online.has(s) ? "online" : "offline") }, t(online.has(s) ? "online" : "not_here")));
  return tags;
}
export function renderSeats(v) {
  const n = v.num_seats;
  const box = document.getElementById("seats");
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const place = seatPlace(s, baseSeat(), n);
    const turn = s === v.to_act && !v.finished && (s !== mySeat() || myTurn(v));
    const node = el("div", {
      class: `seat ${place.side}${turn ? " turn" : ""}${s === mySeat() ? " me" : ""}`,
      "data-seat": s, style: `left:${place.x}%;top:${place.y}%`,
      "aria-label": `${playerName(s)}${turn ? ", " + t("to_act") : ""}`,
    },
    el("b", { class: "name" }, playerName(s)),
    el("span", { class: "tags" }, seatTags(v, s)),
    el("span", { class: "facts" }, seatFacts(v, s).join(" · ")),
    openHand(v, s),
    turn && S.people && S.people.turn_seconds ? el("span", { class: "clock", "data-clock": "1" }) : null);
    if (S.latest.facts.partnership) node.classList.add("side-" + S.latest.facts.sides.findIndex((side) => side.includes(s)));
    box.append(node);
    drawBubble(s);
  }
  tickClock();
}

export function tickClock() {
  const clock = document.querySelector("[data-clock]");
  if (!clock || !S.people || !S.people.turn_seconds) return;
  const left = Math.max(0, Math.ceil(S.people.turn_seconds - (Date.now() - S.turnStarted) / 1000));
  if (!clock.firstChild) clock.append(iconSvg("clock"), el("span", { class: "left" }));
  clock.querySelector(".left").textContent = String(left);
}

/* The felt's corner: the deal's contract and who chose it, then what the game's board adds
   (a trump, a suit named, ...). */
export function renderBanner(v) {
  const parts = [];
  if (v.contract) parts.push(el("span", {}, `${t("contract")}: `, el("b", {}, word("contract." + v.contract))));
  if (v.declarer !== undefined && v.declarer !== null) parts.push(el("span", {}, `${t(v.contract ? "chosen_by" : "choosing")}: ${playerName(v.declarer)}`));
  parts.push(...S.board.banner(v, kit));
  document.getElementById("banner").replaceChildren(...parts);
}

/* A game played onto a pile: the stock and the pile's top card in the middle of the felt. */
function renderCentre(v) {
  const pile = document.getElementById("pile");
  if (!("top" in v)) { pile.replaceChildren(); return; }
  const stock = el("div", { class: "stock" }, cardElement(null, { class: "card" }),
    el("span", { class: "count" }, `${t("stock")}: ${v.stock_size}`));
  const top = v.top ? cardElement(v.top, { class: "card top" }) : el("div", { class: "card top empty" });
  pile.replaceChildren(stock, el("div", { class: "discards" }, top, el("span", { class: "count" }, `${t("pile")}: ${v.pile_size}`)));
}

export function renderTools(v) {
  const mine = myTurn(v);
  document.getElementById("hint").classList.toggle("hidden", !(S.people && S.people.hints && mine));
  const record = document.getElementById("record");
  record.href = `/api/tables/${TABLE_ID}/record`;
  record.classList.toggle("hidden", !v.finished || Boolean(S.people && S.people.daily));  /* a day's record: on its page */
  document.getElementById("show-last").classList.toggle("hidden", !S.latest.facts.tricks);
  document.getElementById("talk").classList.toggle("hidden", mySeat() === null);
  renderLeave(v);
  renderUndo();
}

export function renderPeople() {
  const { people } = S;
  if (!people || !S.latest) return;
  const online = people.presence.online.filter((s) => s !== mySeat()).map(playerName);
  const parts = [];
  if (online.length) parts.push(t("here_now", online.join(", ")));
  if (people.presence.spectators) parts.push(`${t("watching_count")}: ${people.presence.spectators}`);
  if (people.rematch && people.rematch !== TABLE_ID) parts.push(t("rematch_started"));
  const box = document.getElementById("presence");
  box.replaceChildren(parts.join(" · "));
  box.parentElement.classList.toggle("hidden", !parts.length && !people.rematch);
  if (people.rematch && TOKEN && !document.getElementById("join-rematch")) {
    box.append(" ", el("button", { type: "button", id: "join-rematch", onclick: joinRematch }, t("join_rematch")));
  }
}

export function logEvent(e) {
  if (!e.key) return;
  S.logLines.push({ key: e.key, params: e.params || {} });  // worded when drawn, in the page's language
  if (S.logLines.length > 60) S.logLines.shift();
}
export function renderLog() {
  const log = document.getElementById("log");
  const w = words();
  log.replaceChildren(...S.logLines.slice(-30).map((line) => line.chat
    ? el("li", { class: "chat" }, `${playerName(line.seat)}: `, chatWords(line.text))
    : el("li", {}, w.sentence(line))));
  log.classList.toggle("hidden", !S.logLines.length);  // no empty box before the first event
  log.scrollTop = log.scrollHeight;
}

/* Every string on the screen in the language just chosen. */
export function reword() {
  setStatus(statusKey);
  renderPhrases();
  render();
  if (S.latest && myTurn(S.latest.view)) announce(t("your_turn"));
  if (S.hint && S.latest && S.hint.version === S.latest.version) showHint(S.hint);
  overlayRedraw();
  redrawSummary();
  const box = document.getElementById("toast");
  if (box.say) box.textContent = box.say();
  fetchSheet();
}
