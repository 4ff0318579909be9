/* The leaderboard's page: the rated game's standings (place, the player's name linking to his
   page, the rating with its provisional mark, rated games) from /api/leaderboard, the bot
   levels' ratings beside them, and the links to the other rated games, which keep the page's
   ``min_games``. The signed-in reader's own line is marked. What is shown is shaped in
   rated.js; every word from the catalogues ("leaderboard." keys). */
import { call, whoAmI } from "./account.js";
import { el, t } from "./i18n.js";
import { PROVISIONAL, botLines, leaderboardApi, leaderboardPage, standingLines } from "./rated.js";

const root = document.getElementById("leaderboard");
const KEY = root.dataset.key;
const MIN_GAMES = new URLSearchParams(location.search).get("min_games");
const S = { board: null, problem: null, me: null };

function byId(id) { return document.getElementById(id); }

/* A rating's cell: the number, and the provisional mark said in words to a screen reader. */
function ratingCell(line) {
  const cell = el("td", { class: "num rating" }, line.rating.replace(PROVISIONAL, ""));
  if (line.provisional) {
    cell.append(el("span", { class: "mark", "aria-hidden": "true", title: t("leaderboard.provisional") }, PROVISIONAL),
      el("span", { class: "sr-only" }, ` (${t("leaderboard.provisional")})`));
  }
  return cell;
}

function renderStandings() {
  const lines = standingLines(S.board, S.me);
  byId("standings").querySelector("tbody").replaceChildren(...lines.map((line) =>
    el("tr", { class: line.name === S.me ? "me" : "", "data-name": line.name },
      el("td", { class: "num" }, String(line.place)),
      el("td", { class: "name" }, line.href ? el("a", { href: line.href }, line.name) : line.name),
      ratingCell(line),
      el("td", { class: "num" }, String(line.games)))));
  byId("standings").classList.toggle("hidden", !lines.length);
  byId("standings-empty").classList.toggle("hidden", !S.board || lines.length > 0);
}

function renderBots() {
  byId("bots").querySelector("tbody").replaceChildren(...botLines(S.board).map((line) =>
    el("tr", { "data-level": line.level },
      el("td", {}, t("leaderboard.bot." + line.level)),
      ratingCell(line))));
}

function render() {
  document.title = t("leaderboard.title");
  for (const link of byId("rated-games").querySelectorAll("a")) link.href = leaderboardPage(link.dataset.key, MIN_GAMES);
  const current = byId("rated-games").querySelector("a[aria-current=page]");
  byId("standings-title").textContent = current ? current.textContent : "";
  byId("min-games").textContent = S.board ? t("leaderboard.min_games", S.board.min_games) : "";
  byId("problem").textContent = S.problem === null ? "" : t("leaderboard.error", S.problem);
  renderStandings();
  renderBots();
}

async function load() {
  if (!KEY) { render(); return; }
  const [answer, me] = await Promise.all([
    call("GET", leaderboardApi(KEY, MIN_GAMES)),
    whoAmI().catch(() => null),
  ]);
  S.me = me ? me.name : null;
  if (answer && answer.ok) S.board = answer.body;
  else S.problem = answer.status === 0 ? t("lobby.error.offline") : (typeof answer.body.detail === "string" ? answer.body.detail : String(answer.status));
  render();
}

document.addEventListener("koloda:lang", render);
load();
