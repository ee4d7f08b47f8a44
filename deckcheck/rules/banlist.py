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
from ._common import copies, deck_cards, group_counts, group_name, treated_as_note

ID = "banlist"
SEVERITY = ERROR
SUMMARY = "Forbidden 0, Limited 1, Semi-Limited 2 copies across Main, Extra and Side."


def check(deck: ResolvedDeck, context) -> Iterator[Problem]:
    if context.banlist is None:
        return
    limits = context.limits
    list_name = context.banlist.name
    for count in group_counts(deck_cards(deck)).values():
        limit = limits.get(count.group)
        if limit is None or count.total <= limit:
            continue
        name, ref = group_name(count, context.cards)
        at = count.line_past(limit)
        status = STATUS_TITLES[limit]
        if limit == 0:
            message = f"{name} is Forbidden on the {list_name} list ({count.by_section()})"
            fix = f"remove all {copies(count.total)} of {name}"
        else:
            message = f"{name} is {status} on the {list_name} list: {count.total} copies ({count.by_section()}), at most {limit}"
            fix = f"remove {copies(count.total - limit)} of {name}"
        yield Problem(ID, SEVERITY, message + treated_as_note(count, name), at.section, at.entry.line, ref, fix)
