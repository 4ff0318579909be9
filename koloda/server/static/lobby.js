/* The lobby: presets, the rules in plain words, seats, "Play now", open tables and "My tables".
   What an option means, when it applies and which values it offers come from the server's
   catalogue (/api/games, /api/presets); every word from the catalogues ("lobby." keys). */
import * as account from "./account.js";
import * as friends from "./friends_lobby.js";
import { el, entry, lang, pluralWord, t, word } from "./i18n.js";
import { initRated, joinAllowed, joinNote, joinRefusal, ratedChosen, ratedTag, renderRated } from "./lobby_rated.js";
import { botRatingSuffix, isRatedPreset, ratedFields } from "./rated.js";

const NAME_KEY = "koloda.name";
const TABLES_KEY = "koloda.tables";
const MAX_REMEMBERED = 30;
const CLOCKS = [0, 15, 30, 60, 120];
const BOT_LEVELS = ["easy", "normal", "hard"];
const S = {
  games: [], presets: [], bots: [],
  game: null, values: {}, custom: false,
  seatCount: 4, sides: [], seatKinds: [],
  created: null, facts: {}, open: null, invited: null,
  busy: false,  // the server cannot take new games (its store fails)
  account: null, accountTables: null, accountMode: "sign_up",  // the signed-in account, its tables
};

/* ----- words ------------------------------------------------------------------------------ */
function L(key, ...args) { return t("lobby." + key, ...args); }
function has(key) { return entry(key) !== undefined; }
function countText(key, n) { return pluralWord("lobby." + key, n).replace("{0}", String(n)); }
function unitText(unit, n) { return `${n} ${pluralWord("lobby.unit." + unit, n)}`; }
function byId(id) { return document.getElementById(id); }
function gameOf(name) { return S.games.find((g) => g.game === name); }
function optionKey(o) { return `lobby.option.${S.game}.${o.name}`; }
function valueLabel(o, v) {
  const key = `${optionKey(o)}.${v}`;
  if (has(key)) return word(key);
  return o.unit ? unitText(o.unit, v) : String(v);
}
function rulesLine(o) {
  return o.rules.length ? pluralWord("lobby.rule_ids", o.rules.length).replace("{0}", o.rules.join(", ")) : L("rule_added");
}
function kindLabel(kind) {
  const key = "lobby.kind." + kind.replace(":", ".");
  return has(key) ? word(key) : kind.startsWith("bot:") ? `${L("kind.bot")} ${kind.slice(4)}` : kind;
}
/* A seat's kind, a bot's with its rating in the rated preset the options make ("hard (1747)"). */
function seatKindLabel(kind) { return kindLabel(kind) + botRatingSuffix(gameOf(S.game), chosenPreset()?.id, kind); }
function kindHelp(kind) {
  const key = "lobby.kind." + kind.replace(":", ".") + ".help";
  return has(key) ? word(key) : "";
}
function clockLabel(seconds) {
  if (!seconds) return L("clock.0");
  return seconds < 60 ? unitText("seconds", seconds) : unitText("minutes", seconds / 60);
}

/* ----- the rules chosen ------------------------------------------------------------------- */
function defaults(game) {
  const out = {};
  for (const o of gameOf(game).options) out[o.name] = structuredClone(o.default);
  return out;
}
function presetOptions(preset) { return { ...defaults(preset.game), ...structuredClone(preset.options) }; }
function applies(o, values) {
  return Object.entries(o.shown_when || {}).every(([name, allowed]) => allowed.includes(values[name]));
}
/* The options in force: the values of the options that apply, the defaults of the others. */
function effective(game, values) {
  const out = {};
  for (const o of gameOf(game).options) out[o.name] = applies(o, values) && o.name in values ? values[o.name] : o.default;
  return out;
}
function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
/* What the server is sent: the options in force that differ from the defaults. */
function readOptions() {
  const game = gameOf(S.game);
  const now = effective(S.game, S.values);
  const out = {};
  for (const o of game.options) if (!same(now[o.name], o.default)) out[o.name] = now[o.name];
  return out;
}
/* The preset a game's options are (missing options taken as defaults), or undefined. */
function presetOf(gameName, options) {
  const game = gameOf(gameName);
  if (!game) return undefined;
  return S.presets.find((p) => {
    if (p.game !== gameName) return false;
    const full = presetOptions(p);
    return game.options.every((o) => same(o.name in options ? options[o.name] : o.default, full[o.name]));
  });
}
function tableTitle(gameName, options) {
  const preset = presetOf(gameName, options || {});
  if (preset) return L("preset." + preset.id);
  return `${gameTitle(gameName)} (${L("custom_rules")})`;
}
function gameTitle(g) { return has("game." + g) ? word("game." + g) : g; }

/* ----- rendering the form ----------------------------------------------------------------- */
function renderPresets() {
  const box = byId("presets");
  box.replaceChildren();
  const item = (id, name, help) => {
    const input = el("input", { type: "radio", name: "preset", id: "preset-" + id, value: id, "aria-describedby": `preset-${id}-help` });
    input.addEventListener("change", () => choosePreset(id));
    return el("label", { class: "preset", for: "preset-" + id, "data-preset": id },
      input, el("span", { class: "preset-text" }, el("b", {}, name), el("small", { id: `preset-${id}-help` }, help)));
  };
  for (const p of S.presets) box.append(item(p.id, L("preset." + p.id), L(`preset.${p.id}.help`)));
  box.append(item("custom", L("preset.custom"), L("preset.custom.help")));
  markPreset();
}

/* The preset the rules chosen are (none: custom rules). */
function chosenPreset() { return S.custom ? null : presetOf(S.game, effective(S.game, S.values)); }
function markPreset() {
  const found = chosenPreset();
  const chosen = found ? found.id : "custom";
  for (const option of byId("seats").querySelectorAll("option")) option.textContent = seatKindLabel(option.value);
  for (const label of byId("presets").querySelectorAll(".preset")) {
    const on = label.dataset.preset === chosen;
    label.classList.toggle("on", on);
    label.querySelector("input").checked = on;
  }
  renderRated();
}

function choosePreset(id) {
  if (id === "custom") {
    S.custom = true;
  } else {
    const preset = S.presets.find((p) => p.id === id);
    S.custom = false;
    S.game = preset.game;
    S.values = presetOptions(preset);
  }
  markPreset();
  renderGameSelect();
  renderOptions();
  checkOptions();
}

function renderGameSelect() {
  const select = byId("game");
  select.replaceChildren(...S.games.map((g) => el("option", { value: g.game, selected: g.game === S.game }, gameTitle(g.game))));
  byId("game-help").textContent = has("help." + S.game) ? word("help." + S.game) : "";
  const guide = byId("how-to-play");  /* the player page of the chosen game, in the page's language */
  guide.href = `/help/${lang()}/${S.game}`;
  guide.textContent = t("guide.how_to_play", gameTitle(S.game));
  const learn = byId("learn-link");  /* a first game with the teacher */
  learn.href = `/learn/${encodeURIComponent(S.game)}`;
  learn.textContent = t("learn.link_label", gameTitle(S.game));
}

function optionControl(o) {
  const id = "opt-" + o.name;
  const key = optionKey(o);
  const value = S.values[o.name];
  const help = el("p", { class: "help", id: id + "-help" }, has(key + ".help") ? word(key + ".help") : "");
  const rule = el("p", { class: "rule", id: id + "-rule" }, rulesLine(o));
  const describedBy = `${id}-help ${id}-rule`;
  const label = has(key) ? word(key) : o.name;
  const changed = (v) => setOption(o.name, v);
  if (o.type === "bool") {
    const input = el("input", { type: "checkbox", id, checked: !!value, "aria-describedby": describedBy });
    input.addEventListener("change", () => changed(input.checked));
    return el("div", { class: "check option", "data-option": o.name }, input, el("label", { for: id }, label), help, rule);
  }
  if (o.type === "order") {
    const items = el("ol", { class: "order", id, "aria-labelledby": id + "-label", "aria-describedby": describedBy });
    value.forEach((item, i) => {
      const name = has(o.words + item) ? word(o.words + item) : item;
      const move = (by) => {
        const next = [...value];
        [next[i], next[i + by]] = [next[i + by], next[i]];
        changed(next);
        const again = byId(id)?.querySelectorAll("li")[i + by]?.querySelector(by < 0 ? ".up" : ".down");
        (again && !again.disabled ? again : byId(id)?.querySelectorAll("li")[i + by]?.querySelector("button:not([disabled])"))?.focus();
      };
      items.append(el("li", { "data-item": item }, el("span", { class: "grow" }, name),
        el("button", { type: "button", class: "up", disabled: i === 0, "aria-label": L("move_up_label", name), onclick: () => move(-1) }, "↑"),
        el("button", { type: "button", class: "down", disabled: i === value.length - 1, "aria-label": L("move_down_label", name), onclick: () => move(1) }, "↓")));
    });
    return el("div", { class: "field option", "data-option": o.name }, el("span", { class: "label", id: id + "-label" }, label), items, help, rule);
  }
  let input;
  if (o.type === "choice" || o.values) {
    const choices = o.choices || o.values;
    input = el("select", { id, "aria-describedby": describedBy },
      choices.map((c) => el("option", { value: String(c), selected: c === value }, valueLabel(o, c))));
    input.addEventListener("change", () => changed(o.type === "int" ? parseInt(input.value, 10) : input.value));
  } else if (o.type === "int") {
    input = el("input", { type: "number", id, value, inputmode: "numeric", "aria-describedby": describedBy });
    input.addEventListener("change", () => changed(parseInt(input.value, 10)));
  } else {
    input = el("input", { type: "text", id, value: String(value ?? ""), "aria-describedby": describedBy });
    input.addEventListener("change", () => changed(input.value));
  }
  return el("div", { class: "field option", "data-option": o.name }, el("label", { for: id }, label), input, help, rule);
}

function renderOptions() {
  const box = byId("options");
  const focused = document.activeElement && document.activeElement.id;
  box.replaceChildren(...gameOf(S.game).options.filter((o) => applies(o, S.values)).map(optionControl));
  byId("rules-box").classList.toggle("hidden", !S.custom);
  if (focused && box.querySelector("#" + CSS.escape(focused))) byId(focused).focus();
}

function setOption(name, value) {
  S.values[name] = value;
  const decides = gameOf(S.game).options.some((o) => name in (o.shown_when || {}));
  if (decides || typeof value === "object") renderOptions();
  markPreset();
  checkOptions();
}

function seatKinds() {
  const bots = [...BOT_LEVELS.filter((b) => S.bots.includes(b)), ...(S.bots.includes("random") ? ["random"] : [])];
  return { people: ["human", "open"], bots: bots.map((b) => "bot:" + b) };
}

function renderSeats() {
  const box = byId("seats");
  const kinds = seatKinds();
  const fallback = kinds.bots.includes("bot:normal") ? "bot:normal" : kinds.bots[0];
  S.seatKinds = [...Array(S.seatCount).keys()].map((s) => S.seatKinds[s] || (s === 0 ? "human" : fallback));
  box.replaceChildren();
  for (let s = 0; s < S.seatCount; s++) {
    const id = "seat-" + s;
    const option = (k) => el("option", { value: k, selected: k === S.seatKinds[s] }, seatKindLabel(k));
    const select = el("select", { id, "data-seat": s, "aria-describedby": id + "-help" },
      kinds.people.map(option), el("optgroup", { label: L("bots") }, kinds.bots.map(option)));
    const help = el("p", { class: "help", id: id + "-help" }, kindHelp(S.seatKinds[s]));
    select.addEventListener("change", () => { S.seatKinds[s] = select.value; help.textContent = kindHelp(select.value); renderStudy(); });
    box.append(el("div", { class: "field seat" }, el("label", { for: id }, L("seat_n", s + 1)), select, help));
  }
  const pairs = S.sides.length === 2 && S.sides.every((side) => side.length === 2);
  byId("partners").textContent = pairs ? L("partners", S.sides[0][0] + 1, S.sides[0][1] + 1, S.sides[1][0] + 1, S.sides[1][1] + 1) : "";
  byId("partners").classList.toggle("hidden", !pairs);
  renderRated();
  renderStudy();
}

/* A study table (all hands open) is for one person with bots, unrated: the box is off
   otherwise. */
function studyAllowed() {
  const people = S.seatKinds.slice(0, S.seatCount).filter((k) => k === "human" || k === "open").length;
  return people === 1 && !ratedChosen();
}
function renderStudy() {
  const box = byId("open-hands");
  box.disabled = !studyAllowed();
  if (box.disabled) box.checked = false;
}

function renderClock() {
  const select = byId("clock");
  const chosen = select.value || "0";
  select.replaceChildren(...CLOCKS.map((c) => el("option", { value: String(c), selected: String(c) === chosen }, clockLabel(c))));
}

function renderForm() {
  renderPresets();
  renderGameSelect();
  renderOptions();
  renderSeats();
  renderClock();
}

let checking = 0;
async function checkOptions() {
  const ticket = ++checking;
  const answer = await api("POST", "/api/check", { game: S.game, options: readOptions() });
  if (ticket !== checking) return;
  const problem = byId("problem");
  const ok = answer.ok;
  problem.textContent = ok ? "" : answer.status === 422 ? L("bad_rules", answer.body.detail || "") : errorText(answer);
  byId("start").disabled = !ok;
  byId("play-now").disabled = !ok;
  if (!ok) return;
  const changed = answer.body.num_seats !== S.seatCount || !same(answer.body.sides, S.sides);
  S.seatCount = answer.body.num_seats;
  S.sides = answer.body.sides;
  if (changed) renderSeats();
}

/* ----- talking to the server -------------------------------------------------------------- */
/* A request ({ok, status, body}; a network failure is status 0), signed in with the session's
   CSRF token as every state-changing request of a session must be. */
function api(method, url, body) { return account.call(method, url, body); }
function errorText(answer) {
  if (answer.status === 0) return L("error.offline");
  if (answer.status === 503) checkServer();
  if (has("lobby.error." + answer.status)) return L("error." + answer.status);
  return L("error.other", typeof answer.body.detail === "string" ? answer.body.detail : answer.status);
}
/* The server says whether it can take new games (/healthz): while its store fails, a notice
   at the top of the lobby says so. */
async function checkServer() {
  const answer = await api("GET", "/healthz");
  S.busy = answer.status === 503;
  renderBusy();
}
function renderBusy() {
  let notice = byId("server-busy");
  if (!notice) {
    if (!byId("lobby-title")) return;
    notice = document.createElement("p");
    notice.id = "server-busy";
    notice.className = "error";
    notice.setAttribute("role", "status");
    byId("lobby-title").after(notice);
  }
  notice.textContent = S.busy ? L("server_busy") : "";
}
function seatUrl(tableId, token) { return `/t/${encodeURIComponent(tableId)}?token=${encodeURIComponent(token)}`; }
function playerName() { return byId("name").value.trim() || null; }

/* ----- my tables (in this browser) -------------------------------------------------------- */
function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(TABLES_KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.id === "string" && typeof x.token === "string") : [];
  } catch { return []; }
}
function remember(item) {
  const list = remembered().filter((x) => !(x.id === item.id && x.seat === item.seat));
  list.unshift({ ...item, when: Date.now() });
  localStorage.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MAX_REMEMBERED)));
}
function forget(item) {
  localStorage.setItem(TABLES_KEY, JSON.stringify(remembered().filter((x) => !(x.id === item.id && x.seat === item.seat))));
  renderMine();
}

function statusOf(facts) {
  if (facts === undefined) return ["checking", L("status.checking")];
  if (facts === null) return ["unknown", L("status.unknown")];
  if (facts.finished) return ["finished", L("status.finished")];
  if (facts.seats.some((s) => s.state === "open" || s.state === "reserved")) return ["waiting", L("status.waiting")];
  return ["playing", L("status.playing", facts.deal + 1)];
}

/* "My tables": the account's when signed in, else this browser's. */
function mineList() {
  if (!S.account || !S.accountTables) return remembered();
  return S.accountTables.map((b) => ({ id: b.table_id, game: b.game, seat: b.seat, token: b.token, when: b.bound * 1000, bound: true }));
}

function renderMine() {
  const list = mineList();
  const box = byId("my-tables");
  byId("mine-empty").classList.toggle("hidden", list.length > 0);
  byId("mine-empty").textContent = S.account ? L("account.my_tables.empty") : L("my_tables.empty");
  const when = new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" });
  box.replaceChildren(...list.map((item) => {
    const facts = S.facts[item.id];
    const [state, status] = statusOf(facts);
    const title = item.game ? tableTitle(item.game, facts ? facts.options : item.options) : L("status.unknown");
    const link = state === "unknown" ? null
      : el("a", { class: "button" + (state === "finished" ? "" : " primary"), href: seatUrl(item.id, item.token) }, state === "finished" ? L("see_result") : L("continue"));
    return el("li", { class: "table-item " + state, "data-table": item.id, "data-seat": item.seat },
      el("div", { class: "grow" }, el("b", {}, title),
        el("div", { class: "meta" }, [L("my_seat", item.seat + 1), item.when ? when.format(new Date(item.when)) : null, ""].filter((x) => x !== null).join(" · "), el("span", { class: "status" }, status))),
      el("div", { class: "actions" }, link,
        state === "finished" ? el("a", { class: "button replay", href: `/replay/${encodeURIComponent(item.id)}`, "aria-label": t("replay.open_label", title) }, t("replay.open_here")) : null,
        state === "finished" && !facts.event ? el("button", { type: "button", class: "primary rematch", onclick: () => rematch(item) }, L("rematch")) : null,
        item.bound ? null : el("button", { type: "button", class: "remove", "aria-label": L("remove_label", title), onclick: () => forget(item) }, L("remove"))));
  }));
  friends.showMine(S.facts);
}

/* Same seats and rules, a new shuffle: the first to ask starts it, the others join it. */
async function rematch(item) {
  const answer = await api("POST", `/api/tables/${encodeURIComponent(item.id)}/rematch`, { token: item.token });
  if (!answer.ok) { byId("mine-problem").textContent = errorText(answer); return; }
  remember({ id: answer.body.table_id, game: item.game, options: item.options, seat: answer.body.seat, token: answer.body.token, via: "rematch" });
  location.href = seatUrl(answer.body.table_id, answer.body.token);
}

async function refreshMine() {
  if (S.account) await loadAccountTables();
  const ids = [...new Set(mineList().map((x) => x.id))];
  await Promise.all(ids.map(async (id) => {
    const answer = await api("GET", "/api/tables/" + encodeURIComponent(id));
    if (answer.ok) S.facts[id] = answer.body;
    else if (answer.status === 404) S.facts[id] = null;
  }));
  renderMine();
}

/* ----- open tables ------------------------------------------------------------------------ */
function seatChip(seat) {
  let text;
  if (seat.state === "open") text = L("seat.open");
  else if (seat.state === "joinable") text = L("seat.joinable");
  else if (seat.state === "reserved") text = L("seat.reserved");
  else if (seat.kind.startsWith("bot:")) text = kindLabel(seat.kind);
  else text = seat.name || L("seat.player");
  return el("li", { class: "chip " + seat.state }, text);
}

function renderOpen() {
  const box = byId("open-tables");
  const tables = S.open || [];
  const mine = new Map(mineList().toReversed().map((x) => [x.id, x]));  /* your own: no joining twice */
  byId("open-empty").classList.toggle("hidden", S.open === null || tables.length > 0);
  box.replaceChildren(...tables.map((table) => {
    const title = tableTitle(table.game, table.options);
    const free = table.seats.filter((s) => s.state === "open" || s.state === "joinable").length;
    return el("li", { class: "table-item", "data-table": table.table_id },
      el("div", { class: "grow" }, el("b", {}, title, ratedTag(table)), el("div", { class: "meta" }, countText("free_seats", free)),
        el("ul", { class: "chips" }, table.seats.map(seatChip)), joinNote(table)),
      el("div", { class: "actions" }, mine.has(table.table_id)
        ? el("a", { class: "button", href: seatUrl(table.table_id, mine.get(table.table_id).token) }, L("continue"))
        : el("button", { type: "button", class: "primary join", "aria-label": L("join_label", title), disabled: !joinAllowed(table), onclick: () => joinOpen(table) }, L("join"))));
  }));
}

async function refreshOpen() {
  const answer = await api("GET", "/api/tables");
  byId("open-problem").textContent = answer.ok ? "" : errorText(answer);
  if (answer.ok) { S.open = answer.body; renderOpen(); }
}

async function joinOpen(table) {
  const problem = byId("open-problem");
  if (!playerName()) {
    problem.textContent = L("name_first");
    byId("name").focus();
    return;
  }
  await takeSeat(table.table_id, null, table.game, table.options, problem, "joined");
}

async function takeSeat(tableId, seat, game, options, problem, via) {
  const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { seat, name: playerName() });
  if (!answer.ok) { problem.textContent = errorText(answer); refreshOpen(); return; }
  remember({ id: tableId, game, options, seat: answer.body.seat, token: answer.body.token, via });
  location.href = seatUrl(tableId, answer.body.token);
}

/* ----- invited by a seat's link: /?join=<table>&seat=<n> ---------------------------------- */
async function showInvited(tableId, seat) {
  const panel = byId("invited");
  panel.classList.remove("hidden");
  const answer = await api("GET", "/api/tables/" + encodeURIComponent(tableId));
  S.invited = { tableId, seat, facts: answer.ok ? answer.body : null, answer };
  renderInvited();
}

function renderInvited() {
  if (!S.invited) return;
  const { seat, facts, answer } = S.invited;
  const button = byId("invited-join");
  byId("invited-problem").textContent = facts ? (facts.finished ? L("error.409") : joinRefusal(facts)) : errorText(answer);
  button.classList.toggle("hidden", !facts || facts.finished || !joinAllowed(facts));
  byId("invited-what").textContent = facts ? L("invited.help", tableTitle(facts.game, facts.options)) : "";
  byId("invited-seats").replaceChildren(...(facts ? facts.seats.map((s) => {
    const chip = seatChip(s);
    chip.prepend(el("b", {}, L("seat_n", s.seat + 1) + ": "));
    if (s.seat === seat) chip.classList.add("mine");
    return chip;
  }) : []));
  button.textContent = seat === null ? L("take_any_seat") : L("take_seat");
}

async function joinInvited() {
  const { tableId, seat, facts } = S.invited;
  const problem = byId("invited-problem");
  if (!playerName()) { problem.textContent = L("name_needed"); byId("invited-name").focus(); return; }
  await takeSeat(tableId, seat, facts.game, facts.options, problem, "joined");
}

/* ----- creating a table, play now --------------------------------------------------------- */
async function createTable(event) {
  event.preventDefault();
  const seats = S.seatKinds.slice(0, S.seatCount);
  const name = playerName();
  const options = readOptions();
  const answer = await api("POST", "/api/tables", {
    game: S.game, options, seats,
    names: seats.map((k) => (k === "human" ? name : null)),
    public: byId("public").checked,
    hints: byId("hints").checked,
    turn_seconds: parseInt(byId("clock").value, 10) || 0,
    entropy: byId("entropy").checked,
    open_hands: byId("open-hands").checked && studyAllowed(),
    ...ratedFields(ratedChosen()),
  });
  if (!answer.ok) { byId("problem").textContent = answer.status === 422 ? L("bad_rules", answer.body.detail || "") : errorText(answer); return; }
  const created = answer.body;
  for (const seat of created.seats) {
    if (seat.token) remember({ id: created.table_id, game: S.game, options, seat: seat.seat, token: seat.token, via: "created" });
  }
  S.created = { ...created, game: S.game, options, public: byId("public").checked, hints: byId("hints").checked, turnSeconds: parseInt(byId("clock").value, 10) || 0, entropy: byId("entropy").checked, rated: ratedChosen(), openHands: byId("open-hands").checked && studyAllowed() };
  renderInvites();
  renderMine();
  refreshMine();
  refreshOpen();
  byId("invites").classList.remove("hidden");
  byId("invites").scrollIntoView();
  byId("invites-title").focus();
}

function renderInvites() {
  const created = S.created;
  if (!created) return;
  byId("invites-what").textContent = tableTitle(created.game, created.options);
  byId("invites-settings").textContent = [
    L(created.public ? "summary.public" : "summary.private"),
    created.turnSeconds ? L("summary.clock", clockLabel(created.turnSeconds)) : null,
    L(created.hints ? "summary.hints" : "summary.no_hints"), created.rated ? t("rated.badge") : null,
    created.entropy ? L("summary.entropy") : null,
    created.openHands ? L("summary.open_hands") : null,
  ].filter(Boolean).join(" · ");
  const links = byId("links");
  links.replaceChildren();
  for (const seat of created.seats) {
    let url, what;
    if (seat.token) {
      url = location.origin + seatUrl(created.table_id, seat.token);
      what = L("link.you");
    } else if (!seat.kind.startsWith("bot:")) {  /* an open seat: a person's seat with no token yet */
      url = `${location.origin}/?join=${encodeURIComponent(created.table_id)}&seat=${seat.seat}`;
      what = L("link.open");
    } else {
      continue;
    }
    const input = el("input", { type: "text", readonly: true, value: url, "aria-label": L("link_label", seat.seat + 1) });
    const copy = el("button", { type: "button", class: "copy", "aria-label": L("copy_label", seat.seat + 1) }, L("copy"));
    copy.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch { document.execCommand("copy"); }
      copy.textContent = L("copied");
    });
    links.append(el("li", { "data-seat": seat.seat },
      el("b", {}, `${L("seat_n", seat.seat + 1)} · ${what}`),
      el("div", { class: "link-row" }, input, copy),
      seat.token ? el("a", { href: url, class: "play-link button primary" }, L("go_to_seat")) : null));
  }
  byId("watch").href = `/t/${encodeURIComponent(created.table_id)}`;
  friends.showInvites(created);
}

async function playNow() {
  const button = byId("play-now");
  button.disabled = true;
  const options = readOptions();
  const answer = await api("POST", "/api/play-now", { game: S.game, options, name: playerName() });
  button.disabled = false;
  if (!answer.ok) { byId("problem").textContent = errorText(answer); return; }
  remember({ id: answer.body.table_id, game: S.game, options, seat: answer.body.seat, token: answer.body.token, via: "play_now" });
  location.href = seatUrl(answer.body.table_id, answer.body.token);
}

/* ----- the account (optional) ------------------------------------------------------------ */
function AL(key, ...args) { return L("account." + key, ...args); }

async function loadAccountTables() {
  const answer = await account.myTables();
  if (answer.ok) S.accountTables = answer.body;
}

function renderAccountArea() {
  const me = S.account;
  friends.setAccount(me);
  renderRated(); renderOpen(); renderInvited();
  byId("account-sign-in").classList.toggle("hidden", !!me);
  byId("account-menu").classList.toggle("hidden", !me);
  if (!me) return;
  byId("account-name").textContent = me.name;
  byId("account-name").setAttribute("aria-label", AL("menu_label", me.name));
  byId("account-name").title = me.name;  /* a long name is cut short on a phone */
  byId("account-profile").href = account.profileUrl(me.name);
  for (const id of ["name", "invited-name"]) {  /* at the tables he is called as his account */
    if (!byId(id).value.trim()) byId(id).value = me.name;
  }
}

function showMenu(open) {
  byId("account-items").classList.toggle("hidden", !open);
  byId("account-name").setAttribute("aria-expanded", String(open));
}

function renderGuestForm(mode) {
  for (const tab of byId("account-guest").querySelectorAll(".tabs button")) tab.setAttribute("aria-pressed", String(tab.dataset.mode === mode));
  const passkeys = account.passkeysWork();
  byId("account-passkey").textContent = AL("passkey." + mode);
  byId("account-passkey").classList.toggle("hidden", !passkeys);
  byId("account-passkey-help").textContent = passkeys ? AL("passkey.help") : AL("no_passkeys");
  byId("account-password-go").textContent = AL("password." + mode);
  byId("account-password").autocomplete = mode === "sign_up" ? "new-password" : "current-password";
  byId("account-name-help").classList.toggle("hidden", mode !== "sign_up");
  byId("account-password-help").classList.toggle("hidden", mode !== "sign_up");
  if (!passkeys) byId("account-password-box").open = true;
}

function renderAccountDialog() {
  const me = S.account;
  byId("account-title").textContent = AL("title." + (me ? "account" : S.accountMode));
  byId("account-guest").classList.toggle("hidden", !!me);
  byId("account-own").classList.toggle("hidden", !me);
  if (!me) { renderGuestForm(S.accountMode); return; }
  byId("account-own-name").textContent = me.name;
  const since = new Intl.DateTimeFormat(lang(), { dateStyle: "long" }).format(new Date(me.created * 1000));
  byId("account-own-since").textContent = AL("since", since);
  byId("account-public").checked = !!me.public_profile;
  byId("account-add-passkey").classList.toggle("hidden", !account.passkeysWork());
}

/* Another passkey for the signed-in account (one made with a password, say). */
async function addPasskey() {
  byId("account-problem").textContent = "";
  byId("account-added").textContent = "";
  const answer = await account.passkeySignUp(null);
  if (answer.ok) byId("account-added").textContent = AL("passkey.added");
  else showRefusal("passkey", answer);
}

function confirmDelete(asking) {
  byId("account-delete-confirm-box").classList.toggle("hidden", !asking);
  byId("account-delete").classList.toggle("hidden", asking);
  byId(asking ? "account-delete-no" : "account-delete").focus();
}

function openAccount(mode) {
  S.accountMode = mode;
  byId("account-problem").textContent = "";
  byId("account-added").textContent = "";
  byId("account-delete-confirm-box").classList.add("hidden");
  byId("account-delete").classList.remove("hidden");
  showMenu(false);
  renderAccountDialog();
  const dialog = byId("account-dialog");
  if (!dialog.open) dialog.showModal();
  (S.account ? byId("account-public") : byId("account-name-input")).focus();
}

function showRefusal(what, answer) {
  const [key, arg] = account.refusal(what, answer.status, answer.body.detail, answer.retryAfter);
  byId("account-problem").textContent = AL("error." + key, arg ?? "");
}

/* Signed in (or up): the tables this browser remembers are claimed by the account, and
   "My tables" comes from the account from now on. */
async function signedIn(answer) {
  S.account = answer.body.account;
  const claimed = remembered().length ? await account.claimTables(remembered()) : { ok: false };
  if (claimed.ok) S.accountTables = claimed.body.tables;
  else await loadAccountTables();
  byId("account-dialog").close();
  renderAccountArea();
  refreshMine();
  refreshOpen();
}

async function accountStep(what, step, wrong = null) {
  const problem = byId("account-problem");
  problem.textContent = wrong ? AL("error." + wrong) : "";
  if (wrong) return;
  const answer = await step();
  if (answer.ok) await signedIn(answer);
  else showRefusal(what, answer);
}

function passkeyGo() {
  const name = byId("account-name-input").value.trim();
  if (S.accountMode === "sign_up") return accountStep("sign_up", () => account.passkeySignUp(name), account.checkSignUp(name, null));
  return accountStep("passkey", () => account.passkeySignIn());
}

function passwordGo() {
  const name = byId("account-name-input").value.trim();
  const password = byId("account-password").value;
  if (S.accountMode === "sign_up") return accountStep("sign_up", () => account.signUp(name, password, [lang()]), account.checkSignUp(name, password));
  return accountStep("sign_in", () => account.signIn(name, password));
}

/* Signed out (or the session is gone): a guest again, "My tables" this browser's. */
function forgetAccount() {
  S.account = null;
  S.accountTables = null;
  const dialog = byId("account-dialog");
  if (dialog.open) dialog.close();
  renderAccountArea();
  renderMine();
  refreshMine();
}

async function signedOut(step) {
  showMenu(false);
  const answer = await step();
  if (answer.ok || answer.status === 401) { forgetAccount(); return; }
  byId(byId("account-dialog").open ? "account-problem" : "mine-problem").textContent = errorText(answer);
}

async function setPublic() {
  const answer = await account.setPublicProfile(byId("account-public").checked);
  if (answer.status === 401) { forgetAccount(); return; }
  if (answer.ok) S.account = answer.body.account;
  else byId("account-problem").textContent = errorText(answer);
  renderAccountDialog();
}

function wireAccount() {
  byId("account-sign-in").addEventListener("click", () => openAccount("sign_in"));
  byId("account-name").addEventListener("click", () => showMenu(byId("account-items").classList.contains("hidden")));
  byId("account-open").addEventListener("click", () => openAccount("account"));
  byId("account-sign-out").addEventListener("click", () => signedOut(account.signOut));
  byId("account-sign-out-all").addEventListener("click", () => signedOut(account.signOutEverywhere));
  byId("account-close").addEventListener("click", () => byId("account-dialog").close());
  for (const tab of byId("account-guest").querySelectorAll(".tabs button")) tab.addEventListener("click", () => openAccount(tab.dataset.mode));
  byId("account-passkey").addEventListener("click", passkeyGo);
  byId("account-password-go").addEventListener("click", passwordGo);
  byId("account-public").addEventListener("change", setPublic);
  byId("account-delete").addEventListener("click", () => confirmDelete(true));
  byId("account-delete-no").addEventListener("click", () => confirmDelete(false));
  byId("account-add-passkey").addEventListener("click", addPasskey);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") showMenu(false); });
  document.addEventListener("click", (event) => { if (!byId("account-menu").contains(event.target)) showMenu(false); });
  byId("account-delete-yes").addEventListener("click", () => signedOut(account.deleteAccount));
}

async function initAccount() {
  wireAccount();
  S.account = await account.whoAmI();
  if (S.account) await loadAccountTables();
  renderAccountArea();
  renderMine();
}

/* ----- start ------------------------------------------------------------------------------ */
function renderAll() {
  document.title = L("title");
  byId("name").placeholder = byId("invited-name").placeholder = L("name_placeholder");
  renderForm();
  renderInvites();
  renderInvited();
  renderMine();
  renderOpen();
  renderAccountArea();
  if (byId("account-dialog").open) renderAccountDialog();
}

async function init() {
  const [games, presets, bots] = await Promise.all(["/api/games", "/api/presets", "/api/bots"].map((u) => api("GET", u)));
  if (!games.ok || !presets.ok || !bots.ok) { byId("problem").textContent = errorText([games, presets, bots].find((a) => !a.ok)); return; }
  S.games = games.body;
  S.presets = presets.body.filter((p) => gameOf(p.game));
  S.bots = bots.body.bots;
  const first = S.presets[0];
  S.game = first ? first.game : S.games[0].game;
  S.values = first ? presetOptions(first) : defaults(S.game);
  S.seatCount = gameOf(S.game).num_seats;
  S.sides = gameOf(S.game).sides;
  const names = [byId("name"), byId("invited-name")];
  for (const name of names) {
    name.value = localStorage.getItem(NAME_KEY) || "";
    name.addEventListener("input", () => {
      for (const other of names) if (other !== name) other.value = name.value;
      localStorage.setItem(NAME_KEY, name.value.trim());
      byId("open-problem").textContent = "";
      byId("invited-problem").textContent = "";
    });
  }
  byId("game").addEventListener("change", () => {
    S.game = byId("game").value;
    S.values = defaults(S.game);
    S.seatKinds = S.seatKinds.slice(0, 1);
    if (!S.custom && !presetOf(S.game, S.values)) S.custom = true;
    markPreset();
    renderGameSelect();
    renderOptions();
    checkOptions();
  });
  initRated({ ratedPreset: () => isRatedPreset(gameOf(S.game), chosenPreset()?.id), signedIn: () => Boolean(S.account), seats: () => S.seatKinds, renderSeats });
  byId("rated").addEventListener("change", renderStudy);
  byId("create").addEventListener("submit", createTable);
  byId("play-now").addEventListener("click", playNow);
  byId("refresh").addEventListener("click", () => { refreshOpen(); refreshMine(); });
  byId("another").addEventListener("click", () => { byId("invites").classList.add("hidden"); byId("lobby-title").scrollIntoView(); });
  byId("invited-join").addEventListener("click", joinInvited);
  byId("invites-title").tabIndex = -1;
  renderAll();
  checkOptions();
  const query = new URLSearchParams(location.search);
  if (query.get("join")) {
    const seat = query.get("seat");
    showInvited(query.get("join"), seat === null || seat === "" ? null : parseInt(seat, 10));
  }
  friends.start({ tableTitle, seatUrl, seatChip });
  await initAccount();
  refreshMine();
  refreshOpen();
  checkServer();
  setInterval(() => { if (document.visibilityState === "visible") { refreshOpen(); checkServer(); } }, 15000);
}

document.addEventListener("koloda:lang", () => { if (S.games.length) renderAll(); renderBusy(); });
document.addEventListener("DOMContentLoaded", init);
