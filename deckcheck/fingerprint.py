"""The deck fingerprint: a short code that names a deck's content, e.g. ``DC1-7F3K-9QXA-M2PD-4WZC``.

The same deck gives the same code whatever it is written in (YDK, ydke, YAML, a text list, an Omega code),
in any order and with any artwork; a changed count, card or section gives another. The canonical form and
the code are specified exactly in docs/fingerprint.md (version 1: the prefix ``DC1``); any change to
either is a new version with a new prefix.

- Each entry's key is its printed card (``sided.card_key``'s identity): a known card by its canonical
  passcode (every artwork of the card has the same), an unknown passcode as written, an unknown name as
  written, folded (NFKC, case folded, spaces collapsed). A card that is only *treated as* another name
  (Harpie Lady 1) is its own card: swapping it for the other is a change to the deck.
- The canonical form lists ``<section> <key> <copies>`` per section and key with copies summed, sorted.
- The code: the first 75 bits of the form's SHA-256 as 15 Crockford base32 characters, then a check
  character (Damm's scheme over GF(32)) that catches every single mistyped character and every swap of
  two adjacent characters.

Pure: no printing, no files.
"""

from __future__ import annotations

import hashlib
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable

from .errors import InvalidFingerprint
from .model import EXTRA, MAIN, SIDE, DeckEntry

VERSION = 1
PREFIX = "DC1"
HEADER = "deckcheck-fingerprint-v1"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
ALIASES = {"I": "1", "L": "1", "O": "0"}  # read as Crockford reads them
DATA_CHARS = 15  # 75 bits of the hash
GROUP = 4  # characters between hyphens
SECTION_ORDER = {MAIN: 0, EXTRA: 1, SIDE: 2}
_SECTION_NAMES = (MAIN, EXTRA, SIDE)
NAME_KEY = "name:"

_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}




# ---- the canonical form -----------------------------------------------------------------------


def fold_name(name: str) -> str:
    """An unknown card's written name as the form has it: NFKC, case folded, runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def entry_key(entry: DeckEntry) -> str:
    """The key of a resolved entry: its card's canonical passcode; else its passcode or its name as written."""
    card = entry.card
    if card is not None:
        return str(card.passcode)
    if entry.passcode is not None:
        return str(entry.passcode)
    return NAME_KEY + fold_name(entry.name or entry.text or "")


def counts_of(entries: Iterable[DeckEntry]) -> dict[tuple[str, str], int]:
    """(section, key) → copies of resolved ``entries`` (their sections as resolve placed them)."""
    counts: dict[tuple[str, str], int] = {}
    for entry in entries:
        at = (entry.section, entry_key(entry))
        counts[at] = counts.get(at, 0) + entry.count
    return counts


def canonical_form(counts: dict[tuple[str, str], int]) -> str:
    """The text that is hashed: the header, then one line per (section, key) with copies, sorted by section
    (main, extra, side) then key (code point order); a line per key, each ending with a line feed."""
    ordered = sorted((SECTION_ORDER[section], key, copies) for (section, key), copies in counts.items() if copies > 0)
    return HEADER + "\n" + "".join([f"{_SECTION_NAMES[order]} {key} {copies}\n" for order, key, copies in ordered])


def fingerprint(entries: Iterable[DeckEntry]) -> str:
    """The fingerprint of a resolved deck's entries: ``code_of(counts_of(entries))``, counted by the start of
    each line of the form (a check makes one per deck)."""
    entries = entries if isinstance(entries, list) else list(entries)
    counts: dict[str, int] = {}  # "main 14558127 " -> copies
    for entry in entries:
        card = entry.card
        key = card.passcode if card is not None else entry.passcode
        starts = _LINE_STARTS[entry.section]
        start = starts.get(key)
        if start is None:
            if key is None:  # an unknown card written by name
                return code_of(counts_of(entries))
            start = f"{entry.section} {key} "
            if len(starts) < _STARTS_KEPT:
                starts[key] = start
        if start in counts:
            counts[start] += entry.count
        else:
            counts[start] = entry.count
    try:
        lines = [start + _COPIES[copies] for start, copies in counts.items() if copies > 0]
    except IndexError:  # 100 copies or more
        lines = [f"{start}{copies}\n" for start, copies in counts.items() if copies > 0]
    lines.sort()  # as their keys (a passcode's digits end at a space, which sorts before any digit), and
    main = bisect_left(lines, "main ")  # the sections as text: extra, main, side
    side = bisect_left(lines, "side ", main)
    return _code("".join([_HEADER_LINE, *lines[main:side], *lines[:main], *lines[side:]]))


_HEADER_LINE = HEADER + "\n"
_LINE_STARTS: dict[str, dict[int | None, str]] = {MAIN: {}, EXTRA: {}, SIDE: {}}  # passcode -> "main 14558127 " …
_STARTS_KEPT = 20_000  # per section: more than there are cards, and no more however many unknown passcodes come
_COPIES = tuple(f"{n}\n" for n in range(100))


def code_of(counts: dict[tuple[str, str], int]) -> str:
    """The fingerprint of a deck given as (section, key) → copies."""
    return _code(canonical_form(counts))


def _code(form: str) -> str:
    """The code of a canonical form: 15 characters of its hash, the check character, hyphens."""
    bits = int.from_bytes(hashlib.sha256(form.encode("utf-8")).digest()[:10], "big")  # 80: the code's 75 and 5
    pairs, masks = _PAIRS or _tables()
    data = bits >> (80 - 5 * DATA_CHARS)
    check = 0
    for bit, mask in enumerate(masks):
        check |= ((data & mask).bit_count() & 1) << bit
    return (f"{PREFIX}-{pairs[bits >> 70]}{pairs[bits >> 60 & 1023]}-{pairs[bits >> 50 & 1023]}"
            f"{pairs[bits >> 40 & 1023]}-{pairs[bits >> 30 & 1023]}{pairs[bits >> 20 & 1023]}-"
            f"{pairs[bits >> 10 & 1023]}{ALPHABET[bits >> 5 & 31]}{ALPHABET[check]}")


_PAIRS: list = []  # (two characters per 10 bits, the check character's bit masks), made on first use


def _tables() -> tuple[list[str], list[int]]:
    """The 1,024 pairs of characters by their 10 bits; and per bit of the check value, the bits of the 75 whose
    parity it is (the check value is linear over GF(2): ``check_value`` of each single bit, added up by XOR)."""
    pairs = [a + b for a in ALPHABET for b in ALPHABET]
    masks = [0] * 5
    for position in range(5 * DATA_CHARS):
        one = 1 << position
        check = check_value([(one >> shift) & 31 for shift in _SHIFTS])
        for bit in range(5):
            if check >> bit & 1:
                masks[bit] |= one
    _PAIRS[:] = [pairs, masks]
    return pairs, masks


_SHIFTS = tuple(range(5 * (DATA_CHARS - 1), -5, -5))  # where each character's 5 bits are in the 75


# ---- the check character: Damm's scheme over GF(32) ---------------------------------------------
# x ∘ y = 2·x + y in GF(32) (x⁵ + x² + 1): a quasigroup in which (c∘x)∘y = (c∘y)∘x only when x = y, so
# a single changed character and a swap of two adjacent different characters both change the result.


def _times_two(x: int) -> int:
    x <<= 1
    return x ^ 0b100101 if x & 32 else x


_TWICE = tuple(_times_two(x) for x in range(32))


def _step(interim: int, value: int) -> int:
    return _TWICE[interim] ^ value


def check_value(values: Iterable[int]) -> int:
    """The check character's value (of a sequence of values 0–31): the one that brings the interim to 0."""
    interim = 0
    for value in values:
        interim = _TWICE[interim] ^ value
    return _TWICE[interim]  # 2·r ∘ c = 0 ⇔ c = 2·r (in GF(2⁵), minus is plus)


def _checks(values: list[int]) -> bool:
    interim = 0
    for value in values:
        interim = _step(interim, value)
    return interim == 0


# ---- reading a code ---------------------------------------------------------------------------


def parse(text: str) -> str:
    """``text`` as a fingerprint in its written form (upper case, hyphens every four characters); raises
    InvalidFingerprint saying why it is none. Case, spaces and hyphens aside; I and L read as 1, O as 0."""
    compact = "".join(text.split()).replace("-", "").upper()
    if not compact.startswith(PREFIX[:2]):
        raise InvalidFingerprint(f"{text!r} is not a deck fingerprint (they start with {PREFIX}-)")
    if not compact.startswith(PREFIX):
        raise InvalidFingerprint(f"{text!r} is not a version this deckcheck knows ({compact[:3]!r}; known: {PREFIX})")
    body = compact[len(PREFIX):]
    if len(body) != DATA_CHARS + 1:
        raise InvalidFingerprint(f"{text!r} has {len(body)} characters after {PREFIX}; a fingerprint has "
                                 f"{DATA_CHARS + 1}: a character left out or added?")
    values = []
    for ch in body:
        ch = ALIASES.get(ch, ch)
        if ch not in _VALUE:
            raise InvalidFingerprint(f"{text!r} holds {ch!r}, which no fingerprint has (they use {ALPHABET})")
        values.append(_VALUE[ch])
    if not _checks(values):
        raise InvalidFingerprint(f"{text!r} fails its check character: a character is mistyped")
    chars = "".join(ALPHABET[v] for v in values)
    return PREFIX + "-" + "-".join(chars[i:i + GROUP] for i in range(0, len(chars), GROUP))


def is_valid(text: str) -> bool:
    try:
        parse(text)
    except InvalidFingerprint:
        return False
    return True
