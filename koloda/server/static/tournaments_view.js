/* The tournaments' pages as pure data (no page here, so node's tests read it too): a
   tournament's terms and state in words, numbers as the reader writes them, its tables by
   round, the request that makes one, and when the page takes its player to a new table. */
import { entry, lang, pluralWord, t, word } from "./words.js";

/* A number as the reader writes it (a comma in Russian), at most ``digits`` decimals. */
export function number(value, digits = 2) {
  if (value === null || value === undefined) return "—";
  const text = new Intl.NumberFormat(lang(), { maximumFractionDigits: digits }).format(value);
  return text.replace("-", "−");
}

/* "3 rounds", "3 тура": a counted word of the catalogue. */
export function counted(key, n) { return pluralWord(key, n).replace("{0}", String(n)); }

/* A time (Unix seconds) in the reader's language and time zone. */
export function timeText(unix, timeZone) {
  const options = { dateStyle: "medium", timeStyle: "short" };
  if (timeZone) options.timeZone = timeZone;
  return new Intl.DateTimeFormat(lang(), options).format(new Date(unix * 1000));
}

/* The preset's name as the lobby says it ("lobby.preset.<id>"), else the game's. */
export function presetName(x) {
  const key = `lobby.preset.${x.preset}`;
  if (entry(key) !== undefined) return word(key);
  return entry(`game.${x.game}`) !== undefined ? word(`game.${x.game}`) : x.game;
}

export function kindText(x) {
  return x.kind === "arena" ? counted("tournaments.arena_minutes", x.minutes) : counted("tournaments.swiss_rounds", x.rounds);
}

/* The terms in one line: rules, kind, deals a table, turn clock. */
export function termsText(x) {
  return [presetName(x), kindText(x), counted("tournaments.deals_per_table", x.deals),
    counted("tournaments.clock_seconds", Math.round(x.turn_seconds))].join(" · ");
}

export function stateText(state) { return t(`tournaments.state_${state}`); }

/* When: the scheduled start or that its maker starts it; the round in play or an arena's
   end; when a finished one began. */
export function whenText(x, timeZone) {
  if (x.state === "open") {
    if (x.starts) return t("tournaments.starts_at", timeText(x.starts, timeZone));
    return t(x.maker ? "tournaments.you_start" : "tournaments.maker_starts");
  }
  if (x.state === "playing") {
    if (x.kind === "arena") return x.ends ? t("tournaments.ends_at", timeText(x.ends, timeZone)) : stateText("playing");
    return t("tournaments.round_of", x.round, x.rounds);
  }
  return x.started ? t("tournaments.finished_at", timeText(x.started, timeZone)) : stateText("finished");
}

/* The list in its three parts, in the server's order. */
export function byState(list) {
  const parts = { open: [], playing: [], finished: [] };
  for (const x of list) (parts[x.state] || parts.finished).push(x);
  return parts;
}

/* The tables by round, rounds in order ({round, tables}). */
export function rounds(tables) {
  const found = new Map();
  for (const table of tables) {
    if (!found.has(table.round)) found.set(table.round, []);
    found.get(table.round).push(table);
  }
  return [...found.keys()].sort((a, b) => a - b).map((round) => ({ round, tables: found.get(round) }));
}

/* Each seat of a tournament's table: who (null: a bot), and once it ended, its result and
   points. */
export function seatLines(table) {
  return table.players.map((name, seat) => ({
    name: name === null ? t("tournaments.bot") : name,
    bot: name === null,
    result: table.shares ? number(table.shares[seat]) : null,
    points: table.points ? number(table.points[seat], 1) : null,
  }));
}

/* The address of the player's table, with his seat's token. */
export function tableUrl(table) {
  return `/t/${encodeURIComponent(table.table_id)}?token=${encodeURIComponent(table.token)}`;
}

/* The table the page goes to by itself: the player's table when it is new since the last
   look (not at the first look: then the page shows the link, and the player follows it). */
export function tableToOpen(seenBefore, page, autoGo) {
  const table = page && page.mine && page.mine.table;
  if (!autoGo || !table || seenBefore === undefined) return null;
  return table.table_id === seenBefore ? null : table;
}

/* What the player's own line says (a catalogue key), or null when he is not entered. */
export function mineKey(page) {
  const mine = page.mine;
  if (!mine) return page.state === "finished" ? null : "tournaments.not_entered";
  if (mine.withdrawn) return "tournaments.withdrawn_you";
  if (mine.table) return "tournaments.your_table";
  if (page.state === "open") return "tournaments.wait_start";
  if (page.state === "playing") return mine.waiting || page.kind === "arena" ? "tournaments.wait_next" : "tournaments.wait_round";
  return null;
}

/* The buttons the player has: enter, withdraw, and its maker's start. */
export function actions(page) {
  const open = page.state === "open";
  const entering = open || (page.state === "playing" && page.kind === "arena");
  const out = [];
  if (!page.mine && entering) out.push("join");
  if (page.maker && open) out.push("start");
  if (page.mine && !page.mine.withdrawn && page.state !== "finished") out.push("withdraw");
  return out;
}

/* The numbers the form asks for: the field's words and the range the server takes. */
export const LIMITS = {
  rounds: ["tournaments.field_rounds", 1, 9],
  minutes: ["tournaments.field_minutes", 5, 240],
  deals: ["tournaments.field_deals", 1, 15],
  turn_seconds: ["tournaments.field_turn", 10, 600],
  starts_in: ["tournaments.field_start_in", 1, 7 * 24 * 60],
};

/* The form's values as the request that makes a tournament, or {problem} in words. */
export function newTournament(values, guest) {
  const title = (values.title || "").split(/\s+/).filter(Boolean).join(" ");
  if (!title) return { problem: t("tournaments.title_missing") };
  const name = (values.name || "").trim();
  if (guest && !name) return { problem: t("tournaments.name_missing") };
  const asked = ["deals", "turn_seconds", values.kind === "arena" ? "minutes" : "rounds", ...(values.start === "later" ? ["starts_in"] : [])];
  for (const field of asked) {
    const [words, low, high] = LIMITS[field];
    const value = Number(values[field]);
    if (!Number.isInteger(value) || value < low || value > high) return { problem: t("tournaments.number_range", t(words), low, high) };
  }
  const whole = (v) => Math.round(Number(v));
  const body = {
    title, game: values.game, preset: values.preset, kind: values.kind,
    deals: whole(values.deals), turn_seconds: whole(values.turn_seconds),
    starts_in: values.start === "later" ? whole(values.starts_in) : 0,
  };
  if (values.kind === "arena") body.minutes = whole(values.minutes);
  else body.rounds = whole(values.rounds);
  if (guest) Object.assign(body, { browser: guest, name });
  return { body };
}
