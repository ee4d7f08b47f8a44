"""card-pool: a known card that is not legal in the format's card pool.

An OCG-only card in a TCG deck, a TCG-only card in an OCG deck, a card not yet released
(or released after the check date, `--as-of`), a prerelease placeholder, a Rush Duel card
or an anime/video-game/pre-errata card. Availability is decided from all the sources
(Konami's database through yaml-yugi, the set numbers printed per region, YGOJSON's release
dates, EDOPro's scope bits), release dates from set lists (YGOJSON, else the sets the card is
printed in). An unofficial version of an official card (EDOPro's pre-errata or anime row) gets
the fix to replace it with the official card.

A card released in the pool whose first release date no source gives is a warning, not an
error, and only when the check date is before the day the card data describes (`--as-of` in the
past): it was released by that day, but perhaps not by the check date. A check for today (or
any day from the data's date on) never warns for it.

Source: yugioh-card.com "Card Legality"; Yugipedia "Not legal".

PASS:
    main: [Ash Blossom & Joyous Spring]

FAIL:
    main: [Dark Tyranno]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, WARNING, Problem, ResolvedDeck
from ._common import by_card_and_section, copies, lines_note, section_title, total

ID = "card-pool"
SEVERITY = ERROR
SUMMARY = "Only cards released in the format's card pool (TCG or OCG) by the check date."

_ORIGIN = {
    "prerelease": "a prerelease card that is not released yet",
    "rush": "a Rush Duel card",
    "unofficial": "not an official card (anime, video game or pre-errata version)",
}


def why_not_in_pool(card, pool: str, as_of: str) -> str | None:
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


def release_unknown(card, pool: str, as_of: str, data_date: str | None) -> bool:
    """Whether a card in the pool may not have been released by ``as_of``: no source gives its first
    release date and ``as_of`` is before the day the data describes."""
    released = card.tcg_date if pool == "tcg" else card.ocg_date
    return released is None and data_date is not None and as_of < data_date


def official_card(card, cards):
    """The official card an unofficial id stands for (EDOPro's pre-errata or anime row of it), if any."""
    if card.origin != "unofficial" or card.group == card.passcode:
        return None
    target = cards.by_passcode(card.group)
    return target if target is not None and target.origin == "official" else None


def check(deck: ResolvedDeck, context) -> Iterator[Problem]:
    reasons, legal = context.pool_reasons, context.pool_legal
    pool, as_of = context.format.pool, context.as_of.isoformat()
    data_date = context.cards.data_date
    illegal, undated = [], []
    for e in deck.deck_entries:
        card = e.card
        if card.passcode in legal:
            continue
        why = reasons.get(card.passcode)
        if why is None:
            why = why_not_in_pool(card, pool, as_of)
            if why is None:
                if release_unknown(card, pool, as_of, data_date):
                    undated.append(e)
                else:
                    legal.add(card.passcode)
                continue
            reasons[card.passcode] = why
        illegal.append(e)
    for group in by_card_and_section(illegal):
        first = group[0]
        card = first.card
        n = total(group)
        where = f"the {section_title(first.section)} Deck"
        official = official_card(card, context.cards)
        if official is not None:
            fix = f"replace {card.passcode} with {official.passcode} ({official.name})"
        else:
            fix = f"remove {copies(n)} of {card.name} from {where}"
        yield Problem(
            ID,
            SEVERITY,
            f"{card.name} is {reasons[card.passcode]} ({copies(n)} in {where}{lines_note(group)})",
            first.section,
            first.line,
            card.ref,
            fix,
        )
    for group in by_card_and_section(undated):
        first = group[0]
        card = first.card
        yield Problem(
            ID,
            WARNING,
            f"{card.name}'s first {pool.upper()} release date is unknown: it was released by {data_date}, "
            f"perhaps not by {as_of} ({copies(total(group))} in the {section_title(first.section)} Deck"
            f"{lines_note(group)})",
            first.section,
            first.line,
            card.ref,
            f"check that {card.name} was released in the {pool.upper()} by {as_of}",
        )
