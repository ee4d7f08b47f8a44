"""What ``--help`` shows beyond each option's own text: options in panels (input, judging, output,
configuration), one placeholder style (UPPER-CASE words: FORMAT, PATH, DATE, N), each command's summary
as one line in the command list, and examples under every command. Applied only when help is asked for,
so a check never pays for it."""

from __future__ import annotations

import inspect

INPUT, JUDGING, OUTPUT, CONFIG, SHEET = "Input", "Judging", "Output", "Configuration", "Registration sheet"

PANELS = {  # an option's parameter name → its panel (options not named here stay under "Options")
    "input_format": INPUT, "force_exclude": INPUT, "jobs": INPUT, "lang": INPUT,
    "format": JUDGING, "banlist": JUDGING, "as_of": JUDGING, "region": JUDGING, "points_cap": JUDGING,
    "output_format": OUTPUT, "output": OUTPUT, "quiet": OUTPUT, "verbose": OUTPUT, "merge": OUTPUT, "require_legal": OUTPUT,
    "to": OUTPUT, "paper": OUTPUT, "form": OUTPUT, "font": OUTPUT,
    "config": CONFIG, "no_config": CONFIG,
    "player": SHEET, "first_name": SHEET, "last_name": SHEET, "konami_id": SHEET, "country": SHEET,
    "event": SHEET, "date": SHEET,
}

METAVARS = {  # a parameter name → its placeholder, where the type alone does not say it
    "format": "FORMAT", "input_format": "FORMAT", "output_format": "FORMAT", "banlist": "LIST", "as_of": "DATE",
    "date": "DATE", "region": "REGION", "points_cap": "N", "jobs": "N", "lang": "LANG", "paper": "PAPER",
    "to": "FORMAT", "player": "NAME", "first_name": "NAME", "last_name": "NAME", "konami_id": "ID",
    "country": "COUNTRY", "event": "NAME", "timeout": "SECONDS", "deadline": "TIME",
}

EXAMPLES = {  # a command → what a newcomer types first
    "check": ["deckcheck check decks/", "deckcheck check deck.ydk --format genesys",
              "deckcheck check decks/ --output report.html"],
    "convert": ["deckcheck convert deck.ydk --to text", "deckcheck convert 'ydke://…' --to ydk --output deck.ydk"],
    "decklist": ["deckcheck decklist deck.ydk --player 'Jane Doe' --konami-id 0301234567 --output sheet.pdf",
                 "deckcheck decklist submissions/ --merge --output all-sheets.pdf"],
    "card": ["deckcheck card 'Ash Blossom'", "deckcheck card 'Maxx C' --history"],
    "show": ["deckcheck show deck.ydk", "deckcheck show deck.ydk --format genesys"],
    "side": ["deckcheck side registered.ydk duel2.ydk"],
    "match": ["deckcheck match registered.ydk duel1.ydk duel2.ydk duel3.ydk"],
    "diff": ["deckcheck diff before.ydk after.ydk"],
    "banlists": ["deckcheck banlists", "deckcheck banlists diff 2026.02 2026.05"],
    "formats": ["deckcheck formats", "deckcheck formats show genesys"],
    "data": ["deckcheck data", "deckcheck data --verbose"],
    "rules": ["deckcheck rules -v"],
    "update": ["deckcheck update"],
}


def _first_sentence(doc: str) -> str:
    first = " ".join(doc.split("\n\n")[0].split())
    end = first.find(". ")
    return first if end < 0 else first[:end + 1]


def _metavar(name: str, annotation: object) -> str | None:
    if name in METAVARS:
        return METAVARS[name]
    text = str(annotation)
    if "bool" in text:
        return None
    if "Path" in text:
        return "PATH"
    if "int" in text:
        return "N"
    if "float" in text:
        return "SECONDS"
    return name.upper().replace("_", "-")


def polish(app) -> None:
    """Set the panels, placeholders, one-line summaries and examples of every command of ``app``."""
    for info in app.registered_commands:
        name = info.name or info.callback.__name__.replace("_", "-")
        doc = inspect.getdoc(info.callback) or ""
        if info.short_help is None and doc:
            info.short_help = _first_sentence(doc)
        if info.epilog is None and name in EXAMPLES:
            info.epilog = "Examples:\n\n" + "\n\n".join(f"  {line}" for line in EXAMPLES[name])
        _polish_options(info.callback)
    for group in app.registered_groups:
        instance = group.typer_instance
        if instance is None:
            continue
        name = group.name if isinstance(group.name, str) else instance.info.name
        if name in EXAMPLES and not isinstance(group.epilog, str):
            group.epilog = "Examples:\n\n" + "\n\n".join(f"  {line}" for line in EXAMPLES[name])
        if instance.registered_callback is not None and instance.registered_callback.callback is not None:
            _polish_options(instance.registered_callback.callback)
        polish(instance)


def _polish_options(callback) -> None:
    from typer.models import OptionInfo

    for parameter in inspect.signature(callback).parameters.values():
        option = parameter.default
        if not isinstance(option, OptionInfo):
            continue
        if option.rich_help_panel is None and parameter.name in PANELS:
            option.rich_help_panel = PANELS[parameter.name]
        if option.metavar is None:
            option.metavar = _metavar(parameter.name, parameter.annotation)
