"""English for messages: the article a word takes ("an OCG list", "an Xyz Monster", "a TCG list")."""

from __future__ import annotations

# Letters read as a name starting with a vowel sound when a word is an initialism (OCG, FAQ, SD, X).
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")
# Words whose first letter is read as it is written, though the rule above would say otherwise.
_SPOKEN = ("one", "uni", "use", "usu", "eu")


def article(word: str) -> str:
    """"a" or "an" for ``word``: by its sound, so an initialism (an OCG, an SD) and Xyz (an Xyz) get "an"."""
    text = word.strip()
    if not text:
        return "a"
    lower = text.lower()
    if text[0].isdigit():  # an 8, an 80, an 11, an 18,000; a 1, a 110
        digits = "".join(ch for ch in text.split()[0] if ch.isdigit() or ch == ",")
        head = digits.split(",")[0]
        if head.startswith("8"):
            return "an"
        if "," in digits:
            return "an" if head in ("11", "18") else "a"
        return "an" if digits[:2] in ("11", "18") and len(digits) % 3 == 2 else "a"
    first = text.split()[0].strip("\"'(")
    initialism = len(first) > 1 and first.isupper() or first[:1] == "X" and lower.startswith("xyz")
    if initialism:
        return "an" if first[0].upper() in _VOWEL_SOUND_LETTERS else "a"
    if lower.startswith(_SPOKEN):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def with_article(word: str) -> str:
    return f"{article(word)} {word}"
