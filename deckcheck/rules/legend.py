"""legend: Rush Duel's Legend cards — at most one Legend card of each card type in the Deck.

A Legend card carries the LEGEND icon (Blue-Eyes White Dragon, Dark Magician, Monster Reborn …).
From 2023-01-01 a Deck may hold at most one Legend Monster, one Legend Spell and one Legend Trap;
until 2022-12-31 it could hold one Legend card in all. One card means one copy: two copies of a
Legend card are two Legend cards. Main and Extra Deck count together (a Legend Fusion Monster in
the Extra Deck and a Legend Monster in the Main Deck are two Legend Monsters); the Side Deck does
not count (a tournament rule: it may hold several Legend cards, and the Deck after siding must keep
the limit). A card that is only "treated as a Legend card while in the hand or in the GY" (Grand
Legend Saber, Legend Priest …) has no LEGEND icon and is not a Legend card in the Deck: any number
of copies up to three, beside a Legend Monster. Legend is the Rush index's mark (yaml-yugi's
"legend", EDOPro's scope bit 0x400; the two agree card for card); the rule is off in every format but
Rush Duel.

Sources (docs/rush.md quotes them): Konami, Rush Duel rules (konami.com/yugioh/rushduel/howto) and its
announcement of the 2023-01-01 change as reported by note.com/rushgarden ("今まで:デッキにレジェンド
カード1枚まで / これから:デッキにモンスター・魔法・罠それぞれレジェンドカード1枚まで"); dic.pixiv.net
"レジェンドカード" (one Legend card in Deck and Extra Deck together before; several in the Side Deck,
tournament rule; one of each type from January 2023, "公式発表"); YGOrganization "Blue-Eyes White
Dragon and Legend Cards" (exactly one Legend card in a Deck, 2020) and "The Hero's Party!" (Grand
Legend Saber: "treated as a Legend Monster while in the hand or in the GY"); EDOPro's deck check
(one Legend Monster in Main + Extra, one Legend Spell, one Legend Trap; Side not counted).

PASS:
    format: rush
    main: [1 Blue-Eyes White Dragon, 1 Monster Reborn, 3 Grand Legend Saber]
    side: [1 Dark Magician]

FAIL:
    format: rush
    main: [1 Blue-Eyes White Dragon, 1 Dark Magician]
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from ..cardtypes import MONSTER, SPELL, TRAP
from ..model import ERROR, EXTRA, MAIN, Problem, ResolvedDeck
from ._common import copies, section_title
from ._options import Option

ID = "legend"
SEVERITY = ERROR
SUMMARY = "Rush Duel: at most one Legend card of each card type in Main + Extra (before 2023: one in all)."
ENABLED = False
OPTIONS = {
    "per_type_from": Option("date", date(2023, 1, 1), "from this day one Legend card of each card type (Monster, "
                            "Spell, Trap); before it, one Legend card in all"),
    "max": Option("int", 1, "the most Legend cards of one card type (before per_type_from: in all)", minimum=0),
}
COUNTED = (MAIN, EXTRA)  # the Side Deck may hold several Legend cards


def card_type(card) -> str:
    bits = card.type or 0
    return "Monster" if bits & MONSTER else "Spell" if bits & SPELL else "Trap" if bits & TRAP else "card"


def _buckets(entries, per_type: bool) -> dict[str, list]:
    buckets: dict[str, list] = {}
    for e in entries:
        if e.section in COUNTED and getattr(e.card, "legend", False):
            buckets.setdefault(card_type(e.card) if per_type else "card", []).append(e)
    return buckets


def _per_type(regulation) -> bool:
    return regulation.as_of >= regulation.options(ID).get("per_type_from", date(2023, 1, 1))


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    per_type = _per_type(regulation)
    limit = regulation.options(ID).get("max", 1)
    for kind, entries in _buckets(deck.deck_entries, per_type).items():
        total = sum(e.count for e in entries)
        if total <= limit:
            continue
        listed = "; ".join(f"{e.count} {e.card.name} ({section_title(e.section)}"
                           + (f", line {e.line}" if e.line is not None else "") + ")" for e in entries)
        what = f"Legend {kind}s" if per_type else "Legend cards"
        since = ("from 2023-01-01 at most one Legend card of each card type" if per_type
                 else "until 2022-12-31 at most one Legend card in all")
        message = (f"{total} {what} in the Main and Extra Deck: {listed}; {regulation.title} allows {limit} "
                   f"({since}, the Side Deck not counted)")
        names = ", ".join(dict.fromkeys(e.card.name for e in entries))
        fix = (f"keep {limit} {'Legend ' + kind if per_type else 'Legend card'} and take the other "
               f"{copies(total - limit)} out of the Main and Extra Deck (of {names}); the Side Deck may hold them")
        at = entries[-1] if len(entries) > 1 else entries[0]
        yield Problem(ID, SEVERITY, message, at.section, at.line, at.card.ref, fix)

