/* The table's "Rules" link (templates/table.html): the player page of this table's game in
   the page's language, with the rules in force at this table marked (GET
   /help/<lang>/table/<id> leads there; koloda/server/help.py). It opens in a new tab. The
   language is words.js's, which i18n.js (loaded first by every page) has set; without a page
   (node's tests) only rulesHref is read. */
import { lang } from "./words.js";

/* The address of the rules of table ``tableId`` in language ``language``. */
export function rulesHref(language, tableId) {
  return `/help/${encodeURIComponent(language)}/table/${encodeURIComponent(tableId)}`;
}

function update() {
  const link = document.getElementById("table-rules");
  const table = document.getElementById("table");
  if (link && table) link.href = rulesHref(lang(), table.dataset.table);
}
if (typeof document !== "undefined") {
  update();
  document.addEventListener("koloda:lang", update);
}
