/* The replay's analysis: a seat's decisions valued by the search (as `koloda analyse` values
   them), asked deal by deal so the page can say how far it is (each deal is searched once on
   the server and kept); the search's best move shown on the cards, and a graph of the points
   each analysed seat gave away over the game (a point opens its decision). */
import { svgNode } from "../cards.js";
import { el, numberText, t } from "../i18n.js";
import { R, go, moveText, playerName } from "./main.js";
import { decisionAt, hashFor, lossSeries, plot } from "./steps.js";

const COLOURS = ["#1d5fb8", "#c0262d", "#1f7a33", "#9a6a00", "#7b3fbf", "#444"];
const WIDTH = 300, HEIGHT = 130;
const byId = (id) => document.getElementById(id);

/* Each analysed seat's decisions so far: {seat: {decisions, done, deals, running}}. */
const analysed = {};

export function setUpAnalysis() {
  for (const key of Object.keys(analysed)) delete analysed[key];
  const select = byId("analysis-seat");
  select.replaceChildren(...R.replay.seats.map((_, s) => el("option", { value: String(s) }, playerName(s))));
  select.value = String(R.seat ?? 0);
  byId("analysis-status").textContent = "";
}

function dealCount() { return R.replay.positions[R.replay.positions.length - 1].deal + 1; }

async function fetchDeal(seat, deal) {
  const query = `seat=${seat}&deal=${deal}`;
  if (R.source.table) return fetch(`/api/replay/${encodeURIComponent(R.source.table)}/analysis?${query}`);
  return fetch(`/api/replay/analysis?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: R.source.record });
}

/* Analyse the chosen seat, deal after deal; the seat sits at the bottom from now on. */
async function analyse() {
  const seat = Number(byId("analysis-seat").value);
  R.seat = seat;
  go(R.at);
  const deals = dealCount();
  const own = analysed[seat] || (analysed[seat] = { decisions: [], done: 0, deals, running: false });
  if (own.running) return;
  own.running = true;
  const button = byId("analyse");
  button.disabled = true;
  try {
    while (own.done < deals) {
      status(() => t("replay.analysing", own.done + 1, deals));
      const answer = await fetchDeal(seat, own.done);
      if (!answer.ok) { status(() => t("replay.analysis_failed")); return; }
      own.decisions.push(...(await answer.json()).decisions);
      own.done += 1;
      drawAnalysis();
    }
    status(() => t("replay.analysed", Object.keys(analysed).filter((s) => analysed[s].done === deals).map((s) => playerName(Number(s))).join(", ")));
  } finally {
    own.running = false;
    button.disabled = false;
  }
}
let statusSay = null;
function status(say) { statusSay = say; byId("analysis-status").textContent = say(); }

byId("analyse").addEventListener("click", analyse);
byId("analysis-seat").addEventListener("change", () => { R.seat = Number(byId("analysis-seat").value); go(R.at); });

/* The valued decision made at position ``p``, when its seat is analysed: {chosen, best, loss,
   forced}. */
export function judged(p) {
  if (p.to_act === null || !analysed[p.to_act]) return null;
  return decisionAt(analysed[p.to_act].decisions, p.index);
}

/* The verdict on this position's decision, the graph and the costliest decisions. */
export function drawAnalysis() {
  if (!R.replay) return;
  if (statusSay) byId("analysis-status").textContent = statusSay();
  const options = byId("analysis-seat").options;
  for (let s = 0; s < options.length; s++) options[s].textContent = playerName(s);
  drawVerdict();
  drawGraph();
  drawCostliest();
}

function drawVerdict() {
  const p = R.replay.positions[R.at];
  const box = byId("verdict");
  const d = judged(p);
  box.classList.toggle("hidden", !d);
  if (!d) { box.replaceChildren(); return; }
  const who = playerName(p.to_act);
  if (d.forced) { box.textContent = t("replay.forced", who); return; }
  if (d.best === d.chosen || d.loss === 0) { box.textContent = t("replay.was_best", who); return; }
  const parts = [el("b", {}, t("replay.best", moveText(d.best))), " ", t("replay.gave_away", who, numberText(d.loss))];
  if (/(10|[2-9JQKA])[SHDC]/.test(d.best)) parts.push(el("span", { class: "note marks" }, " ", t("replay.marks")));
  box.replaceChildren(...parts);
}

function drawGraph() {
  const box = byId("graph");
  const seats = Object.keys(analysed).map(Number).filter((s) => analysed[s].decisions.length);
  if (!seats.length) { box.replaceChildren(); return; }
  const count = R.replay.positions.length;
  const series = seats.map((s) => lossSeries(analysed[s].decisions));
  const top = Math.max(1, ...series.flat().map((x) => x.total));
  const svg = svgNode("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "graph", role: "group", "aria-label": t("replay.graph") });
  svg.append(svgNode("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: "#fbfcfa", stroke: "#d6ddd6" }));
  const x = 6 + (R.at * (WIDTH - 12)) / Math.max(1, count - 1);
  svg.append(svgNode("line", { x1: x, x2: x, y1: 0, y2: HEIGHT, stroke: "#f2c14e", "stroke-width": 2 }));
  seats.forEach((seat, k) => {
    const colour = COLOURS[seat % COLOURS.length];
    const points = plot(series[k], count, top, WIDTH, HEIGHT);
    svg.append(svgNode("polyline", { points: points.map((q) => `${q.x},${q.y}`).join(" "), fill: "none", stroke: colour, "stroke-width": 1.6 }));
    for (const q of points.filter((q) => q.point.loss > 0)) svg.append(graphPoint(seat, q, colour));
  });
  const legend = el("p", { class: "legend" }, seats.map((s) => el("span", { style: `color:${COLOURS[s % COLOURS.length]}` }, `● ${playerName(s)} `)));
  box.replaceChildren(el("h3", {}, t("replay.graph")), svg, legend, el("p", { class: "note" }, t("replay.graph_note")));
}
function graphPoint(seat, q, colour) {
  const d = R.replay.positions[q.point.index];
  const label = t("replay.point", playerName(seat), numberText(q.point.total), numberText(q.point.loss), d.deal + 1, d.move + 1);
  const dot = svgNode("circle", { cx: q.x, cy: q.y, r: q.point.index === R.at ? 5 : 3.5, fill: colour, role: "button", tabindex: 0, "aria-label": label, "data-index": q.point.index, class: "point" });
  dot.append(svgNode("title", {}, label));
  dot.addEventListener("click", () => go(q.point.index));
  dot.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(q.point.index); } });
  return dot;
}

function drawCostliest() {
  const box = byId("costliest");
  const own = analysed[R.seat ?? 0];
  if (!own || !own.decisions.length) { box.replaceChildren(); return; }
  const worst = own.decisions.filter((d) => d.loss > 0).sort((a, b) => b.loss - a.loss || a.number - b.number).slice(0, 5);
  if (!worst.length) { box.replaceChildren(el("p", { class: "note" }, t("replay.none_lost"))); return; }
  box.replaceChildren(el("h3", {}, `${t("replay.costliest")}: ${playerName(R.seat ?? 0)}`), el("ol", { class: "costliest" }, worst.map((d) => el("li", {},
    el("a", { href: hashFor(d.number) },
      t("replay.costliest_item", d.deal + 1, d.move + 1, moveText(d.chosen), moveText(d.best), numberText(d.loss)))))));
}
