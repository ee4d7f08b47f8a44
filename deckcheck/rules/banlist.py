"""banlist: more copies of a card than the Forbidden & Limited list in force allows.

Forbidden: none, not even in the Side Deck; Limited: 1; Semi-Limited: 2 — counted across
Main, Extra and Side by card identity, so a ban on one artwork bans them all, and where a
list gives one name group different statuses the strictest applies. The list is the newest
in force for the format on the check date (`--as-of`, default today), or `--banlist NAME`.

Source: Konami's Forbidden & Limited lists (yugioh-card.com), shipped in banlists/.

PASS:
    main: [1 Pot of Duality, 3 Ash Blossom & Joyous Spring]

FAIL:
    side: [1 Pot of Greed]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..banlists import STATUS_TITLES
from ..model import ERROR, Problem, ResolvedDeck
from ._common import copies, groups_over
from ._options import Option

ID = "banlist"
SEVERITY = ERROR
SUMMARY = "Forbidden 0, Limited 1, Semi-Limited 2 copies across Main, Extra and Side."
ENABLED = True
OPTIONS = {
    "lists": Option("str", "tcg", "the folder of dated lists to apply (banlists/<lists>/): the newest in force on the check date"),
}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    if regulation.banlist is None:
        return
    list_name = regulation.banlist.name
    for count, limit in groups_over(deck, regulation.limits):
        name, ref = count.name_and_ref(regulation.cards)
        at = count.past(limit)
        if limit == 0:
            message = f"{name} is Forbidden on the {list_name} list ({count.by_section()})"
            fix = f"remove {'all ' if count.total > 1 else ''}{copies(count.total)} of {name}"
        else:
            status = STATUS_TITLES[limit]
            message = f"{name} is {status} on the {list_name} list: {count.total} copies ({count.by_section()}), at most {limit}"
            fix = f"remove {copies(count.total - limit)} of {name}"
        yield Problem(ID, SEVERITY, message + count.treated_as_note(name), at.section, count.line_past(limit), ref, fix)
