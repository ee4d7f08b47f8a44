"""The Rush Duel card index, beside the OCG/TCG one: Rush cards are cards of another game.

``deckcheck/data/rush_cards.jsonl`` (built by ``tools/build_rush.py``; the card index's layout with three
more fields: ``legend``, ``maximum``, ``prerelease``) holds one row per Rush card, by EDOPro's Rush code
(160xxxxxx; its alternate artworks are its other codes); ``rush_names.jsonl`` its names in the other
languages of the data and EDOPro's own names ("Blue-Eyes White Dragon (Rush)").

A Rush card and an OCG/TCG card are different cards even where they share a name ("Dark Magician"): a
format whose card pool is Rush's (``card-pool: {released_in: [rush]}``) reads names as Rush cards first
(:class:`RushIndex`), any other format as OCG/TCG cards first. Each index still finds the other game's
cards (by code, or by a name only the other game has), so a deck that mixes the two games is told so
(rule ``other-game``) instead of "no such card".
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from .carddb import CardIndex, _Table
from .errors import DataError
from .model import Card
from .paths import DATA_DIR

RUSH_INDEX = DATA_DIR / "rush_cards.jsonl"
RUSH_NAMES = DATA_DIR / "rush_names.jsonl"
RUSH, OCG_TCG = "rush", "ocg-tcg"
GAME_TITLES = {RUSH: "Rush Duel", OCG_TCG: "OCG/TCG"}
RUSH_CODES = range(160_000_000, 170_000_000)  # EDOPro's Rush codes


class RushCard(Card):
    """A Rush Duel card: a card of the index with its Legend and Maximum marks."""

    __slots__ = ("legend", "maximum", "prerelease")

    def __init__(self, *fields, legend: bool = False, maximum: bool = False, prerelease: bool = False):
        super().__init__(*fields)
        self.legend = legend  # a Legend card (the LEGEND icon; EDOPro: scope bit 0x400)
        self.maximum = maximum  # one of the three pieces of a Maximum monster (each its own card)
        self.prerelease = prerelease  # announced, not released (EDOPro's prerelease cdb; no Konami ID yet)


def game_of(card) -> str:
    """The game a card belongs to: ``rush`` or ``ocg-tcg`` (official, prerelease, unofficial OCG/TCG rows)."""
    return RUSH if card.origin == RUSH else OCG_TCG


RUSH_LISTS = ("rush",)  # the folders of lists (banlists/<folder>/) whose cards are Rush cards


def lists_game(folder: str) -> str:
    """The game whose cards a folder of lists names."""
    return RUSH if folder in RUSH_LISTS else OCG_TCG


def format_game(fmt) -> str:
    """The game a format is played with: Rush when its card pool is Rush's."""
    pool = fmt.options("card-pool") or {}
    return RUSH if RUSH in (pool.get("released_in") or ()) else OCG_TCG


class _RushTable(_Table):
    def __init__(self, path: Path):
        super().__init__(path)
        try:
            self._marks = tuple(self._c[name] for name in ("legend", "maximum", "prerelease"))
        except KeyError as exc:
            raise DataError(f"{path}: Rush card data is unreadable: no field {exc}") from None

    def card(self, i: int) -> Card:
        card = self._cards.get(i)
        if card is None:
            row = self.row(i)
            at_passcode, name, kind, type_, tcg, ocg, origin, konami_id, tcg_date, ocg_date, group, alts = self._at
            level = self._level_at
            passcode = row[at_passcode]
            legend, maximum, prerelease = (bool(row[at]) for at in self._marks)
            card = self._cards[i] = RushCard(
                passcode, row[name], row[kind], row[type_] or 0, False, False, RUSH, row[konami_id], None, None,
                row[group] or passcode, (passcode, *row[alts]), None if level is None else row[level],
                legend=legend, maximum=maximum, prerelease=prerelease)
        return card


class RushIndex(CardIndex):
    """Look-ups for a Rush decklist: Rush cards first (by code, English name, a name in another language,
    EDOPro's name), then the OCG/TCG cards of ``base`` (found so that a mixed deck is named as one)."""

    _table_class = _RushTable

    def __init__(self, base: CardIndex | None, path: Path = RUSH_INDEX, names_path: Path = RUSH_NAMES):
        try:
            super().__init__(path, None, names_path)
        except DataError as exc:
            raise DataError(f"{exc} (the Rush Duel card data)") from None
        self.base = base

    @cached_property
    def left_out(self) -> list[dict]:
        """The Rush cards of the sources the index leaves out, each with why (the header's ``left_out``)."""
        import json

        data = self._main.path.read_bytes()
        return json.loads(data[: data.index(b"\n")]).get("left_out", [])

    def _find(self, passcode: int) -> Card | None:
        card = self.own_card(passcode)
        if card is None and self.base is not None:
            card = self.base.by_passcode(passcode)
        return card

    def _other_game_by_name(self, name: str) -> list[Card]:
        if self.base is None:
            return []
        found = self.base.by_name(name, other_game=False)
        if found and name in self.base.name_languages:
            self.name_languages[name] = self.base.name_languages[name]
        return found

    @property
    def rush(self):
        return self

    def for_game(self, game: str) -> CardIndex:
        return self if game == RUSH or self.base is None else self.base


def counterpart(card, cards) -> Card | None:
    """The card of the other game with the same English name ("Dark Magician" in both games), if one."""
    ocg_tcg = cards.base if isinstance(cards, RushIndex) else cards
    other = None if ocg_tcg is None else ocg_tcg.rush if game_of(card) == OCG_TCG else ocg_tcg
    if other is None:
        return None
    found = [c for c in other.by_name(card.name, other_game=False) if c.name == card.name and game_of(c) != game_of(card)]
    return found[0] if len(found) == 1 else None


def decklist_game(parsed, formats, chosen=None) -> str:
    """The game a decklist's names mean when nothing else says (``convert``): the game of the format ``chosen``
    (a Format), else of the format the decklist declares (YAML ``format:``, found in ``formats``, a FormatStore),
    else Rush when most of the codes it gives are Rush codes (a YDK or ydke of a Rush deck), else OCG/TCG."""
    if chosen is not None:
        return format_game(chosen)
    if parsed.format:
        try:
            return format_game(formats.resolve(parsed.format))
        except DataError:
            pass  # an unknown format: said when the deck is checked
    codes = [e.passcode for e in parsed.entries if e.passcode is not None]
    rush = sum(1 for code in codes if code in RUSH_CODES)
    return RUSH if codes and rush * 2 > len(codes) else OCG_TCG
