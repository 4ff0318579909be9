"""Score sheets for the web table: a game's ``ScoreSheet`` as HTML tables in a language."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from koloda.core.presentation import Cell, ScoreSheet, SheetTable
from koloda.i18n import Speaker


def _cell(tag: str, speaker: Speaker, value: Cell, numeric: bool) -> str:
    text = escape(speaker.text(value)).replace("\n", "<br>")
    return f'<{tag} class="num">{text}</{tag}>' if numeric else f"<{tag}>{text}</{tag}>"


def table_html(table: SheetTable, speaker: Speaker, table_id: str | None = None) -> str:
    numeric = [c.numeric for c in table.columns]
    id_attr = f' id="{table_id}"' if table_id else ""
    parts = [f'<table class="sheet-table"{id_attr}>']
    parts.append(f"<caption>{escape(speaker.phrase(table.title))}</caption>")
    head = "".join(_cell("th", speaker, c.head, c.numeric) for c in table.columns)
    parts.append(f"<tr>{head}</tr>")
    for row in table.rows:
        cells = "".join(_cell("td", speaker, v, numeric[i]) for i, v in enumerate(row))
        parts.append(f"<tr>{cells}</tr>")
    if table.footer is not None:
        foot = "".join(_cell("th", speaker, v, numeric[i]) for i, v in enumerate(table.footer))
        parts.append(f'<tr class="total">{foot}</tr>')
    parts.append("</table>")
    parts.extend(f'<p class="note">{escape(speaker.phrase(n))}</p>' for n in table.notes)
    return "".join(parts)


def render_sheet_html(sheet: ScoreSheet, names: Sequence[str], lang: str = "en") -> str:
    """The sheet as HTML (escaped text only): a title and one table a section, the first
    with the id ``sheet-table``."""
    speaker = Speaker(lang, names)
    parts = [f'<h3 class="sheet-title">{escape(speaker.phrase(sheet.title))}</h3>']
    for index, table in enumerate(sheet.sections):
        parts.append(table_html(table, speaker, "sheet-table" if index == 0 else None))
    return "\n".join(parts)
