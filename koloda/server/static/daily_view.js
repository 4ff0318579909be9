/* The deal of the day's page as pure functions (tested with node --test): how a percentage,
   a number of points and a play are written. */
import { actionLabel, cardLabel } from "./words.js";

const CARD = /^(10|[2-9TJQKA])([SHDC])$/;

/* A percentage: "62.5 %". */
export function percent(value) { return `${(Math.round(value * 10) / 10).toString()} %`; }

/* A number of points with a true minus sign ("−3"); "—" for none. */
export function points(value) { return value === null || value === undefined ? "—" : String(value).replace("-", "−"); }

/* A play in the reader's words: a card with its suit's sign ("10♦", "Д♠"), a bid or a
   contract as the table says it; "—" for none. */
export function playLabel(text) {
  if (!text) return "—";
  return CARD.test(text) ? cardLabel(text.replace(/^T/, "10")) : actionLabel(text);
}
