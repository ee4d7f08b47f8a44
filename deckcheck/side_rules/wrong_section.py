"""wrong-section: in the sided deck, Extra Deck monsters only in the Extra or Side Deck, other cards only in Main or Side.

An Extra Deck slot can only be filled from the Side Deck by a Fusion, Synchro, Xyz or Link
Monster, and such a monster can only be sided into the Extra Deck. The same rule as
`check`'s wrong-section (and the same code), applied to the sided deck; the fix sends a card
back to the Side Deck when that is where it was registered.

Source: Konami, Constructed Deck Information §C; yugioh-card.com/uk/news/news10; rules.md
§6, case 21.

PASS:
    registered:
      main: [40 Pot of Duality]
      side: [Accesscode Talker]
    sided:
      main: [40 Pot of Duality]
      side: [Accesscode Talker]

FAIL:
    registered:
      main: [Pot of Duality]
      side: [Accesscode Talker]
    sided:
      main: [Accesscode Talker]
      side: [Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, EXTRA, MAIN, SIDE, Problem
from ..rules import wrong_section
from ..rules._common import copies, section_title

ID = wrong_section.ID
SEVERITY = ERROR
SUMMARY = "In the sided deck, Extra Deck monsters only in the Extra or Side Deck, other cards never in the Extra Deck."


def check(deck, context) -> Iterator[Problem]:
    for problem in wrong_section.check(deck.sided, context):
        assert problem.card is not None and problem.section is not None  # each wrong-section problem names both
        card = context.cards.by_passcode(problem.card.passcode)
        belongs = EXTRA if problem.section == MAIN else MAIN
        if deck.before.count(card.passcode, SIDE) and not deck.before.count(card.passcode, belongs):
            n = sum(e.count for e in deck.after.in_section(card.passcode, problem.section) if e.card == card)
            problem.fix = (
                f"move {copies(n)} of {card.name} from the {section_title(problem.section)} Deck back to the Side Deck,"
                " where it is registered"
            )
        yield problem
