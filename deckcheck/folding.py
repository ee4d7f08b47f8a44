"""How names are folded to be compared: case, accents, punctuation, spacing, β/Ω and ``&``/and.

``normalize_name`` is the key an English card name is matched by (the card index, names in other languages
written in the Latin script); ``fold_words`` keeps the words apart, for the ranking of every "did you mean"
(``ranking.closest``), whether over card names, list names or rule IDs.
"""

from __future__ import annotations

import re
import unicodedata

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
