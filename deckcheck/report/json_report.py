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
from json.encoder import encode_basestring as _s  # the C string encoder (ensure_ascii=False)

from ..model import CardRef, Problem
from . import CardCount, ReportFormat, Run, tool_info
from .escape import json_safe

_dumps = json.JSONEncoder(ensure_ascii=False).encode  # one encoder, C accelerated (no indent)

_PROBLEM_KEYS = ("rule", "severity", "message", "section", "line", "card", "fix")
_PROBLEM = '{"rule": %s, "severity": %s, "message": %s, "section": %s, "line": %s, "card": %s, "fix": %s}'


def _problem_json(p) -> str:
    """``json.dumps(p.to_json())``, twice as fast: problems are most of a large report."""
    card = p.card
    return _PROBLEM % (
        _s(p.rule), _s(p.severity), _s(p.message),
        "null" if p.section is None else _s(p.section),
        "null" if p.line is None else int(p.line),
        "null" if card is None else '{"name": %s, "passcode": %s}' % (
            "null" if card.name is None else _s(card.name), "null" if card.passcode is None else int(card.passcode)),
        "null" if p.fix is None else _s(p.fix),
    )


# The fast path only while Problem.to_json has exactly these fields; else the plain encoder.
FAST_PROBLEMS = tuple(Problem("rule", "error", "message").to_json()) == _PROBLEM_KEYS


# Verdicts shared by files of the same contents (checker.py: DeckResult.moved) share their problems list:
# its rendering (and the verdict it makes) is kept by the list's identity (the list kept with it, so its id is
# not reused), with the rest of the last line made with it: copies of a file share that string.
_rendered: dict[int, list] = {}  # id(problems) → [problems, legal, problems JSON, (what the rest was made of, rest)]
_RENDERED_MAX = 4096


def deck_line(result, deck_format: tuple[str, str] | None = None) -> str:
    """One deck's JSON object on one line (what ``json.dumps(deck_json(...))`` gives), passed through
    ``json_safe`` (piece by piece: each piece starts and ends with JSON punctuation)."""
    return "".join(deck_line_pieces(result, deck_format))


def deck_line_pieces(result, deck_format: tuple[str, str] | None = None, moved_from=None) -> tuple[str, ...]:
    """``deck_line`` in pieces: the start with the path, then the rest, one string shared by the copies of a
    file (made once, and sent once by the worker that checked them: batch.py). ``moved_from``: the result
    this one is a copy of (``DeckResult.moved``), its pieces made: the rest is the same."""
    if not FAST_PROBLEMS:
        return (json_safe(_dumps(deck_json(result, deck_format))),)
    like = moved_from.rendered if moved_from is not None else None
    if like is not None and len(like) == 2 and path_uri(moved_from.path) is None and path_uri(result.path) is None:
        return '{"path": ' + json_safe(_s(result.path)) + ", ", like[1]
    problems = result.problems
    known = _rendered.get(id(problems))
    if known is None or known[0] is not problems:
        listed = json_safe(", ".join(map(_problem_json, problems)))
        if len(_rendered) >= _RENDERED_MAX:
            _rendered.clear()
        known = _rendered[id(problems)] = [problems, "true" if result.legal else "false", listed, None]
    head = '{"path": ' + json_safe(_s(result.path)) + ", "
    uri = path_uri(result.path)
    made_of = (result.sizes, result.name, result.player, deck_format, result.facts.get("points"), result.fingerprint)
    if uri is None and known[3] is not None and known[3][0] == made_of:
        return head, known[3][1]
    body = '"legal": %s, "sections": %s, "problems": [%s], "fingerprint": %s' % (
        known[1], _dumps(result.sizes), known[2], "null" if result.fingerprint is None else _s(result.fingerprint))
    tail = ""
    if result.name:
        tail += ', "name": ' + _s(result.name)
    if result.player:
        tail += ', "player": ' + _s(result.player)
    if deck_format:
        tail += ', "format": %s, "banlist": %s' % (_dumps(deck_format[0]), _dumps(deck_format[1]))
    if uri is not None:
        tail += ', "uri": ' + _s(uri)
    points = made_of[4]
    if points:
        tail += ', "points": ' + _dumps(points)
    rest = body + json_safe(tail) + "}"
    if uri is None:
        known[3] = (made_of, rest)
    return head, rest


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


def deck_json(result, deck_format: tuple[str, str | None] | None = None) -> dict:  # (format id, list name)
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
    """The summary (``cards``: with its entries per card; the report writes those itself, ``card_entry``)."""
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


_CARD_ENTRY = '{"rule": %s, "kind": %s, "severity": %s, "card": {"name": %s, "passcode": %s}, "problems": %d, "decks": %d}'


def card_entry(count) -> str:
    """``_dumps(card_json(count))``, five times as fast: a large run has thousands of these entries."""
    name, passcode = count.card.name, count.card.passcode
    return _CARD_ENTRY % (_s(count.rule), _s(count.kind), _s(count.severity), "null" if name is None else _s(name),
                          "null" if passcode is None else int(passcode), count.problems, count.decks)


# The fast entries only while card_json has exactly these fields; else the plain encoder.
FAST_CARD_ENTRIES = tuple(card_json(CardCount("r", "k", "error", CardRef("n", 1), "n", 1, 1))) == (
    "rule", "kind", "severity", "card", "problems", "decks")


def _indented(value, level: int = 1) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * level)


def _summary_text(run: Run) -> str:
    """The summary, indented as the rest, with each entry of its lists (rules, cards) on one line as the decks
    are: readable, greppable, and written by the C encoder (thousands of cards in a large run)."""
    lines = []
    summary = summary_json(run, cards=not FAST_CARD_ENTRIES)
    if FAST_CARD_ENTRIES:
        summary["cards"] = [card_entry(c) for c in run.card_counts() if c.card is not None]
    for key, value in summary.items():
        if isinstance(value, list) and value:
            items = ",\n".join("      " + (item if key == "cards" and FAST_CARD_ENTRIES else _dumps(item))
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
            pieces = result.rendered  # made by the process that checked the deck (batch.check_files)
            if pieces is None:
                pieces = deck_line_pieces(result, formats.get(result.path))
            yield "    "
            yield from pieces
            yield ",\n" if i < last else "\n"
        yield "  ],\n"
    yield json_safe(_summary_text(run))
    yield "}\n"


def render(run: Run) -> str:
    return "".join(render_chunks(run))


class JsonFormat(ReportFormat):
    deck_pieces = staticmethod(deck_line_pieces)

    def chunks(self, run: Run, *, quiet: bool = False) -> Iterator[str]:
        return render_chunks(run)
