/* The score sheet's sections (as the server's /sheet sends them: a title, columns with a
   head and whether numeric, rows of cells, an optional footer) shaped for the table page:
   pure data, no page, so node's tests read it. A cell is a value, or a seat or side
   ({seat}, {side}) the page names. */

/* Whether a cell names a player or a side. */
export function isWho(c) { return c !== null && typeof c === "object" && ("side" in c || "seat" in c); }

/* The sections the scoreboard shows: all but the first (the deals, which the summary and the
   sheet show), and none without rows (no empty table). */
export function boardSections(sections) {
  return sections.slice(1).filter((section) => section.rows.length);
}

/* A section whose rows are the players (or sides) turned so that each is a column, to fit a
   narrow scoreboard whole; null when the section is not of that kind (it has a footer, no
   rows, or a row that does not start with a player). ``mine(who)``: whether a player or
   side is the reader's. The result: the caption's title, the corner's head, a head per
   player ({who, mine}) and a row per other column ({head, cells: [{value, mine}]}). */
export function across(section, mine) {
  if (section.footer || !section.rows.length || !section.rows.every((row) => isWho(row[0]))) return null;
  const ours = section.rows.map((row) => mine(row[0]));
  return {
    title: section.title,
    corner: section.columns[0].head,
    heads: section.rows.map((row, i) => ({ who: row[0], mine: ours[i] })),
    rows: section.columns.slice(1).map((column, c) => ({
      head: column.head,
      cells: section.rows.map((row, i) => ({ value: row[c + 1], mine: ours[i] })),
    })),
  };
}

/* One deal's row of the sheet's first section, as a section of its own (the summary shows
   it); null when the sheet has no row for that deal yet. */
export function dealRow(sections, deal) {
  const first = sections[0];
  if (!first || first.rows.length <= deal) return null;
  return { ...first, rows: [first.rows[deal]], footer: null };
}
