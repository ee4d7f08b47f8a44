"""copy-limit: at most 3 copies of a card across Main, Extra and Side together.

Copies are counted by card identity: alternate artworks share one limit, and so do cards
whose name is "always treated as" another (Harpie Lady 1 and Harpie Lady, A Legendary Ocean
and Umi). Cards treated as another name only on the field (Harpie Queen, Blue-Eyes
Alternative White Dragon) have their own limit. Independent of the Forbidden & Limited list:
a Limited card at 4 copies breaks both rules.

Source: Konami, Constructed Deck Information §A; Yugipedia "Maximum of 3 Rule".

PASS:
    main: [3 Harpie Lady, 3 Harpie Queen]

FAIL:
    main: [3 Harpie Lady, 1 Harpie Lady 1]

FAIL:
    main: [3 Pot of Duality]
    side: [1 Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck
from ._common import copies, groups_over
from ._options import Option

ID = "copy-limit"
SEVERITY = ERROR
SUMMARY = "At most 3 copies of a card (by name) across Main, Extra and Side."
ENABLED = True
OPTIONS = {"max": Option("int", 3, "the most copies of one card (by name) across Main, Extra and Side", minimum=1)}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    for count, limit in groups_over(deck, {}, regulation.copies):
        name, ref = count.name_and_ref(regulation.cards)
        at = count.past(limit)
        yield Problem(
            ID,
            SEVERITY,
            f"{count.total} copies of {name} ({count.by_section()}); at most {limit} across Main, Extra and Side"
            + count.treated_as_note(name),
            at.section,
            count.line_past(limit),
            ref,
            f"remove {copies(count.total - limit)} of {name}",
        )
