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
from ..model import ERROR, WARNING, CardRef, Problem, ResolvedDeck
from ._common import GroupCount, copies, groups_over
from ._options import Option

ID = "banlist"
SEVERITY = ERROR
SUMMARY = "Forbidden 0, Limited 1, Semi-Limited 2 copies across Main, Extra and Side."
ENABLED = True
OPTIONS = {
    "lists": Option("str", "tcg", "the lists to apply (banlists/<lists>/): the newest in force on the check date"),
    "mode": Option("str", "standard", "traditional: a Forbidden card may be played at 1 copy (TCG Traditional Format)",
                   choices=("standard", "traditional")),
    "also": Option("str", (), "more lists (folders) that apply at the same time: each card takes the strictest "
                   "status of them all (World Championship)", many=True),
    "in_force_on": Option("date", None, "judge by the list in force on this day, whatever the check date (GOAT, Edison)",
                 nullable=True),
    "unlisted_before": Option("date", None, "the day the format's oldest list in the data starts: a deck checked for "
                              "an earlier day is judged without a list, with a warning saying so (Rush Duel: Konami's "
                              "dated lists start 2023-01-01)", nullable=True),
}
TOLD_MEMO = 4096  # groups over their limits remembered with what they are told


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    if regulation.unlisted is not None and deck.deck_entries:
        start = regulation.unlisted.isoformat()
        yield Problem(ID, WARNING, f"deckcheck has no {regulation.title} list in force on {regulation.as_of} (its "
                      f"oldest starts {start}): the Forbidden and Limited statuses were not checked",
                      None, None, None, f"check the cards against the list in force then, or check as of {start} or later")
    if regulation.banlist is None:
        return
    said = regulation.memo(ID)  # what a group over its limit is told, by the group and its entries: decks share them
    for count, limit in groups_over(deck, regulation.limits):
        key = (count.group, *[(e.card.passcode, e.section, e.count) for e in count.entries])
        told = said.get(key)
        if told is None:
            if len(said) >= TOLD_MEMO:
                said.clear()
            told = said[key] = _told(count, limit, regulation)
        message, section, ref, fix = told
        yield Problem(ID, SEVERITY, message, section, count.line_past(limit), ref, fix)


def _told(count: GroupCount, limit: int, regulation) -> tuple[str, str, CardRef, str]:
    """The message, section, card and fix of the problem of a group over its limit (all but the line)."""
    name, ref = count.name_and_ref(regulation.cards)
    banlist, own = regulation.limit_origin.get(count.group, (regulation.banlist, limit))
    status = f"{STATUS_TITLES[own]} on the {banlist.name} list"
    if regulation.other_lists:
        status += " (the strictest of the lists in force)"
    if own == 0 and regulation.options(ID).get("mode") == "traditional":
        status += ", so Limited in the Traditional Format"
    if limit == 0:
        message = f"{name} is {status} ({count.by_section()})"
        fix = f"remove {'all ' if count.total > 1 else ''}{copies(count.total)} of {name}"
    else:
        message = f"{name} is {status}: {count.total} copies ({count.by_section()}), at most {limit}"
        fix = f"remove {copies(count.total - limit)} of {name}"
    return message + count.treated_as_note(name), count.past(limit).section, ref, fix
