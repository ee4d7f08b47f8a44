"""MyCard deck codes (npm ``ygopro-deck-encode``), the deck code of the Chinese YGOPro world.

The code is base64url (padding optional) of little-endian unsigned 32-bit numbers, one per
card and section: bits 0–27 the passcode, bits 28–29 the section (0 Main, 1 Extra, 2 Side),
bits 30–31 the number of copies less one (1 to 4 copies). Layout learned from the package's
documentation and source (MIT, Nanahira); this is deckcheck's own reading of it.

A file (or argument) holding only such a code — one word of base64url characters (no spaces) whose bytes
are a whole number of such entries (six or more, none of section 3, every passcode under 200,000,000) —
is read as one. A code that is cut
(bytes left over), names section 3 or a passcode 0 is ``unreadable``, saying which entry.
"""

from __future__ import annotations

import re
import struct

from deckcheck.limits import max_entries
from deckcheck.model import EXTRA, MAIN, SIDE, DeckEntry, ParsedDeck
from deckcheck.parsers.ydk import NotText, decode_deck_text, unreadable
from deckcheck.parsers.base64_text import decode_base64

__all__ = ["MAX_COPIES", "MAX_PASSCODE", "encode_mycard", "looks_like_mycard", "parse_mycard"]

MAX_PASSCODE = (1 << 28) - 1
MAX_COPIES = 4
_SECTION_OF = (MAIN, EXTRA, SIDE)
_CODE = re.compile(r"[A-Za-z0-9_-]+={0,2}")
_FIX = "copy the deck code again from MyCard (the deck's share code)"
MAX_CODE_CHARS = 4096  # a 90-card deck is at most 480 characters
# Recognised by its shape only when it cannot be a word or a mistyped file name: at least this many entries (a
# deck has more than a dozen different cards), every passcode below the highest any card has (placeholders are
# 100,000,000-odd). Read with --input-format mycard, any code is read.
MIN_SNIFFED_ENTRIES = 6
MAX_SNIFFED_PASSCODE = 200_000_000


def _code_of(text: str) -> str:
    return "".join(text.split())


def _entries(raw: bytes):
    """(index, passcode, section number, copies) of each entry."""
    for index, (value,) in enumerate(struct.iter_unpack("<I", raw)):
        yield index, value & MAX_PASSCODE, (value >> 28) & 3, (value >> 30) + 1


def looks_like_mycard(text: str) -> bool:
    """Whether ``text`` is one MyCard deck code (see the module docstring)."""
    code = text.strip().lstrip("\ufeff")
    if not code or len(code) > MAX_CODE_CHARS or not _CODE.fullmatch(code):
        return False
    raw, _wrong = decode_base64(code)
    if raw is None or len(raw) < 4 * MIN_SNIFFED_ENTRIES or len(raw) % 4:
        return False
    return all(section < 3 and 0 < passcode < MAX_SNIFFED_PASSCODE for _i, passcode, section, _n in _entries(raw))


def parse_mycard(data: bytes, path: str) -> ParsedDeck:
    """Parse a MyCard deck code. Never raises."""
    deck = ParsedDeck(path=path)
    text = decode_deck_text(data)
    if isinstance(text, NotText):
        return unreadable(deck, *text)
    code = _code_of(text.lstrip("\ufeff"))
    if not code:
        return unreadable(deck, "the file is empty", None, _FIX)
    if len(code) > MAX_CODE_CHARS:
        return unreadable(deck, f"not a MyCard deck code: {len(code):,} characters (a deck's code has at most a few "
                          "hundred)", 1, _FIX)
    raw, wrong = decode_base64(code)
    if raw is None:
        return unreadable(deck, f"not a MyCard deck code: {wrong}", 1, _FIX)
    if not raw:
        return unreadable(deck, f"not a MyCard deck code: {code[:40]!r} holds no cards", 1, _FIX)
    if len(raw) % 4:
        return unreadable(deck, f"the MyCard deck code is {len(raw)} bytes, not a whole number of cards (4 bytes "
                          "each): the code was cut or changed", 1, _FIX)
    if len(raw) // 4 > max_entries():
        return unreadable(deck, f"not a decklist: the code has more than {max_entries():,} entries", 1, _FIX)
    for index, passcode, section, copies in _entries(raw):
        if section == 3:
            return unreadable(deck, f"entry {index + 1} of the MyCard deck code names section 3; a code has only "
                              "Main (0), Extra (1) and Side (2)", 1, _FIX)
        if passcode == 0:
            return unreadable(deck, f"entry {index + 1} of the MyCard deck code has passcode 0", 1, _FIX)
        deck.entries.append(DeckEntry(_SECTION_OF[section], 1, passcode, None, copies, str(passcode)))
    return deck


def encode_mycard(sections: dict[str, list[int]]) -> str:
    """The MyCard deck code of ``section → passcodes`` (one per copy): each card once per section, with its
    copies (an entry holds at most 4; more copies take more entries). Raises ValueError for a passcode that
    does not fit in 28 bits."""
    words: list[int] = []
    for number, section in enumerate(_SECTION_OF):
        counts: dict[int, int] = {}
        for passcode in sections.get(section) or []:
            if not 0 < passcode <= MAX_PASSCODE:
                raise ValueError(f"passcode {passcode} does not fit in a MyCard deck code (28 bits)")
            counts[passcode] = counts.get(passcode, 0) + 1
        for passcode, copies in counts.items():
            while copies > 0:
                take = min(copies, MAX_COPIES)
                words.append(passcode | (number << 28) | ((take - 1) << 30))
                copies -= take
    import base64

    return base64.urlsafe_b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii").rstrip("=")
