"""Card names in the languages players write them, beside the English names of the card index.

German, French, Italian, Spanish and Portuguese; Japanese as printed (kanji and kana) and as read
(all kana, from the ruby markup of Konami's database); Korean; Chinese in traditional and in
simplified script; and EDOPro's own names where they differ from Konami's (old fan translations
such as "Adamatia Seeker", read with a warning naming the official card).

``deckcheck/data/names.jsonl`` (built by python -m tools.build_data from yaml-yugi and BabelCDB): a
header (sources, fields), then one array per card: its passcode, Konami ID and one name per
language, or null. The file is read only when a decklist or ``deckcheck card`` names a card by a
name that is not English: a check by passcodes, or by English names, never opens it.

Matching is as lenient as for English names: the exact name first, then the name folded
(``fold``). Latin-script names fold as English ones do (``folding.normalize_name``); names in
other scripts keep their letters (kana, kanji, hangul), after Unicode compatibility folding
(full-width letters and digits, half-width kana) and without spaces or punctuation (・, －, ：).
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from .name_tables import IntLists, JsonValues, Table, TableFile, pack, table_sections
from .ranking import Ranker

NAMES_FILE = Path(__file__).parent / "data" / "names.jsonl"

LANGUAGES = {
    "en": "English", "de": "German", "fr": "French", "it": "Italian", "es": "Spanish", "pt": "Portuguese",
    "ja": "Japanese", "ja-kana": "Japanese (kana)", "ko": "Korean", "zh-TW": "Chinese (traditional)",
    "zh-CN": "Chinese (simplified)", "edopro": "EDOPro",
}
EDOPRO = "edopro"  # the column of EDOPro's own names: not a language, a name to warn about

# Scripts a name is folded and suggested within: a query is compared with the names of its own script.
LATIN, CJK, HANGUL = "latin", "cjk", "hangul"
_FIRST_OTHER = "\u1100"  # the first letter of the Hangul and CJK ranges below


@functools.cache
def _pattern(name: str) -> re.Pattern:
    """Compiled on first use (the character ranges take milliseconds to compile; most names are Latin)."""
    return re.compile({
        "cjk": "[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]",
        "hangul": "[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]",
        "not-letter": r"[\W_]+",
    }[name])


def script_of(name: str) -> str:
    if name.isascii() or max(name) < _FIRST_OTHER:
        return LATIN
    if _pattern("hangul").search(name):
        return HANGUL
    return CJK if _pattern("cjk").search(name) else LATIN


# Columns whose names are not all in Latin script (the others are: their script is never looked up).
_COLUMN_SCRIPTS = {"ja": CJK, "ja-kana": CJK, "zh-TW": CJK, "zh-CN": CJK, "ko": HANGUL}


class NameIndex:
    """Card names in every language of names.jsonl (English is the card index's own).

    ``latin_fold`` folds Latin-script names (the card index's ``normalize_name``, so that a name
    is matched as leniently in German as in English); other scripts fold as the module says.
    Names are looked up per script, in tables built once per version of the file and kept in the
    user cache (name_tables.py): the names as written and folded, and the ranking's indexes for
    "did you mean". A place of a name is ``passcode << 4 | column``. Raises OSError or ValueError for
    a file that cannot be read (the whole file is checked once per version of it).
    """

    def __init__(self, path: Path, latin_fold: Callable[[str], str]):
        from .cache import memoized

        with open(path, "rb") as f:
            fields = json.loads(f.readline())["fields"]
        if fields[:2] != ["passcode", "konami_id"] or len(fields) > 16:
            raise ValueError("the header's fields are not those of a names file")
        self._path = path
        self._latin_fold = latin_fold
        self.languages: tuple[str, ...] = tuple(fields[2:])
        self._loaded: list[list] | None = None
        memoized("names-checked", path, lambda: {"rows": len(self._rows)},
                 valid=lambda value: isinstance(value, dict) and isinstance(value.get("rows"), int))
        self._lookups: dict[str, tuple[Table, Table]] = {}
        self._rankers: dict[str, tuple[Ranker, JsonValues]] = {}
        self._built_from: dict[str, tuple[dict[str, list[int]], dict[str, list[int]]]] = {}
        self._row_of: dict[int, int] | None = None

    @property
    def _rows(self) -> list[list]:
        """Every row of the file, read and checked on first use."""
        if self._loaded is None:
            header, _, body = self._path.read_bytes().partition(b"\n")
            fields = json.loads(header)["fields"]
            rows = json.loads(b"[" + b",".join(line for line in body.split(b"\n") if line) + b"]")
            if (tuple(fields[2:]) != self.languages or any(len(row) != len(fields) for row in rows)
                    or any(not isinstance(row[0], int) or row[0] < 0 for row in rows)):
                raise ValueError("the rows do not match the header's fields")
            self._loaded = rows
        return self._loaded

    def fold(self, name: str) -> str:
        """``name`` folded for lenient matching within its script (see the module docstring)."""
        if script_of(name) == LATIN:
            return self._latin_fold(name)
        return _pattern("not-letter").sub("", unicodedata.normalize("NFKC", name).casefold())

    def _exact_names(self, script: str) -> dict[str, list[int]]:
        """Name as written -> its places, for the names of one script (row << 4 | column)."""
        exact: dict[str, list[int]] = {}
        for column, language in enumerate(self.languages, 2):
            latin_column = language not in _COLUMN_SCRIPTS
            for i, row in enumerate(self._rows):
                name = row[column]
                if name is None or (LATIN if latin_column or name.isascii() else script_of(name)) != script:
                    continue
                places = exact.get(name)
                if places is None:
                    exact[name] = [i << 4 | column]
                else:
                    places.append(i << 4 | column)
        return exact

    def _folded_names(self, exact: dict[str, list[int]]) -> dict[str, list[int]]:
        """Folded name -> its places, for the names of one script."""
        folded: dict[str, list[int]] = {}
        fold = self.fold
        for name, places in exact.items():
            key = fold(name)
            if key:
                folded.setdefault(key, []).extend(places)
        return folded

    def _passcode_places(self, places: list[int]) -> str:
        rows = self._rows
        return ",".join(str(rows[place >> 4][0] << 4 | place & 15) for place in places)

    def _names(self, script: str) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """The names of one script as written and folded, for building its tables: kept until both are open."""
        found = self._built_from.get(script)
        if found is None:
            exact = self._exact_names(script)
            found = self._built_from[script] = (exact, self._folded_names(exact))
        return found

    def _build_lookup(self, script: str) -> bytes:
        exact, folded = self._names(script)
        return pack({**table_sections("exact", exact, self._passcode_places),
                     **table_sections("folded", folded, self._passcode_places)}, {})

    def _build_suggestions(self, script: str) -> bytes:
        rows = self._rows
        folded = self._names(script)[1]
        encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(..., ensure_ascii=False), without its checks
        shown = [encode([rows[place >> 4][place & 15] for place in places]) for places in folded.values()]
        return pack({**Ranker(list(folded)).sections("ranker"), "shown.v": shown}, {})

    def _lookup(self, script: str) -> tuple[Table, Table]:
        """The names of one script as written and folded -> their places (``passcode << 4 | column``)."""
        found = self._lookups.get(script)
        if found is None:
            tables = TableFile(f"names-{script}", self._path, lambda: self._build_lookup(script))
            found = self._lookups[script] = (tables.table("exact", IntLists), tables.table("folded", IntLists))
            self._opened(script)
        return found

    def _opened(self, script: str) -> None:
        if script in self._lookups and script in self._rankers:
            self._built_from.pop(script, None)

    def find(self, name: str) -> list[tuple[int, str]]:
        """(passcode, language) of every card with this name in some language, exact names first,
        then folded; in file order, each passcode once (with the first language it matched in)."""
        written = " ".join(name.split())
        exact, folded = self._lookup(script_of(written))
        places = exact.get(written)
        if places is None:
            key = self.fold(written)
            places = folded.get(key, []) if key else []
        found: dict[int, str] = {}
        for place in places:
            found.setdefault(place >> 4, self.languages[(place & 15) - 2])
        return list(found.items())

    def name_of(self, passcode: int, language: str) -> str | None:
        """The card's name in ``language`` (a names.jsonl column), or None."""
        if self._row_of is None:
            self._row_of = {row[0]: i for i, row in enumerate(self._rows)}
        i = self._row_of.get(passcode)
        if i is None or language not in self.languages:
            return None
        return self._rows[i][2 + self.languages.index(language)]

    def prepare(self, script: str) -> None:
        """Open (so build, when the cache has none) the tables of one script."""
        self._lookup(script)
        self._ranker(script)

    def _ranker(self, script: str) -> tuple[Ranker, JsonValues]:
        found = self._rankers.get(script)
        if found is None:
            tables = TableFile(f"names-suggest-{script}", self._path, lambda: self._build_suggestions(script))
            found = self._rankers[script] = (Ranker.opened(tables, "ranker"), JsonValues(tables.lines("shown.v")))
            self._opened(script)
        return found

    def closest_names(self, name: str, limit: int) -> list[str]:
        """The names of ``name``'s script closest to it (``ranking.closest`` over the folded names), as
        written: every name written for each folded name found, best first (a name may repeat)."""
        ranker, shown = self._ranker(script_of(name))
        return [written for i in ranker.rank_indexes(self.fold(name), limit) for written in shown[i]]

    def near(self, name: str, within: int) -> list[tuple[int, int, list[int]]]:
        """(edits, letters, passcodes) of every name of ``name``'s script at most ``within`` edits from it
        (``Ranker.near`` over the folded names), fewest edits first: ``letters`` is the folded name's length,
        ``passcodes`` the cards with that name (in any language of the script)."""
        script = script_of(name)
        ranker, _shown = self._ranker(script)
        _exact, folded = self._lookup(script)
        found = []
        for i, edits in ranker.near(self.fold(name), within):
            key = ranker.keys[i]
            passcodes = list(dict.fromkeys(place >> 4 for place in folded.get(key, ())))
            found.append((edits, len(key), passcodes))
        return found
