"""Helpers shared by rules: grouping entries for one problem each, and wording."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from ..model import EXTRA, MAIN, SECTION_TITLES, CardRef, DeckEntry, KnownEntry, Problem

Entry = TypeVar("Entry", bound=DeckEntry)


def found_when_read(rule_id: str) -> Callable[..., Iterable[Problem]]:
    """``check`` of a rule whose problems the reading of the file finds (parse, resolve): the deck's problems
    of that rule."""

    def check(deck, regulation) -> Iterable[Problem]:
        problems = deck.problems
        return [p for p in problems if p.rule == rule_id] if problems else ()

    return check


def by_card_and_section(entries: Iterable[Entry]) -> list[list[Entry]]:
    """Entries grouped per (card, section), in order of first appearance: one problem each."""
    groups: dict[tuple, list[Entry]] = {}
    for e in entries:
        key = (e.card.passcode if e.card else (e.passcode, e.name), e.section)
        groups.setdefault(key, []).append(e)
    return list(groups.values())


def copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def total(entries: Iterable[DeckEntry]) -> int:
    return sum(e.count for e in entries)


def lines_note(entries: list[Entry]) -> str:
    lines = [str(n) for e in entries for n in e.lines]
    if len(lines) <= 1:
        return ""
    return f"; lines {', '.join(lines)}"


def section_title(section: str) -> str:
    return SECTION_TITLES[section]


def unmarked_extra(deck) -> list[KnownEntry]:
    """In a YDK file without an ``#extra`` line: the entries that end its Main Deck from its last run of Extra
    Deck monsters on (what an ``#extra`` line before them puts in the Extra Deck), in file order; else []."""
    if not getattr(deck, "no_extra_line", False):
        return []
    block: list[KnownEntry] = []
    for e in reversed([e for e in deck.entries if e.section == MAIN]):
        if e.card is not None and e.card.kind == "main":
            break
        block.append(e)
    block.reverse()
    while block and (block[0].card is None or block[0].card.kind != "extra"):
        block.pop(0)
    return block


def size_problem(deck, regulation, section: str, rule_id: str, severity: str) -> Problem | None:
    """The problem for a section whose size is outside the range the rule's options give, or None.

    A YDK file without an ``#extra`` line is judged as its cards mean (``unmarked_extra``): that one cause
    is one wrong-section problem, and the sizes are those the ``#extra`` line gives."""
    options = regulation.options(rule_id)
    low, high = options["min"], options["max"]
    size = deck.sizes[section]
    note = ""
    unmarked = unmarked_extra(deck) if section in (MAIN, EXTRA) else []
    if unmarked:
        moved = total(unmarked)
        size += moved if section == EXTRA else -moved
        note = (f" ({'with' if section == EXTRA else 'without'} the {cards(moved)} from line {unmarked[0].line} "
                "on, once an #extra line is added before them)")
    if low <= size and (high is None or size <= high):
        return None
    title = f"{section_title(section)} Deck"
    fmt = regulation.title
    if size < low:
        needs = f"{low}–{high}" if high is not None else f"at least {low}"
        message = f"{title} has {cards(size)}{note}; {fmt} needs {needs}"
        fix = f"add {cards(low - size)} to the {title}"
    elif high == 0:  # a format without this section (Master Duel has no Side Deck)
        message = f"{fmt} has no {title}: it has {cards(size)}{note}"
        fix = f"remove the {title} ({cards(size)})"
    else:
        allowed = f"{low}–{high}" if low else f"at most {high}"
        message = f"{title} has {cards(size)}{note}; {fmt} allows {allowed}"
        fix = f"remove {cards(size - high)} from the {title}"
    return Problem(rule_id, severity, message, section, None, None, fix)


def size_options(low: int, high: int | None, section: str) -> dict:
    """The options of a section-size rule: its range (``max: null`` for no maximum)."""
    from ._options import Option

    return {
        "min": Option("int", low, f"the fewest cards the {section} may hold"),
        "max": Option("int", high, f"the most cards the {section} may hold (null: no maximum)", nullable=True),
    }


def range_problem(options: dict) -> str | None:
    if options["max"] is not None and options["min"] > options["max"]:
        return f"min ({options['min']}) is more than max ({options['max']})"
    return None


class GroupCount:
    """The copies of one name group across Main, Extra and Side."""

    __slots__ = ("group", "entries", "total")

    def __init__(self, group: int, entries: list[KnownEntry]):
        self.group = group
        self.entries = entries
        self.total = entries[0].count if len(entries) == 1 else total(entries)

    def by_section(self) -> str:
        if len(self.entries) == 1:  # the usual group: one entry
            e = self.entries[0]
            return f"{e.count} {section_title(e.section)}"
        counts: dict[str, int] = {}
        for e in self.entries:
            counts[e.section] = counts.get(e.section, 0) + e.count
        return ", ".join(f"{n} {section_title(s)}" for s, n in counts.items())

    def past(self, limit: int) -> KnownEntry:
        """The entry that takes the count past ``limit``: where to act first."""
        running = 0
        for e in self.entries:
            running += e.count
            if running > limit:
                return e
        return self.entries[-1]

    def line_past(self, limit: int) -> int | None:
        if len(self.entries) == 1:
            e = self.entries[0]
            return e.line + limit if e.span > 1 and e.line is not None else e.line
        entry = self.past(limit)
        running = sum(e.count for e in self.entries[: self.entries.index(entry)])
        return entry.line + (limit - running) if entry.span > 1 and entry.line is not None else entry.line

    def name_and_ref(self, cards_index) -> tuple[str, CardRef]:
        """The name the group is counted under."""
        card = cards_index.by_passcode(self.group) or self.entries[0].card
        return card.name, CardRef(card.name, card.passcode)

    def treated_as_note(self, name: str) -> str:
        if len(self.entries) == 1 and self.entries[0].card.name == name:
            return ""
        others = list(dict.fromkeys(e.card.name for e in self.entries if e.card.name != name))
        if not others:
            return ""
        return f"; {', '.join(others)} {'is' if len(others) == 1 else 'are'} always treated as {name}"


def over_limits(totals: dict[int, int], limits: dict[int, int], default: int) -> list[tuple[int, int]]:
    """(group, limit) of the name groups with more copies (``totals``) than their limit (``limits``, else
    ``default``), in deck order."""
    if not limits:  # the usual deck has no group over the limit: max() settles it
        return [(g, default) for g, n in totals.items() if n > default] if max(totals.values(), default=0) > default else []
    return [(g, limits.get(g, default)) for g, n in totals.items() if n > limits.get(g, default)]


def groups_over(deck, limits: dict[int, int], default: int | None = None) -> list[tuple[GroupCount, int]]:
    """Name groups with more copies than their limit (``limits``, else ``default``; None: no limit), in deck order."""
    totals = deck.group_totals()
    if default is None:  # only the groups of ``limits`` have one: the deck's entries of them, in one pass
        found: dict[int, list[KnownEntry]] = {}
        for e in [e for e in deck.deck_entries if e.card.group in limits]:
            group = e.card.group
            if totals[group] > limits[group]:
                found.setdefault(group, []).append(e)
        return [(GroupCount(g, entries), limits[g]) for g, entries in found.items()]
    over = over_limits(totals, limits, default)
    if not over:
        return []
    groups = deck.groups([g for g, _ in over])
    return [(GroupCount(g, groups[g]), limit) for g, limit in over]
