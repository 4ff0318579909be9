/* The tournaments: the list and the form that makes one (/tournaments), and a tournament's
   page (/tournaments/<id>): its terms, the player's own entry and table, live standings and
   every round's tables, looked at again every 3 seconds while the page is open. A guest is
   known by this browser's token (said on the page); a signed-in player by his account.
   Every word from the catalogues ("tournaments." keys). */
import { call, whoAmI } from "./account.js";
import { browserToken } from "./guest.js";
import { el, gameName, t, translatePage } from "./i18n.js";
import {
  actions, byState, counted, mineKey, newTournament, number, presetName, rounds, seatLines,
  stateText, tableToOpen, tableUrl, termsText, whenText,
} from "./tournaments_view.js";

const root = document.getElementById("tournaments");
const ID = root.dataset.tournament;
const NAME_KEY = "koloda.name";
const AUTO_KEY = "koloda.tournaments.auto";
const POLL_MS = 3000;
const S = { me: null, list: null, page: null, games: [], presets: [], problem: "", seen: undefined };

function byId(id) { return document.getElementById(id); }
function guest() { return S.me ? null : browserToken(); }
/* A refusal's words: the server's reason (a list of them when the request's shape was
   refused), or that the server was not reached. */
function said(answer) {
  const detail = answer.body.detail;
  if (Array.isArray(detail)) return detail.map((d) => d.msg).join("; ");
  return detail || t("lobby.error.offline");
}
function announce(text) { byId("status").textContent = text; }
/* Terms said "a · b · c", each part kept on one line. */
function parts(text) { return text.split(" · ").flatMap((part, i) => (i ? [" · "] : []).concat(el("span", { class: "t-part" }, part))); }

/* ----- the list and the form ------------------------------------------------------------- */
function listItem(x) {
  return el("li", { class: "t-item", "data-id": x.id },
    el("a", { class: "t-name", href: `/tournaments/${encodeURIComponent(x.id)}` }, x.name),
    el("span", { class: `t-state t-${x.state}` }, stateText(x.state)),
    el("p", { class: "t-terms" }, parts(`${termsText(x)} · ${counted("tournaments.entrants", x.entrants)}`)),
    el("p", { class: "t-when" }, whenText(x)));
}

function renderList() {
  const box = byId("t-list");
  if (!S.list) return;
  const groups = byState(S.list);
  box.replaceChildren(...["open", "playing", "finished"].map((state) => el("section", { class: "t-group", "aria-labelledby": `t-group-${state}` },
    el("h2", { id: `t-group-${state}` }, t(`tournaments.heading_${state}`)),
    groups[state].length ? el("ul", { class: "t-items" }, ...groups[state].map(listItem)) : el("p", { class: "help" }, t("tournaments.empty")))));
}

function renderGames() {
  const games = byId("t-game");
  const chosen = games.value || (S.presets[0] && S.presets[0].game);
  games.replaceChildren(...S.games.filter((g) => S.presets.some((p) => p.game === g.game))
    .map((g) => el("option", { value: g.game, selected: g.game === chosen }, gameName(g.game))));
  renderPresets();
}

function renderPresets() {
  const box = byId("t-preset");
  const game = byId("t-game").value;
  const chosen = box.value;
  box.replaceChildren(...S.presets.filter((p) => p.game === game)
    .map((p) => el("option", { value: p.id, selected: p.id === chosen }, presetName({ preset: p.id, game }))));
}

function formValues(form) {
  const data = new FormData(form);
  return Object.fromEntries(data.entries());
}

function renderForm() {
  const form = byId("t-make");
  const values = formValues(form);
  byId("t-rounds-field").classList.toggle("hidden", values.kind === "arena");
  byId("t-minutes-field").classList.toggle("hidden", values.kind !== "arena");
  byId("t-start-field").classList.toggle("hidden", values.start !== "later");
  byId("t-maker-name-field").classList.toggle("hidden", Boolean(S.me));
}

async function make(event) {
  event.preventDefault();
  const made = newTournament(formValues(byId("t-make")), guest());
  const problem = byId("t-make-problem");
  if (made.problem) { problem.textContent = made.problem; return; }
  if (made.body.name) localStorage.setItem(NAME_KEY, made.body.name);
  byId("t-create").disabled = true;
  const answer = await call("POST", "/api/tournaments", made.body);
  byId("t-create").disabled = false;
  if (!answer.ok) { problem.textContent = said(answer); return; }
  announce(t("tournaments.created"));
  location.href = `/tournaments/${encodeURIComponent(answer.body.id)}`;
}

async function loadList() {
  const [list, games, presets] = await Promise.all(["/api/tournaments", "/api/games", "/api/presets"].map((u) => call("GET", u)));
  if (!list.ok || !games.ok || !presets.ok) {
    S.problem = t("tournaments.error", said([list, games, presets].find((a) => !a.ok)));
  } else {
    S.list = list.body.tournaments;
    S.games = games.body;
    S.presets = presets.body;
  }
  const form = byId("t-make");
  form.addEventListener("change", (e) => { if (e.target.id === "t-game") renderPresets(); renderForm(); });
  form.addEventListener("submit", make);
  byId("t-maker-name").value = localStorage.getItem(NAME_KEY) || "";
  renderGames();
  render();
}

/* ----- a tournament's page --------------------------------------------------------------- */
function standingsTable(page) {
  if (!page.standings.length) return el("p", { class: "help" }, t("tournaments.empty"));
  const head = el("tr", {}, el("th", { scope: "col", class: "num" }, t("tournaments.rank_col")), el("th", { scope: "col" }, t("tournaments.players_col")),
    el("th", { scope: "col", class: "num" }, t("tournaments.score_col")), el("th", { scope: "col", class: "num" }, t("tournaments.points_col")),
    el("th", { scope: "col", class: "num" }, t("tournaments.tables_col")));
  const rows = page.standings.map((row) => el("tr", { class: [row.me ? "me" : "", row.withdrawn ? "withdrawn" : ""].join(" ").trim() },
    el("td", { class: "num" }, String(row.rank)),
    el("td", { class: "name" }, row.name, row.me ? [" ", el("span", { class: "t-tag" }, t("tournaments.me"))] : null,
      row.withdrawn ? [" ", el("span", { class: "t-tag t-out" }, t("tournaments.withdrawn"))] : null),
    el("td", { class: "num" }, number(row.score)), el("td", { class: "num" }, number(row.points, 1)),
    el("td", { class: "num" }, String(row.tables))));
  return el("table", { class: "standings", "aria-labelledby": "t-standings-title" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function tableCard(table, index) {
  const id = encodeURIComponent(table.table_id);
  const links = table.finished
    ? [el("a", { href: `/replay/${id}` }, t("tournaments.replay")), el("a", { href: `/api/tables/${id}/record` }, t("tournaments.record"))]
    : [el("a", { href: `/t/${id}` }, t("tournaments.watch"))];
  return el("li", { class: `t-card${table.finished ? " done" : ""}`, "data-table": table.table_id },
    el("p", { class: "t-card-head" }, el("b", {}, t("tournaments.table", index)), " · ", t(table.finished ? "tournaments.table_finished" : "tournaments.table_playing")),
    el("ul", { class: "t-seats" }, ...seatLines(table).map((s) => el("li", { class: s.bot ? "bot" : "" },
      el("span", { class: "t-seat-name" }, s.name), " ", s.result === null ? null : el("span", { class: "t-seat-result" }, t("tournaments.result", s.result, s.points))))),
    el("p", { class: "t-card-links" }, ...links));
}

function roundsView(page) {
  const all = rounds(page.tables);
  if (!all.length) return [el("p", { class: "help" }, t("tournaments.empty"))];
  if (page.kind === "arena") return [el("ol", { class: "t-cards" }, ...all.flatMap((r) => r.tables).map((x) => tableCard(x, x.round)))];
  return all.map((r) => el("section", { class: "t-round", "aria-labelledby": `t-round-${r.round}` },
    el("h3", { id: `t-round-${r.round}` }, t("tournaments.round", r.round)),
    el("ol", { class: "t-cards" }, ...r.tables.map((x, i) => tableCard(x, i + 1)))));
}

function actionButton(what) {
  const primary = what !== "withdraw";
  return el("button", { type: "button", class: primary ? "primary" : "", id: `t-${what}`, onclick: () => act(what) }, t(`tournaments.act_${what}`));
}

function renderPage() {
  const page = S.page;
  if (!page) return;
  const title = byId("t-title");
  title.removeAttribute("data-t");
  title.textContent = page.name;
  document.title = `${page.name} — Koloda`;
  byId("t-terms").replaceChildren(...parts(`${termsText(page)} · ${counted("tournaments.entrants", page.entrants)}`));
  byId("t-when").replaceChildren(el("span", { class: `t-state t-${page.state}` }, stateText(page.state)), " ", whenText(page));
  const key = mineKey(page);
  byId("t-mine-line").textContent = key ? t(key) : "";
  byId("t-mine-line").classList.toggle("hidden", !key);
  const table = page.mine && page.mine.table;
  byId("t-table").classList.toggle("hidden", !table);
  if (table) byId("t-table-link").setAttribute("href", tableUrl(table));
  const buttons = actions(page);
  byId("t-name-field").classList.toggle("hidden", Boolean(S.me) || !buttons.includes("join"));
  byId("t-actions").replaceChildren(...buttons.map(actionButton));
  const playing = page.mine && !page.mine.withdrawn && page.state !== "finished";
  byId("t-auto-go").closest(".t-auto").classList.toggle("hidden", !playing);
  byId("t-auto-help").classList.toggle("hidden", !playing);
  byId("t-mine").classList.toggle("hidden", !key && !buttons.length);
  byId("t-standings").replaceChildren(standingsTable(page));
  byId("t-rounds").replaceChildren(...roundsView(page));
}

async function act(what) {
  const body = S.me ? {} : { browser: guest() };
  if (what === "join" && !S.me) {
    const name = byId("t-name").value.trim();
    if (!name) { S.problem = t("tournaments.name_missing"); render(); byId("t-name").focus(); return; }
    body.name = name;
    localStorage.setItem(NAME_KEY, name);
  }
  const answer = await call("POST", `/api/tournaments/${encodeURIComponent(ID)}/${what}`, body);
  if (!answer.ok) { S.problem = said(answer); render(); return; }
  S.problem = "";
  announce(t({ join: "tournaments.joined", withdraw: "tournaments.you_withdrew", start: "tournaments.started" }[what]));
  take(answer.body);
}

/* A new look at the tournament: shown, and the player's new table opened when he asked. */
function take(page) {
  const hadTable = S.page && S.page.mine && S.page.mine.table;
  const go = tableToOpen(S.seen, page, byId("t-auto-go").checked);
  S.seen = page.mine && page.mine.table ? page.mine.table.table_id : null;
  S.page = page;
  render();
  const table = page.mine && page.mine.table;
  if (table && !hadTable) announce(`${byId("status").textContent} ${t("tournaments.your_table")}`.trim());
  if (go) location.href = tableUrl(go);
}

async function look() {
  const query = S.me ? "" : `?browser=${encodeURIComponent(guest())}`;
  const answer = await call("GET", `/api/tournaments/${encodeURIComponent(ID)}${query}`);
  if (answer.ok) { S.problem = ""; take(answer.body); }
  else { S.problem = t("tournaments.error", said(answer)); render(); }
}

async function loadPage() {
  byId("t-name").value = localStorage.getItem(NAME_KEY) || "";
  const auto = byId("t-auto-go");
  auto.checked = localStorage.getItem(AUTO_KEY) !== "off";
  auto.addEventListener("change", () => localStorage.setItem(AUTO_KEY, auto.checked ? "on" : "off"));
  await look();
  setInterval(() => { if (!document.hidden) look(); }, POLL_MS);
}

/* ----- both ------------------------------------------------------------------------------ */
function render() {
  translatePage();
  byId("problem").textContent = S.problem;
  byId("t-guest").textContent = S.me ? "" : t("tournaments.guest");
  if (ID) renderPage();
  else { renderList(); renderGames(); renderForm(); }
}

async function load() {
  S.me = await whoAmI();
  if (ID) await loadPage();
  else await loadList();
}

document.addEventListener("koloda:lang", () => { announce(""); render(); });  /* news said in the old language is old */
load();
