/* The table page: one WebSocket; every message is queued and presented in order (each card
   lands, a complete trick is held and swept, a deal's end shows its summary), then the page is
   drawn from the latest view. Nothing here knows a hidden card: the server sends each seat
   its own view only. */
"use strict";
const TABLE_ID = document.getElementById("table").dataset.table;
const TOKEN = new URLSearchParams(location.search).get("token");
const CARD_RE = /^(10|[2-9JQKA])[SHDC]$/;
const SUIT_ORDER = "SHCD";
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const PHRASES = ["hello", "good_luck", "well_played", "thanks", "oops", "sorry", "hurry_up", "good_game", "bye",
  "emoji_smile", "emoji_thumbs_up", "emoji_surprise", "emoji_sad"];
const CHAT_MS = 4000;
let socket = null;
let latest = null;            // the last view message presented
let people = null;            // who is at the table (the "table" part of the messages)
let retry = 0;
let refused = false;
let selected = new Set();
let hint = null;              // {version, action}
let leavingRect = null;       // where my card was when I played it
let lastTrick = null;         // {winner, plays}
let dealTricks = [];          // tricks taken per seat in the deal being played
let summaryShown = null;      // the deal number whose summary is open
let summaryWaited = false;    // the next deal has waited for this seat since the summary opened
let lastScored = null;        // the last deal_scored event (its breakdown is on the game-over sheet)
let turnStarted = 0;
let actedAt = null;           // the version at which this seat acted, until the table answers
let acting = null;            // the card or action sent then
const inbox = [];
let presenting = false;
const logLines = [];

/* ----- who is who ------------------------------------------------------------------------ */
function mySeat() { return latest ? latest.seat : null; }
function seatCount() { return latest ? latest.view.num_seats : 0; }
function baseSeat() { return mySeat() ?? 0; }
function seatKind(seat) { return (latest && latest.view.seat_kinds[seat]) || "human"; }
function playerName(seat) {
  if (seat === null || seat === undefined) return "—";
  const kind = seatKind(seat);
  if (kind.startsWith("bot:")) return t("bot_name", seat + 1);
  const chosen = people && people.names[seat];
  return chosen || `${t("seat")} ${seat + 1}`;
}
function names() { return [...Array(seatCount()).keys()].map(playerName); }
function words() { return speaker(names(), mySeat()); }
function sideName(side) { return capital(words().text({ side })); }
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/* ----- talking to the server ------------------------------------------------------------- */
function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}
/* Send a decision; the turn ends on the screen at once (no second click, no stale hint). */
function act(action) {
  if (!latest || actedAt === latest.version) return;
  if (!send({ type: "act", action, version: latest.version })) return;
  actedAt = latest.version;
  acting = action;
  hint = null;
  renderTitle(latest.view);
  renderSeats(latest.view);
  renderMine(latest.view);
  renderTools(latest.view);
}
/* Whether this seat is to decide now (and has not yet decided). */
function myTurn(v) {
  return mySeat() !== null && v.to_act === mySeat() && !v.finished && actedAt !== latest.version;
}
let statusKey = "connecting";
function setStatus(key) { statusKey = key; document.getElementById("status").textContent = t(key); }
/* A short message; ``say`` words it (again when the language changes). */
function toast(say) {
  const box = document.getElementById("toast");
  box.say = say;
  box.textContent = say();
  box.classList.remove("hidden");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.add("hidden"), 5000);
}
function announce(text) { document.getElementById("announce").textContent = text; }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
  let opened = false;
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${TABLE_ID}${query}`);
  setStatus("connecting");
  socket.onopen = () => { opened = true; retry = 0; setStatus("online"); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = async () => {
    if (!opened && await refusedWhy()) return;
    setStatus("offline");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 400 * retry);
  };
}
/* A connection that never opened: ask why; a refused token or an unknown table stops here. */
async function refusedWhy() {
  const query = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
  let answer;
  try { answer = await fetch(`/api/tables/${TABLE_ID}/view${query}`); } catch { return false; }
  if (answer.status !== 403 && answer.status !== 404) return false;
  refused = true;
  setStatus(answer.status === 403 ? "token_refused" : "no_table");
  document.getElementById("prompt").textContent = t(answer.status === 403 ? "token_refused_help" : "no_table_help");
  return true;
}

function receive(message) {
  if (message.type === "error") { refusedAct(); toast(() => errorText(message)); return; }
  if (message.type === "hint") { showHint(message); return; }
  if (message.type === "pong") return;
  if (message.type === "view" && latest && message.version > latest.version + 1 && !inbox.length) {
    send({ type: "sync" });  // a gap: the whole view again
  }
  inbox.push(message);
  pump();
}
/* A decision the table refused: the turn is this seat's again. */
function refusedAct() {
  if (actedAt === null) return;
  actedAt = null;
  acting = null;
  if (latest) render();
}
function errorText(message) {
  const key = "error." + message.code;
  return entry(key) !== undefined ? word(key) : message.message;
}

/* ----- presenting messages in order -------------------------------------------------------- */
async function pump() {
  if (presenting) return;
  presenting = true;
  try {
    while (inbox.length) await present(inbox.shift());
  } finally {
    presenting = false;
  }
}

async function present(message) {
  if (message.type === "table") {
    people = message.table;
    giveEntropy();
    if (latest) { renderSeats(latest.view); renderPeople(); renderSummaryWaiting(); renderMine(latest.view); }
    return;
  }
  if (message.type === "chat") { showChat(message); return; }
  if (message.type !== "view") return;
  if (latest && message.version < latest.version) return;
  people = message.table;
  giveEntropy(message.seat);
  const first = latest === null;
  if (first) latest = message;
  const hurry = first || inbox.length > 6;
  if (first) for (const e of message.opening || []) logEvent(e);  // the deal in play so far
  if (first && message.view.tricks_won) dealTricks = [...message.view.tricks_won];
  for (const e of message.events || []) {
    logEvent(e);
    if (!first) await playEvent(e, message, hurry);
  }
  const before = latest;
  latest = message;
  if (message.version !== before.version || first) { selected = new Set(); actedAt = null; acting = null; }
  if (first && message.view.trick) board.onTable = message.view.trick.map((p) => ({ ...p }));
  if (first && message.view.last_trick) lastTrick = message.view.last_trick;
  if (first && TOKEN && message.seat !== null) rememberTable(message);
  if (first) rememberCommitment(message.table.commitment);
  if (first) fetchSheet();  // the sheet's own sections on the scoreboard (King's order table)
  render();
  const mine = mySeat() !== null && message.view.to_act === mySeat() && !message.view.finished;
  if (mine && (first || before.view.to_act !== mySeat() || before.version !== message.version)) {
    turnStarted = Date.now();
    if (first || before.view.to_act !== mySeat()) { announce(t("your_turn")); chime(); }
  } else if (first || message.view.to_act !== before.view.to_act) turnStarted = Date.now();
  if (typeof message.clock_left === "number" && people && people.turn_seconds) {  // a turn already running
    turnStarted = Date.now() - (people.turn_seconds - message.clock_left) * 1000;
  }
  tickClock();
  if (message.view.finished && !present.finalShown) {
    present.finalShown = true;
    openSummary(lastScored, true);
  }
}

async function playEvent(e, message, hurry) {
  const n = message.view.num_seats;
  const base = message.seat ?? 0;
  const tricks = message.facts.tricks;
  if (e.type === "card_played") {
    if (!tricks) { await playToPile(e, base, n, hurry); return; }
    if (board.held) sweepNow();
    board.onTable.push({ seat: e.seat, card: e.card });
    board.drawPlayed(base, n);
    click();
    const node = board.slotNode(e.seat);
    const from = e.seat === base && leavingRect ? leavingRect : board.seatBox(e.seat)?.getBoundingClientRect();
    if (e.seat === mySeat()) { leavingRect = null; removeFromHand(e.card); }
    if (!hurry && node) await flyFrom(node, from, FLY_MS);
  } else if (e.type === "trick_taken") {
    lastTrick = { winner: e.seat, plays: board.onTable.slice(-n) };
    dealTricks[e.seat] = (dealTricks[e.seat] || 0) + 1;
    board.slotNode(e.seat)?.classList.add("winner");
    const winnerSlot = [...document.querySelectorAll("#played .slot")].find((s) => Number(s.dataset.seat) === e.seat);
    if (winnerSlot) winnerSlot.classList.add("winner");
    board.held = true;
    announce(words().sentence(e));
    if (!hurry) {
      await pause(REDUCED_MOTION.matches ? holdMs() * 1.5 : holdMs());
      if (board.held) await sweepTo([...document.querySelectorAll("#played .slot")], board.seatBox(e.seat)?.getBoundingClientRect(), SWEEP_MS);
    }
    sweepNow();
    board.drawPlayed(base, n);
  } else if (e.type === "deal_started") {
    sweepNow();
    board.onTable = [];
    dealTricks = [];
    lastTrick = null;
  } else if (e.type === "deal_scored") {
    if (board.held && !hurry) await pause(300);
    lastScored = message.hands_left ? { ...e, hands_left: message.hands_left } : e;  // 101: the cards that scored
    openSummary(lastScored, false, message);
  } else if (e.type === "declared") {
    showDeclaration(e);
  }
}
function sweepNow() { board.held = false; board.onTable = []; }

/* 101: a played card flies from its player onto the pile. */
async function playToPile(e, base, n, hurry) {
  const pile = document.querySelector("#pile .top");
  click();
  if (e.seat === mySeat()) removeFromHand(e.card);
  if (hurry || !pile) { setPileTop(e.card); return; }
  const from = e.seat === base && leavingRect ? leavingRect : board.seatBox(e.seat)?.getBoundingClientRect();
  leavingRect = null;
  setPileTop(e.card);
  await flyFrom(document.querySelector("#pile .top"), from, FLY_MS);
}
function setPileTop(card) {
  const top = document.querySelector("#pile .top");
  if (top) top.replaceWith(cardElement(card, { class: "card top" }));
}
function removeFromHand(card) {
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  if (node) node.remove();
}

/* This seat in the lobby's "My tables" (kept in the browser), also when opened by a link. */
function rememberTable(message) {
  let list = [];
  try { list = JSON.parse(localStorage.getItem("koloda.tables") || "[]"); } catch { list = []; }
  if (!Array.isArray(list)) list = [];
  const known = list.find((x) => x && x.id === TABLE_ID && x.seat === message.seat);
  const rest = list.filter((x) => x !== known);
  rest.unshift({ ...(known || { via: "link" }), id: TABLE_ID, game: message.view.game, seat: message.seat, token: TOKEN, when: Date.now() });
  localStorage.setItem("koloda.tables", JSON.stringify(rest.slice(0, 30)));
}

/* The seed's commitment as first shown to this browser: the end of the game is checked
   against it, not against what the server says then. */
function commitmentKey() { return `koloda.commitment.${TABLE_ID}`; }
function rememberCommitment(hash) {
  if (hash && !localStorage.getItem(commitmentKey())) localStorage.setItem(commitmentKey(), hash);
}
/* A table that waits for the players' randomness: this browser gives 32 random bytes once,
   and keeps them to check at the end that the deals used them. */
function entropyKey() { return `koloda.entropy.${TABLE_ID}`; }
function giveEntropy(seat = mySeat()) {
  if (!people || !people.entropy || seat === null || seat === undefined || giveEntropy.sent) return;
  if (!people.entropy.pending.includes(seat)) return;
  let value = localStorage.getItem(entropyKey());  // given before but not received: the same again
  if (!value) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    value = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(entropyKey(), value);
  }
  giveEntropy.sent = send({ type: "entropy", value });
}
async function sha256Hex(text) {
  if (!window.crypto || !crypto.subtle) return null;  // not a secure context: the server's check only
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
async function verifyDeal() {
  const box = document.getElementById("verify-result");
  const answer = await fetch(`/api/tables/${TABLE_ID}/verify`);
  if (!answer.ok) { box.textContent = t("verify_not_yet"); return; }
  const proof = await answer.json();
  const seen = localStorage.getItem(commitmentKey());
  const hash = await sha256Hex(`koloda-seed:${proof.seed}`);
  const lines = [];
  if (hash === null) lines.push(t("verify_no_crypto"));
  else if (seen && hash === seen) lines.push("✓ " + t("verify_seed_ok"));
  else if (seen) lines.push("✗ " + t("verify_seed_bad"));
  else lines.push((hash === proof.commitment ? "✓ " : "✗ ") + t("verify_seed_unseen"));
  const mine = localStorage.getItem(entropyKey());
  if (proof.entropy && mine && mySeat() !== null) {
    lines.push(proof.entropy[mySeat()] === mine ? "✓ " + t("verify_randomness_ok") : "✗ " + t("verify_randomness_bad"));
  }
  lines.push(proof.problems.length ? "✗ " + proof.problems.join("; ") : "✓ " + t(proof.entropy ? "verify_deals_mixed_ok" : "verify_deals_ok", proof.deals));
  box.replaceChildren(...lines.map((line) => el("p", {}, line)), el("p", { class: "note" }, t("verify_yourself")));
}

/* The three decisions that cost this seat the most points, as the search values them. */
async function showAnalysis() {
  const box = document.getElementById("analysis-result");
  document.getElementById("analysis").disabled = true;
  box.replaceChildren(el("p", {}, t("analysis_running")));
  const answer = await fetch(`/api/tables/${TABLE_ID}/analysis?seat=${mySeat()}`);
  if (!answer.ok) { box.replaceChildren(el("p", {}, t("analysis_failed"))); return; }
  const { decisions } = await answer.json();
  const move = (a) => (CARD_RE.test(a) ? cardLabel(a) : actionLabel(a));
  const items = decisions.map((d) => {
    const onTable = (d.view.trick || []).map((p) => (Array.isArray(p) ? p[1] : p.card)).filter(Boolean);
    return el("li", {},
      el("p", {}, t("analysis_item", d.deal + 1, d.move + 1, move(d.chosen), move(d.best), numberText(d.loss))),
      onTable.length ? el("p", { class: "note" }, `${t("the_table")}: `, miniCards(onTable)) : null,
      d.hand.length ? el("p", { class: "note" }, `${t("your_hand")}: `, miniCards(d.hand)) : null);
  });
  box.replaceChildren(decisions.length ? el("ol", { class: "analysis" }, items) : el("p", {}, t("analysis_none")),
    el("p", { class: "note" }, t("analysis_note")));
}

/* ----- drawing the page ---------------------------------------------------------------------- */
function render() {
  if (!latest) return;
  const v = latest.view;
  renderTitle(v);
  renderSeats(v);
  renderBanner(v);
  renderCentre(v);
  if (!board.held && v.trick) board.onTable = v.trick.map((p) => ({ ...p }));
  board.drawPlayed(baseSeat(), v.num_seats);
  renderMine(v);
  renderBoard(v);
  renderTools(v);
  renderPeople();
  renderLog();
}

/* The tab's icon: a card, with a gold mark when it is your turn (seen from another tab). */
function showFavicon(turn) {
  const mark = turn ? "<circle cx='24' cy='8' r='7' fill='%23f2c14e' stroke='%23183d28' stroke-width='2'/>" : "";
  const href = "data:image/svg+xml," + "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    "<rect x='5' y='3' width='20' height='27' rx='3' fill='%23fffdf7' stroke='%23183d28' stroke-width='2'/>" +
    "<path d='M15 10 C12 14 9 16 9 19 C9 21 11 22 13 21 L12 25 H18 L17 21 C19 22 21 21 21 19 C21 16 18 14 15 10 Z' fill='%231b1b1b'/>" + mark + "</svg>";
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = el("link", { rel: "icon" }); document.head.append(link); }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.turn = String(turn);
}
function renderTitle(v) {
  const program = latest.facts.program.length;
  const deal = Math.min((v.deal ?? 0) + 1, program || Infinity);
  const dealText = program ? t("deal_of", deal, program) : `${t("deal")} ${deal}`;
  document.getElementById("title").textContent = `${gameName(v.game)} · ${v.finished ? t("finished") : dealText}`;
  const turn = myTurn(v);
  document.title = `${turn ? t("your_turn") + " · " : ""}${gameName(v.game)} — ${t("brand")}`;
  showFavicon(turn);
  const guide = document.getElementById("how-to-play");  /* the game's player page, in the page's language */
  guide.href = `/help/${LANG}/${v.game}`;
  guide.textContent = t("guide.how_to_play", gameName(v.game));
}

/* A seat's facts ("12 cards · 0 tricks · Bid: 3"); a narrow seat wraps between them, never
   between a number and its word (the spaces inside one are non-breaking). */
function seatFacts(v, s) {
  const facts = [];
  const nb = "\u00a0";
  if (v.hand_sizes) facts.push(`${v.hand_sizes[s]}${nb}${pluralWord("word.card", v.hand_sizes[s])}`);
  if (v.tricks_won && latest.facts.tricks) facts.push(`${v.tricks_won[s]}${nb}${pluralWord("word.trick", v.tricks_won[s])}`);
  if (v.bids && v.bids[s] !== null && v.bids[s] !== undefined) facts.push(`${t("bid")}:${nb}${bidText(v.bids[s])}`);
  return facts;
}
function bidText(bid) { return bid === "nil" || bid === "double_nil" ? word("action." + bid) : String(bid); }

function renderSeats(v) {
  const n = v.num_seats;
  const box = document.getElementById("seats");
  box.replaceChildren();
  const online = new Set(people ? people.presence.online : []);
  const away = new Set(people ? people.away : []);
  for (let s = 0; s < n; s++) {
    const place = seatPlace(s, baseSeat(), n);
    const human = !seatKind(s).startsWith("bot:");
    const tags = [];
    if (s === mySeat()) tags.push(el("span", { class: "tag you" }, t("you")));
    if (!human) tags.push(el("span", { class: "tag level" }, word("bot." + seatKind(s).slice(4))));
    if (s === v.dealer) tags.push(el("span", { class: "tag dealer", title: t("dealer") }, t("dealer")));
    if (human && away.has(s)) tags.push(el("span", { class: "tag away" }, t("away_bot_plays")));
    else if (human && s !== mySeat()) tags.push(el("span", { class: "tag " + (online.has(s) ? "online" : "offline") }, t(online.has(s) ? "online" : "not_here")));
    const turn = s === v.to_act && !v.finished && (s !== mySeat() || myTurn(v));
    const node = el("div", {
      class: `seat ${place.side}${turn ? " turn" : ""}${s === mySeat() ? " me" : ""}`,
      "data-seat": s, style: `left:${place.x}%;top:${place.y}%`,
      "aria-label": `${playerName(s)}${turn ? ", " + t("to_act") : ""}`,
    },
    el("b", { class: "name" }, playerName(s)),
    el("span", { class: "tags" }, tags),
    el("span", { class: "facts" }, seatFacts(v, s).join(" · ")),
    turn && people && people.turn_seconds ? el("span", { class: "clock", "data-clock": "1" }) : null);
    if (latest.facts.partnership) node.classList.add("side-" + latest.facts.sides.findIndex((side) => side.includes(s)));
    box.append(node);
    drawBubble(s);
  }
  tickClock();
}

function tickClock() {
  const clock = document.querySelector("[data-clock]");
  if (!clock || !people || !people.turn_seconds) return;
  const left = Math.max(0, Math.ceil(people.turn_seconds - (Date.now() - turnStarted) / 1000));
  if (!clock.firstChild) clock.append(iconSvg("clock"), el("span", { class: "left" }));
  clock.querySelector(".left").textContent = String(left);
}

function renderBanner(v) {
  const parts = [];
  if (v.contract) parts.push(el("span", {}, `${t("contract")}: `, el("b", {}, word("contract." + v.contract))));
  if (v.declarer !== undefined && v.declarer !== null) parts.push(el("span", {}, `${t(v.contract ? "chosen_by" : "choosing")}: ${playerName(v.declarer)}`));
  if (v.contract === "positive") parts.push(el("span", {}, `${t("trump")}: `, el("b", {}, v.trump ? suitLabel(v.trump) : t("not_named_yet"))));
  if (v.spades_broken) parts.push(el("span", {}, t("spades_broken")));
  if ("named" in v && v.suit) parts.push(el("span", {}, `${t("suit")}: `, el("b", {}, suitLabel(v.suit))));
  document.getElementById("banner").replaceChildren(...parts);
}

function renderCentre(v) {
  const pile = document.getElementById("pile");
  if (!("top" in v)) { pile.replaceChildren(); return; }
  const stock = el("div", { class: "stock" }, cardElement(null, { class: "card" }),
    el("span", { class: "count" }, `${t("stock")}: ${v.stock_size}`));
  const top = v.top ? cardElement(v.top, { class: "card top" }) : el("div", { class: "card top empty" });
  pile.replaceChildren(stock, el("div", { class: "discards" }, top, el("span", { class: "count" }, `${t("pile")}: ${v.pile_size}`)));
}

/* ----- my part: the prompt, the decisions that are not a card, the hand ----------------------- */
function sortHand(cards) {
  return [...cards].sort((a, b) =>
    SUIT_ORDER.indexOf(cardSuit(a)) - SUIT_ORDER.indexOf(cardSuit(b)) ||
    RANK_ORDER.indexOf(cardRank(a)) - RANK_ORDER.indexOf(cardRank(b)));
}

function renderMine(v) {
  const me = mySeat();
  const mine = myTurn(v);
  document.getElementById("watching").classList.toggle("hidden", me !== null || refused);
  const prompt = document.getElementById("prompt");
  if (refused) return;
  const awaited = people && people.entropy && !v.finished ? people.entropy.pending.filter((s) => s !== me) : [];
  prompt.textContent = v.finished ? t("finished") : mine ? t("your_turn")
    : awaited.length ? t("waiting_for_randomness", awaited.map(playerName).join(", "))
    : v.to_act === null || v.to_act === me ? "" : t("waiting", playerName(v.to_act));
  prompt.classList.toggle("mine", mine);
  if (awayFromSeat() && !v.finished) prompt.textContent = t("bot_plays_for_you");
  const legal = mine ? v.legal_actions || [] : [];
  const cardActions = new Set(legal.filter((a) => CARD_RE.test(a)));
  const triple = legal.filter((a) => /^(discard|give):/.test(a));
  const others = legal.filter((a) => !CARD_RE.test(a) && !/^(discard|give):/.test(a));
  const actions = document.getElementById("actions");
  const focused = document.activeElement;
  const kept = focused && focused.closest("#hand, #actions") ? focused.dataset.card || focused.dataset.action : null;
  actions.replaceChildren();
  const bids = others.filter((a) => /^bid:(\d+|nil)$/.test(a));
  for (const a of others.filter((x) => !bids.includes(x))) actions.append(actionButton(a));
  if (bids.length) {
    actions.append(el("p", { class: "question", id: "bid-question" }, t("bid_question")),
      el("div", { class: "bids", role: "group", "aria-labelledby": "bid-question" }, bids.map((a) => actionButton(a, a === "bid:nil" ? undefined : a.slice(4)))));
    if (bids.includes("bid:nil")) actions.append(el("p", { class: "question help" }, t("nil_help")));
  }
  if (others.includes("bid:double_nil")) actions.append(el("p", { class: "question help" }, t("double_nil_help")));
  if (triple.length) {
    const kind = triple[0].split(":")[0];
    const chosen = sortHand([...selected]);
    const action = triple.find((a) => sortHand(a.split(":")[1].split(",")).join(",") === chosen.join(","));
    actions.append(el("span", { class: "choose" }, t("select_three")), " ",
      el("button", { type: "button", class: "primary", disabled: !action, onclick: () => action && act(action) }, word("action." + kind)));
  }
  renderExchange(v);
  const hand = document.getElementById("hand");
  const cards = [];
  const pickable = new Set(triple.flatMap((a) => a.split(":")[1].split(",")));
  for (const code of sortHand(v.hand || [])) {
    const playable = cardActions.has(code);
    const picking = pickable.has(code);
    const node = el("button", {
      type: "button", class: "card" + (playable || picking ? " legal" : "") + (acting === code && actedAt === latest.version ? " leaving" : "") + (selected.has(code) ? " selected" : "") + (v.drawn === code ? " drawn" : "") + (hint && hint.action === code ? " hinted" : ""),
      "data-card": code, "aria-label": cardName(code) + (v.drawn === code ? `, ${t("drawn")}` : ""),
      disabled: !(playable || picking), "aria-pressed": picking ? String(selected.has(code)) : null,
    }, cardFaceSvg(code));
    if (playable) node.addEventListener("click", () => { leavingRect = node.getBoundingClientRect(); node.classList.add("leaving"); act(code); });
    else if (picking) node.addEventListener("click", () => {
      if (selected.has(code)) selected.delete(code); else if (selected.size < 3) selected.add(code);
      renderMine(latest.view);
      document.querySelector(`#hand [data-card="${code}"]`)?.focus();
    });
    cards.push(node);
  }
  const unseen = me !== null && !(v.hand || []).length && v.hand_sizes ? v.hand_sizes[me] : 0;
  for (let i = 0; i < unseen; i++) cards.push(cardElement(null, { class: "card back" }));  // not looked at yet
  layHand(hand, cards);
  focusMine(mine, kept);
}
/* Keyboard focus: on the card or button it was on before the hand was drawn again (an arrow
   key's move is kept), else on the first legal card (or decision) each time the turn comes,
   unless a dialog is open or the speed is being chosen. */
function focusMine(mine, kept) {
  if (!mine) return;
  const enabled = "button:not([disabled])";
  const again = kept && document.querySelector(`#hand ${enabled}[data-card="${kept}"], #actions ${enabled}[data-action="${kept}"]`);
  if (again) { again.focus({ preventScroll: true }); focusMine.turn = latest.version; return; }
  if (focusMine.turn === latest.version || dialogOpen() || document.activeElement?.tagName === "SELECT") return;  // not out of a list being chosen from
  const target = document.querySelector(`#hand ${enabled}`) || document.querySelector(`#actions ${enabled}`);
  if (target) { target.focus({ preventScroll: true }); focusMine.turn = latest.version; }
}
function dialogOpen() { return [...document.querySelectorAll(".overlay")].some((o) => !o.classList.contains("hidden")); }

/* The hand in one row, or two when one row would leave less than a finger's width of each
   overlapped card to tap (a phone with a full hand). */
const TAP_PX = 44;
function layHand(hand, cards) {
  const row = (part) => el("div", { class: "hand-row", style: `--cards:${Math.max(part.length, 1)}` }, part);
  hand.replaceChildren(row(cards));
  const width = hand.clientWidth - 8, cardWidth = cards[0]?.offsetWidth || 0;
  if (cards.length < 3 || !cardWidth || (width - cardWidth) / (cards.length - 1) >= TAP_PX) return;
  const half = Math.ceil(cards.length / 2);
  hand.replaceChildren(row(cards.slice(0, half)), row(cards.slice(half)));
}

function actionButton(action, text) {
  return el("button", { type: "button", "data-action": action, class: hint && hint.action === action ? "hinted" : "", onclick: () => act(action) }, text ?? actionLabel(action));
}

/* Spades: the cards given and received in the nil exchange. */
function renderExchange(v) {
  const box = document.getElementById("hint-line");
  if (hint && hint.version === latest.version) return;
  box.classList.add("hidden");
  if (!v.sent || (!v.sent.length && !(v.received || []).length)) return;
  box.replaceChildren(
    v.sent.length ? el("span", {}, `${t("you_gave")}: `, miniCards(v.sent)) : "",
    (v.received || []).length ? el("span", {}, ` ${t("you_received")}: `, miniCards(v.received)) : "");
  box.classList.remove("hidden");
}
function miniCards(cards) { return el("span", { class: "mini" }, cards.map((c) => cardElement(c, { class: "card mini" }))); }

/* ----- hints and talk ---------------------------------------------------------------------- */
function showHint(message) {
  if (!latest || message.version !== latest.version) return;
  hint = message;
  renderMine(latest.view);
  const box = document.getElementById("hint-line");
  const said = CARD_RE.test(message.action) ? cardName(message.action) : actionLabel(message.action);
  box.replaceChildren(el("b", {}, t("hint_says", said)), message.reason ? el("span", {}, " — " + words().phrase(message.reason)) : "");
  box.classList.remove("hidden");
}

function showChat(message) {
  logLines.push({ chat: true, seat: message.seat, text: message.phrase });
  if (logLines.length > 60) logLines.shift();
  renderLog();
  showBubble(message.seat, "bubble", () => [chatWords(message.phrase)]);
}

function showDeclaration(e) {
  showBubble(e.seat, "bubble declared", () => [words().phrase(e.params.declarations), miniCards(e.declarations.flatMap((d) => d.cards))]);
}
/* A seat's speech bubble for a while, worded by ``say`` (again when the seats are drawn, so
   in the language of the moment); a seat's newer bubble takes the place of the older. */
const bubbles = new Map();  // seat -> {say, cls, timer}
function showBubble(seat, cls, say) {
  clearTimeout(bubbles.get(seat)?.timer);
  const timer = setTimeout(() => { bubbles.delete(seat); board.seatBox(seat)?.querySelector(".bubble")?.remove(); }, CHAT_MS);
  bubbles.set(seat, { say, cls, timer });
  drawBubble(seat);
}
function drawBubble(seat) {
  const box = board.seatBox(seat), said = bubbles.get(seat);
  if (!box || !said) return;
  box.querySelector(".bubble")?.remove();
  box.append(el("span", { class: said.cls, role: "status" }, said.say()));
}
/* Every string on the screen in the language just chosen. */
function reword() {
  setStatus(statusKey);
  renderPhrases();
  render();
  if (latest && myTurn(latest.view)) announce(t("your_turn"));
  if (hint && latest && hint.version === latest.version) showHint(hint);
  if (!document.getElementById("overlay").classList.contains("hidden") && openOverlay.draw) openOverlay(openOverlay.draw);
  if (!document.getElementById("summary").classList.contains("hidden") && openSummary.last) openSummary(...openSummary.last);
  const box = document.getElementById("toast");
  if (box.say) box.textContent = box.say();
  fetchSheet();
}

function renderPhrases() {
  const box = document.getElementById("phrases");
  box.replaceChildren(...PHRASES.map((p) => el("button", { type: "button", "data-phrase": p, onclick: () => send({ type: "chat", phrase: p }) }, chatWords(p))));
}
/* A phrase of table talk: its words, or its face drawn (the emoji phrases). */
function chatWords(phrase) { return phrase in ICONS ? iconSvg(phrase, t("emoji." + phrase)) : word("chat." + phrase); }

/* ----- the scoreboard of each game ------------------------------------------------------------ */
function table(heads, rows, caption) {
  return el("table", { class: "score" }, caption ? el("caption", {}, caption) : null,
    el("thead", {}, el("tr", {}, heads.map((h, i) => el("th", { class: i ? "num" : "", scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", { class: r.mine ? "mine" : "" }, r.cells.map((c, i) => i ? el("td", { class: "num" }, c) : el("th", { scope: "row" }, c))))));
}
function seatRows(v, cells) {
  return [...Array(v.num_seats).keys()].map((s) => ({ mine: s === mySeat(), cells: [playerName(s), ...cells(s)] }));
}
function sideRows(v, cells) {
  return latest.facts.sides.map((side, i) => ({ mine: side.includes(mySeat()), cells: [sideName(i), ...cells(i, side)] }));
}

const BOARDS = {
  king(v) {
    const parts = [];
    const program = latest.facts.program;
    if (program.length) {
      parts.push(el("ol", { class: "program", "aria-label": t("program") }, program.map((c, i) =>
        el("li", { class: i < v.deal ? "done" : i === v.deal && !v.finished ? "now" : "", title: word("contract." + c), "aria-current": i === v.deal ? "step" : null }, word("contract_short." + c)))));
    }
    parts.push(table([t("player"), t("col_tricks"), t("col_total")], seatRows(v, (s) => [v.tricks_won[s], v.totals[s]])));
    return parts;
  },
  spades(v) {
    const nil = (s) => {
      const bid = v.bids[s];
      if (bid !== "nil" && bid !== "double_nil") return "";
      return v.tricks_won[s] ? " ✗" : "";  // kept so far is not yet made
    };
    const bidCell = (s) => v.bids[s] === null ? "—" : bidText(v.bids[s]) + nil(s);
    return [
      table([t("player"), t("bid"), t("col_tricks")], seatRows(v, (s) => [bidCell(s), v.tricks_won[s]])),
      table([t("side"), t("bid"), t("col_tricks"), t("bags"), t("col_total")], sideRows(v, (i, side) => {
        const numbers = side.map((s) => Number(v.bids[s]) || 0);
        const took = side.reduce((sum, s) => sum + v.tricks_won[s], 0);
        return [side.some((s) => v.bids[s] === null) ? "—" : numbers.reduce((a, b) => a + b, 0), took, v.bags[i], v.totals[i]];
      })),
    ];
  },
  hundred_one(v) {
    const bar = (total) => el("span", { class: "meter", role: "meter", "aria-valuemin": "0", "aria-valuemax": "101", "aria-valuenow": String(total), "aria-label": `${total} / 101` },
      el("span", { style: `width:${Math.min(100, Math.max(0, (100 * total) / 101))}%` }));
    return [
      el("p", {}, `${t("stock")}: ${v.stock_size} · ${t("pile")}: ${v.pile_size}` + (v.suit ? ` · ${t("suit")}: ${suitLabel(v.suit)}` : "")),
      table([t("player"), t("col_cards"), t("col_total")], seatRows(v, (s) => [v.hand_sizes[s], el("span", {}, bar(v.totals[s]), ` ${v.totals[s]}`)])),
      el("p", { class: "note" }, t("hundred_one_note")),
    ];
  },
  tressette(v) {
    const won = (i) => v.games.filter((g) => g.winner === i).length;
    const parts = [
      el("p", {}, t("games_in_group", Math.min(v.games.length + 1, 3))),
      table([t("side"), t("points_to_21"), t("games_won"), t("games_value")], sideRows(v, (i) => [v.points[i], won(i), v.totals[i]])),
    ];
    const said = v.declarations.flat();
    if (said.length) {
      parts.push(el("h3", {}, t("declarations")), el("ul", { class: "declarations" }, said.map((d) =>
        el("li", {}, `${playerName(d.seat)} +${d.points} `, miniCards(d.cards)))));
    }
    return parts;
  },
};

function renderBoard(v) {
  const body = document.getElementById("board-body");
  const draw = BOARDS[v.game];
  const parts = draw ? draw(v) : [table([t("player"), t("col_total")], seatRows(v, (s) => [v.totals[s]]))];
  if (renderBoard.sections) parts.push(...renderBoard.sections.filter((section) => section.rows.length).map(boardSection));  // no empty table
  const hash = people && people.commitment;
  const mixed = people && people.entropy && people.entropy.given.includes(mySeat()) ? ` · ${t("randomness_mixed")}` : "";
  if (hash) parts.push(el("p", { class: "note fair", title: hash }, `${t("fair_deal")}: SHA-256 ${hash.slice(0, 12)}…${mixed}`));
  body.replaceChildren(...parts);
}

/* The score sheet's extra sections (King's order table) come with the sheet. */
async function fetchSheet() {
  const answer = await fetch(`/api/tables/${TABLE_ID}/sheet?lang=${LANG}`);
  if (!answer.ok) return null;
  const sheet = await answer.json();
  renderBoard.sections = sheet.sheet.sections.slice(1);
  if (latest) renderBoard(latest.view);
  return sheet;
}
function isWho(c) { return c !== null && typeof c === "object" && ("side" in c || "seat" in c); }
function sheetSection(section) {
  const w = words();
  const cell = (c) => (c === null || c === undefined ? "" : isWho(c) ? capital(w.text(c)) : w.text(c));  // a name starts with a capital
  return el("table", { class: "score sheet-section" }, el("caption", {}, w.phrase(section.title)),
    el("thead", {}, el("tr", {}, section.columns.map((c) => el("th", { class: c.numeric ? "num" : "", scope: "col" }, cell(c.head))))),
    el("tbody", {}, section.rows.map((row) => el("tr", {}, row.map((c, i) => el("td", { class: section.columns[i] && section.columns[i].numeric ? "num" : "" }, cell(c)))))),
    section.footer ? el("tfoot", {}, el("tr", {}, section.footer.map((c, i) => el("td", { class: section.columns[i] && section.columns[i].numeric ? "num" : "" }, cell(c))))) : null);
}

/* A section whose rows are the players (King's order table, Tressette's standing) turned to a
   column per player, so that it fits the scoreboard's width whole. */
function boardSection(section) {
  if (section.footer || !section.rows.length || !section.rows.every((row) => isWho(row[0]))) return sheetSection(section);
  const w = words();
  const cell = (c) => (c === null || c === undefined ? "" : isWho(c) ? capital(w.text(c)) : w.text(c));
  const mine = (row) => row[0].seat === mySeat() || ("side" in row[0] && latest.facts.sides[row[0].side]?.includes(mySeat()));
  return el("table", { class: "score sheet-section across" }, el("caption", {}, w.phrase(section.title)),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, cell(section.columns[0].head)),
      section.rows.map((row) => el("th", { class: "num" + (mine(row) ? " mine" : ""), scope: "col" }, cell(row[0]))))),
    el("tbody", {}, section.columns.slice(1).map((column, i) => el("tr", {}, el("th", { scope: "row" }, cell(column.head)),
      section.rows.map((row) => el("td", { class: "num" + (mine(row) ? " mine" : "") }, cell(row[i + 1])))))));
}

/* ----- between deals and at the end ------------------------------------------------------------ */
/* A deal's summary (``e``: its deal_scored event) or, with ``final``, the game's end with the
   last deal's breakdown above it. */
async function openSummary(e, final, message) {
  openSummary.last = [e, final, message];
  const view = (message || latest).view;
  const box = document.getElementById("summary-body");
  const w = words();
  const parts = [];
  if (final) {
    const over = logLines.findLast((l) => l.key === "event.game_over");  // "Game over — …": the title itself
    parts.push(el("h2", { id: "summary-title" }, over ? w.sentence(over) : t("game_over_title")));
    summaryShown = null;
  } else summaryShown = e.deal;
  if (e) parts.push(el(final ? "h3" : "h2", final ? {} : { id: "summary-title" }, t("deal_summary", e.deal + 1)));
  parts.push(summaryTable(e, view));
  const details = el("div", { class: "details" });
  parts.push(details, summaryButtons(final),
    el("div", { id: "verify-result", "aria-live": "polite" }), el("div", { id: "analysis-result", "aria-live": "polite" }), el("p", { id: "summary-waiting", class: "note" }));
  box.replaceChildren(...parts);
  document.getElementById("summary").classList.remove("hidden");
  summaryWaited = false;
  renderSummaryWaiting();
  box.querySelector("button.primary")?.focus();
  const sheet = await fetchSheet();
  if (sheet && e) {
    const first = sheet.sheet.sections[0];
    if (first && first.rows.length > e.deal) details.append(sheetSection({ ...first, rows: [first.rows[e.deal]], footer: null }));
  }
}
/* Each player's or side's tricks and points of the deal (when ``e``), and where they stand:
   Tressette's points toward 21 in the game in progress (without the next deal's declarations,
   already made) beside the value of the games won. */
function summaryTable(e, view) {
  const facts = latest.facts;
  const tricks = e && facts.tricks, toward = "points" in view, left = e && e.hands_left;
  const heads = [facts.partnership ? t("side") : t("player"), ...(tricks ? [t("col_tricks")] : []), ...(left ? [t("cards_left")] : []),
    ...(e ? [t("this_deal")] : []), ...(toward ? [t("points_to_21"), t("games_value")] : [t("col_total")])];
  const cells = (i, seats) => [...(tricks ? [seats.reduce((a, s) => a + (dealTricks[s] || 0), 0)] : []),
    ...(left ? [left[i].length ? miniCards(sortHand(left[i])) : "—"] : []),
    ...(e ? [numberText(e.scores[i], true)] : []), ...(toward ? [view.points[i] - (view.deal_points?.[i] || 0)] : []), view.totals[i]];
  const rows = facts.partnership
    ? facts.sides.map((side, i) => ({ mine: side.includes(mySeat()), cells: [sideName(i), ...cells(i, side)] }))
    : seatRows(view, (s) => cells(s, [s]));
  return table(heads, rows);
}
function summaryButtons(final) {
  const buttons = el("p", { class: "buttons" });
  if (final) {
    buttons.append(el("a", { class: "button", href: `/api/tables/${TABLE_ID}/record` }, t("download_record")));
    buttons.append(el("button", { type: "button", id: "verify", onclick: verifyDeal }, t("verify")));
    if (mySeat() !== null) buttons.append(el("button", { type: "button", id: "analysis", onclick: showAnalysis }, t("analysis")));
    if (TOKEN) buttons.append(el("button", { type: "button", id: "rematch", onclick: rematch }, t("rematch")));
    buttons.append(el("a", { class: "button", href: "/" }, t("to_lobby")));
    buttons.append(el("button", { type: "button", class: "primary", onclick: closeSummary }, t("close")));
  } else if (mySeat() !== null) {
    buttons.append(el("button", { type: "button", id: "next-deal", class: "primary", onclick: nextDeal }, t("next_deal")));
  } else {
    buttons.append(el("button", { type: "button", class: "primary", onclick: closeSummary }, t("close")));
  }
  return buttons;
}
/* Who the next deal waits for; the summary closes when it no longer waits for this seat (the
   player was ready, or the pause is over and the next deal is on). A rematch another player
   started is offered on the game-over sheet itself. */
function renderSummaryWaiting() {
  const line = document.getElementById("summary-waiting");
  if (!line || !people) return;
  const me = mySeat();
  const waiting = people.waiting_for.filter((s) => s !== me);
  line.textContent = waiting.length ? t("waiting_for_players", waiting.map(playerName).join(", ")) : "";
  offerRematch();
  if (summaryShown === null || me === null || latest.view.finished) return;
  if (people.waiting_for.includes(me)) summaryWaited = true;
  else if (summaryWaited) closeSummary();
}
function offerRematch() {
  const mine = document.getElementById("rematch");
  if (!mine || !people.rematch || people.rematch === TABLE_ID || document.getElementById("summary-join-rematch")) return;
  mine.replaceWith(el("button", { type: "button", id: "summary-join-rematch", class: "primary", onclick: joinRematch }, t("join_rematch")));
}
function nextDeal() {
  send({ type: "next_deal" });
  closeSummary();
}
function closeSummary() {
  document.getElementById("summary").classList.add("hidden");
  summaryShown = null;
  document.querySelector("#hand button:not([disabled])")?.focus();
}
async function rematch() {
  const answer = await fetch(`/api/tables/${TABLE_ID}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: TOKEN }) });
  const body = await answer.json();
  if (!answer.ok) { toast(() => body.detail || String(answer.status)); return; }
  location.href = `/t/${body.table_id}?token=${encodeURIComponent(body.token)}`;
}

/* ----- tools, people, log ----------------------------------------------------------------------- */
function renderTools(v) {
  const mine = myTurn(v);
  document.getElementById("hint").classList.toggle("hidden", !(people && people.hints && mine));
  const record = document.getElementById("record");
  record.href = `/api/tables/${TABLE_ID}/record`;
  record.classList.toggle("hidden", !v.finished);
  document.getElementById("show-last").classList.toggle("hidden", !latest.facts.tricks);
  document.getElementById("talk").classList.toggle("hidden", mySeat() === null);
  renderLeave(v);
}

/* ----- leaving the table; a seat a bot plays while its person is away ---------------------- */
function awayFromSeat() { return Boolean(people && mySeat() !== null && people.away.includes(mySeat())); }
function renderLeave(v) {
  const can = Boolean(TOKEN) && mySeat() !== null && !v.finished;
  document.getElementById("leave").classList.toggle("hidden", !can);
  if (!can) document.getElementById("leave-confirm").classList.add("hidden");
  if (!awayFromSeat()) comeBack.sent = false;
}
function askLeave() {
  document.getElementById("leave-confirm").classList.remove("hidden");
  document.getElementById("leave-no").focus();
}
function stay() {
  document.getElementById("leave-confirm").classList.add("hidden");
  document.getElementById("leave").focus();
}
/* The seat goes to the normal bot at once, and this browser forgets the table. */
async function leaveTable() {
  let answer = null;
  try {
    answer = await fetch(`/api/tables/${TABLE_ID}/leave`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: TOKEN }) });
  } catch { /* no connection: said below */ }
  if (!answer || !answer.ok) { toast(t("leave_failed")); return; }
  let list = [];
  try { list = JSON.parse(localStorage.getItem("koloda.tables") || "[]"); } catch { list = []; }
  if (Array.isArray(list)) localStorage.setItem("koloda.tables", JSON.stringify(list.filter((x) => !(x && x.id === TABLE_ID && x.token === TOKEN))));
  location.href = "/";
}
/* Any click or key of a person a bot plays for brings him back to his seat. */
function comeBack() { if (awayFromSeat() && !comeBack.sent) comeBack.sent = send({ type: "back" }); }

function renderPeople() {
  if (!people || !latest) return;
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
async function joinRematch() {
  const answer = await fetch(`/api/tables/${people.rematch}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seat: mySeat(), previous_token: TOKEN }) });  // the rematch keeps each seat
  const body = await answer.json();
  if (!answer.ok) { toast(() => body.detail || String(answer.status)); return; }
  location.href = `/t/${body.table_id}?token=${encodeURIComponent(body.token)}`;
}

function logEvent(e) {
  if (!e.key) return;
  logLines.push({ key: e.key, params: e.params || {} });  // worded when drawn, in the page's language
  if (logLines.length > 60) logLines.shift();
}
function renderLog() {
  const log = document.getElementById("log");
  const w = words();
  log.replaceChildren(...logLines.slice(-30).map((line) => line.chat
    ? el("li", { class: "chat" }, `${playerName(line.seat)}: `, chatWords(line.text))
    : el("li", {}, w.sentence(line))));
  log.classList.toggle("hidden", !logLines.length);  // no empty box before the first event
  log.scrollTop = log.scrollHeight;
}

/* ----- overlays ------------------------------------------------------------------------------- */
/* A dialog drawn by ``draw`` (drawn again when the language changes). */
function openOverlay(draw) {
  openOverlay.draw = draw;
  document.getElementById("overlay-body").replaceChildren(...draw());
  document.getElementById("overlay").classList.remove("hidden");
  document.getElementById("close").focus();
}
function closeOverlay() { document.getElementById("overlay").classList.add("hidden"); }
function showLastTrick() {
  if (!lastTrick) { openOverlay(() => [el("p", {}, t("no_last_trick"))]); return; }
  const trick = lastTrick;
  openOverlay(() => [el("h2", {}, t("last_trick")),
    el("div", { class: "last-trick" }, trick.plays.map((p) => el("figure", { class: p.seat === trick.winner ? "winner" : "" },
      cardElement(p.card), el("figcaption", {}, playerName(p.seat))))),
    el("p", {}, words().sentence({ key: "event.trick_taken", params: { seat: { seat: trick.winner } } }))]);
}
async function showSheet() {
  const sheet = await fetchSheet();
  if (!sheet) return;
  openOverlay(() => {
    const parts = [el("h2", {}, words().phrase(sheet.sheet.title)), ...sheet.sheet.sections.map(sheetSection)];
    if (sheet.finished) parts.push(el("a", { class: "button", href: `/api/tables/${TABLE_ID}/record` }, t("download_record")));
    return [el("div", { class: "sheet-body", id: "sheet-body" }, parts)];
  });
}

/* ----- sound ----------------------------------------------------------------------------------- */
let audio = null;
function soundOn() { return localStorage.getItem("koloda.sound") !== "0"; }
function tone(freq, ms, volume) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state !== "running") return;  // sound starts after the player's first click
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(volume, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch { /* no sound on this machine */ }
}
function click() { tone(520, 60, 0.04); }
function chime() { tone(880, 220, 0.06); }

/* ----- wiring ---------------------------------------------------------------------------------- */
function pressed(id, on) { document.getElementById(id).setAttribute("aria-pressed", String(on)); }
document.getElementById("show-last").addEventListener("click", showLastTrick);
document.getElementById("show-sheet").addEventListener("click", showSheet);
document.getElementById("hint").addEventListener("click", () => send({ type: "hint" }));
document.getElementById("leave").addEventListener("click", askLeave);
document.getElementById("leave-yes").addEventListener("click", leaveTable);
document.getElementById("leave-no").addEventListener("click", stay);
document.addEventListener("pointerdown", comeBack, true);
document.addEventListener("keydown", comeBack, true);
document.getElementById("sound").addEventListener("click", () => {
  localStorage.setItem("koloda.sound", soundOn() ? "0" : "1");
  pressed("sound", soundOn());
});
document.getElementById("four-colours").addEventListener("click", () => {
  localStorage.setItem("koloda.four_colours", fourColourDeck() ? "0" : "1");
  pressed("four-colours", fourColourDeck());
  render();
});
document.getElementById("close").addEventListener("click", closeOverlay);
/* Arrow keys move along the playable cards of the hand (Tab reaches them too). */
document.getElementById("hand").addEventListener("keydown", (e) => {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const cards = [...document.querySelectorAll("#hand button.card:not([disabled])")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0 || !cards.length) return;
  const next = cards[(at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  e.preventDefault();
});
document.getElementById("overlay").addEventListener("click", (e) => { if (e.target.id === "overlay") closeOverlay(); });
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  if (!document.getElementById("overlay").classList.contains("hidden")) closeOverlay();
  else if (!document.getElementById("summary").classList.contains("hidden")) {
    if (summaryShown !== null && mySeat() !== null) nextDeal(); else closeSummary();
  }
});
document.addEventListener("click", () => { if (audio && audio.state === "suspended") audio.resume(); else if (!audio && soundOn()) { try { audio = new AudioContext(); } catch { /* none */ } } });
document.addEventListener("koloda:lang", reword);
pressed("sound", soundOn());
pressed("four-colours", fourColourDeck());
const speed = document.getElementById("speed");
speed.value = localStorage.getItem("koloda.speed") || "normal";
speed.addEventListener("change", () => localStorage.setItem("koloda.speed", speed.value));
renderPhrases();
setInterval(tickClock, 1000);
connect();
