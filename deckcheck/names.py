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
(``fold``). Latin-script names fold as English ones do (``carddb.normalize_name``); names in
other scripts keep their letters (kana, kanji, hangul), after Unicode compatibility folding
(full-width letters and digits, half-width kana) and without spaces or punctuation (・, －, ：).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

NAMES_FILE = Path(__file__).parent / "data" / "names.jsonl"

LANGUAGES = {
    "en": "English", "de": "German", "fr": "French", "it": "Italian", "es": "Spanish", "pt": "Portuguese",
    "ja": "Japanese", "ja-kana": "Japanese (kana)", "ko": "Korean", "zh-TW": "Chinese (traditional)",
    "zh-CN": "Chinese (simplified)", "edopro": "EDOPro",
}
EDOPRO = "edopro"  # the column of EDOPro's own names: not a language, a name to warn about

# Scripts a name is folded and suggested within: a query is compared with the names of its own script.
LATIN, CJK, HANGUL = "latin", "cjk", "hangul"
_CJK = re.compile("[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_NOT_LETTER = re.compile(r"[\W_]+")


def script_of(name: str) -> str:
    if name.isascii():
        return LATIN
    if _HANGUL.search(name):
        return HANGUL
    return CJK if _CJK.search(name) else LATIN


# Columns whose names are not all in Latin script (the others are: their script is never looked up).
_COLUMN_SCRIPTS = {"ja": CJK, "ja-kana": CJK, "zh-TW": CJK, "zh-CN": CJK, "ko": HANGUL}


class NameIndex:
    """Card names in every language of names.jsonl (English is the card index's own).

    ``latin_fold`` folds Latin-script names (the card index's ``normalize_name``, so that a name
    is matched as leniently in German as in English); other scripts fold as the module says.
    Names are indexed per script, each script on first use. A place of a name is
    ``row << 4 | column``. Raises OSError or ValueError for a file that cannot be read.
    """

    def __init__(self, path: Path, latin_fold: Callable[[str], str]):
        header, _, body = path.read_bytes().partition(b"\n")
        fields = json.loads(header)["fields"]
        rows = json.loads(b"[" + b",".join(line for line in body.split(b"\n") if line) + b"]")
        if fields[:2] != ["passcode", "konami_id"] or len(fields) > 16 or any(len(row) != len(fields) for row in rows):
            raise ValueError("the rows do not match the header's fields")
        self._latin_fold = latin_fold
        self.languages: tuple[str, ...] = tuple(fields[2:])
        self._rows = rows
        self._exact: dict[str, dict[str, list[int]]] = {}
        self._folded: dict[str, dict[str, list[int]]] = {}
        self._shown: dict[str, dict[str, list[str]]] = {}
        self._row_of: dict[int, int] | None = None

    def fold(self, name: str) -> str:
        """``name`` folded for lenient matching within its script (see the module docstring)."""
        if script_of(name) == LATIN:
            return self._latin_fold(name)
        return _NOT_LETTER.sub("", unicodedata.normalize("NFKC", name).casefold())

    def _exact_names(self, script: str) -> dict[str, list[int]]:
        """Name as written -> its places, for the names of one script."""
        exact = self._exact.get(script)
        if exact is None:
            exact = self._exact[script] = {}
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

    def _folded_names(self, script: str) -> dict[str, list[int]]:
        """Folded name -> its places, for the names of one script (folded on first use)."""
        folded = self._folded.get(script)
        if folded is None:
            folded = self._folded[script] = {}
            fold = self.fold
            for name, places in self._exact_names(script).items():
                key = fold(name)
                if key:
                    folded.setdefault(key, []).extend(places)
        return folded

    def find(self, name: str) -> list[tuple[int, str]]:
        """(passcode, language) of every card with this name in some language, exact names first,
        then folded; in file order, each passcode once (with the first language it matched in)."""
        written = " ".join(name.split())
        script = script_of(written)
        places = self._exact_names(script).get(written)
        if places is None:
            key = self.fold(written)
            places = self._folded_names(script).get(key, []) if key else []
        found: dict[int, str] = {}
        for place in places:
            found.setdefault(self._rows[place >> 4][0], self.languages[(place & 15) - 2])
        return list(found.items())

    def name_of(self, passcode: int, language: str) -> str | None:
        """The card's name in ``language`` (a names.jsonl column), or None."""
        if self._row_of is None:
            self._row_of = {row[0]: i for i, row in enumerate(self._rows)}
        i = self._row_of.get(passcode)
        if i is None or language not in self.languages:
            return None
        return self._rows[i][2 + self.languages.index(language)]

    def keys(self, name: str) -> dict[str, list[str]]:
        """The names of ``name``'s script, folded: folded name -> the names as written (for "did you mean")."""
        script = script_of(name)
        shown = self._shown.get(script)
        if shown is None:
            rows = self._rows
            shown = self._shown[script] = {key: [rows[place >> 4][place & 15] for place in places]
                                           for key, places in self._folded_names(script).items()}
        return shown
