"""Resolve: give each decklist entry its card, or say why it has none, and tally the deck.

Unknown names get "did you mean" suggestions, for the first ``limits.MAX_SUGGESTED_NAMES``
distinct names of a deck (a suggestion search costs about a millisecond).
"""

from __future__ import annotations

from .carddb import CardIndex
from .limits import MAX_SUGGESTED_NAMES, clip
from .model import WARNING, ParsedDeck, Problem, ResolvedDeck

PLACEHOLDER_RULE = "placeholder-passcode"
DECK_KINDS = frozenset(("main", "extra"))


def _placeholder(entry, cards: CardIndex, problems: list[Problem]):
    target = cards.placeholder_target(entry.passcode)
    card = cards.by_passcode(target) if target is not None else None
    if card is not None:
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
    return card


def _read_leading_number_as_name(entry, cards: CardIndex, problems: list[Problem]) -> None:
    """"7 Colored Fish" is read as 7 × "Colored Fish"; when only the whole text names a card, take that."""
    written = entry.text.strip().strip("\"'") if entry.text else ""
    if entry.count == 1 or not written[:1].isdigit() or cards.by_name(entry.name):
        return
    found = cards.by_name(written)
    if len(found) == 1:
        problems.append(
            Problem(
                "syntax",
                WARNING,
                f"{clip(written)!r} read as 1 copy of {found[0].name} (no card is named {clip(entry.name)!r})",
                entry.section,
                entry.line,
                found[0].ref,
                f"write '1 {found[0].name}' to say the count",
            )
        )
        entry.name, entry.count = written, 1


def _suggestions(name: str, cards: CardIndex, asked: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    found = asked.get(name)
    if found is None:
        if len(asked) >= MAX_SUGGESTED_NAMES:
            return ()
        found = asked[name] = tuple(cards.suggest(name))
    return found


def resolve(parsed: ParsedDeck, cards: CardIndex, skills_apart: bool = False) -> ResolvedDeck:
    """Each entry's card, and the deck's tallies. ``skills_apart`` (Speed Duel): a Skill Card is kept
    outside the deck, so it does not count toward its section's size, but it is one of the deck's cards
    for the list and the card pool (the Speed Duel list forbids and limits Skill Cards too)."""
    deck = ResolvedDeck(parsed.path, parsed.entries, list(parsed.problems), parsed.name, parsed.format,
                        parsed.no_extra_line)
    if parsed.unreadable:
        return deck
    by_passcode = cards.by_passcode
    sizes, deck_entries, other_entries = deck.sizes, deck.deck_entries, deck.other_entries
    suggested: dict[str, tuple[str, ...]] = {}  # unknown name -> its suggestions, this deck
    for entry in parsed.entries:
        if entry.passcode is None and entry.name:
            _read_leading_number_as_name(entry, cards, deck.problems)
        sizes[entry.section] += entry.count
        if entry.passcode is not None:
            card = by_passcode(entry.passcode) or _placeholder(entry, cards, deck.problems)
            if card is None:
                deck.unresolved[id(entry)] = (f"no card has passcode {entry.passcode}", ())
        elif entry.name:
            found = cards.by_name(entry.name)
            card = found[0] if len(found) == 1 else None
            if found and card is None:
                options = tuple(f"{c.name} ({c.passcode})" for c in found[:5])
                deck.unresolved[id(entry)] = (f"the name {clip(entry.name)!r} matches {len(found)} cards", options)
            elif not found:
                deck.unresolved[id(entry)] = (f"no card is named {clip(entry.name)!r}",
                                              _suggestions(entry.name, cards, suggested))
        else:
            card = None
            deck.unresolved[id(entry)] = ("the entry names no card", ())
        entry.card = card
        if card is not None and card.kind in DECK_KINDS:
            deck_entries.append(entry)
        elif skills_apart and card is not None and card.kind == "skill":
            deck_entries.append(entry)
            sizes[entry.section] -= entry.count
        else:
            other_entries.append(entry)
    return deck
