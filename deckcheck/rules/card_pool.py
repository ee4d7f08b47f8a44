"""card-pool: a known card that is not legal in the format's card pool.

An OCG-only card in a TCG deck, a TCG-only card in an OCG deck, a card not yet released
(or released after the check date, `--as-of`), a prerelease placeholder, a Rush Duel card
or an anime/video-game card. Availability comes from Konami's own data (yaml-yugi's
`limit_regulation`), release dates from set lists (YGOJSON).

Source: yugioh-card.com "Card Legality"; Yugipedia "Not legal".

PASS:
    main: [Ash Blossom & Joyous Spring]

FAIL:
    main: [Dark Tyranno]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck
from ._common import by_card_and_section, copies, lines_note, section_title, total
from ._options import Option

ID = "card-pool"
SEVERITY = ERROR
SUMMARY = "Only cards released in the format's card pool (TCG or OCG) by the check date."
ENABLED = True
POOLS = ("tcg", "ocg")
OPTIONS = {
    "released_in": Option("str", ("tcg",), "the card pools a card must be released in (all of them)", choices=POOLS,
                          many=True),
    "released_by": Option("date", None, "only cards first released (in those pools) by this day: a format's "
                          "cut-off (a list may set an earlier one)", nullable=True),
    "whitelist": Option("str", None, "a list (banlists/<whitelist>/) whose cards are the whole pool: every card "
                        "not on it is out", nullable=True),
}

_ORIGIN = {
    "prerelease": "a prerelease card that is not released yet",
    "rush": "a Rush Duel card",
    "unofficial": "not an official card (anime, video game or pre-errata version)",
}


def why_not_in_pool(card, pool: str, as_of: str) -> str | None:
    """Why ``card`` is not legal in ``pool`` ("tcg" | "ocg") on ``as_of`` (ISO date), or None."""
    available = card.tcg if pool == "tcg" else card.ocg
    other = "ocg" if pool == "tcg" else "tcg"
    if not available:
        if card.origin in _ORIGIN:
            return _ORIGIN[card.origin]
        if getattr(card, other):
            return f"{other.upper()}-only: not released in the {pool.upper()}"
        return "not released yet"
    released = card.tcg_date if pool == "tcg" else card.ocg_date
    if released and released > as_of:
        return f"not released in the {pool.upper()} until {released} (checked as of {as_of})"
    return None


def why_not_legal(card, regulation) -> str | None:
    """Why ``card`` is outside the regulation's card pool, or None (memoized per regulation)."""
    memo = regulation.memo(ID)
    try:
        return memo[card.passcode]
    except KeyError:
        pass
    as_of = regulation.as_of.isoformat()
    why = None
    pools = regulation.options(ID).get("released_in", ())
    for pool in pools:
        why = why_not_in_pool(card, pool, as_of)
        if why:
            break
    if why is None and regulation.released_by is not None:
        cutoff = regulation.released_by.isoformat()
        for pool in pools:
            released = card.tcg_date if pool == "tcg" else card.ocg_date
            if released and released > cutoff:
                why = f"first released in the {pool.upper()} on {released}, after the {regulation.title} cut-off ({cutoff})"
                break
    if why is None and regulation.allowed is not None and card.group not in regulation.allowed:
        why = f"not in the {regulation.title} card pool ({regulation.whitelist.name})"
    memo[card.passcode] = why
    return why


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    illegal = [e for e in deck.deck_entries if why_not_legal(e.card, regulation) is not None]
    for group in by_card_and_section(illegal):
        first = group[0]
        n = total(group)
        where = f"the {section_title(first.section)} Deck"
        yield Problem(
            ID,
            SEVERITY,
            f"{first.card.name} is {why_not_legal(first.card, regulation)} ({copies(n)} in {where}{lines_note(group)})",
            first.section,
            first.line,
            first.card.ref,
            f"remove {copies(n)} of {first.card.name} from {where}",
        )
