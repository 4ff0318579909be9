"""``koloda learn GAME``: a first game with the teacher in the terminal — the same lesson as
the card room's (``koloda.learn``), the table drawn by the game's display, the teacher's
words and the bots' reasons as lines, the learner's moves typed in the game's notation."""

from __future__ import annotations

from typing import Annotated, TextIO, cast

import typer
from rich.console import Console
from rich.text import Text

from koloda.cli.display import describe_view, game_name
from koloda.cli.display.choices import choice_label
from koloda.cli.output import stdout as safe_stdout
from koloda.core.errors import OptionError
from koloda.core.presentation import CardRef
from koloda.core.registry import available_games
from koloda.i18n import Speaker
from koloda.i18n.words import upper_first
from koloda.learn import Transcript, lesson_of, run_lesson

LEAVE = {"q", "quit", "exit"}
ASK = {"?", "h", "hint"}


def register(app: typer.Typer) -> None:
    app.command(name="learn")(learn)


def speaker(t: Transcript, lang: str) -> Speaker:
    """Words for the learner, the bots called as the card room calls them."""
    plain = Speaker(lang, [], None)
    names = [plain.word("ui.bot_name").replace("{0}", str(s + 1)) for s in range(t.rules.num_seats)]
    names[t.seat] = upper_first(plain.word("ui.you"))
    return Speaker(lang, names, t.seat)


def said_lines(t: Transcript, words: Speaker, start: int) -> list[Text]:
    """The lesson's lines from ``start``: the teacher's in bold, a bot's reason indented."""
    lines = []
    for line in t.said[start:]:
        sentence = words.sentence(line.phrase)
        if line.kind == "teacher":
            lines.append(Text(f"{words.word('learn.teacher')}: {sentence}", style="bold"))
        elif line.kind == "why":
            lines.append(Text(f"   ↳ {sentence}", style="dim"))
        else:
            lines.append(Text(f"  {sentence}"))
    return lines


def suggestion_line(t: Transcript, words: Speaker) -> Text | None:
    if t.suggestion is None:
        return None
    card = words.text(_move_param(t, t.suggestion, words))
    if t.suggestion_reason is None:
        return Text(words.say("learn.suggest_plain", card=card), style="cyan")
    reason = words.phrase(t.suggestion_reason)
    return Text(words.say("learn.suggest", card=card, reason=reason), style="cyan")


def refusal_line(t: Transcript, words: Speaker) -> Text | None:
    if t.refusal is None:
        return None
    rule = f" ({words.word('learn.rule').replace('{0}', ', '.join(t.rules_cited))})"
    cited = rule if t.rules_cited else ""
    text = f"{words.sentence(t.refusal)}{cited} {words.word('learn.try_again')}"
    return Text(text, style="bold red")


def _move_param(t: Transcript, action: int, words: Speaker) -> CardRef | str:
    if t.rules.info.is_card_action(action):
        return CardRef(action)
    text: str = t.rules.format_action(action)
    return f"{choice_label(text, words)} ({text})"


def _chosen(t: Transcript, text: str) -> str | None:
    """The move typed, in the game's notation, if it is a move of the game at all (a card
    that is not allowed now is still sent, so that the teacher says why)."""
    for candidate in (text, text.upper(), text.lower()):
        try:
            return str(t.rules.format_action(t.rules.parse_action(candidate)))
        except (ValueError, KeyError, OptionError):
            continue
    return None


def learn(
    game: Annotated[str, typer.Argument(help=f"the game: {', '.join(available_games())}")],
    lang: Annotated[str, typer.Option("--lang", help="language of the words: en or ru")] = "en",
) -> None:
    """A first game with the teacher: one deal that teaches the rules step by step."""
    from koloda.cli.main import check_lang, fail

    check_lang(lang)
    try:
        lesson_of(game)
    except OptionError as error:
        raise fail(str(error)) from None
    out = Console(file=cast(TextIO, safe_stdout), highlight=False)
    moves: list[str] = []
    shown = 0
    first = True
    while True:
        t = run_lesson(game, moves)
        words = speaker(t, lang)
        if first:
            out.print(
                Text(words.say("learn.cli.title", game=game_name(t.rules, words)), style="bold")
            )
            first = False
        for line in said_lines(t, words, shown):
            out.print(line)
        shown = len(t.said)
        refused = refusal_line(t, words)
        if refused is not None:
            out.print(refused)
        if t.finished:
            command = f"koloda play {game} --bots easy"
            out.print(Text(words.say("learn.cli.finished", command=command), style="bold green"))
            return
        out.print(describe_view(t.rules, t.state.view(t.seat), words))
        suggestion = suggestion_line(t, words)
        moves = [t.rules.format_action(a) for a in t.moves]
        move = _ask(out, t, words, suggestion)
        if move is None:
            out.print(words.word("learn.cli.left"))
            raise typer.Exit(0)
        moves.append(move)


def _ask(out: Console, t: Transcript, words: Speaker, suggestion: Text | None) -> str | None:
    """The learner's move, asked until it is one of the game's; None: he leaves."""
    if suggestion is not None:
        out.print(suggestion)
    example = t.rules.format_action(t.suggestion if t.suggestion is not None else t.legal[0])
    while True:
        try:
            text = input(words.say("learn.cli.ask", card=example) + ": ").strip()
        except EOFError:
            return None
        if text.lower() in LEAVE:
            return None
        if text.lower() in ASK and suggestion is not None:
            out.print(suggestion)
            continue
        move = _chosen(t, text) if text else None
        if move is not None:
            return move
        legal = " ".join(t.rules.format_action(a) for a in t.legal)
        out.print(Text(words.say("learn.cli.bad", text=text or "—", moves=legal), style="red"))
