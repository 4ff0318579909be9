/* A player's profile page: his name, languages and since when he plays; one card per game
   with his ratings (each with its graph over time, drawn as inline SVG, and the same numbers
   as a table) and his results; and his games, newest first, filtered by game, rated or casual
   and result, each with its record to download and its replay. The numbers are shaped by the
   pure modules beside this one (format.js, graph.js); every word from the catalogues
   ("profile." keys). */
import { call } from "../account.js";
import { svgNode } from "../cards.js";
import { el, entry, gameName, lang, pluralWord, t, word } from "../i18n.js";
import { PAGE_SIZE, RESULTS, gameCards, gamesUrl, pointsText, ratingLabel } from "./format.js";
import { graphFacts, graphGeometry } from "./graph.js";

const root = document.getElementById("profile");
const NAME = root.dataset.name;
const S = { profile: null, lines: [], more: false, loading: false, problem: null };

function byId(id) { return document.getElementById(id); }
function P(key, ...args) { return t("profile." + key, ...args); }
function counted(key, n) { return pluralWord("profile." + key, n).replace("{0}", String(n)); }
function presetName(preset) {
  const key = "lobby.preset." + (preset || "custom");
  return entry(key) !== undefined ? word(key) : preset;
}
function languageName(code) {
  const key = "profile.language." + code;
  return entry(key) !== undefined ? word(key) : code;
}
function dateText(at, style = "medium") {
  return new Intl.DateTimeFormat(lang(), { dateStyle: style }).format(new Date(at * 1000));
}
function dateTimeText(at) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(at * 1000));
}

/* An SVG element (cards.js's svgNode), its children's lists flattened and the missing left out. */
function svg(tag, attrs, ...children) {
  return svgNode(tag, attrs, ...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
}

/* The answer's body (account.call), or an error saying why not: the server's words, its
   status, or that the server cannot be reached. */
async function getJSON(url) {
  const answer = await call("GET", url);
  if (answer.ok) return answer.body;
  if (answer.status === 0) throw new Error(t("lobby.error.offline"));
  throw new Error(answer.body.detail || String(answer.status));
}

/* ----- the header ------------------------------------------------------------------------- */
function renderHead() {
  const p = S.profile;
  document.title = P("page_title", p.name);
  const facts = [P("joined", dateText(p.joined, "long"))];
  if (p.languages.length) facts.push(P("languages", p.languages.map(languageName).join(", ")));
  byId("profile-facts").textContent = facts.join(" · ");
  byId("profile-private").classList.toggle("hidden", !(p.own && !p.public));
}

/* ----- the games' cards ------------------------------------------------------------------- */
function ratingGraph(rating, title) {
  const points = rating.history;
  const g = graphGeometry(points);
  const facts = graphFacts(points);
  let summary = "";
  if (facts && facts.games === 1) summary = P("graph.one", facts.last);
  else if (facts) summary = P("graph.summary", facts.first, facts.last, facts.low, facts.high);
  const id = "graph-" + rating.rating_key.replace(/[^A-Za-z0-9_-]/g, "-");
  const picture = svg("svg", {
    class: "graph", viewBox: `0 0 ${g.width} ${g.height}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`,
  },
  svg("title", { id: `${id}-title` }, title),
  svg("desc", { id: `${id}-desc` }, summary),
  g.ticks.map((tick) => [
    svg("line", { class: "tick", x1: 0, x2: g.width, y1: tick.y, y2: tick.y }),
    svg("text", { class: "tick-label", x: 2, y: tick.y - 2, "aria-hidden": "true" }, String(tick.value)),
  ]),
  svg("path", { class: "line", d: g.path }),
  g.points.map((p) => svg("circle", { class: p.provisional ? "dot provisional" : "dot", cx: p.x, cy: p.y, r: 3.5 })),
  latestLabel(g));
  const rows = points.map((p) => el("tr", {}, el("td", {}, dateTimeText(p.at)), el("td", { class: "num" }, ratingLabel(p.display, p.provisional))));
  const table = el("details", { class: "graph-table" },
    el("summary", {}, P("graph.table")),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, P("col.date")), el("th", { scope: "col", class: "num" }, P("rating")))),
      el("tbody", {}, rows)));
  return el("figure", { class: "graph-box" }, picture, el("figcaption", { class: "note" }, summary), table);
}

/* The latest rating written beside its point, inside the picture. */
function latestLabel(g) {
  const last = g.points[g.points.length - 1];
  if (!last) return null;
  const anchor = last.x > g.width * 0.8 ? "end" : last.x < g.width * 0.2 ? "start" : "middle";
  const y = last.y < 24 ? last.y + 16 : last.y - 8;
  return svg("text", { class: "point-label", x: last.x, y, "text-anchor": anchor, "aria-hidden": "true" }, String(last.display));
}

function ratingBlock(rating, several) {
  const label = ratingLabel(rating.display, rating.provisional);
  const number = el("p", { class: "rating-number" },
    el("span", { class: "sr-only" }, P("rating") + ": "),
    String(rating.display),
    rating.provisional ? el("span", { class: "mark", title: P("provisional"), "aria-hidden": "true" }, "?") : null,
    rating.provisional ? el("span", { class: "sr-only" }, ` (${P("provisional")})`) : null);
  const title = P("graph.title", several ? `${gameName(rating.game)}, ${presetName(rating.preset)}` : gameName(rating.game));
  return el("div", { class: "rating", "data-key": rating.rating_key, "data-label": label },
    several ? el("h4", {}, presetName(rating.preset)) : null,
    number,
    el("p", { class: "note" }, counted("rated_games", rating.games)),
    ratingGraph(rating, title));
}

function statsList(stats) {
  const items = [
    ["played", stats.played], ["won", stats.won], ["drawn", stats.drawn], ["lost", stats.lost],
    ["unfinished", stats.unfinished], ["per_deal", pointsText(stats.points_per_deal, lang())],
  ];
  return el("dl", { class: "stats" }, items.map(([key, value]) =>
    el("div", { "data-stat": key }, el("dt", {}, P("stat." + key)), el("dd", {}, String(value)))));
}

function renderCards() {
  const cards = gameCards(S.profile);
  byId("cards-empty").classList.toggle("hidden", cards.length > 0);
  byId("cards").replaceChildren(...cards.map((card) => {
    const several = card.ratings.length > 1;
    const titleId = `card-${card.game}`;
    return el("article", { class: "card", "data-game": card.game, "aria-labelledby": titleId },
      el("h3", { id: titleId }, gameName(card.game)),
      card.ratings.length ? card.ratings.map((r) => ratingBlock(r, several)) : el("p", { class: "note" }, P("no_rating")),
      card.stats ? statsList(card.stats) : null);
  }));
}

/* ----- the games list --------------------------------------------------------------------- */
function filters() {
  return { game: byId("filter-game").value, rated: byId("filter-rated").value, result: byId("filter-result").value };
}

function fillSelect(select, options) {
  const chosen = select.value;
  select.replaceChildren(...options.map(([value, label]) => el("option", { value }, label)));
  select.value = options.some(([value]) => value === chosen) ? chosen : "";
}

function renderFilters() {
  const games = gameCards(S.profile).map((card) => card.game);
  fillSelect(byId("filter-game"), [["", P("filter.any_game")], ...games.map((g) => [g, gameName(g)])]);
  fillSelect(byId("filter-rated"), [["", P("filter.any")], ["rated", P("filter.rated_only")], ["casual", P("filter.casual")]]);
  fillSelect(byId("filter-result"), [["", P("filter.any_result")], ...RESULTS.map((r) => [r, P("result." + r)])]);
}

function gameRow(line) {
  const when = dateTimeText(line.created);
  const game = el("td", { class: "game" }, gameName(line.game),
    el("span", { class: "preset" }, presetName(line.preset)),
    line.rated ? el("span", { class: "rated-tag" }, P("rated_tag")) : null);
  const points = el("td", { class: "num" }, pointsText(line.points, lang()),
    line.deals !== null ? el("span", { class: "deals" }, counted("deals", line.deals)) : null);
  const links = el("td", { class: "links" },
    line.record ? el("a", { href: line.record, download: `koloda-${line.table_id}.json`, class: "record", "aria-label": P("record_label", when) }, P("record")) : null,
    line.replay ? el("a", { href: line.replay, class: "replay", "aria-label": P("replay_label", when) }, P("replay")) : null);
  return el("tr", { "data-table": line.table_id, "data-result": line.result },
    el("td", { class: "date" }, el("time", { datetime: new Date(line.created * 1000).toISOString() }, when)),
    game,
    el("td", { class: `result ${line.result}` }, P("result." + line.result)),
    points,
    links);
}

function renderList() {
  byId("games-body").replaceChildren(...S.lines.map(gameRow));
  byId("more").classList.toggle("hidden", !S.more);
  let status = "";
  if (S.problem) status = P("error", S.problem);
  else if (S.loading) status = P("loading");
  else if (!S.lines.length) status = P("list_empty");
  else status = counted("shown", S.lines.length);
  byId("list-status").textContent = status;
  byId("games").classList.toggle("hidden", !S.lines.length);
}

async function loadGames(more) {
  S.loading = true;
  S.problem = null;
  renderList();
  try {
    const page = await getJSON(gamesUrl(NAME, filters(), PAGE_SIZE, more ? S.lines.length : 0));
    S.lines = more ? [...S.lines, ...page.games] : page.games;
    S.more = page.more;
  } catch (error) {
    S.problem = error.message;
  }
  S.loading = false;
  renderList();
  root.setAttribute("aria-busy", "false");
}

function renderAll() {
  if (!S.profile) return;
  renderHead();
  renderCards();
  renderFilters();
  renderList();
}

async function start() {
  try {
    S.profile = await getJSON(`/api/players/${encodeURIComponent(NAME)}`);
  } catch (error) {
    byId("list-status").textContent = P("error", error.message);
    root.setAttribute("aria-busy", "false");
    return;
  }
  renderAll();
  await loadGames(false);
}

byId("filters").addEventListener("change", () => loadGames(false));
byId("filters").addEventListener("submit", (event) => event.preventDefault());
byId("more").addEventListener("click", () => loadGames(true));
document.addEventListener("koloda:lang", renderAll);
start();
