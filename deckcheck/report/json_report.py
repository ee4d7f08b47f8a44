"""The JSON report: a stable contract (README, "JSON output"; schemas/report.schema.json).

Decks are listed in the order the files were found (command-line order; folders searched in
name order), never sorted by verdict, so two runs over the same files can be diffed. The
document is indented, with each deck (and each entry of the summary's lists) on one line:
readable, greppable, and written by the C JSON encoder (an indented dump of thousands of decks
takes several times longer and memory).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..model import CardRef, DeckResult, Problem
from . import CardCount, ReportFormat, Run, tool_info
from .escape import json_safe

_dumps = json.JSONEncoder(ensure_ascii=False).encode  # one encoder, C accelerated (no indent)


def deck_line(result: DeckResult, deck_format: tuple[str, str | None] | None = None, lines: Any = None) -> str:
    """One deck's JSON object on one line (what ``json.dumps(deck_json(...))`` gives), passed through
    ``json_safe``. ``lines``: the ``fast.json_lines`` device (``_templates()``), or None for the plain encoder."""
    if lines is not None:
        return lines.deck_line(result, deck_format, path_uri(result.path))
    return json_safe(_dumps(deck_json(result, deck_format)))


def path_uri(path: str) -> str | None:
    """For a path that is not valid Unicode (a file name that is not UTF-8): the path as a URI
    reference with its bytes percent-encoded, as SARIF gives it. None for any other path."""
    if path.isascii():
        return None
    try:
        path.encode("utf-8")
        return None
    except UnicodeEncodeError:
        from .sarif import artifact_uri

        return artifact_uri(path)


def deck_json(result: DeckResult, deck_format: tuple[str, str | None] | None = None) -> dict:  # (format id, list name)
    out = {
        "path": result.path,
        "legal": result.legal,
        "sections": dict(result.sizes),
        "problems": [p.to_json() for p in result.problems],
        "fingerprint": result.fingerprint,
    }
    if result.name:
        out["name"] = result.name
    if result.player:
        out["player"] = result.player
    if deck_format:
        out["format"], out["banlist"] = deck_format
    uri = path_uri(result.path)
    if uri is not None:
        out["uri"] = uri
    if result.facts.get("points"):
        out["points"] = dict(result.facts["points"])
    return out


def summary_json(run: Run, cards: bool = True) -> dict:
    """The summary (``cards``: with its entries per card; the report may write those itself, ``_summary_text``)."""
    summary = {
        "decks": len(run.results),
        "legal": run.legal,
        "illegal": run.illegal,
        "unreadable": run.unreadable,
        "skipped": len(run.skipped),
        "skipped_files": list(run.skipped),
        "rules": [
            {"rule": c.rule, "severity": c.severity, "problems": c.problems, "decks": c.decks}
            for c in run.rule_counts()
        ],
    }
    if cards:
        summary["cards"] = [card_json(c) for c in run.card_counts() if c.card is not None]
    return summary


def card_json(count) -> dict:
    """An entry of the summary's ``cards``: how often one rule hit one card."""
    return {"rule": count.rule, "kind": count.kind, "severity": count.severity, "card": count.card.to_json(),
            "problems": count.problems, "decks": count.decks}


def _templates() -> Any:
    """The ``fast.json_lines`` device, where it is present and writes the fields the dicts have; else None."""
    try:
        from ..fast import json_lines as lines, turned_off
    except ImportError:  # deckcheck without its fast/ folder (or without this device): the plain encoder
        return None
    if turned_off("json_lines"):
        return None
    card = CardRef("n", 1)
    deck = DeckResult("p", {"main": 0, "extra": 0, "side": 0}, [Problem("r", "error", "m", card=card)], "n",
                      {"points": {"total": 1}}, "p", "f")
    writes = (tuple(deck.problems[0].to_json()) == lines.PROBLEM_FIELDS
              and tuple(deck_json(deck, ("f", "l"))) == tuple(f for f in lines.DECK_FIELDS if f != "uri")
              and tuple(card_json(CardCount("r", "k", "error", card, "n", 1, 1))) == lines.CARD_ENTRY_FIELDS)
    return lines if writes else None


def _indented(value, level: int = 1) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * level)


def _summary_text(run: Run, templates: Any = None) -> str:
    """The summary, indented as the rest, with each entry of its lists (rules, cards) on one line as the decks
    are: readable, greppable, and written by the C encoder (thousands of cards in a large run). ``templates``:
    the ``fast.json_lines`` device, which writes the card entries."""
    lines = []
    summary: dict[str, Any] = summary_json(run, cards=templates is None)
    if templates is not None:
        summary["cards"] = [templates.card_entry(c) for c in run.card_counts() if c.card is not None]
    for key, value in summary.items():
        if isinstance(value, list) and value:
            items = ",\n".join("      " + (item if key == "cards" and templates is not None else _dumps(item))
                                for item in value)
            lines.append(f'    "{key}": [\n{items}\n    ]')
        else:
            lines.append(f'    "{key}": {_dumps(value)}')
    return '  "summary": {\n' + ",\n".join(lines) + "\n  }\n"


def _format_lists(run: Run) -> dict:
    """The region and the format's other lists: points (and cap), card pool, lists whose strictest status applies."""
    lists = run.lists
    out = {"region": lists.get("region")} if lists else {}
    if lists.get("also"):
        out["also"] = lists["also"]
    for key in ("points", "pool"):
        if lists.get(key):
            out[key] = lists[key]
    return out


def render_chunks(run: Run) -> Iterator[str]:
    """The document in pieces (about one per deck), for writing without building one string.

    Every piece passes ``json_safe``: no raw DEL, C1 or bidi control, no lone surrogate (a
    file name that is not UTF-8 is written in its escaped form, with ``uri`` beside it), no
    ``##[``. JSON escapes give the same values back. (A deck's line is made safe by ``deck_line``.)"""
    return _chunks(run)


def _chunks(run: Run) -> Iterator[str]:
    templates = _templates()
    head = {
        "tool": tool_info(),
        "format": {
            "id": run.format_id,
            "banlist": run.banlist.get("name"),
            "effective": run.banlist.get("effective"),
            "as_of": run.as_of.isoformat(),
            **_format_lists(run),
            "stale": run.stale,
        },
        "data": run.data,
    }
    yield "{\n"
    for key, value in head.items():
        yield json_safe(f'  "{key}": {_indented(value)},\n')
    if not run.results:
        yield '  "decks": [],\n'
    else:
        yield '  "decks": [\n'
        formats = run.deck_formats
        last = len(run.results) - 1
        for i, result in enumerate(run.results):
            yield "    " + deck_line(result, formats.get(result.path), templates) + (",\n" if i < last else "\n")
        yield "  ],\n"
    yield json_safe(_summary_text(run, templates))
    yield "}\n"


def render(run: Run) -> str:
    return "".join(render_chunks(run))


class JsonFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> Iterator[str]:
        return render_chunks(run)
