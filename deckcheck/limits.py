"""How much deckcheck reads and reports of one deck: bounds far above any real decklist.

A deck has at most 90 cards (Main 60, Extra 15, Side 15), so a real decklist has well under a
hundred entries and a handful of problems per rule. A file with thousands of entries is not a
decklist; a flood of problems helps no one and costs time and memory in every report.

- ``max_entries()`` (1,000; ``DECKCHECK_MAX_ENTRIES``): card entries read from one file. A file
  with more is ``unreadable``: it cannot be a decklist, and the verdict is not legal either way.
- ``max_problems()`` (100; ``DECKCHECK_MAX_PROBLEMS``): problems listed per rule and deck. The
  rest become one problem of that rule, "… and 12,345 more", at the line of the first one left out.
- ``MAX_SUGGESTED_NAMES``: unknown names per deck that get "did you mean" (the first ones).
- ``MAX_LOOSE_NAMES``: names no card has, per deck, that may be read as the one card they stand for
  (a short form or a misspelling: the first ones; a deck has at most 90 cards, so every one of a real
  decklist's).
- ``NAME_LIMIT``: a card or deck name is kept to 200 characters (no card name is half as long).
- ``CLIP``: what a message or a fix quotes of a line, a name or a value given (``clip``, ``quoted``).

The environment variables take a whole number of at least 1; any other value is ignored.
"""

from __future__ import annotations

import os

from .model import ERROR, Problem

DEFAULT_MAX_ENTRIES = 1000
DEFAULT_MAX_PROBLEMS = 100
MAX_SUGGESTED_NAMES = 30
MAX_LOOSE_NAMES = 100
CLIP = 60  # characters of a written line or name quoted in a message
NAME_LIMIT = 200  # characters kept of a card or deck name (the longest card name has 63)


_values: dict[str, int] = {}


def _setting(variable: str, default: int) -> int:
    value = _values.get(variable)
    if value is None:
        text = os.environ.get(variable, "").strip()
        value = int(text) if text.isascii() and text.isdigit() and 0 < int(text) < 10**9 else default
        _values[variable] = value
    return value


def max_entries() -> int:
    return _setting("DECKCHECK_MAX_ENTRIES", DEFAULT_MAX_ENTRIES)


def max_problems() -> int:
    return _setting("DECKCHECK_MAX_PROBLEMS", DEFAULT_MAX_PROBLEMS)


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to ``limit`` characters, with "…" where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: object, limit: int = CLIP) -> str:
    """Input text (a line, a name, a command-line value) as a message or a fix quotes it: ``repr`` of its
    first ``limit`` characters, "…" where it was cut. Every echo of what a user or a file gave goes through
    this (or ``clip``): a ``3 <1 MB name>`` line or a 100 KB argument is never repeated whole."""
    return repr(clip(str(text), limit))


class Omitted(Problem):
    """Problems of one rule left out of a report: "… and 12,345 more"."""

    __slots__ = ("count",)

    def __init__(self, rule: str, severity: str, count: int, section: str | None, line: int | None, limit: int):
        where = f", from line {line:,} on" if line is not None else ""
        what = "problem" if count == 1 else "problems"
        super().__init__(
            rule, severity,
            f"… and {count:,} more {rule} {what}{where} (at most {limit:,} are listed per rule and deck)",
            section, line, None,
            "fix the problems listed first; DECKCHECK_MAX_PROBLEMS lists more",
        )
        self.count = count


def capped(problems: list[Problem], limit: int | None = None) -> list[Problem]:
    """At most ``limit`` (``max_problems()``) problems per rule, in their order; each rule's
    rest as one ``Omitted`` (counting any ``Omitted`` already among them, e.g. a parser's)."""
    if limit is None:
        limit = max_problems()
    if len(problems) <= limit:
        return problems
    kept: list[Problem] = []
    listed: dict[str, int] = {}
    left_out: dict[str, list] = {}  # rule -> [count, worst severity, first left out]
    for p in problems:
        n = listed.get(p.rule, 0)
        if n < limit and not isinstance(p, Omitted):
            kept.append(p)
            listed[p.rule] = n + 1
            continue
        rest = left_out.get(p.rule)
        if rest is None:
            rest = left_out[p.rule] = [0, p.severity, p]
        rest[0] += p.count if isinstance(p, Omitted) else 1
        if p.severity == ERROR:
            rest[1] = ERROR
    for rule, (count, severity, first) in left_out.items():
        kept.append(Omitted(rule, severity, count, first.section, first.line, limit))
    return kept
