/* The deal of the day: today's sets (/daily) or one game's day (/daily/<day>/<game>), from
   /api/daily. A guest's attempt is kept by this browser (its own random token, said on the
   page); a signed-in player's by his account. Every word from the catalogues ("daily." keys). */
import { call, whoAmI } from "./account.js";
import { el, t, translatePage } from "./i18n.js";
import { percent, playLabel, points } from "./daily_view.js";
import { browserToken } from "./guest.js";

const root = document.getElementById("daily");
const DAY = root.dataset.day;
const GAME = root.dataset.game;
const S = { data: null, me: null, problem: "", history: [] };

function byId(id) { return document.getElementById(id); }

/* A table that scrolls sideways on a narrow screen rather than widening the page. */
function scrolling(table) { return el("div", { class: "scroll" }, table); }

function gameName(game) { return t(`game.${game}`); }

function mineLine(game) {
  const mine = game.mine;
  if (!mine) return null;
  if (!mine.finished) return el("p", { class: "mine" }, t("daily.playing").replace("{0}", mine.deals_done).replace("{1}", game.deals));
  const place = mine.rank ? t("daily.place").replace("{0}", mine.rank) : t("daily.unranked");
  return el("p", { class: "mine" }, t("daily.result").replace("{0}", percent(mine.score)).replace("{1}", points(mine.total)), " ", place);
}

async function start(game) {
  const answer = await call("POST", `/api/daily/${encodeURIComponent(game)}/start`, S.me ? {} : { browser: browserToken() });
  if (answer.ok) location.href = answer.body.url;
  else { S.problem = answer.body.detail || t("lobby.error.offline"); render(); }
}

function gameCard(game) {
  const actions = el("div", { class: "actions" });
  const mine = game.mine;
  if (!mine && !game.closed) actions.append(el("button", { type: "button", class: "primary", "data-game": game.game, onclick: () => start(game.game) }, t("daily.play")));
  if (mine && !mine.finished && mine.token) actions.append(el("a", { class: "button", href: `/t/${encodeURIComponent(mine.table_id)}?token=${encodeURIComponent(mine.token)}` }, t("daily.continue")));
  actions.append(el("a", { href: `/daily/${game.day}/${game.game}` }, t("daily.ranking")));
  return el("section", { class: "daily-game", "aria-labelledby": `title-${game.game}`, "data-game": game.game },
    el("h2", { id: `title-${game.game}` }, gameName(game.game)),
    el("p", {}, t("daily.size").replace("{0}", game.deals).replace("{1}", game.minutes)),
    el("p", {}, t("daily.players").replace("{0}", game.players)),
    el("p", { class: "help" }, t("daily.commitment"), " ", el("span", { class: "commitment" }, game.commitment)),
    mineLine(game), actions);
}

function rankingTable(game) {
  const head = el("tr", {}, el("th", { scope: "col", class: "num" }, t("daily.place_heading")), el("th", { scope: "col" }, t("daily.player")),
    el("th", { scope: "col", class: "num" }, t("daily.score")), el("th", { scope: "col", class: "num" }, t("daily.points")),
    el("th", { scope: "col", class: "percents" }, t("daily.per_deal")));
  const rows = game.ranking.map((row) => el("tr", { class: S.me && row.name === S.me.name ? "me" : "" },
    el("td", { class: "num" }, String(row.rank)), el("td", {}, row.name), el("td", { class: "num" }, percent(row.score)),
    el("td", { class: "num" }, points(row.total)), el("td", { class: "percents" }, row.percents.map(percent).join(" · "))));
  if (!rows.length) return el("p", { class: "help" }, t("daily.nobody"));
  return scrolling(el("table", { "aria-label": t("daily.ranking") }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function dealsTable(game) {
  const lines = game.lines || [];
  const head = el("tr", {}, el("th", { scope: "col" }, t("daily.deal")), el("th", { scope: "col", class: "num" }, t("daily.played_by")),
    el("th", { scope: "col", class: "num" }, t("daily.average")), el("th", { scope: "col", class: "num" }, t("daily.best")));
  const rows = game.fields.map((f, i) => el("tr", {}, el("td", {}, String(f.deal + 1)), el("td", { class: "num" }, String(f.players)),
    el("td", { class: "num" }, f.average === null ? "—" : points(Math.round(f.average * 10) / 10)),
    el("td", { class: "num" }, points(f.best) + (lines[i] && lines[i].best_name ? ` (${lines[i].best_name})` : ""))));
  return scrolling(el("table", { "aria-label": t("daily.deals") }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

/* A closed day's lines: per deal, the most common play at each decision, and the best
   result's decisions. */
function linesList(game) {
  const said = (line) => line.map(playLabel).join(" ");
  return el("ol", { class: "lines" }, ...game.lines.map((line) => el("li", {},
    el("p", {}, t("daily.line_common", said(line.common_line))),
    line.best_name === null ? null : el("p", {}, t("daily.line_best", line.best_name, points(line.best_points), said(line.best_line))))));
}

function dayView(game) {
  const parts = [el("h2", {}, `${gameName(game.game)} · ${game.day}`),
    el("p", {}, t("daily.size").replace("{0}", game.deals).replace("{1}", game.minutes)),
    el("p", { class: "help" }, t("daily.commitment"), " ", el("span", { class: "commitment" }, game.commitment)),
    game.seed ? el("p", { class: "help" }, t("daily.seed"), " ", el("span", { class: "seed" }, game.seed)) : el("p", { class: "help" }, t("daily.seed_secret")),
    mineLine(game), el("h3", {}, t("daily.ranking")), rankingTable(game), el("h3", {}, t("daily.deals")), dealsTable(game)];
  if (game.closed && game.lines) parts.push(el("h3", {}, t("daily.lines")), linesList(game));
  if (game.closed && game.records && game.records.length) {
    parts.push(el("p", { class: "help" }, t("daily.records_help")),
      el("ul", {}, ...game.records.map((id) => el("li", {},
        el("a", { href: `/daily/${game.day}/${game.game}/replay/${encodeURIComponent(id)}` }, t("daily.replay").replace("{0}", id)), " · ",
        el("a", { href: `/api/daily/${game.day}/${game.game}/record/${encodeURIComponent(id)}` }, t("daily.record"))))));
  }
  return el("section", { class: "daily-game daily-day" }, ...parts);
}

function renderHistory() {
  const days = GAME ? [] : S.history;
  byId("daily-history").classList.toggle("hidden", !days.length);
  byId("daily-history").querySelector("tbody").replaceChildren(...days.map((d) => el("tr", {},
    el("td", {}, el("a", { href: `/daily/${d.day}/${d.game}` }, d.day)), el("td", {}, gameName(d.game)),
    el("td", { class: "num" }, percent(d.score)), el("td", { class: "num" }, points(d.total)))));
}

function render() {
  translatePage();
  byId("problem").textContent = S.problem;
  byId("daily-guest").textContent = S.me ? "" : t("daily.guest");
  renderHistory();
  const data = S.data;
  if (!data) return;
  if (GAME) {
    byId("daily-when").textContent = data.closed ? t("daily.closed") : t("daily.closes").replace("{0}", data.closes_at.slice(0, 16).replace("T", " "));
    byId("daily-games").replaceChildren(dayView(data));
  } else {
    byId("daily-when").textContent = t("daily.today").replace("{0}", data.day).replace("{1}", (data.closes_at || "").slice(0, 16).replace("T", " "));
    byId("daily-games").replaceChildren(...data.games.map(gameCard));
  }
}

async function load() {
  S.me = await whoAmI();
  const query = S.me ? "" : `?browser=${encodeURIComponent(browserToken())}`;
  const url = GAME ? `/api/daily/${encodeURIComponent(DAY)}/${encodeURIComponent(GAME)}${query}` : `/api/daily${query}`;
  const answer = await call("GET", url);
  if (answer.ok) S.data = answer.body;
  else S.problem = t("daily.error").replace("{0}", answer.body.detail || t("lobby.error.offline"));
  if (!GAME) {
    const mine = await call("GET", `/api/daily/mine${query}`);
    if (mine.ok) S.history = mine.body.days;
  }
  render();
}

document.addEventListener("koloda:lang", render);
load();
