/* The lobby: choose a game, its options and seats; create the table; show the invitations. */
"use strict";
let GAMES = [];
let BOTS = [];
let seatCount = 4;

function currentGame() { return GAMES.find((g) => g.game === document.getElementById("game").value); }

function optionHelp(option) {
  return LANG === "ru" && OPTION_HELP_RU[option.name] ? OPTION_HELP_RU[option.name] : option.help.replace(/``/g, "");
}

function renderOptions() {
  const game = currentGame();
  document.getElementById("game-help").textContent = t("help." + game.game);
  const box = document.getElementById("options");
  const kept = readOptions(true);
  box.replaceChildren();
  for (const o of game.options) {
    let input;
    const id = "opt-" + o.name;
    const value = kept[o.name] !== undefined ? kept[o.name] : o.default;
    if (o.type === "choice") {
      input = el("select", { id, name: o.name }, o.choices.map((c) => el("option", { value: c, selected: c === value }, c)));
    } else if (o.type === "bool") {
      input = el("input", { id, name: o.name, type: "checkbox", checked: !!value });
    } else if (o.type === "int") {
      input = el("input", { id, name: o.name, type: "number", value, style: "width:6rem" });
    } else {
      input = el("input", { id, name: o.name, type: "text", value: Array.isArray(value) ? value.join(",") : value, size: 40 });
    }
    input.dataset.kind = o.type;
    input.addEventListener("change", checkOptions);
    box.append(el("label", { class: "row", for: id }, el("span", {}, o.name.replace(/_/g, " ")), input), el("p", { class: "help" }, optionHelp(o)));
  }
}

function readOptions(keepAll = false) {
  const game = currentGame();
  const out = {};
  if (!game) return out;
  for (const o of game.options) {
    const input = document.getElementById("opt-" + o.name);
    if (!input) continue;
    let value;
    if (o.type === "bool") value = input.checked;
    else if (o.type === "int") value = parseInt(input.value, 10);
    else if (o.type === "list") value = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    else value = input.value;
    if (keepAll || JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

async function checkOptions() {
  const problem = document.getElementById("problem");
  const response = await fetch("/api/check", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: currentGame().game, options: readOptions() }),
  });
  const body = await response.json();
  if (!response.ok) { problem.textContent = body.detail; document.getElementById("start").disabled = true; return; }
  problem.textContent = "";
  document.getElementById("start").disabled = false;
  if (body.num_seats !== seatCount) { seatCount = body.num_seats; renderSeats(); }
}

function botLabel(name) { return `${t("bot")}: ${name}`; }

function renderSeats() {
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const preferred = ["normal", "heuristic", "easy", "random"].find((b) => BOTS.includes(b)) || BOTS[0];
  for (let s = 0; s < seatCount; s++) {
    const kinds = ["human", ...BOTS.map((b) => "bot:" + b)];
    const chosen = old[s] || (s === 0 ? "human" : "bot:" + preferred);
    const select = el("select", { id: "seat-" + s, "data-seat": s },
      kinds.map((k) => el("option", { value: k, selected: k === chosen }, k === "human" ? t("human") : botLabel(k.slice(4)))));
    box.append(el("label", { class: "row", for: "seat-" + s }, el("span", {}, `${t("seat")} ${s + 1}`), select));
  }
}

async function createTable(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: currentGame().game, options: readOptions(), seats }),
  });
  const body = await response.json();
  if (!response.ok) {
    document.getElementById("problem").textContent = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
    return;
  }
  const links = document.getElementById("links");
  links.replaceChildren();
  for (const seat of body.seats) {
    if (!seat.token) continue;
    const url = `${location.origin}/t/${body.table_id}?token=${encodeURIComponent(seat.token)}`;
    const input = el("input", { type: "text", readonly: true, value: url });
    const copy = el("button", { type: "button", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch (e) { document.execCommand("copy"); }
      copy.textContent = t("copied");
    } }, t("copy"));
    links.append(el("li", { "data-seat": seat.seat }, el("b", {}, `${t("seat")} ${seat.seat + 1} `),
      el("a", { href: url, class: "play-link" }, t("play_here")), " ", copy, input));
  }
  document.getElementById("watch").href = `/t/${body.table_id}`;
  document.getElementById("invites").classList.remove("hidden");
  document.getElementById("invites").scrollIntoView();
}

async function init() {
  const [games, bots] = await Promise.all([fetch("/api/games").then((r) => r.json()), fetch("/api/bots").then((r) => r.json())]);
  GAMES = games;
  BOTS = bots.bots;
  const select = document.getElementById("game");
  for (const g of GAMES) select.append(el("option", { value: g.game }, gameName(g.game)));
  select.value = GAMES.some((g) => g.game === "king") ? "king" : GAMES[0].game;
  select.addEventListener("change", () => { document.getElementById("options").replaceChildren(); renderOptions(); checkOptions(); });
  document.getElementById("create").addEventListener("submit", createTable);
  seatCount = currentGame().num_seats;
  renderOptions();
  renderSeats();
  checkOptions();
}
document.addEventListener("koloda:lang", () => {
  const select = document.getElementById("game");
  [...select.options].forEach((o) => { o.textContent = gameName(o.value); });
  if (GAMES.length) { renderOptions(); renderSeats(); }
});
document.addEventListener("DOMContentLoaded", init);
