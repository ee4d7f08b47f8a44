"""banned-type: a card of a type the format bans, in any section — the Side Deck included.

Genesys allows no Link and no Pendulum Monsters anywhere. A Pendulum is any card with the
Pendulum type, so the hybrids (Fusion, Synchro, Xyz and Ritual Pendulum Monsters) are banned
too. Cards that Summon to the Extra Monster Zone are fine. Off unless a format enables it
with the types it bans.

Source: Konami, yugioh-card.com/en/genesys; yugiohblog.konami.com/?p=56764 (hybrid Pendulums).

PASS:
    format: genesys
    main: [Ash Blossom & Joyous Spring]
    extra: [Baronne de Fleur]

FAIL:
    format: genesys
    side: [Accesscode Talker]

FAIL:
    format: genesys
    extra: [Odd-Eyes Rebellion Dragon]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cardtypes import FUSION, LINK, MONSTER, PENDULUM, RITUAL, SYNCHRO, XYZ
from ..model import ERROR, Problem, ResolvedDeck
from ..words import with_article
from ._common import by_card_and_section, copies, lines_note, section_title, total
from ._options import Option

ID = "banned-type"
SEVERITY = ERROR
SUMMARY = "No card of a type the format bans (Genesys: Link and Pendulum Monsters), in any section."
ENABLED = False
TYPE_BITS = {"link": LINK, "pendulum": PENDULUM, "fusion": FUSION, "synchro": SYNCHRO, "xyz": XYZ, "ritual": RITUAL}
OPTIONS = {
    "types": Option("str", (), "the monster types the format bans", choices=tuple(TYPE_BITS), many=True),
}


def banned_types(card, types) -> list[str]:
    """The banned types ``card`` has (a monster's type bits), in the order the format lists them."""
    if not card.type & MONSTER:
        return []
    return [t for t in types if card.type & TYPE_BITS[t]]


NAMED = 12  # cards a grouped problem names; the rest are counted


def _grouped(section: str, groups: list[list], types, allowed: str, regulation) -> Problem:
    first = groups[0][0]
    where = f"the {section_title(section)} Deck"
    named = [f"{total(g)} {g[0].card.name} ({'/'.join(t.capitalize() for t in banned_types(g[0].card, types))}, "
             f"line{'s' if len([n for e in g for n in e.lines]) > 1 else ''} "
             f"{', '.join(str(n) for e in g for n in e.lines)})" for g in groups[:NAMED]]
    more = f" and {len(groups) - NAMED} more" if len(groups) > NAMED else ""
    n = sum(total(g) for g in groups)
    return Problem(
        ID,
        SEVERITY,
        f"{len(groups)} cards in {where} ({copies(n)}) are {allowed} Monsters, which {regulation.title} allows "
        f"nowhere, not even in the Side Deck: {'; '.join(named)}{more}",
        section,
        first.line,
        first.card.ref,
        f"remove these {len(groups)} cards from {where}",
    )


def allows(card, section: str, regulation) -> bool:
    """Whether ``card`` is of no type the format bans (the rule, card by card)."""
    return not banned_types(card, regulation.options(ID).get("types") or ())


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    types = regulation.options(ID).get("types") or ()
    banned = [e for e in deck.deck_entries if banned_types(e.card, types)]
    allowed = " or ".join(t.capitalize() for t in types)
    by_section: dict[str, list[list]] = {}
    for group in by_card_and_section(banned):
        by_section.setdefault(group[0].section, []).append(group)
    for section, groups in by_section.items():
        if len(groups) > 1:  # one problem for the section, naming every card: not one sentence per card
            yield _grouped(section, groups, types, allowed, regulation)
            continue
        (group,) = groups
        first = group[0]
        n = total(group)
        kinds = " and ".join(t.capitalize() for t in banned_types(first.card, types))
        where = f"the {section_title(first.section)} Deck"
        yield Problem(
            ID,
            SEVERITY,
            f"{first.card.name} is {with_article(kinds)} Monster; {regulation.title} allows no "
            f"{' or '.join(t.capitalize() for t in types)} Monsters, not even in the Side Deck"
            f" ({copies(n)} in {where}{lines_note(group)})",
            first.section,
            first.line,
            first.card.ref,
            f"remove {copies(n)} of {first.card.name} from {where}",
        )
