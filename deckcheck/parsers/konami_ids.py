"""Lists of Konami database IDs: how Master Duel, YgoMaster and Konami's card database name cards.

    Main                  a section header (Main, Extra, Side; "Deck", a colon and a count may follow)
    3x 4007               "<count>x <Konami ID>" (also "3 x 4007", "3 4007", "3×4007")
    4008                  a Konami ID alone: 1 copy
    # a comment           comments and blank lines are skipped

Cards before any header are Main Deck cards. A Konami ID is the ``cid`` of
db.yugioh-card.com, a number of at most six digits (passcodes have eight); it is matched
to its card when the deck is resolved. A line that is none of these makes the list
``unreadable`` (what is wrong, and on which line): a list of numbers has no other way to
say a mistake.

The format is recognised by its shape: every card line is a Konami ID (with or without a
count) of at most six digits, and no
line is a YDK marker (``#main``, ``!side``) — those are YDK files of passcodes.
"""

from __future__ import annotations

import re

from deckcheck.limits import clip, max_entries
from deckcheck.model import EXTRA, MAIN, SIDE, DeckEntry, ParsedDeck
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.ydk import unreadable

__all__ = ["MAX_COPIES", "MAX_KONAMI_ID", "looks_like_konami_ids", "parse_konami_ids"]

MAX_KONAMI_ID = 999_999  # six digits; Konami's database IDs are five today, passcodes eight
MAX_COPIES = 99
_HEADER = re.compile(r"(main|extra|side)(?:[ _-]?deck)?[ \t]*(?::|-)?[ \t]*(?:\(?\d{1,3}\)?)?[ \t]*:?", re.IGNORECASE)
_CARD = re.compile(r"(?:(\d{1,3})[ \t]*[x×X]?[ \t]+|(\d{1,3})[ \t]*[x×X])?(\d{1,9})")
_SECTIONS = {"main": MAIN, "extra": EXTRA, "side": SIDE}
_FIX = "write one card a line: a Konami ID, or a count and a Konami ID (3x 4007), under Main, Extra and Side headers"


def _lines(text: str):
    """(line number, stripped line) for every line that is not blank or a comment."""
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = line.strip()
        if line and not line.startswith(("#", "//")):
            yield number, line


def looks_like_konami_ids(text: str) -> bool:
    """Whether ``text`` is a list of Konami IDs (see the module docstring)."""
    cards = 0
    for _number, line in _lines(text):
        if _HEADER.fullmatch(line):
            continue
        match = _CARD.fullmatch(line)
        if match is None:
            return False
        if not 1 <= int(match.group(3)) <= MAX_KONAMI_ID:
            return False
        cards += 1
    markers = ("#main", "#extra", "!side")
    return bool(cards) and not any(line.strip().lower() in markers for line in text.splitlines())


def parse_konami_ids(data: bytes, path: str) -> ParsedDeck:
    """Parse a list of Konami IDs. Never raises."""
    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page; copy the list of Konami IDs itself")
    if text is None:
        return deck
    section = MAIN
    total = 0
    for number, line in _lines(text):
        header = _HEADER.fullmatch(line)
        if header:
            section = _SECTIONS[header.group(1).lower()]
            continue
        match = _CARD.fullmatch(line)
        if match is None:
            return unreadable(deck, f"line {number} ({clip(line)!r}) is not a Konami ID, a count and a Konami ID, "
                              "or a Main/Extra/Side header", number, _FIX)
        count = int(match.group(1) or match.group(2) or 1)
        konami_id = int(match.group(3))
        if not 1 <= count <= MAX_COPIES:
            return unreadable(deck, f"line {number} ({clip(line)!r}) has a count of {count}; a count is 1 to "
                              f"{MAX_COPIES}", number, _FIX)
        if not 1 <= konami_id <= MAX_KONAMI_ID:
            return unreadable(deck, f"line {number} ({clip(line)!r}): {konami_id} is not a Konami ID (1 to "
                              f"{MAX_KONAMI_ID:,}; an eight-digit number is a passcode: write the deck as a YDK)",
                              number, _FIX)
        total += count
        if total > max_entries():
            return unreadable(deck, f"not a decklist: more than {max_entries():,} cards", number,
                              "check that this is the deck you meant (DECKCHECK_MAX_ENTRIES raises the limit)")
        deck.entries.append(DeckEntry(section, number, None, None, count, line, konami_id=konami_id))
    if not deck.entries:
        return unreadable(deck, "the list names no card", None, _FIX)
    return deck


def encode_konami_ids(sections: dict[str, list[tuple[int, int]]]) -> str:
    """A Konami-ID list of ``section → [(Konami ID, copies)]``, sections in Main, Extra, Side order."""
    lines: list[str] = []
    for section, title in ((MAIN, "Main"), (EXTRA, "Extra"), (SIDE, "Side")):
        entries = sections.get(section) or []
        if not entries and section != MAIN:
            continue
        lines.append(f"{title} ({sum(n for _k, n in entries)})")
        lines += [f"{n}x {konami_id}" for konami_id, n in entries]
    return "\n".join(lines) + "\n"
