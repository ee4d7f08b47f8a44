"""YGOMobile deck URLs: how YGOMobile, MDPro3 and MyCard share a deck as a link.

    http://deck.ourygo.top?name=Branded&ygotype=deck&v=1&d=<data>

``d`` is base64url (no padding) of a bit string, most significant bit first: 8 bits, the number
of Main Deck entries; 4 bits, Extra Deck entries; 4 bits, Side Deck entries; then each entry,
Main, Extra, Side in turn: 2 bits, its copies (01 one, 10 two, 11 three), and 27 bits, the
passcode; zero bits pad the last byte. ``name`` is the deck's name. Layout learned from
YGOMobile's and MDPro3's deck-sharing code and the ``ygopro-deck-encode`` package; this is
deckcheck's own reading of it. The app's own scheme (``ygo://deck?…``) is read too.

A file (or argument) whose text holds such a link is read as one. A link without ``d``, of
another version than 1, whose data ends before the entries its counts announce, or with an
entry of copies ``00`` (which YGOMobile reads as none and MDPro3 as one) is ``unreadable``,
saying what is wrong.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlsplit

from deckcheck.limits import NAME_LIMIT, clip
from deckcheck.model import EXTRA, MAIN, SECTION_TITLES, SIDE, DeckEntry, ParsedDeck
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.ydk import unreadable
from deckcheck.parsers.base64_text import decode_base64

__all__ = ["MAX_ENTRIES", "MAX_PASSCODE", "encode_ygomobile", "looks_like_ygomobile", "parse_ygomobile"]

HOST = "deck.ourygo.top"
MAX_PASSCODE = (1 << 27) - 1
MAX_ENTRIES = {MAIN: 255, EXTRA: 15, SIDE: 15}  # entries (a card and its 1-3 copies) per section
_BITS = {MAIN: 8, EXTRA: 4, SIDE: 4}
_LINK = re.compile(r"(?:https?://deck\.ourygo\.top|ygo://deck)[^\s\"'<>`]*", re.IGNORECASE)
_FIX = "copy the deck's share link again from YGOMobile (it starts with http://deck.ourygo.top and has d=…)"


def ygomobile_link_at(text: str, offset: int):
    """The YGOMobile deck link (a match) that ``offset`` of ``text`` lies in, if any: a ydke:// link in a
    YGOMobile link's deck name is part of that link, not a deck of its own."""
    for match in _LINK.finditer(text[:65536]):
        if match.start() <= offset < match.end():
            return match
        if match.start() > offset:
            break
    return None


def looks_like_ygomobile(text: str) -> bool:
    """Whether ``text`` holds a YGOMobile deck link."""
    match = _LINK.search(text[:65536])
    return match is not None and "ygotype=deck" in match.group(0).lower()


def parse_ygomobile(data: bytes, path: str) -> ParsedDeck:
    """Parse a YGOMobile deck URL (the first in the text). Never raises."""
    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page; copy the deck's share link itself")
    if text is None:
        return deck
    match = _LINK.search(text)
    if match is None:
        return unreadable(deck, "no YGOMobile deck link (http://deck.ourygo.top?…) found", None, _FIX)
    line = text.count("\n", 0, match.start()) + 1
    query = parse_qs(urlsplit(match.group(0)).query, keep_blank_values=True)

    def one(key: str) -> str | None:
        values = query.get(key)
        return values[-1] if values else None

    if (one("ygotype") or "").lower() != "deck":
        return unreadable(deck, f"the link on line {line} is not a deck link (ygotype={clip(one('ygotype') or '')!r})",
                          line, _FIX)
    version = one("v")
    if version != "1":
        return unreadable(deck, f"the deck link on line {line} is version {clip(version or 'none')!r}; deckcheck "
                          "reads version 1 (v=1)", line, "share the deck again from a current YGOMobile")
    code = one("d")
    if not code:
        return unreadable(deck, f"the deck link on line {line} has no deck data (d=…)", line, _FIX)
    raw, wrong = decode_base64(code.strip())
    if raw is None:
        return unreadable(deck, f"the deck data (d=…) of the link on line {line} is {wrong}", line, _FIX)
    name = one("name")
    if name and name.strip():
        deck.name = clip(name.strip(), NAME_LIMIT)
    bits = int.from_bytes(raw, "big") if raw else 0
    length = len(raw) * 8
    position = 0

    def take(width: int) -> int | None:
        nonlocal position
        if position + width > length:
            return None
        value = (bits >> (length - position - width)) & ((1 << width) - 1)
        position += width
        return value

    counts: dict[str, int] = {}
    for section in (MAIN, EXTRA, SIDE):
        count = take(_BITS[section])
        if count is None:
            return unreadable(deck, f"the deck data (d=…) of the link on line {line} is too short to hold its "
                              "section counts", line, _FIX)
        counts[section] = count
    for section in (MAIN, EXTRA, SIDE):
        for number in range(1, counts[section] + 1):
            copies, passcode = take(2), take(27)
            where = f"{SECTION_TITLES[section]} Deck entry {number} of {counts[section]}"
            if copies is None or passcode is None:
                return unreadable(deck, f"the deck data (d=…) of the link on line {line} ends before its {where}: "
                                  "the link was cut", line, _FIX)
            if copies == 0:
                return unreadable(deck, f"the {where} of the link on line {line} has copies 00 (no copies)", line,
                                  _FIX)
            if passcode == 0:
                return unreadable(deck, f"the {where} of the link on line {line} has passcode 0", line, _FIX)
            deck.entries.append(DeckEntry(section, line, passcode, None, copies, str(passcode)))
    if length - position >= 8 or (position < length and take(length - position)):
        return unreadable(deck, f"the deck data (d=…) of the link on line {line} has data after its last entry: "
                          "the counts do not fit the cards", line, _FIX)
    return deck


def encode_ygomobile(name: str | None, sections: dict[str, list[int]]) -> str:
    """The YGOMobile deck URL of ``section → passcodes`` (one per copy): each card's copies together, at
    most 3 to an entry. Raises ValueError when a section has more entries than the link can count, or a
    passcode does not fit in 27 bits."""
    import base64

    entries: dict[str, list[tuple[int, int]]] = {}
    for section in (MAIN, EXTRA, SIDE):
        counts: dict[int, int] = {}
        for passcode in sections.get(section) or []:
            if not 0 < passcode <= MAX_PASSCODE:
                raise ValueError(f"passcode {passcode} does not fit in a YGOMobile deck link (27 bits)")
            counts[passcode] = counts.get(passcode, 0) + 1
        found = entries[section] = []
        for passcode, copies in counts.items():
            while copies > 0:
                found.append((passcode, min(copies, 3)))
                copies -= min(copies, 3)
        if len(found) > MAX_ENTRIES[section]:
            raise ValueError(f"the {SECTION_TITLES[section]} Deck has {len(found)} entries; a YGOMobile deck link "
                             f"holds at most {MAX_ENTRIES[section]}")
    value, width = 0, 0
    for section in (MAIN, EXTRA, SIDE):
        value, width = (value << _BITS[section]) | len(entries[section]), width + _BITS[section]
    for section in (MAIN, EXTRA, SIDE):
        for passcode, copies in entries[section]:
            value, width = (value << 29) | (copies << 27) | passcode, width + 29
    pad = -width % 8
    raw = (value << pad).to_bytes((width + pad) // 8, "big")
    data = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    query = (f"name={quote(name, safe='')}&" if name else "") + f"ygotype=deck&v=1&d={data}"
    return f"http://{HOST}?{query}"
