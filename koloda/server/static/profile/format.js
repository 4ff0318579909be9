/* The profile's pure parts: a rating as shown, the numbers of a game's card, the games
   list's query and the links of a player's profile. No page here: node's tests read them. */
import { ratingText } from "../rated.js";

export const RESULTS = ["won", "drawn", "lost", "unfinished"];
export const PAGE_SIZE = 20;

/* A rating as the lobby shows a bot's: the number, with "?" while it is provisional. */
export function ratingLabel(display, provisional) { return ratingText({ display, provisional }); }

export { profileUrl } from "../account.js";

/* The games list's address for the filters ({game, rated: "rated"|"casual"|"", result}),
   the page's size and where it starts; the filters left empty are left out. */
export function gamesUrl(name, filters = {}, limit = PAGE_SIZE, offset = 0) {
  const query = new URLSearchParams();
  if (filters.game) query.set("game", filters.game);
  if (filters.rated === "rated" || filters.rated === "casual") query.set("rated", String(filters.rated === "rated"));
  if (RESULTS.includes(filters.result)) query.set("result", filters.result);
  query.set("limit", String(limit));
  if (offset) query.set("offset", String(offset));
  return `/api/players/${encodeURIComponent(name)}/games?${query}`;
}

/* A number of points as shown in the language: whole numbers as they are, others to one
   decimal place (an average a deal, King's shared settlements). */
export function pointsText(value, language = "en") {
  if (value === null || value === undefined) return "—";
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat(language, { maximumFractionDigits: whole ? 0 : 1, minimumFractionDigits: whole ? 0 : 1 }).format(value);
}

/* A game's card: its stats and the ratings of its rated presets, cards in the order of the
   games' names, a game with only ratings (its tables' bindings gone) still shown. */
export function gameCards(profile) {
  const cards = new Map();
  const card = (game) => {
    if (!cards.has(game)) cards.set(game, { game, stats: null, ratings: [] });
    return cards.get(game);
  };
  for (const stats of profile.games || []) card(stats.game).stats = stats;
  for (const rating of profile.ratings || []) card(rating.game).ratings.push(rating);
  return [...cards.values()].sort((a, b) => (a.game < b.game ? -1 : a.game > b.game ? 1 : 0));
}
