"""card-not-registered: the sided deck holds exactly the registered cards, by card identity.

Main + Extra + Side together must be the registered pool: a card from outside it (a brand-new
card, a fourth copy) is not allowed, and neither is a registered copy that is missing. Cards
are compared by printed card, not passcode: an alternate artwork may stand in for the
original (EDOPro and YGOPro compare passcodes and refuse that). Unknown cards are compared
by the passcode or name as written.

Source: Konami, Constructed Deck Information §C; EDOPro and YGOPro LoadSide; rules.md §3.2
and §6, case 25.

PASS:
    registered:
      main: [2 46986414, Pot of Duality]
    sided:
      main: [1 46986414, 1 36996508, Pot of Duality]

FAIL:
    registered:
      main: [2 Pot of Duality]
    sided:
      main: [1 Pot of Duality, 1 Pot of Desires]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, SECTIONS, Problem
from ..rules._common import GroupCount, copies, section_title
from ..sided import name_of

ID = "card-not-registered"
SEVERITY = ERROR
SUMMARY = "Main+Extra+Side hold exactly the registered cards (by name; alternate artworks are the same card)."


def check(deck, context) -> Iterator[Problem]:
    for key in deck.keys:
        registered, sided = deck.before.total(key), deck.after.total(key)
        if sided == registered:
            continue
        card = deck.ref(key)
        name = name_of(card)
        if sided > registered:
            entries = deck.after.entries[key]
            count = GroupCount(key, entries)
            at = count.past(registered)
            if registered:
                message = (
                    f"{copies(sided)} of {name} in the sided deck ({deck.after.by_section(key)});"
                    f" the registered deck has {registered}"
                )
            else:
                message = f"{name} is not in the registered deck ({copies(sided)}: {deck.after.by_section(key)})"
            fix = f"remove {copies(sided - registered)} of {name}"
            yield Problem(ID, SEVERITY, message, at.section, count.line_past(registered), card, fix)
        else:
            missing = registered - sided
            section = next(s for s in SECTIONS if deck.before.count(key, s) > deck.after.count(key, s))
            message = (
                f"{copies(missing)} of {name} registered ({deck.before.by_section(key)}) but missing"
                f" from the sided deck ({deck.after.by_section(key)})"
            )
            fix = f"put {copies(missing)} of {name} back into the {section_title(section)} Deck"
            yield Problem(ID, SEVERITY, message, section, None, card, fix)
