/* The table: one WebSocket, every render from the latest view the server sent. */
"use strict";
const TABLE_ID = document.getElementById("table").dataset.table;
const TOKEN = new URLSearchParams(location.search).get("token");
const CARD_RE = /^(10|[2-9JQKA])[SHDC]$/;
const SUIT_ORDER = "SHCD";
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
let socket = null;
let latest = null;
let selected = new Set();
let retry = 0;
const logLines = [];

function seatName(seat) {
  if (seat === null || seat === undefined) return "—";
  const kinds = latest ? latest.view.seat_kinds : [];
  const kind = kinds[seat] || "human";
  const base = `${t("seat")} ${seat + 1}`;
  if (latest && latest.seat === seat) return `${base} (${t("you")})`;
  return kind.startsWith("bot:") ? `${base} (${t("bot")} ${kind.slice(4)})` : base;
}

function sortHand(cards) {
  return [...cards].sort((a, b) =>
    SUIT_ORDER.indexOf(cardSuit(a)) - SUIT_ORDER.indexOf(cardSuit(b)) ||
    RANK_ORDER.indexOf(cardRank(a)) - RANK_ORDER.indexOf(cardRank(b)));
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !latest) return;
  socket.send(JSON.stringify({ type: "act", action, version: latest.version }));
}

function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.add("hidden"), 4000);
}

let statusKey = "connecting";
function setStatus(key) { statusKey = key; document.getElementById("status").textContent = t(key); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${TABLE_ID}${query}`);
  setStatus("connecting");
  socket.onopen = () => { retry = 0; setStatus("online"); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") { toast(message.message); return; }
    if (message.type !== "view") return;
    if (latest && message.version > latest.version + 1) {
      socket.send(JSON.stringify({ type: "sync" }));  // a gap: ask for the whole view again
    }
    if (latest && message.version < latest.version) return;
    const dealsBefore = latest ? latest.view.deals_scored : 0;
    latest = message;
    for (const e of message.events || []) logEvent(e);
    if (message.version !== (render.version ?? -1)) selected = new Set();
    render();
    if (message.view.deals_scored !== dealsBefore && !document.getElementById("overlay").classList.contains("hidden")) showSheet();
    if (message.view.finished && !render.shownFinal) { render.shownFinal = true; showSheet(); }
  };
  socket.onclose = () => {
    setStatus("offline");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * retry);
  };
}

function logEvent(e) {
  if (!e.key) return;
  logLines.push({ key: e.key, params: e.params || {} });  // worded at render time, in the current language
  if (logLines.length > 40) logLines.shift();
}

/* The players' names in sentences: the reader himself is spoken to as "you". */
function speakerForTable() {
  const n = latest ? latest.view.num_seats : 0;
  const names = [...Array(n).keys()].map((s) => {
    const kind = (latest.view.seat_kinds || [])[s] || "human";
    const base = `${t("seat")} ${s + 1}`;
    return kind.startsWith("bot:") ? `${base} (${t("bot")} ${kind.slice(4)})` : base;
  });
  return speaker(names, latest ? latest.seat : null);
}

function render() {
  if (!latest) return;
  render.version = latest.version;
  const v = latest.view;
  const n = v.num_seats;
  document.getElementById("title").textContent = `${gameName(v.game)} · ${t("deal")} ${(v.deal ?? 0) + 1}`;
  // players
  const players = document.getElementById("players");
  players.replaceChildren();
  for (let s = 0; s < n; s++) {
    const facts = [];
    if (v.hand_sizes) facts.push(`${v.hand_sizes[s]} ${pluralWord("word.card", v.hand_sizes[s])}`);
    if (v.tricks_won) facts.push(`${v.tricks_won[s]} ${pluralWord("word.trick", v.tricks_won[s])}`);
    if (v.totals && v.totals.length === n) facts.push(`${t("total")} ${v.totals[s]}`);
    if (v.bids && v.bids[s] !== null && v.bids[s] !== undefined) facts.push(`${t("bid")} ${v.bids[s]}`);
    const cls = ["player", s === latest.seat ? "me" : "", s === v.to_act ? "turn" : ""].join(" ");
    players.append(el("div", { class: cls, "data-seat": s },
      el("b", {}, seatName(s) + (s === v.dealer ? ` · ${t("dealer")}` : "")), facts.join(" · ")));
  }
  // facts of the deal
  const info = [];
  if (v.contract) info.push(`${t("contract")}: ${word("contract." + v.contract)}`);
  if (v.trump) info.push(`${t("trump")}: ${suitLabel(v.trump)}${v.by_last ? ` (${t("by_last")})` : ""}`);
  if (v.suit) info.push(`${t("suit")}: ${suitLabel(v.suit)}`);
  if (v.stock_size !== undefined) info.push(`${t("stock")}: ${v.stock_size}, ${t("pile")}: ${v.pile_size}`);
  if (v.totals && v.totals.length !== n) info.push(`${t("total")}: ${v.totals.join(" : ")}`);
  document.getElementById("info").textContent = info.join(" · ");
  // the middle of the table
  const trick = document.getElementById("trick");
  trick.replaceChildren();
  if (v.trick) {
    for (const p of v.trick) trick.append(el("div", { class: "played" }, cardNode(p.card), seatName(p.seat)));
  }
  if (v.top) trick.append(el("div", { class: "played" }, cardNode(v.top), t("top")));
  // whose turn
  const mine = latest.seat !== null && v.to_act === latest.seat;
  const prompt = document.getElementById("prompt");
  prompt.textContent = v.finished ? t("finished") : mine ? t("your_turn") : t("waiting", seatName(v.to_act));
  // decisions that are not a single card: buttons
  const legal = v.legal_actions || [];
  const cardActions = new Set(legal.filter((a) => CARD_RE.test(a)));
  const triple = legal.filter((a) => /^(discard|give):/.test(a));
  const others = legal.filter((a) => !CARD_RE.test(a) && !/^(discard|give):/.test(a));
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  for (const a of others) actions.append(el("button", { type: "button", "data-action": a, onclick: () => send(a) }, actionLabel(a)));
  if (triple.length) {
    const kind = triple[0].split(":")[0];
    const chosen = sortHand([...selected]);
    const action = triple.find((a) => sortHand(a.split(":")[1].split(",")).join(",") === chosen.join(","));
    actions.append(el("span", {}, t("select_three")), " ",
      el("button", { type: "button", class: "primary", disabled: !action, onclick: () => action && send(action) }, word("action." + kind)));
  }
  // the hand
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  const pickable = new Set(triple.flatMap((a) => a.split(":")[1].split(",")));
  for (const code of sortHand(v.hand || [])) {
    const node = cardNode(code);
    if (cardActions.has(code)) {
      node.classList.add("legal");
      node.setAttribute("role", "button");
      node.addEventListener("click", () => send(code));
    } else if (pickable.has(code)) {
      node.classList.add("legal");
      if (selected.has(code)) node.classList.add("selected");
      node.addEventListener("click", () => {
        if (selected.has(code)) selected.delete(code); else if (selected.size < 3) selected.add(code);
        render();
      });
    }
    hand.append(node);
  }
  // tools and log
  const record = document.getElementById("record");
  record.href = `/api/tables/${TABLE_ID}/record`;
  record.classList.toggle("hidden", !v.finished);
  document.getElementById("show-last").classList.toggle("hidden", !("trick" in v) && !v.last_trick);
  const log = document.getElementById("log");
  const words = speakerForTable();
  log.replaceChildren(...logLines.slice(-8).map((p) => el("li", {}, words.sentence(p))));
  log.scrollTop = log.scrollHeight;
}

function openOverlay(...children) {
  document.getElementById("overlay-body").replaceChildren(...children);
  document.getElementById("overlay").classList.remove("hidden");
}

function showLastTrick() {
  const last = latest && latest.view.last_trick;
  if (!last) { openOverlay(el("p", {}, t("no_last_trick"))); return; }
  openOverlay(el("h3", {}, t("last_trick")),
    el("div", { class: "trick" }, last.plays.map((p) => el("div", { class: "played" + (p.seat === last.winner ? " winner" : "") }, cardNode(p.card),
      el("span", { style: "color:#222" }, seatName(p.seat))))),
    el("p", {}, `${seatName(last.winner)} ${t("took")}`));
}

async function showSheet() {
  const sheet = await fetch(`/api/tables/${TABLE_ID}/sheet?lang=${LANG}`).then((r) => r.json());
  const body = el("div", { class: "sheet-body" });
  body.innerHTML = sheet.html;  // escaped by the server: text only
  const parts = [body];
  if (sheet.finished) parts.push(el("a", { class: "button", href: `/api/tables/${TABLE_ID}/record` }, t("download_record")));
  openOverlay(...parts);
}

document.getElementById("show-last").addEventListener("click", showLastTrick);
document.getElementById("show-sheet").addEventListener("click", showSheet);
document.getElementById("close").addEventListener("click", () => document.getElementById("overlay").classList.add("hidden"));
document.getElementById("overlay").addEventListener("click", (e) => { if (e.target.id === "overlay") e.target.classList.add("hidden"); });
document.addEventListener("koloda:lang", () => {
  setStatus(statusKey);  // the connection's status in the new language
  render();
  const open = !document.getElementById("overlay").classList.contains("hidden");
  if (open && document.querySelector("#overlay-body .sheet-body")) showSheet();  // the sheet in the new language
});
connect();
