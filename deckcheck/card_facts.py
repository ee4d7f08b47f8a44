"""The card facts event rules need beyond the card index: race, attribute, Level/Rank/Link Rating,
archetypes and the products (set-code prefixes) a card is printed in, with each product's release dates.

One data file, ``deckcheck/data/card_facts.jsonl``, built by ``tools/build_data/card_facts.py`` (its
docstring gives the layout; its header records the sources), read once and only when a rule needs it
(``quota``, a product pool). A card's type and frame come from the index's EDOPro type bits
(:func:`frames_of`, :func:`card_type_of`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from . import cardtypes as t
from .errors import DataError
from .paths import DATA_DIR

FACTS_PATH = DATA_DIR / "card_facts.jsonl"
MAX_FACTS_BYTES = 8 << 20
TCG_LOCALES = ("na", "eu", "en", "oc", "de", "fr", "it", "sp", "pt", "fc")
OCG_LOCALES = ("jp", "kr", "ae", "sc", "tc")
FRAMES = ("normal", "effect", "ritual", "fusion", "synchro", "xyz", "pendulum", "link")
CARD_TYPES = ("monster", "spell", "trap")


# Facts and Product are named tuples: as frozen dataclasses each would cost every start ~2.5 M instructions more
class Facts(NamedTuple):
    race: str | None  # "Zombie"
    attribute: str | None  # "DARK"
    level: int | None  # Level, Rank or Link Rating
    archetypes: tuple[str, ...]
    products: frozenset[str]  # set-code prefixes: "LOB", "SDK"


NO_FACTS = Facts(None, None, None, (), frozenset())


class Product(NamedTuple):
    prefix: str
    name: str | None
    dates: dict  # locale → first release date (ISO)

    def released(self, pool: str = "tcg") -> str | None:
        """The product's first release date in the TCG (or OCG) locales, or None when no source gives one."""
        days = [d for locale, d in self.dates.items() if locale in (TCG_LOCALES if pool == "tcg" else OCG_LOCALES)]
        return min(days) if days else None

    def title(self) -> str:
        return f"{self.name} ({self.prefix})" if self.name else self.prefix


class CardFacts:
    def __init__(self, cards: dict[int, Facts], products: dict[str, Product], sources: list, path: Path):
        self.cards = cards
        self.products = products
        self.sources = sources
        self.path = path

    def of(self, passcode: int) -> Facts:
        return self.cards.get(passcode, NO_FACTS)

    def product(self, prefix: str) -> Product | None:
        return self.products.get(prefix.strip().upper())

    def to_json(self) -> dict:
        return {"path": str(self.path), "cards": len(self.cards), "products": len(self.products),
                "sources": self.sources}


_loaded: dict[Path, CardFacts] = {}


def load_card_facts(path: Path = FACTS_PATH) -> CardFacts:
    """The card facts (read once); DataError naming the file and line when missing or damaged."""
    found = _loaded.get(path)
    if found is not None:
        return found
    line_no = 0
    try:
        data = path.read_bytes()
        if len(data) > MAX_FACTS_BYTES:
            raise ValueError(f"over {MAX_FACTS_BYTES >> 20} MB")
        lines = data.decode("utf-8").split("\n")
        line_no = 1
        header = json.loads(lines[0])
        if header.get("fields") != ["passcode", "race", "attribute", "level", "archetypes", "products"]:
            raise ValueError("unknown fields")
        products = {prefix: Product(prefix, entry.get("name"), dict(entry.get("dates") or {}))
                    for prefix, entry in header["products"].items()}
        cards: dict[int, Facts] = {}
        for line in lines[1:]:
            if not line:
                continue
            passcode, race, attribute, level, archetypes, prefixes = json.loads(line)
            cards[int(passcode)] = Facts(race, attribute, level, tuple(archetypes), frozenset(prefixes))
    except FileNotFoundError:
        raise DataError(f"{path}: the card facts are not installed; reinstall deckcheck") from None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DataError(f"{path}:{line_no}: the card facts are unreadable: {exc}") from None
    facts = _loaded[path] = CardFacts(cards, products, list(header.get("sources") or []), path)
    return facts


def card_type_of(bits: int) -> str | None:
    """"monster", "spell" or "trap" from EDOPro type bits."""
    if bits & t.MONSTER:
        return "monster"
    if bits & t.SPELL:
        return "spell"
    if bits & t.TRAP:
        return "trap"
    return None


def frames_of(bits: int) -> frozenset[str]:
    """A monster's frames (kinds): normal, effect, ritual, fusion, synchro, xyz, pendulum, link — a Pendulum
    Xyz Monster is both xyz and pendulum; empty for a Spell or Trap."""
    if not bits & t.MONSTER:
        return frozenset()
    found = {name for name, bit in (("normal", t.NORMAL), ("effect", t.EFFECT), ("ritual", t.RITUAL),
                                    ("fusion", t.FUSION), ("synchro", t.SYNCHRO), ("xyz", t.XYZ),
                                    ("pendulum", t.PENDULUM), ("link", t.LINK)) if bits & bit}
    return frozenset(found)
