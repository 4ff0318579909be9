/* A deal of the day's table says so in its heading: how many of the set's deals are played,
   and once the set is done (the table ends with it), that the results are on the day's page. */
import { t } from "../words.js";

/* The mark's words and link for the table's ``daily`` set (null: an ordinary table). */
export function dailyMark(daily, scored) {
  if (!daily) return null;
  const done = Math.min(scored || 0, daily.deals);
  const text = done >= daily.deals ? t("daily.set_done") : t("daily.at_table", done, daily.deals);
  return { text, href: `/daily/${daily.day}/${daily.game}` };
}

export function renderDaily(people, view) {
  const node = document.getElementById("daily-mark");
  if (!node) return;
  const mark = dailyMark(people && people.daily, view && view.deals_scored);
  node.classList.toggle("hidden", !mark);
  if (mark) {
    node.textContent = mark.text;
    node.setAttribute("href", mark.href);
  }
}
