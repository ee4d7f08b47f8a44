"""Speed device: the JSON report's deck lines and summary card entries written from templates
(report/json_report.py), not by building each one's dict and encoding it.

Each gives exactly what ``json.dumps`` of the dict gives (``json_report.deck_json``, ``json_report.card_json``;
tests/test_fast.py): the report uses it only while those dicts have the fields written here.

What it buys on ../shared/bench/decks (2,000 distinct decklists, ``-o json --format tcg``): the check makes 5% fewer
instructions in all (3,426 M instead of 3,598 M, cachegrind: data, decks and report in one process), the report
about 35 ms of CPU instead of 50 (bench/README.md, 2026-12-02).
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring as _s  # the C string encoder (ensure_ascii=False)
from typing import Any

from ..model import EXTRA, MAIN, SECTIONS, SIDE, DeckResult, Problem
from ..report.escape import json_safe

_dumps = json.JSONEncoder(ensure_ascii=False).encode

PROBLEM_FIELDS = ("rule", "severity", "message", "section", "line", "card", "fix")
DECK_FIELDS = ("path", "legal", "sections", "problems", "fingerprint", "name", "player", "format", "banlist", "uri",
               "points")
CARD_ENTRY_FIELDS = ("rule", "kind", "severity", "card", "problems", "decks")

_PROBLEM = '{"rule": %s, "severity": %s, "message": %s, "section": %s, "line": %s, "card": %s, "fix": %s}'
_SIZES = '{"main": %d, "extra": %d, "side": %d}'  # a deck's sections, in the order ResolvedDeck counts them
_CARD_ENTRY = ('{"rule": %s, "kind": %s, "severity": %s, "card": {"name": %s, "passcode": %s}, "problems": %d, '
               '"decks": %d}')


def problem_json(p: Problem) -> str:
    """``json.dumps(p.to_json())``."""
    card = p.card
    return _PROBLEM % (
        _s(p.rule), _s(p.severity), _s(p.message),
        "null" if p.section is None else _s(p.section),
        "null" if p.line is None else int(p.line),
        "null" if card is None else '{"name": %s, "passcode": %s}' % (
            "null" if card.name is None else _s(card.name), "null" if card.passcode is None else int(card.passcode)),
        "null" if p.fix is None else _s(p.fix),
    )


def deck_line(result: DeckResult, deck_format: tuple[str, str | None] | None, uri: str | None) -> str:
    """``json_safe(json.dumps(json_report.deck_json(result, deck_format)))``; ``uri``: the path as a URI, for a
    path that is not valid Unicode (``json_report.path_uri``)."""
    sizes = result.sizes
    line = '{"path": %s, "legal": %s, "sections": %s, "problems": [%s], "fingerprint": %s' % (
        _s(result.path), "true" if result.legal else "false",
        _SIZES % (sizes[MAIN], sizes[EXTRA], sizes[SIDE]) if tuple(sizes) == SECTIONS else _dumps(sizes),
        ", ".join(map(problem_json, result.problems)),
        "null" if result.fingerprint is None else _s(result.fingerprint))
    if result.name:
        line += ', "name": ' + _s(result.name)
    if result.player:
        line += ', "player": ' + _s(result.player)
    if deck_format:
        format_id, list_name = deck_format
        line += ', "format": %s, "banlist": %s' % ("null" if format_id is None else _s(format_id),
                                                   "null" if list_name is None else _s(list_name))
    if uri is not None:
        line += ', "uri": ' + _s(uri)
    points = result.facts.get("points")
    if points:
        line += ', "points": ' + _dumps(points)
    return json_safe(line + "}")


def card_entry(count: Any) -> str:
    """``json.dumps(json_report.card_json(count))`` of a summary entry whose card is known (``count.card``)."""
    name, passcode = count.card.name, count.card.passcode
    return _CARD_ENTRY % (_s(count.rule), _s(count.kind), _s(count.severity), "null" if name is None else _s(name),
                          "null" if passcode is None else int(passcode), count.problems, count.decks)
