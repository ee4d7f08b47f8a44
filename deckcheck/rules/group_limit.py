"""group-limit: at most N cards in total from Speed Duel's "Limited N" group.

The Speed Duel Forbidden & Limited list puts cards in groups instead of giving each a number of
copies: a deck may hold at most 1 card from the Limited 1 group (one copy of one of them), at
most 2 from the Limited 2 group and at most 3 from the Limited 3 group, counted over Main,
Extra and Side. Three different Limited 3 cards are fine; two different Limited 1 cards are not.
Off unless a format enables it (Speed Duel).

Source: Konami's Speed Duel Forbidden & Limited list (since August 2023); duellinksmeta.com
"Forbidden/Limited list" (group semantics); rules.md §2.6 and §6, case 44.

PASS:
    format: speed
    main: [Magician's Act, 1 Mystical Space Typhoon, 1 Book of Moon, 1 Sakuretsu Armor, 1 Cosmic Cyclone,
           3 Dark Magician, 3 Dark Magician Girl, 3 Skilled Dark Magician, 3 Apprentice Magician,
           3 Dark Magic Attack, 3 Thousand Knives, 2 Magicians Unite]

FAIL:
    format: speed
    main: [Magician's Act, 1 Mystical Space Typhoon, 1 Golden Ladybug, 3 Dark Magician, 3 Dark Magician Girl,
           3 Skilled Dark Magician, 3 Apprentice Magician, 3 Dark Magic Attack, 3 Thousand Knives, 2 Magicians Unite]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..banlists import GROUP_TITLES
from ..model import ERROR, Problem, ResolvedDeck
from ._common import cards as n_cards

ID = "group-limit"
SEVERITY = ERROR
SUMMARY = 'At most N cards in total from Speed Duel\'s "Limited N" group.'
ENABLED = False
OPTIONS: dict = {}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    groups = regulation.groups
    if not groups:
        return
    members: dict[int, list] = {}
    for e in deck.deck_entries:
        n = groups.get(e.card.group)
        if n is not None:
            members.setdefault(n, []).append(e)
    listed = regulation.banlist.name if regulation.banlist else "the list"
    for n, entries in sorted(members.items()):
        found = sum(e.count for e in entries)
        if found <= n:
            continue
        counts: dict[str, int] = {}
        for e in entries:
            counts[e.card.name] = counts.get(e.card.name, 0) + e.count
        named = ", ".join(f"{c} {name}" for name, c in counts.items())
        running, at = 0, entries[-1]
        for e in entries:
            running += e.count
            if running > n:
                at = e
                break
        yield Problem(
            ID,
            SEVERITY,
            f"{n_cards(found)} from the {GROUP_TITLES[n]} group of the {listed} list ({named}); at most {n} in total",
            at.section,
            at.line,
            at.ref(),
            f"remove {n_cards(found - n)} of the {GROUP_TITLES[n]} group",
        )
