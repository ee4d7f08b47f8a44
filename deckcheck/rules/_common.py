"""Helpers shared by rules: grouping entries and wording counts."""

from __future__ import annotations

from collections.abc import Iterable

from ..model import SECTION_TITLES, ResolvedEntry


def by_card_and_section(entries: Iterable[ResolvedEntry]) -> list[list[ResolvedEntry]]:
    """Entries grouped per (card, section), in order of first appearance."""
    groups: dict[tuple, list[ResolvedEntry]] = {}
    for e in entries:
        key = (e.card.passcode if e.card else (e.entry.passcode, e.entry.name), e.entry.section)
        groups.setdefault(key, []).append(e)
    return list(groups.values())


def deck_cards(deck) -> list[ResolvedEntry]:
    """Entries that are known cards allowed in a deck (not unknown, not tokens or skills)."""
    return [e for e in deck.entries if e.card is not None and e.card.kind in ("main", "extra")]


def copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def lines_note(entries: list[ResolvedEntry]) -> str:
    lines = [e.entry.line for e in entries if e.entry.line is not None]
    if len(lines) <= 1:
        return ""
    return f"; lines {', '.join(map(str, lines))}"


def section_title(section: str) -> str:
    return SECTION_TITLES[section]


def size_problem(deck, context, section: str, rule_id: str, severity: str):
    """The problem for a section whose size is outside the format's range, or None."""
    from ..model import Problem

    low, high = context.format.size_range(section)
    size = deck.section_size(section)
    title = f"{section_title(section)} Deck"
    if size < low:
        return Problem(
            rule_id,
            severity,
            f"{title} has {cards(size)}; {context.format.title} needs {low}–{high}",
            section,
            None,
            None,
            f"add {cards(low - size)} to the {title}",
        )
    if size > high:
        allowed = f"{low}–{high}" if low else f"at most {high}"
        return Problem(
            rule_id,
            severity,
            f"{title} has {cards(size)}; {context.format.title} allows {allowed}",
            section,
            None,
            None,
            f"remove {cards(size - high)} from the {title}",
        )
    return None


class GroupCount:
    """The copies of one name group across Main, Extra and Side."""

    __slots__ = ("group", "entries", "total")

    def __init__(self, group: int):
        self.group = group
        self.entries: list[ResolvedEntry] = []
        self.total = 0

    def by_section(self) -> str:
        counts: dict[str, int] = {}
        for e in self.entries:
            counts[e.section] = counts.get(e.section, 0) + e.count
        return ", ".join(f"{n} {section_title(s)}" for s, n in counts.items())

    def names(self) -> list[str]:
        seen: dict[str, None] = {}
        for e in self.entries:
            seen[e.card.name] = None
        return list(seen)

    def line_past(self, limit: int):
        """The line of the entry that takes the count past ``limit`` (where to act first)."""
        running = 0
        for e in self.entries:
            running += e.count
            if running > limit:
                return e
        return self.entries[-1]


def group_counts(entries: Iterable[ResolvedEntry]) -> dict[int, GroupCount]:
    counts: dict[int, GroupCount] = {}
    for e in entries:
        group = e.card.group
        count = counts.get(group)
        if count is None:
            count = counts[group] = GroupCount(group)
        count.entries.append(e)
        count.total += e.count
    return counts


def group_name(count: GroupCount, cards_index) -> tuple[str, "object"]:
    """The name the group is counted under, and a CardRef for it."""
    from ..model import CardRef

    card = cards_index.by_passcode(count.group)
    if card is None:
        card = count.entries[0].card
    return card.name, CardRef(card.name, card.passcode)


def treated_as_note(count: GroupCount, name: str) -> str:
    others = [n for n in count.names() if n != name]
    if not others:
        return ""
    return f"; {', '.join(others)} {'is' if len(others) == 1 else 'are'} always treated as {name}"
