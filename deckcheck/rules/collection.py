"""collection: a deck may hold only the copies its player owns ("Forged in Chaos", progression events).

`check --collection owned.csv` (a CSV export of a collection app: a plain `name,count` file,
YGOPRODeck's or Dragon Shield's export; see deckcheck/owned.py) reads the copies owned; a card
the deck uses more often than owned (Main, Extra and Side together, counted by printed card: an
alternate artwork is the card) is one problem, "uses 3, owns 2", with the copies missing in all.
Off unless `--collection` is given (or a format sets its `file`).

Source: Format Library "Forged in Chaos" rules; collection-based local events.

With a collection that owns 2 Pot of Duality (tests/fixtures/event/owned.csv):

PASS:
    main: [2 Pot of Duality]

FAIL:
    main: [3 Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model import ERROR, Problem, ResolvedDeck
from ._common import by_card_and_section, copies
from ._options import Option

ID = "collection"
SEVERITY = ERROR
SUMMARY = "The deck uses at most the copies of each card its player owns (--collection FILE)."
ENABLED = False
OPTIONS = {
    "file": Option("str", None, "the collection: a CSV file of cards (name or passcode) and counts", nullable=True),
}
EXAMPLE_OPTIONS = {"file": "tests/fixtures/event/owned.csv"}  # its examples are checked with this collection


def shortfalls(deck: ResolvedDeck, owned: dict[int, int]) -> list[tuple[Any, int, int, list]]:
    """(card, copies used, copies owned, its entries) of every card used more often than owned, in deck order."""
    used: dict[int, list] = {}
    for e in deck.deck_entries:
        item = used.setdefault(e.card.passcode, [e.card, 0, []])
        item[1] += e.count
        item[2].append(e)
    return [(card, n, owned.get(card.passcode, 0), entries) for card, n, entries in used.values()
            if n > owned.get(card.passcode, 0)]


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    path = regulation.options(ID).get("file")
    if not path:
        return
    from ..owned import read_collection

    short = shortfalls(deck, read_collection(path, regulation.cards))
    missing = sum(n - have for _, n, have, _ in short)
    for card, n, have, entries in short:
        first = by_card_and_section(entries)[0][0]
        yield Problem(
            ID,
            SEVERITY,
            f"uses {n}, owns {have} ({n - have} missing; {copies(missing)} missing in all, {len(short)} "
            f"card{'s' if len(short) != 1 else ''})",
            first.section,
            first.line,
            card.ref,
            f"take out {copies(n - have)} of {card.name}, or get {'it' if n - have == 1 else 'them'}",
        )
