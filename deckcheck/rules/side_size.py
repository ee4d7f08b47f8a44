"""side-size: the Side Deck may hold at most 15 cards (any number from 0 to 15 is legal).

Where a format says so (`exactly`), only those sizes are legal: Upper Deck's sanctioned play (to 2008-12-11), the
GOAT Format and the OCG rulebook v2.0 wanted a Side Deck of exactly 15 cards or none.
`deckcheck side --side-rule legacy` applies that rule to the registered deck in any format.

Source: Konami, Constructed Deck Information §C; yugioh-card.com/uk/news/news10; UDE tournament
policy A-11 (yugioh.wikia.com/wiki/TCG_Rule_Changes); goatformat.com basics; rules.md §3.3 and
§6, case 5.

PASS:
    side: [7 Pot of Duality]

FAIL:
    side: [16 Pot of Duality]

FAIL:
    format: goat
    side: [7 Pot of Greed]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import ERROR, SIDE, Problem, ResolvedDeck
from ._common import cards, range_problem, size_options, size_problem
from ._options import Option

ID = "side-size"
SEVERITY = ERROR
SUMMARY = "The Side Deck may have at most 15 cards (where a format says so: exactly 0 or 15)."
ENABLED = True
OPTIONS = {
    **size_options(0, 15, "Side Deck"),
    "exactly": Option("int", None, "the only sizes the Side Deck may have, e.g. [0, 15] (null: any size in the range)",
                      many=True, nullable=True),
}
options_problem = range_problem
LEGACY = (0, 15)  # --side-rule legacy


def check(deck: ResolvedDeck, regulation) -> Iterable[Problem]:
    problem = size_problem(deck, regulation, SIDE, ID, SEVERITY)
    if problem:
        return [problem]
    exactly = regulation.options(ID).get("exactly")
    size = deck.sizes[SIDE]
    if not exactly or size in exactly:
        return ()
    allowed = " or ".join(map(str, sorted(exactly)))
    bigger = [n for n in sorted(exactly) if n > size]
    smaller = [n for n in sorted(exactly) if n < size]
    if bigger:
        fix = f"add {cards(bigger[0] - size)} to the Side Deck" + (
            f", or remove {cards(size - smaller[-1])}" if smaller else "")
    else:
        fix = f"remove {cards(size - smaller[-1])} from the Side Deck"
    return [Problem(ID, SEVERITY, f"Side Deck has {cards(size)}; {regulation.title} allows exactly {allowed}",
                    SIDE, None, None, fix)]
