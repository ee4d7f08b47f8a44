"""The bundled card index: passcode and name look-ups, loaded once and lazily.

The index is built by ``python -m tools.build_data`` into ``deckcheck/data/cards.json``; rows are
arrays in the order of its ``fields`` and become :class:`Card` objects only when looked up,
so a check of one deck touches a few dozen rows, not fifteen thousand.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cached_property
from pathlib import Path

from .errors import DataError
from .limits import NAME_LIMIT
from .model import Card

DATA_DIR = Path(__file__).parent / "data"
MAIN_INDEX = DATA_DIR / "cards.jsonl"
OTHER_INDEX = DATA_DIR / "other_cards.jsonl"
NAMES_INDEX = DATA_DIR / "names.jsonl"  # names in other languages (names.py), read only when a name is not English


_scan_value = json.decoder.JSONDecoder().scan_once  # type: ignore[attr-defined]  # set in __init__, not in typeshed
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
            self.lines = data[newline + 1 :].split(b"\n")
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
            self._at_level = self._c.get("level")
        except KeyError as exc:
            raise DataError(f"{path}: card data is unreadable: no field {exc}") from None
        by_passcode = dict(zip(passcodes, range(len(passcodes))))
        for alt, canonical in header.get("alt_passcodes", {}).items():
            by_passcode[int(alt)] = by_passcode[canonical]
        self.by_passcode = by_passcode
        self.passcodes = passcodes
        self.groups: dict[int, int] = {int(k): v for k, v in header.get("groups", {}).items()}
        self.placeholders: dict[int, int] = {int(k): v for k, v in header.get("placeholders", {}).items()}
        self._cards: dict[int, Card] = {}

    def __len__(self) -> int:
        return len(self.lines)

    def row(self, i: int) -> list:
        text = self.lines[i].decode("utf-8")
        try:
            row, end = _scan_value(text, 0)  # json.loads without its checks of the input's type and encoding
        except StopIteration:
            row, end = None, -1
        if end != len(text) or row.__class__ is not list:
            raise DataError(f"{self.path}: card data is damaged (card {i + 1} is not a JSON array)")
        return row

    def rows(self) -> list[list]:
        return json.loads(b"[" + b",".join(self.lines) + b"]")

    def card(self, i: int) -> Card:
        card = self._cards.get(i)
        if card is None:
            row = self.row(i)
            at_passcode, name, kind, type_, tcg, ocg, origin, konami_id, tcg_date, ocg_date, group, alts = self._at
            level = self._at_level
            passcode = row[at_passcode]
            card = self._cards[i] = Card(
                passcode, row[name], row[kind], row[type_] or 0, bool(row[tcg]), bool(row[ocg]), row[origin],
                row[konami_id], row[tcg_date], row[ocg_date], row[group] or passcode, (passcode, *row[alts]),
                None if level is None else row[level],  # an index from before levels has none
            )
        return card


_PUNCT_FOLD = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2010": "-", "\u2011": "-",
        "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00a0": " ", "\uff06": "&",
        "\u03b1": "alpha", "\u0391": "alpha", "\u03b2": "beta", "\u0392": "beta", "\u03b3": "gamma",
        "\u0393": "gamma", "\u03a9": "omega", "\u03c9": "omega",
    }
)
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalize_name(name: str) -> str:
    """A name folded for lenient matching: case, accents, punctuation, spacing, β/Ω, `&`/and."""
    if name.isascii():  # nothing to translate or decompose (all but a few dozen card names): 6× faster
        return _NON_WORD.sub("", name.lower().replace("&", " and "))
    return _normalize_unicode(name)


def _normalize_unicode(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.translate(_PUNCT_FOLD))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = text.replace("&", " and ")
    return _NON_WORD.sub("", text)


def fold_words(name: str) -> str:
    """A name folded as ``normalize_name`` folds it, with its words kept apart by single spaces
    (``normalize_name(n) == fold_words(n).replace(" ", "")``): what "did you mean" compares.
    An apostrophe joins (Harpie's → harpies); any other punctuation separates (Blue-Eyes → blue eyes)."""
    if name.isascii():
        text = name.lower()
    else:
        text = unicodedata.normalize("NFKD", name.translate(_PUNCT_FOLD))
        text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _NON_WORD.sub(" ", text.replace("&", " and ").replace("'", "")).strip()


def in_latin_script(name: str) -> bool:
    """Whether every letter of ``name`` survives ``normalize_name``: a name the English fold may match.
    A letter of another script (Japanese, Arabic, Cyrillic …) would be dropped by the fold, leaving
    what is left of the name (a digit, a word in full-width letters) to match an English card."""
    if name.isascii():
        return True
    return not any(ch.isalpha() and not _normalize_unicode(ch) for ch in name)


def mostly_folded(text: str, folded: str | None = None) -> bool:
    """Whether folding ``text`` (``fold_words``) keeps most of its letters and digits: a name in the Latin
    script, which the English names can be compared with (not one in Japanese, Korean or Chinese)."""
    folded = fold_words(text) if folded is None else folded
    return len(folded.replace(" ", "")) * 2 >= sum(map(str.isalnum, text))


class CardIndex:
    """Look-ups over the bundled (or downloaded) card index."""

    def __init__(self, main: Path = MAIN_INDEX, other_path: Path | None = OTHER_INDEX, names_path: Path = NAMES_INDEX):
        self._main = _Table(main)
        self._other_path = other_path
        self._other: _Table | None = None
        self._names_path = names_path
        self.looked_up: dict[int, Card | None] = {}  # passcode -> its card (None: none) for every passcode looked up
        self._suggested: dict[str, list[str]] = {}
        self.name_languages: dict[str, set[str]] = {}  # a name found in other languages -> those languages

    @classmethod
    def load(cls, path: Path = MAIN_INDEX, other_path: Path | None = OTHER_INDEX) -> CardIndex:
        return cls(path, other_path)

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
        try:
            return self.looked_up[passcode]
        except KeyError:
            card = self.looked_up[passcode] = self._find(passcode)
            return card

    def _find(self, passcode: int) -> Card | None:
        i = self._main.by_passcode.get(passcode)
        if i is not None:
            return self._main.card(i)
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

    @cached_property
    def _exact_names(self) -> dict[str, list[int]]:
        exact: dict[str, list[int]] = {}
        c = self._main._c
        name, kind, origin, alts, konami = c["name"], c["kind"], c["origin"], c["alt_passcodes"], c["konami_id"]
        preference: list[tuple] = []  # per row: what makes its name come first (a sort key)
        self._preference = preference
        for i, row in enumerate(self._main.rows()):
            exact.setdefault(row[name], []).append(i)
            preference.append((row[kind] not in ("main", "extra"), row[origin] != "official", -len(row[alts]),
                               row[konami] or 1 << 30))
        return exact

    @cached_property
    def _folded_names(self) -> dict[str, list[int]]:
        folded: dict[str, list[int]] = {}
        for name, rows in self._exact_names.items():
            folded.setdefault(normalize_name(name), []).extend(rows)
        return folded

    def by_name(self, name: str) -> list[Card]:
        """Cards with this name: exact first, then ignoring case, punctuation and spacing.

        Tokens share names with real cards ("Sheep Token" aside, many are plain "Token"),
        so a deck card is preferred over a token of the same name.
        """
        rows = self._exact_names.get(name.strip())
        if not rows and in_latin_script(name):  # 端末世界ＮＥＸＴ is no English "NEXT", 人造人間７号 no "7"
            rows = self._folded_names.get(normalize_name(name))
        rows = rows or []
        cards = [self._main.card(i) for i in rows] if rows else self._by_other_name(name)
        if len(cards) > 1:
            deck_cards = [c for c in cards if c.kind in ("main", "extra")]
            official = [c for c in deck_cards if c.origin == "official"]
            cards = official or deck_cards or cards
        if len(cards) > 1 and len({c.group for c in cards}) == 1:
            # different cards printed under one name (Black Luster Soldier the Ritual and the Normal Monster)
            # count as one name anyway; the name means the card the group is named after
            root = [c for c in cards if c.passcode == c.group]
            cards = root or cards
        return cards

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

    def _by_other_name(self, name: str) -> list[Card]:
        """Cards with this name in another language (``name_languages`` records which)."""
        found = self.other_names.find(name) if name.strip() else []
        if found:
            self.name_languages[name] = {language for _passcode, language in found}
        return [card for card in (self.by_passcode(passcode) for passcode, _language in found) if card is not None]

    def find(self, query: str) -> list[Card]:
        """Cards for a passcode (placeholders included) or a name."""
        text = query.strip()
        if text.isdigit():
            card = self.by_passcode(int(text))
            if card is None and (target := self.placeholder_target(int(text))) is not None:
                card = self.by_passcode(target)
            return [card] if card else []
        return self.by_name(text)

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

    def search(self, query: str, limit: int = 20) -> tuple[list[Card], bool]:
        """Cards for a part of a name, best first, and whether they contain it (True) or are only close
        to it (False: a misspelling). A passcode or an exact name gives its cards."""
        found = self.find(query)
        if found:
            return found, True
        folded = fold_words(query)
        if len(query) > NAME_LIMIT or not folded or not mostly_folded(query, folded):
            return [], False  # nothing, or most of it in a script the English names do not have
        ranked = _ranker(self._word_keys).rank(folded, limit, fuzzy=False)
        if ranked:
            return self._cards_of(ranked, limit), True
        return self._ranked(query, min(limit, 3)), False

    def _ranked(self, name: str, limit: int) -> list[Card]:
        if len(name) > NAME_LIMIT:  # nothing is close to it
            return []
        return self._cards_of(closest(fold_words(name), self._word_keys, limit), limit)

    def _cards_of(self, keys: list[str], limit: int) -> list[Card]:
        cards: list[Card] = []
        for key in keys:
            for i in self._word_rows[key]:
                card = self._main.card(i)
                if card not in cards:
                    cards.append(card)
        return cards[:limit]

    @cached_property
    def _word_rows(self) -> dict[str, list[int]]:
        """Every name folded by words (``fold_words``) → its rows."""
        rows: dict[str, list[int]] = {}
        for name, found in self._exact_names.items():
            rows.setdefault(fold_words(name), []).extend(found)
        return rows

    @cached_property
    def _word_keys(self) -> list[str]:
        """The folded names in order of preference, for ``closest`` to break ties by: deck cards first, then
        cards with more artworks (Konami prints alternate artworks of the cards most played), then older ones."""
        rows = self._word_rows
        preference = self._preference
        return sorted(rows, key=lambda key: min(preference[i] for i in rows[key]))


def closest(query: str, keys: list[str], limit: int) -> list[str]:
    """The keys closest to ``query``, best first: the one ranking of every "did you mean".

    ``query`` and ``keys`` are folded names: ``fold_words`` (words apart; the word-wise ranks need them)
    or ``normalize_name`` (no spaces: each key is one word). Best first: the same name; names that
    start with the query ("mirror jade" → Mirrorjade the Iceblade Dragon); names whose words contain
    the query's words, whole or as their start (more whole words first, then in the query's order:
    "imperm" → Infinite Impermanence, "black forest witch" → Witch of the Black Forest); names whose
    words' initials are the query ("cbtg"); when none of these, names that contain it inside a word;
    then names within a few edits of it
    (rapidfuzz: the whole name, or its start for a misspelled partial name). Ties keep the order of
    ``keys``: give them in order of preference. The indexes are built once per list of keys (the same
    list object), so pass the same list every time.
    """
    return _ranker(keys).rank(query, limit)


_RANKERS: dict[int, _Ranker] = {}


def _ranker(keys: list[str]) -> _Ranker:
    ranker = _RANKERS.get(id(keys))
    if ranker is None or ranker.keys is not keys:
        if len(_RANKERS) >= 8:
            _RANKERS.clear()
        ranker = _RANKERS[id(keys)] = _Ranker(keys)
    return ranker


FUZZY_CUTOFF = 60  # rapidfuzz ratio (0–100) below which a name is not close
PREFIX_FUZZY_MIN = 5  # a query this long is also compared with the start of each name
ACRONYM_LENGTHS = range(2, 7)


class _Ranker:
    """The indexes ``closest`` ranks with, over one list of folded names."""

    def __init__(self, keys: list[str]):
        import bisect

        self.keys = keys
        self._bisect = bisect
        self.compact = compact = [k.replace(" ", "") for k in keys]
        self.words = words = [k.split() for k in keys]
        order = sorted(range(len(keys)), key=compact.__getitem__)
        self.sorted_compact = [compact[i] for i in order]
        self.sorted_compact_key = order
        holders: dict[str, list[int]] = {}
        initials: dict[str, list[int]] = {}
        for i, ws in enumerate(words):
            for w in ws:
                holders.setdefault(w, []).append(i)
            if len(ws) >= 2:
                initials.setdefault("".join(w[0] for w in ws), []).append(i)
        self.holders = holders
        self.sorted_words = sorted(holders)
        self.initials = initials

    def _starting(self, sorted_texts: list[str], prefix: str) -> range:
        lo = self._bisect.bisect_left(sorted_texts, prefix)
        hi = self._bisect.bisect_left(sorted_texts, prefix + "\U0010ffff", lo)
        return range(lo, hi)

    @staticmethod
    def _in_order(query_words: list[str], words: list[str]) -> bool:
        """Whether the query's words start the name's words one after another, in order."""
        at = 0
        for word in query_words:
            while at < len(words) and not words[at].startswith(word):
                at += 1
            if at == len(words):
                return False
            at += 1
        return True

    def rank(self, query: str, limit: int, fuzzy: bool = True) -> list[str]:
        q = query.replace(" ", "")
        if not q or limit <= 0:
            return []
        compact, words = self.compact, self.words
        found: dict[int, tuple] = {}  # key index -> its rank (smaller is better)

        def offer(i: int, rank: tuple) -> None:
            if i not in found or rank < found[i]:
                found[i] = rank

        for j in self._starting(self.sorted_compact, q):
            i = self.sorted_compact_key[j]
            offer(i, (0, 0, 0, i) if compact[i] == q else (1, 0, 0, i))
        query_words = query.split()
        if query_words:
            holders: set[int] | None = None
            for word in sorted(query_words, key=len, reverse=True):  # the rarest (longest) first
                having = {i for j in self._starting(self.sorted_words, word) for i in self.holders[self.sorted_words[j]]}
                holders = having if holders is None else holders & having
                if not holders:
                    break
            for i in holders or ():
                whole = sum(1 for word in query_words if word in words[i])
                offer(i, (2, -whole, not self._in_order(query_words, words[i]), i))
        if len(query_words) == 1 and len(q) in ACRONYM_LENGTHS:
            for i in self.initials.get(q, ()):
                offer(i, (3, 0, 0, i))
        if len(q) >= 4 and not found:  # inside a word ("jade" in mirrorjade): only when nothing starts with it
            for i, key in enumerate(compact):
                if q in key:
                    offer(i, (4, 0, 0, i))
        if fuzzy and len(found) < limit:
            for i, score in self._close(q, limit * 4):
                offer(i, (5, -score, 0, i))
        best = sorted(found, key=found.__getitem__)[:limit]
        return [self.keys[i] for i in best]

    def _close(self, q: str, limit: int) -> list[tuple[int, float]]:
        """(key index, score) of the names within a few edits of ``q``: the whole name, or (for a longer
        query) the name's start as long as the query, a little less."""
        from rapidfuzz import fuzz, process

        scores: dict[int, float] = {}
        for _key, score, i in process.extract(q, self.compact, scorer=fuzz.ratio, limit=limit,
                                              score_cutoff=FUZZY_CUTOFF):
            scores[i] = score
        if len(q) >= PREFIX_FUZZY_MIN:
            starts = [key[:len(q)] for key in self.compact]
            for _key, score, i in process.extract(q, starts, scorer=fuzz.ratio, limit=limit,
                                                  score_cutoff=FUZZY_CUTOFF + 20):
                scores[i] = max(scores.get(i, 0), score - 5)
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
