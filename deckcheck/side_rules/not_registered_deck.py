"""not-registered-deck: Duel 1 of a Match (and the Duel after a pre-game Game Loss in Duel 1) uses the registered deck exactly.

No siding before Duel 1; after a Match everything returns to the registered list, so Duel 1
of the next Match may not keep the last Match's sided cards. If Duel 1 is decided by a Game
Loss before it begins, no siding is allowed before Duel 2 either. Each card found in another
section than registered is one problem; cards added or missing are card-not-registered.
An alternate artwork in place of the original is the registered deck.

Source: Konami, Constructed Deck Information §C; OCG da1ke1.com/336/2; rules.md §3.1 and §6,
cases 26, 27 and 30.

PASS:
    registered:
      main: [2 46986414, Pot of Duality]
      side: [Effect Veiler]
    sided:
      main: [2 36996508, Pot of Duality]
      side: [Effect Veiler]

FAIL:
    registered:
      main: [Pot of Duality]
      side: [Effect Veiler]
    sided:
      main: [Effect Veiler]
      side: [Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem
from ..rules._common import copies, section_title
from ..sided import name_of

ID = "not-registered-deck"
SEVERITY = ERROR
SUMMARY = "Duel 1 (and the Duel after a pre-game Game Loss in Duel 1) uses the registered deck exactly."


def check(deck, context) -> Iterator[Problem]:
    if not context.must_be_registered:
        return
    for move in deck.moves:
        if move.source is None or move.target is None:
            continue  # a card added or missing: card-not-registered
        name = name_of(move.card)
        entries = deck.after.in_section(move.key, move.target)
        line = entries[0].line if entries else None
        why = context.why_registered or "this Duel must be played with the registered deck"
        yield Problem(
            ID,
            SEVERITY,
            f"{move.say()}: {why}",
            move.target,
            line,
            move.card,
            f"move {copies(move.count)} of {name} from the {section_title(move.target)} Deck back to the"
            f" {section_title(move.source)} Deck",
        )
