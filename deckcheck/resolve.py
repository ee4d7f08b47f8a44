"""Resolve: map each decklist entry to a card of the index, or say why it can't be."""

from __future__ import annotations

from .carddb import CardIndex
from .model import WARNING, ParsedDeck, Problem, ResolvedDeck, ResolvedEntry

PLACEHOLDER_RULE = "placeholder-passcode"


def resolve(parsed: ParsedDeck, cards: CardIndex) -> ResolvedDeck:
    problems = list(parsed.problems)
    entries: list[ResolvedEntry] = []
    if parsed.unreadable:
        return ResolvedDeck(parsed.path, entries, problems, parsed.name, parsed.format)
    by_passcode = cards.by_passcode
    for entry in parsed.entries:
        if entry.passcode is not None:
            card = by_passcode(entry.passcode)
            if card is None:
                target = cards.placeholder_target(entry.passcode)
                if target is not None and (card := by_passcode(target)) is not None:
                    problems.append(
                        Problem(
                            PLACEHOLDER_RULE,
                            WARNING,
                            f"{entry.passcode} is a prerelease placeholder; read as {card.name} ({card.passcode})",
                            entry.section,
                            entry.line,
                            card.ref,
                            f"replace {entry.passcode} with the official passcode {card.passcode}",
                        )
                    )
                    entries.append(ResolvedEntry(entry, card))
                    continue
                entries.append(ResolvedEntry(entry, None, reason=f"no card has passcode {entry.passcode}"))
                continue
            entries.append(ResolvedEntry(entry, card))
        elif entry.name:
            found = cards.by_name(entry.name)
            if len(found) == 1:
                entries.append(ResolvedEntry(entry, found[0]))
            elif found:
                options = tuple(f"{c.name} ({c.passcode})" for c in found[:5])
                entries.append(ResolvedEntry(entry, None, options, f"the name {entry.name!r} matches {len(found)} cards"))
            else:
                entries.append(ResolvedEntry(entry, None, tuple(cards.suggest(entry.name)), f"no card is named {entry.name!r}"))
        else:
            entries.append(ResolvedEntry(entry, None, reason="the entry names no card"))
    return ResolvedDeck(parsed.path, entries, problems, parsed.name, parsed.format)
