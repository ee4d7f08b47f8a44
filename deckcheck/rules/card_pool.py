"""card-pool: a known card that is not legal in the format's card pool.

An OCG-only card in a TCG deck, a TCG-only card in an OCG deck, a card not yet released
(or released after the check date, `--as-of`), a prerelease placeholder, a Rush Duel card
or an anime/video-game/pre-errata card. Availability is decided from all the sources
(Konami's database through yaml-yugi, the set numbers printed per region, YGOJSON's release
dates, EDOPro's scope bits), release dates from set lists (YGOJSON, else the sets the card is
printed in). An unofficial version of an official card (EDOPro's pre-errata or anime row) gets
the fix to replace it with the official card.

Rush Duel's pool (`released_in: [rush]`) is every Rush card of the Rush index but the prerelease
ones (`prerelease: allowed` lets a house format play them); no source dates Rush releases, so a
released Rush card is in the pool on any check date. A card of the other game (a Rush card in an
OCG/TCG deck, an OCG/TCG card in a Rush deck) is rule other-game's, not this rule's.

A format may narrow the pool: a pool of its own (`pool`: Master Duel's cards, the cards printed
in Simplified Chinese; deckcheck/data/pools/), the cards of some products (`pool: {products: [SDK]}`:
a card printed in any of them, by set code; the built-in `structure-deck`), the cards released by a
product's date (`pool: {latest_product: PHNI}`: Time Wizard events), cards released in both the TCG and the OCG (Worlds), a release
cut-off (`released_by`: Edison; an OCG Genesys points list sets its own), or a whitelist whose
cards are the whole pool (GOAT, Speed Duel): any printing of a listed card, and the unofficial rows
the whitelist names as the card (EDOPro's GOAT-era versions), are that card; a card only "treated
as" a listed one is not.

A card released in the pool whose first release date no source gives is a warning, not an
error, and only when the check date (or the cut-off) is before the day the card data describes
(`--as-of` in the past): it was released by that day, but perhaps not by the check date. A
check for today (or any day from the data's date on) never warns for it.

Source: yugioh-card.com "Card Legality"; Yugipedia "Not legal".

PASS:
    main: [Ash Blossom & Joyous Spring]

FAIL:
    main: [Dark Tyranno]

FAIL:
    format: master-duel
    main: [Mooyan Curry]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import DataError
from ..model import ERROR, WARNING, Problem, ResolvedDeck
from ..rushdb import game_of
from ._common import by_card_and_section, copies, lines_note, section_title, total
from ._options import Option

if TYPE_CHECKING:
    from ..card_facts import CardFacts, Product

ID = "card-pool"
SEVERITY = ERROR
SUMMARY = "Only cards released in the format's card pool (TCG, OCG, a whitelist) by the check date and cut-off."
ENABLED = True
POOLS = ("tcg", "ocg", "rush")
OWN_POOLS = ("master-duel", "ocg-cn")
OPTIONS = {
    "released_in": Option("str", ("tcg",), "the card pools a card must be released in (all of them)", choices=POOLS,
                          many=True),
    "released_by": Option("date", None, "only cards first released (in those pools) by this day: a format's "
                          "cut-off (a list may set an earlier one)", nullable=True),
    "whitelist": Option("str", None, "a list (banlists/<whitelist>/) whose cards are the whole pool: every card "
                        "not on it is out", nullable=True),
    "prerelease": Option("str", "refused", "cards announced but not released (Rush Duel's prerelease cards): "
                         "refused, or allowed (a house format that plays them early)", choices=("refused", "allowed")),
    "pool": Option("object", None, "a card pool of its own: a pool file (deckcheck/data/pools/<pool>.json: "
                   "master-duel, ocg-cn), {products: [SDK, LOB]} (only cards printed in those products, by set "
                   "code) or {latest_product: PHNI} (only cards released by that product's date): every card not "
                   "in it is out", nullable=True, validate=lambda value: pool_problem(value),
                   schema={"oneOf": [
                       {"enum": list(OWN_POOLS)},
                       {"type": "object", "properties": {"products": {"type": "array", "minItems": 1,
                                                                      "items": {"type": "string", "minLength": 1}}},
                        "required": ["products"], "additionalProperties": False},
                       {"type": "object", "properties": {"latest_product": {"type": "string", "minLength": 1}},
                        "required": ["latest_product"], "additionalProperties": False}]}),
}

def pool_problem(value) -> str | None:
    """Why a format's ``pool`` is wrong, or None: a pool file, or a product pool whose products the card facts
    know (checked when the format is read: a mistyped set code would refuse every card)."""
    if isinstance(value, str):
        return None if value in OWN_POOLS else f"must be one of {', '.join(OWN_POOLS)}, {{products: [...]}} or " \
                                               f"{{latest_product: ...}}, not {value!r}"
    if not isinstance(value, dict) or len(value) != 1 or not ({"products", "latest_product"} & value.keys()):
        return f"must be one of {', '.join(OWN_POOLS)}, {{products: [SDK, ...]}} or {{latest_product: PHNI}}, " \
               f"not {value!r}"
    products = value.get("products", [value.get("latest_product")])
    if "products" in value and (not isinstance(products, list) or not products):
        return "products must be a list of set codes (LOB, SDK)"
    if not all(isinstance(p, str) and p.strip() for p in products):
        return f"a product is a set code (LOB, SDK, PHNI), not {products!r}"
    from ..card_facts import load_card_facts

    facts = load_card_facts()
    unknown = [p for p in products if facts.product(p) is None]
    if unknown:
        return f"no product has the set code {unknown[0]!r} in the card data (a set code's prefix: SDK of SDK-001)"
    latest = facts.product(products[0]) if "latest_product" in value else None
    if latest is not None and latest.released("tcg") is None and latest.released("ocg") is None:
        return f"no release date is known for {latest.title()}: give released_by instead"
    return None


def product_pool_verdict(card, own: dict, pools: tuple, title: str) -> str | None:
    """Why ``card`` is outside a product pool (``{products: [...]}`` or ``{latest_product: X}``), or None."""
    from ..card_facts import load_card_facts

    facts = load_card_facts()
    if "products" in own:
        wanted = {p.strip().upper() for p in own["products"]}
        if facts.of(card.passcode).products & wanted:
            return None
        names = ", ".join(_product(facts, p).title() for p in own["products"])
        return f"not printed in {names}: the {title} card pool is those products only (card-pool: pool: products)"
    product = _product(facts, own["latest_product"])
    for pool in pools or ("tcg",):
        cutoff = product.released(pool) or product.released("ocg" if pool == "tcg" else "tcg")
        released = card.tcg_date if pool == "tcg" else card.ocg_date
        if released and cutoff and released > cutoff:
            return (f"first released in the {pool.upper()} on {released}, after {product.name or product.prefix} "
                    f"({product.prefix}, {cutoff}), the "
                    f"latest product {title} allows (card-pool: pool: latest_product)")
    return None


_ORIGIN = {
    "prerelease": "a prerelease card that is not released yet",
    "rush": "a Rush Duel card",
    "unofficial": "not an official card (anime, video game or pre-errata version)",
}


def why_not_in_pool(card, pool: str, as_of: str, prerelease: str = "refused") -> str | None:
    """Why ``card`` is not legal in ``pool`` ("tcg" | "ocg" | "rush") on ``as_of`` (ISO date), or None."""
    if pool == "rush":  # no source dates Rush releases: a card of the index is released, but a prerelease card
        if card.origin != "rush":
            return "an OCG/TCG card, not a Rush Duel card"
        if getattr(card, "prerelease", False) and prerelease != "allowed":
            return "a Rush Duel prerelease card that is not released yet"
        return None
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
    if pool == "rush":
        return False  # no source dates a Rush card's release (the rush format's notes say so)
    released = card.tcg_date if pool == "tcg" else card.ocg_date
    return released is None and data_date is not None and as_of < data_date


def official_card(card, cards):
    """The official card an unofficial id stands for (EDOPro's pre-errata or anime row of it), if any."""
    if card.origin != "unofficial" or card.group == card.passcode:
        return None
    target = cards.by_passcode(card.group)
    return target if target is not None and target.origin == "official" else None


def _product(facts: CardFacts, prefix: str) -> Product:
    """The product a format's pool names (``options_problem`` found it when the format was read)."""
    product = facts.product(prefix)
    if product is None:
        raise DataError(f"no product has the set code {prefix!r} in the card data (deckcheck/data/card_facts.jsonl)")
    return product


def pool_verdict(card, regulation) -> tuple[str | None, str | None]:
    """(why ``card`` is outside the regulation's card pool, or None; the pool whose release date of the
    card is unknown when that matters — a warning — or None). Memoized per regulation."""
    return _pool_verdict(card, regulation, _settings(regulation))


def _pool_verdict(card, regulation, settings: _Settings) -> tuple[str | None, str | None]:
    verdict = settings.verdicts.get(card.passcode)
    if verdict is None:
        verdict = settings.verdicts[card.passcode] = _verdict(card, regulation, settings)
        if verdict == (None, None):
            settings.in_pool.add(card.passcode)
    return verdict


class _Settings:
    """What ``pool_verdict`` reads of the regulation for every card (read once per regulation), and the cards
    it has found in the pool with no doubt (their passcodes): most cards of a deck, which ``check`` passes
    over with one look-up each; and its verdict on every card judged (by passcode)."""

    __slots__ = ("other_game", "game", "as_of", "cutoff", "data_date", "pools", "prerelease", "own", "in_pool",
                 "verdicts")

    def __init__(self, regulation) -> None:
        options = regulation.options(ID)
        self.other_game = regulation.enabled("other-game")
        self.game = regulation.game
        self.as_of = regulation.as_of.isoformat()
        self.cutoff = regulation.released_by.isoformat() if regulation.released_by is not None else None
        self.data_date = regulation.cards.data_date
        self.pools = options.get("released_in", ())
        self.prerelease = options.get("prerelease", "refused")
        self.own = options.get("pool")
        self.in_pool: set[int] = set()
        self.verdicts: dict[int, tuple[str | None, str | None]] = {}


def _settings(regulation) -> _Settings:
    memo = regulation.memo(ID)
    settings = memo.get("settings")
    if settings is None:
        settings = memo["settings"] = _Settings(regulation)
    return settings


def _verdict(card, regulation, settings: _Settings) -> tuple[str | None, str | None]:
    if settings.other_game and game_of(card) != settings.game:
        return None, None  # a card of the other game: rule other-game names it
    stand_in = regulation.stand_ins.get(card.passcode)
    if stand_in is not None:  # an unofficial row the format's whitelist accepts: judged as the card it counts as
        card = regulation.cards.by_passcode(stand_in) or card
    as_of, cutoff = settings.as_of, settings.cutoff
    why = undated = None
    pools = settings.pools
    for pool in pools:
        why = why_not_in_pool(card, pool, as_of, settings.prerelease)
        if why:
            break
        released = card.tcg_date if pool == "tcg" else card.ocg_date
        if cutoff is not None and released and released > cutoff:
            why = f"first released in the {pool.upper()} on {released}, after the {regulation.title} cut-off ({cutoff})"
            break
        if undated is None and released is None and release_unknown(card, pool, min(as_of, cutoff or as_of),
                                                                    settings.data_date):
            undated = pool
    if why is None and regulation.allowed is not None and card.passcode not in regulation.allowed:
        why = f"not in the {regulation.title} card pool ({regulation.whitelist.name})"
    own = settings.own
    if why is None and isinstance(own, dict):
        why = product_pool_verdict(card, own, pools, regulation.title)
    elif why is None and own is not None:
        from ..pools import load_pool

        pool = load_pool(own)
        if card.passcode not in pool:
            why = f"not a card of {pool.title}" if own == "master-duel" else f"not in the {pool.title} card pool"
    return why, None if why else undated


def why_not_legal(card, regulation) -> str | None:
    """Why ``card`` is outside the regulation's card pool, or None."""
    return pool_verdict(card, regulation)[0]


def allows(card, section: str, regulation) -> bool:
    """Whether ``card`` is in the pool with no doubt about its release (the rule, card by card)."""
    return pool_verdict(card, regulation) == (None, None)


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    settings = _settings(regulation)
    in_pool = settings.in_pool
    doubtful = [e for e in deck.deck_entries if e.card.passcode not in in_pool]
    if not doubtful:
        return
    illegal, undated = [], []
    for e in doubtful:
        why, unknown = _pool_verdict(e.card, regulation, settings)
        if why is not None:
            illegal.append(e)
        elif unknown is not None:
            undated.append(e)
    for group in by_card_and_section(illegal):
        first = group[0]
        card = first.card
        n = total(group)
        where = f"the {section_title(first.section)} Deck"
        official = official_card(card, regulation.cards)
        if official is not None:
            fix = f"replace {card.passcode} with {official.passcode} ({official.name})"
        else:
            fix = f"remove {copies(n)} of {card.name} from {where}"
        yield Problem(
            ID,
            SEVERITY,
            f"{card.name} is {why_not_legal(card, regulation)} ({copies(n)} in {where}{lines_note(group)})",
            first.section,
            first.line,
            card.ref,
            fix,
        )
    if not undated:
        return
    data_date = regulation.cards.data_date
    cutoff = regulation.released_by.isoformat() if regulation.released_by is not None else None
    by = min(regulation.as_of.isoformat(), cutoff or "9999")
    for group in by_card_and_section(undated):
        first = group[0]
        card = first.card
        pool = (pool_verdict(card, regulation)[1] or "").upper()
        yield Problem(
            ID,
            WARNING,
            f"{card.name}'s first {pool} release date is unknown: it was released by {data_date}, "
            f"perhaps not by {by} ({copies(total(group))} in the {section_title(first.section)} Deck"
            f"{lines_note(group)})",
            first.section,
            first.line,
            card.ref,
            f"check that {card.name} was released in the {pool} by {by}",
        )
