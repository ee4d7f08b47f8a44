"""skill-card: a Speed Duel deck comes with exactly one Skill Card, kept outside the deck.

Each player uses exactly one Skill Card: none, or two, is an error. Decklists carry it where
simulators keep it (EDOPro: among the Main Deck cards), and it is never counted toward the Main
Deck's size. Off unless a format enables it (Speed Duel), which also lets not-a-deck-card pass
Skill Cards.

Source: Konami, yugiohblog.konami.com/articles/?p=8968 (Speed Duel rules); Yugipedia "Skill Card".

PASS:
    format: speed
    main: [Magician's Act, 3 Dark Magician, 3 Dark Magician Girl, 3 Skilled Dark Magician, 3 Apprentice Magician,
           3 Dark Magic Attack, 3 Thousand Knives, 3 Magicians Unite, 2 Magician's Circle]

FAIL:
    format: speed
    main: [3 Dark Magician, 3 Dark Magician Girl, 3 Skilled Dark Magician, 3 Apprentice Magician,
           3 Dark Magic Attack, 3 Thousand Knives, 3 Magicians Unite, 2 Magician's Circle]

FAIL:
    format: speed
    main: [Magician's Act, Magician's Scales, 3 Dark Magician, 3 Dark Magician Girl, 3 Skilled Dark Magician,
           3 Apprentice Magician, 3 Dark Magic Attack, 3 Thousand Knives, 3 Magicians Unite, 2 Magician's Circle]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck
from ._common import cards as n_cards
from ._options import Option

ID = "skill-card"
SEVERITY = ERROR
SUMMARY = "Exactly one Skill Card, kept outside the deck (Speed Duel)."
ENABLED = False
OPTIONS = {"count": Option("int", 1, "how many Skill Cards a deck comes with", minimum=0)}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    wanted = regulation.options(ID).get("count", 1)
    skills = [e for e in (*deck.deck_entries, *deck.other_entries) if e.card is not None and e.card.kind == "skill"]
    found = sum(e.count for e in skills)
    if found == wanted:
        return
    names = ", ".join(dict.fromkeys(e.card.name for e in skills))
    if found < wanted:
        message = f"{regulation.title} needs exactly {n_cards(wanted).replace('card', 'Skill Card')}; the deck has " + (
            f"{found} ({names})" if found else "none")
        fix = "add the Skill Card you will use (a YDK keeps it among the Main Deck cards)"
        line = section = None
    else:
        message = f"{regulation.title} allows exactly {wanted} Skill Card; the deck has {found} ({names})"
        fix = f"keep one Skill Card and remove {n_cards(found - wanted).replace('card', 'Skill Card')}"
        section, line = skills[-1].section, skills[-1].line
    yield Problem(ID, SEVERITY, message, section, line, skills[-1].ref() if found > wanted else None, fix)
