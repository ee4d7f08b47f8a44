"""price-cap: the deck's price, at the organizer's frozen prices, stays within the event's budget.

`check --prices prices.csv --price-cap 15` (a CSV of cards — name or passcode — and prices, frozen
when the event was announced; no network at check time; deckcheck/owned.py) adds up every copy in
Main, Extra and Side; over the cap is one problem with the total, the cap and the costliest cards
(as `points-cap` does). A card the price list does not have is its own problem: its price cannot
be known. Off unless `--prices` and `--price-cap` are given (or a format sets them).

Source: local budget events ("$15 budget", prices frozen at announcement).

With Pot of Duality at 4.00 and Ash Blossom & Joyous Spring at 20.00 (tests/fixtures/event/prices.csv), cap 15:

PASS:
    main: [3 Pot of Duality]

FAIL:
    main: [3 Pot of Duality, 1 Ash Blossom & Joyous Spring]
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from ..model import ERROR, Problem, ResolvedDeck
from ._common import by_card_and_section
from ._options import Option

ID = "price-cap"
SEVERITY = ERROR
SUMMARY = "The deck's price at the organizer's prices is at most the cap (--prices FILE --price-cap N)."
ENABLED = False
OPTIONS = {
    "prices": Option("str", None, "the price list: a CSV file of cards (name or passcode) and prices", nullable=True),
    "cap": Option("str", None, "the most the deck may cost (a number: 15, 15.50)", nullable=True),
}
COSTLIEST = 3
EXAMPLE_OPTIONS = {"prices": "tests/fixtures/event/prices.csv", "cap": "15"}  # its examples are checked with these


def options_problem(options: dict) -> str | None:
    from ..owned import parse_price

    if options.get("cap") is not None and parse_price(str(options["cap"])) is None:
        return f"cap must be an amount (15, 15.50), not {options['cap']!r}"
    return None


def money(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01'))}"


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    options = regulation.options(ID)
    if not options.get("prices"):
        return
    from ..owned import parse_price, read_prices

    prices = read_prices(options["prices"], regulation.cards)
    per_card: dict[int, list] = {}
    unpriced = []
    for e in deck.deck_entries:
        price = prices.get(e.card.passcode)
        if price is None:
            unpriced.append(e)
            continue
        per_card.setdefault(e.card.passcode, [e.card, 0, price])[1] += e.count
    for group in by_card_and_section(unpriced):
        first = group[0]
        yield Problem(ID, SEVERITY, f"{first.card.name} has no price on the event's price list "
                      f"({options['prices']}): the deck's price cannot be known", first.section, first.line,
                      first.card.ref, f"ask the organizer for its price, or take out {first.card.name}")
    cap = parse_price(str(options.get("cap"))) if options.get("cap") is not None else None
    if cap is None:
        return
    total = sum((n * price for _, n, price in per_card.values()), Decimal(0))
    if total <= cap:
        return
    ranked = sorted(per_card.values(), key=lambda c: (-c[1] * c[2], c[0].name))
    costliest = ", ".join(f"{n} {card.name} ({money(n * price)})" for card, n, price in ranked[:COSTLIEST])
    over = total - cap
    yield Problem(ID, SEVERITY, f"the deck costs {money(total)} at the event's prices; the cap is {money(cap)} "
                  f"({money(over)} over). Costliest: {costliest}", None, None, None,
                  f"take out cards worth at least {money(over)}, starting with the costliest")
