"""The bundled card index: passcode and name look-ups, loaded once and lazily.

The index is built by ``python -m tools.build_data`` into ``deckcheck/data/cards.json``; rows are
arrays in the order of its ``fields`` and become :class:`Card` objects only when looked up,
so a check of one deck touches a few dozen rows, not fifteen thousand.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from functools import cached_property
from operator import itemgetter
from pathlib import Path

from .errors import DataError
from .folding import fold_words, in_latin_script, mostly_folded, normalize_name
from .limits import NAME_LIMIT
from .model import Card
from .paths import DATA_DIR

if TYPE_CHECKING:  # the name tables are read (and their modules imported) on the first look-up by name
    from .name_tables import Table, TableFile
    from .ranking import Ranker

MAIN_INDEX = DATA_DIR / "cards.jsonl"
OTHER_INDEX = DATA_DIR / "other_cards.jsonl"
NAMES_INDEX = DATA_DIR / "names.jsonl"  # names in other languages (names.py), read only when a name is not English


_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # json.loads of one value, without its checks (C)
_UNSEEN: Any = object()  # a passcode not looked up yet
_ROW_FIELDS = ("passcode", "name", "kind", "type", "tcg", "ocg", "origin", "konami_id", "tcg_date", "ocg_date", "group",
               "alt_passcodes")


class _Table:
    """One index file (JSON Lines): a header, then one card array per line.

    The header lists each line's passcode and every alternate passcode, so finding a card
    parses one line; all lines are parsed only when names are needed.
    """

    def __init__(self, path: Path):
        try:
            data = path.read_bytes()
            newline = data.index(b"\n")
            header = json.loads(data[:newline])
            self.lines = data.split(b"\n")  # (the header's line dropped below: no copy of the rows' megabytes)
            del self.lines[0]
            passcodes = header["passcodes"]
            fields = header["fields"]
        except FileNotFoundError:
            raise DataError(f"{path}: card data not found; reinstall deckcheck or run python -m tools.build_data") from None
        except (OSError, ValueError, KeyError) as exc:
            raise DataError(f"{path}: card data is unreadable: {exc}") from None
        if self.lines and not self.lines[-1]:
            self.lines.pop()
        if len(self.lines) != len(passcodes):
            raise DataError(f"{path}: card data is damaged ({len(self.lines)} cards for {len(passcodes)} passcodes)")
        self.sources: list[dict] = header.get("sources", [])
        self.path = path
        self._c = {name: i for i, name in enumerate(fields)}
        try:  # where each of Card's fields is in a row
            self._at = tuple(self._c[name] for name in _ROW_FIELDS)
        except KeyError as exc:
            raise DataError(f"{path}: card data is unreadable: no field {exc}") from None
        self._level_at = self._c.get("level")  # an index from before levels has none
        self._fields = _fields_getter(self._at, self._level_at)
        self._in_card_order = fields == [*_ROW_FIELDS, "level"]  # a row unpacks as it is (the bundled index)
        by_passcode = dict(zip(passcodes, range(len(passcodes))))
        for alt, canonical in header.get("alt_passcodes", {}).items():
            by_passcode[int(alt)] = by_passcode[canonical]
        self.by_passcode = by_passcode
        self.passcodes = passcodes
        self.groups: dict[int, int] = {int(k): v for k, v in header.get("groups", {}).items()}
        self._placeholders: dict[str, int] = header.get("placeholders", {})
        self._cards: dict[int, Card] = {}

    @cached_property
    def placeholders(self) -> dict[int, int]:
        """Prerelease placeholder id -> the official passcode it became (read on the first passcode not found)."""
        try:
            return {int(k): v for k, v in self._placeholders.items()}
        except (ValueError, TypeError, AttributeError):
            raise DataError(f"{self.path}: card data is damaged (its placeholders are not passcodes)") from None

    def __len__(self) -> int:
        return len(self.lines)

    def row(self, i: int) -> list:
        try:
            text = self.lines[i].decode("utf-8")
        except UnicodeDecodeError:
            raise DataError(f"{self.path}: card data is damaged (card {i + 1} is not UTF-8)") from None
        try:
            row, end = _scan(text, 0)
        except (StopIteration, ValueError):
            row, end = None, -1
        if end != len(text) or row.__class__ is not list:
            raise DataError(f"{self.path}: card data is damaged (card {i + 1} is not a JSON array)")
        return row

    def rows(self) -> list[list]:
        return json.loads(b"[" + b",".join(self.lines) + b"]")

    def card(self, i: int) -> Card:
        card = self._cards.get(i)
        if card is None:
            try:  # row(), inline: every card of a batch is read once
                text = self.lines[i].decode("utf-8")
                row, end = _scan(text, 0)
                (passcode, name, kind, type_, tcg, ocg, origin, konami_id, tcg_date, ocg_date, group, alts,
                 level) = row if self._in_card_order else self._fields(row)
                if (passcode.__class__ is not int or name.__class__ is not str or kind.__class__ is not str
                        or alts.__class__ is not list or not isinstance(type_ or 0, int) or end != len(text)):
                    raise TypeError
                card = self._cards[i] = Card(
                    passcode, name, kind, type_ or 0, True if tcg else False, True if ocg else False, origin,
                    konami_id, tcg_date, ocg_date, group or passcode, (passcode, *alts), level,
                )
            except (UnicodeDecodeError, StopIteration, IndexError, TypeError, ValueError):
                self.row(i)  # a row that is not text or not one JSON array: row() says so
                raise DataError(f"{self.path}: card data is damaged (card {i + 1} has fields of the wrong kind "
                                "or too few); run 'deckcheck update' to repair it") from None
        return card


def _fields_getter(at: tuple[int, ...], level_at: int | None) -> Callable[[list], tuple]:
    """A row's fields in the order of Card's (``_ROW_FIELDS``, then the level: None where the index has none)."""
    if level_at is not None:
        return itemgetter(*at, level_at)
    fields = itemgetter(*at)
    return lambda row: (*fields(row), None)


class CardIndex:
    """Look-ups over the bundled (or downloaded) card index."""

    _table_class = _Table  # the reader of the index file (rushdb.RushIndex reads Rush rows with their marks)

    def __init__(self, main: Path = MAIN_INDEX, other_path: Path | None = OTHER_INDEX, names_path: Path = NAMES_INDEX,
                 open_rush: Callable[[CardIndex], CardIndex | None] | None = None):
        self._main = self._table_class(main)
        self._open_rush = open_rush  # opens the Rush Duel index over this one (datastore.open_cards gives rushdb's)
        self._other_path = other_path
        self._other: _Table | None = None
        self._names_path = names_path
        self.looked_up: dict[int, Card | None] = {}  # passcode -> its card (None: none) for every passcode looked up
        self._suggested: dict[str, list[str]] = {}
        self.name_languages: dict[str, set[str]] = {}  # a name found in other languages -> those languages
        self.loosely_read: dict[str, tuple[Card, str] | None] = {}  # resolve's memo: a name no card has -> its card

    @property
    def sources(self) -> list[dict]:
        return self._main.sources

    @cached_property
    def data_date(self) -> str | None:
        """The day the data describes (its newest source): a card marked released was released by then."""
        dates = [str(s["date"])[:10] for s in self.sources if s.get("date")]
        return max(dates) if dates else None

    @property
    def other(self) -> _Table | None:
        if self._other is None and self._other_path is not None and self._other_path.exists():
            self._other = _Table(self._other_path)
        return self._other

    def by_passcode(self, passcode: int) -> Card | None:
        card = self.looked_up.get(passcode, _UNSEEN)
        if card is _UNSEEN:
            card = self.looked_up[passcode] = self._find(passcode)
        return card

    def own_card(self, passcode: int) -> Card | None:
        """The card of this index's own file with this passcode (not one of the other game, nor an unofficial one)."""
        i = self._main.by_passcode.get(passcode)
        return self._main.card(i) if i is not None else None

    def _find(self, passcode: int) -> Card | None:
        i = self._main.by_passcode.get(passcode)
        if i is not None:
            return self._main.card(i)
        if 160_000_000 <= passcode < 170_000_000 and (rush := self.rush) is not None:  # a Rush Duel code
            card = rush.own_card(passcode)
            if card is not None:
                return card
        other = self.other
        if other is not None:
            i = other.by_passcode.get(passcode)
            if i is not None:
                return other.card(i)
        return None

    def group_of(self, passcode: int) -> int | None:
        """The name group of a passcode (the passcode of the card it counts as), without loading the card."""
        i = self._main.by_passcode.get(passcode)
        if i is None:
            card = self.by_passcode(passcode)
            return card.group if card else None
        canonical = self._main.passcodes[i]
        return self._main.groups.get(canonical, canonical)

    def placeholder_target(self, passcode: int) -> int | None:
        """The official passcode a prerelease placeholder id became, if known."""
        return self._main.placeholders.get(passcode)

    def __len__(self) -> int:
        return len(self._main)

    def cards(self):
        for i in range(len(self._main)):
            yield self._main.card(i)

    def _name_rows(self) -> tuple[dict[str, list[int]], list[tuple]]:
        """Every English name -> its rows, and each row's preference (``_word_keys``): what the tables are built from."""
        exact: dict[str, list[int]] = {}
        preference = []
        c = self._main._c
        name, kind, origin, alts, konami = c["name"], c["kind"], c["origin"], c["alt_passcodes"], c["konami_id"]
        for i, row in enumerate(self._main.rows()):
            exact.setdefault(row[name], []).append(i)
            preference.append((row[kind] not in ("main", "extra"), row[origin] != "official", -len(row[alts]),
                               row[konami] or 1 << 30))
        return exact, preference

    def _build_name_tables(self) -> bytes:
        """The English names as written and folded (``normalize_name``) -> their rows."""
        from .name_tables import pack, table_sections

        exact, _preference = self._name_rows()
        folded: dict[str, list[int]] = {}
        for name, rows in exact.items():
            folded.setdefault(normalize_name(name), []).extend(rows)
        return pack({**table_sections("exact", exact, _ints), **table_sections("folded", folded, _ints)}, {})

    def _build_suggestion_tables(self) -> bytes:
        """Every name folded by words (``fold_words``) -> its rows, and the ranking's indexes over them in order
        of preference, for ``closest`` to break ties by: deck cards first, then cards with more artworks (Konami
        prints alternate artworks of the cards most played), then older ones."""
        from .name_tables import pack, table_sections
        from .ranking import Ranker

        exact, preference = self._name_rows()
        rows: dict[str, list[int]] = {}
        for name, found in exact.items():
            rows.setdefault(fold_words(name), []).extend(found)
        keys = sorted(rows, key=lambda key: min(preference[i] for i in rows[key]))
        return pack({**table_sections("words", rows, _ints), **Ranker(keys).sections("ranker")}, {})

    @cached_property
    def _name_tables(self) -> TableFile:
        from .name_tables import TableFile

        return TableFile("english-names", self._main.path, self._build_name_tables)

    @cached_property
    def _exact_names(self) -> Table:
        from .name_tables import IntLists

        return self._name_tables.table("exact", IntLists)

    @cached_property
    def _folded_names(self) -> Table:
        from .name_tables import IntLists

        return self._name_tables.table("folded", IntLists)

    @cached_property
    def _suggestion_tables(self) -> TableFile:
        from .name_tables import TableFile

        return TableFile("english-suggestions", self._main.path, self._build_suggestion_tables)

    @cached_property
    def _word_rows(self) -> Table:
        """Every name folded by words (``fold_words``) → its rows."""
        from .name_tables import IntLists

        return self._suggestion_tables.table("words", IntLists)

    @cached_property
    def _word_ranker(self) -> Ranker:
        from .ranking import Ranker

        return Ranker.opened(self._suggestion_tables, "ranker")

    def by_name(self, name: str, other_game: bool = True) -> list[Card]:
        """Cards with this name: exact first, then ignoring case, punctuation and spacing, then in other
        languages; then (``other_game``) the cards of the other game (Rush Duel for this index: rushdb.py).

        Tokens share names with real cards ("Sheep Token" aside, many are plain "Token"),
        so a deck card is preferred over a token of the same name.
        """
        rows = self._exact_names.get(name.strip())
        if not rows and in_latin_script(name):  # 端末世界ＮＥＸＴ is no English "NEXT", 人造人間７号 no "7"
            rows = self._folded_names.get(normalize_name(name))
        rows = rows or []
        cards = [self._main.card(i) for i in rows] if rows else self._by_other_name(name)
        if not cards and other_game and name.strip():
            cards = self._other_game_by_name(name)
        return _named(cards)

    @cached_property
    def rush(self) -> CardIndex | None:
        """The Rush Duel card index over this one (``rushdb.RushIndex``), opened on first use; None where it is not
        installed, or where this index was opened without it (``datastore.open_cards`` opens it with it)."""
        return self._open_rush(self) if self._open_rush is not None else None

    def for_game(self, game: str) -> CardIndex:
        """The index a decklist of ``game`` ("rush" | "ocg-tcg") is read with: its names mean that game's cards."""
        if game == "rush":
            if self.rush is None:
                raise DataError("the Rush Duel card data (deckcheck/data/rush_cards.jsonl) is not installed")
            return self.rush
        return self

    def _other_game_by_name(self, name: str) -> list[Card]:
        """The Rush Duel cards of this name (a name only Rush has, in an OCG/TCG decklist)."""
        rush = self.rush
        return rush.by_name(name, other_game=False) if rush is not None else []

    @cached_property
    def other_names(self):
        """Card names in other languages and EDOPro's names (``names.NameIndex``), read on first use."""
        from .names import NameIndex

        try:
            return NameIndex(self._names_path, normalize_name)
        except FileNotFoundError:
            raise DataError(f"{self._names_path}: card names not found; reinstall deckcheck") from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise DataError(f"{self._names_path}: card names are unreadable: {exc}") from None

    def _names_unreadable(self, exc: Exception) -> DataError:
        return DataError(f"{self._names_path}: card names are unreadable: {exc}")

    def _by_other_name(self, name: str) -> list[Card]:
        """Cards with this name in another language (``name_languages`` records which)."""
        try:
            found = self.other_names.find(name) if name.strip() else []
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:  # the names file changed while in use
            raise self._names_unreadable(exc) from None
        if found:
            self.name_languages[name] = {language for _passcode, language in found}
        return [card for card in (self.by_passcode(passcode) for passcode, _language in found) if card is not None]

    def other_closest_names(self, name: str, limit: int) -> list[str]:
        """The names in other languages closest to ``name``, in its script (``NameIndex.closest_names``)."""
        try:
            return self.other_names.closest_names(name, limit)
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise self._names_unreadable(exc) from None

    def near_names(self, name: str, within: int, starts: bool = False,
                   other_languages: bool = True) -> list[tuple[int, int, list[Card], str | None]]:
        """(edits, letters, cards, English name) of every name at most ``within`` edits from ``name`` (``Ranker.near``;
        ``starts``: from the name's start), fewest edits first: ``letters`` is the folded name's length, ``cards``
        the cards that name means (as ``by_name`` chooses), and the English name folded by words (``fold_words``;
        None for a name in another language). A name in the Latin script is compared with the English names and
        (``other_languages``) those of the other languages in it; the start of a name, with the English names
        only (short forms are English). A name in another script (Japanese, Korean, Chinese) is compared with
        the names in its script only, never with an English name (what the fold leaves of it is not what was
        written)."""
        if len(name) > NAME_LIMIT or not name.strip():
            return []
        from .names import LATIN, script_of

        found: list[tuple[int, int, list[Card], str | None]] = []
        latin = script_of(name) == LATIN
        if latin and not in_latin_script(name):
            return []  # Cyrillic, Arabic …: no card names in the data, and the fold would drop its letters
        if latin:
            ranker, words = self._word_ranker, self._word_rows
            for i, edits in ranker.near(fold_words(name), within, starts):
                key = ranker.keys[i]
                cards = _named([self._main.card(row) for row in words.get(key, ())])
                found.append((edits, len(ranker.compact[i]), cards, key))
        if starts or (latin and not other_languages):
            return found
        try:
            for edits, letters, passcodes in self.other_names.near(name, within):
                cards = _named([card for card in map(self.by_passcode, passcodes) if card is not None])
                found.append((edits, letters, cards, None))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise self._names_unreadable(exc) from None
        found.sort(key=lambda item: item[0])
        return found

    def prepare_name_tables(self) -> None:
        """Build the name tables of this index and of the names in other languages into the cache, if they are
        not there. (Otherwise each is built by the first check that needs it: about 0.7 s for the English names
        of a new card file, which is what ``deckcheck update`` changes; names.jsonl comes with deckcheck.)"""
        from .names import CJK, HANGUL, LATIN

        self._exact_names, self._folded_names, self._word_ranker  # noqa: B018  (opened: built when missing)
        names = self.other_names
        for script in (LATIN, CJK, HANGUL):
            names.prepare(script)

    def find(self, query: str) -> list[Card]:
        """Cards for a passcode (placeholders included) or a name."""
        text = query.strip()
        if text.isdigit():
            card = self.by_passcode(int(text))
            if card is None and (target := self.placeholder_target(int(text))) is not None:
                card = self.by_passcode(target)
            return [card] if card else []
        return self.by_name(text)

    @cached_property
    def _konami_rows(self) -> dict[int, int]:
        """Konami database ID → row (read on the first look-up by Konami ID)."""
        at = self._main._c["konami_id"]
        found: dict[int, int] = {}
        for i, row in enumerate(self._main.rows()):
            konami_id = row[at]
            if isinstance(konami_id, int) and konami_id not in found:
                found[konami_id] = i
        return found

    def by_konami_id(self, konami_id: int) -> Card | None:
        """The card with this Konami database ID (Master Duel decks and Konami-ID lists name cards by it)."""
        i = self._konami_rows.get(konami_id)
        return self._main.card(i) if i is not None else None

    def group_members(self, group: int) -> list[Card]:
        """Every card counted under one name group (alternate artworks are inside each card)."""
        table = self._main
        passcodes = [group] + sorted(p for p, g in table.groups.items() if g == group)
        rows = [table.by_passcode.get(p) for p in passcodes]
        return [table.card(i) for i in rows if i is not None]

    _SUGGEST_MEMO = 4096  # names remembered

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest card names, best first, for "did you mean" (``closest``); memoized."""
        key = f"{limit}:{name}"
        found = self._suggested.get(key)
        if found is None:
            found = [card.name for card in self._ranked(name, limit)]
            if len(self._suggested) >= self._SUGGEST_MEMO:
                self._suggested.clear()
            self._suggested[key] = found
        return list(found)

    def search(self, query: str, limit: int = 20, misspelt: bool = True) -> tuple[list[Card], bool]:
        """Cards for a part of a name, best first, and whether they contain it (True) or are only close
        to it (False: a misspelling; none when ``misspelt`` is False). A passcode or an exact name gives its
        cards."""
        found = self.find(query)
        if found:
            return found, True
        folded = fold_words(query)
        if len(query) > NAME_LIMIT or not folded or not mostly_folded(query, folded):
            return [], False  # nothing, or most of it in a script the English names do not have
        ranked = self._word_ranker.rank(folded, limit, fuzzy=False)
        if ranked:
            return self._cards_of(ranked, limit), True
        rush = self.rush  # part of a name only Rush Duel cards have ("Sevens Road")
        if rush is not None and rush is not self:
            found, contained = rush.search(query, limit, misspelt=False)
            if contained:
                return found, True
        return (self._ranked(query, min(limit, 3)) if misspelt else []), False

    def _ranked(self, name: str, limit: int) -> list[Card]:
        if len(name) > NAME_LIMIT:  # nothing is close to it
            return []
        return self._cards_of(self._word_ranker.rank(fold_words(name), limit), limit)

    def _cards_of(self, keys: list[str], limit: int) -> list[Card]:
        cards: list[Card] = []
        for key in keys:
            for i in self._word_rows.get(key, ()):
                card = self._main.card(i)
                if card not in cards:
                    cards.append(card)
        return cards[:limit]


def _named(cards: list[Card]) -> list[Card]:
    """The cards a name means, of the cards that have it: a deck card rather than a token of the same name
    (many tokens are plain "Token"), an official card rather than an unofficial one, and of different cards
    printed under one name that count as one name anyway (Black Luster Soldier the Ritual and the Normal
    Monster), the card the group is named after."""
    if len(cards) > 1:
        deck_cards = [c for c in cards if c.kind in ("main", "extra")]
        official = [c for c in deck_cards if c.origin == "official"]
        cards = official or deck_cards or cards
    if len(cards) > 1 and len({c.group for c in cards}) == 1:
        root = [c for c in cards if c.passcode == c.group]
        cards = root or cards
    return cards


def _ints(values: list[int]) -> str:
    return ",".join(map(str, values))
