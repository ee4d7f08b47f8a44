"""points-cap: the points of every card in Main, Extra and Side together stay within the cap.

Genesys gives some cards points (per copy); a deck's total over Main + Extra + Side may not
exceed the event's cap — 100 as standard, any cap an event announces, 0 included (then no
card with points may be played at all). The points come from the points list in force on the
check date: Konami changes them every few weeks (Monster Reborn went from 20 to 4). The message
names the costliest cards; the fix says how many points to take out. `--points-cap N` sets the cap for one run. Off unless a format
enables it with its points lists.

Source: Konami, yugioh-card.com/en/genesys (points list: registration.yugioh-card.com/genesys);
yugiohblog.konami.com/?p=56914 (caps, 0 included).

PASS:
    format: genesys
    main: [1 Monster Reborn, 3 Pot of Duality]

FAIL:
    format: genesys
    main: [3 Maxx "C", 3 Pot of Greed]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck
from ._options import Option

ID = "points-cap"
SEVERITY = ERROR
SUMMARY = "The points of Main + Extra + Side together are at most the cap (Genesys: 100)."
ENABLED = False
OPTIONS = {
    "lists": Option("str", "genesys", "the points lists to apply (banlists/<lists>/): the newest in force on the "
                    "check date"),
    "cap": Option("int", 100, "the most points a deck may have (0: no card with points at all)"),
}
COSTLIEST = 3  # cards named in the fix


def points_total(deck: ResolvedDeck, regulation) -> int:
    """The points of the deck's cards, every copy in Main, Extra and Side (counted once per deck)."""
    total = deck.memo.get(ID)
    if total is None:
        points = regulation.points
        total = deck.memo[ID] = sum([points.get(card.passcode, 0) * count for card, count in deck.deck_counts()])
    return total


def deck_points(deck: ResolvedDeck, regulation) -> tuple[int, list[tuple[object, int, int]]]:
    """The deck's total points and, per card with points, (card, copies, points per copy), costliest first."""
    points = regulation.points
    per_card: dict[int, list] = {}
    for e in deck.deck_entries:
        value = points.get(e.card.passcode)
        if value:
            item = per_card.setdefault(e.card.passcode, [e.card, 0, value])
            item[1] += e.count
    cards = sorted((tuple(v) for v in per_card.values()), key=lambda c: (-c[1] * c[2], c[0].name))
    return points_total(deck, regulation), cards


def facts(deck: ResolvedDeck, regulation) -> dict:
    """What every report of a points deck shows: its total, the cap and the list."""
    total = points_total(deck, regulation)
    listed = regulation.points_list
    return {"points": {"total": total, "cap": regulation.points_cap, "list": listed.name if listed else None}}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    cap = regulation.points_cap
    if points_total(deck, regulation) <= cap:
        return
    total, cards = deck_points(deck, regulation)
    listed = regulation.points_list.name if regulation.points_list else "the points list"
    costliest = ", ".join(f"{n} {card.name} ({n * value})" for card, n, value in cards[:COSTLIEST])
    over = total - cap
    yield Problem(
        ID,
        SEVERITY,
        f"the deck has {total} points on the {listed} list; the cap is {cap} ({over} over). "
        f"Costliest: {costliest}",
        None,
        None,
        None,
        f"take out cards worth at least {over} point{'' if over == 1 else 's'}, starting with the costliest",
    )
