"""``koloda analyse``: what each decision of a seat cost in a recorded game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from koloda.cli.bot_option import BotOpt, use_bots


def register(app: typer.Typer) -> None:
    app.command(name="analyse")(analyse_command)


def is_person(name: str) -> bool:
    """The name is the one the terminal gives its person ("You", "Вы" in any language of
    the catalogues): the analysis then speaks of "your decisions"."""
    from koloda.i18n import LANGUAGES, Speaker

    return name in {Speaker(lang, []).word("ui.you_name") for lang in LANGUAGES}


def analyse_command(
    file: Annotated[Path, typer.Argument(help="a game record (JSON), finished or saved")],
    seat: Annotated[int, typer.Option(help="the seat whose decisions are valued")] = 0,
    samples: Annotated[
        int, typer.Option(help="sampled deals per decision (more: slower, steadier values)")
    ] = 24,
    deal: Annotated[
        list[int] | None,
        typer.Option(help="only this deal, counted from 1 (may be repeated)"),
    ] = None,
    top: Annotated[int, typer.Option(help="how many of the costliest decisions to list")] = 5,
    seed: Annotated[
        int, typer.Option(help="seed of the sampled deals (same seed, same values)")
    ] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="every decision with its values as JSON")
    ] = False,
    lang: Annotated[str, typer.Option(help="language of the report: en or ru")] = "en",
    bot: BotOpt = None,
) -> None:
    """Value every decision of a seat and list the costliest.

    Each decision is valued by search on that seat's view:
    the points each move gave away on average against the best one."""
    from rich.progress import Progress

    from koloda.bots.analysis import analyse, costliest, decision_json
    from koloda.cli.display import describe_view
    from koloda.cli.display.choices import choice_label
    from koloda.cli.main import check_lang, err, fail, out
    from koloda.cli.players import shown_names
    from koloda.core.presentation import CardRef
    from koloda.i18n import Speaker
    from koloda.records import RecordError, load_record, replay

    check_lang(lang)
    use_bots(bot)
    if samples < 1 or top < 0:
        raise fail("--samples must be at least 1 and --top at least 0")
    try:
        record = load_record(file)
        replay(record)  # every deal and action checked before any is analysed
    except RecordError as error:
        raise fail(str(error)) from None
    rules = record.rules
    if not 0 <= seat < rules.num_seats:
        raise fail(f"--seat must be a seat 0..{rules.num_seats - 1}")
    if deal and not all(1 <= d <= len(record.deals) for d in deal):
        raise fail(f"--deal must be a deal 1..{len(record.deals)} of this record")
    words = Speaker(lang, [])
    names = record.players or [f"{words.word('ui.seat')} {s}" for s in range(rules.num_seats)]
    names = shown_names(names, lang)
    words = Speaker(lang, names)
    seat_words = Speaker(lang, names, seat)
    with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task(words.word("analysis.progress"), total=None)
        decisions = analyse(
            rules,
            record,
            seat,
            samples=samples,
            seed=seed,
            deals={d - 1 for d in deal} if deal else None,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    if as_json:
        print(json.dumps([decision_json(rules, d) for d in decisions], ensure_ascii=False))
        return

    def show(text: str) -> None:
        out.print(text, highlight=False, markup=False)

    def said(action: int) -> CardRef | str:
        """A card as the catalogue names it, another action as the table's choices do."""
        if rules.info.is_card_action(action):
            return CardRef(action)
        return choice_label(rules.format_action(action), words)

    def named(action: int) -> str:
        """``said`` as text: a card as the table shows it (``Д♠``), another action in words."""
        shown = said(action)
        return words.card(shown.card) if isinstance(shown, CardRef) else shown

    forced = sum(d.forced for d in decisions)
    recorded = record.players[seat] if record.players else ""
    show(
        words.say(
            "analysis.title_yours" if is_person(recorded) else "analysis.title",
            seat=names[seat],
            decisions=len(decisions),
            forced=forced,
            samples=samples,
        )
    )
    lost = sum(d.loss for d in decisions)
    worst = costliest(decisions, top)
    if not worst:
        show(words.say("analysis.none_lost"))
        return
    per = lost / max(1, len(decisions) - forced)
    show(words.say("analysis.lost", points=f"{lost:.1f}", per_decision=f"{per:.2f}"))
    show(words.say("analysis.costliest"))
    for rank, decision in enumerate(worst, start=1):
        show(
            words.say(
                "analysis.decision",
                rank=rank,
                deal=decision.deal + 1,
                number=decision.move + 1,
                chosen=said(decision.chosen),
                best=said(decision.best),
                loss=f"{decision.loss:.1f}",
            )
        )
        out.print(describe_view(rules, decision.view, seat_words))
        ranked = sorted(decision.values.items(), key=lambda item: -item[1])
        values = ", ".join(f"{named(a)} {v:+.1f}" for a, v in ranked)
        show(words.say("analysis.values", values=values))
