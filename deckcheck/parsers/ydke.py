"""ydke:// links: the deck-sharing URL of EDOPro, DuelingBook, Dueling Nexus and YGOPRODeck.

    ydke://<Main>!<Extra>!<Side>!

Each section is base64 of the passcodes as little-endian unsigned 32-bit integers, one per copy.
A file (``.ydke``, ``.txt``, standard input) may hold any number of links, anywhere in its text:
each link is one deck, named by the text before it on its line ("Branded: ydke://…"), if any.
A link that cannot be read (not base64, a section that is not a whole number of passcodes, fewer
than three sections) is an ``unreadable`` deck saying what is wrong.
"""

from __future__ import annotations

import base64
import re
import struct

from deckcheck.limits import NAME_LIMIT, clip, max_entries
from deckcheck.model import EXTRA, MAIN, SECTION_TITLES, SIDE, WARNING, DeckEntry, ParsedDeck, Problem
from deckcheck.parsers.base64_text import decode_base64
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.ydk import unreadable

__all__ = ["parse_ydke", "decode_base64", "encode_ydke", "MAX_LINKS"]

MAX_LINKS = 1000  # links (decks) read from one file
_LINK = re.compile(r"ydke://([^\s\"'<>`]*)", re.I)
_NAME_TRIM = " \t:-–—|>*•=,;([{"
_FIX = "copy the whole link again from the deck builder (it starts with ydke:// and has three sections ending in !)"


def encode_ydke(main: list[int], extra: list[int], side: list[int]) -> str:
    """The ydke:// link of three lists of passcodes (one per copy)."""
    def section(codes: list[int]) -> str:
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii")

    return f"ydke://{section(main)}!{section(extra)}!{section(side)}!"


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def parse_ydke(data: bytes, path: str) -> list[ParsedDeck]:
    """Every ydke link in ``data``, one deck each. Never raises."""
    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page; copy the ydke:// link itself")
    if text is None:
        return [deck]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    decks: list[ParsedDeck] = []
    first = 0  # the line of the first link
    for number, match in enumerate(_LINK.finditer(text), 1):
        if number > MAX_LINKS:
            return [unreadable(ParsedDeck(path=path), f"not a decklist: more than {MAX_LINKS:,} ydke links", None,
                               "put each deck's links in files of their own")]
        line = _line_of(text, match.start())
        first = first or line
        start = text.rfind("\n", 0, match.start()) + 1
        name = text[start:match.start()].strip(_NAME_TRIM).strip()
        decks.append(_deck(match.group(1), path, line, clip(name, NAME_LIMIT) if name else None))
    if not decks:
        return [unreadable(ParsedDeck(path=path), "no ydke:// link found", None,
                           "copy the deck's ydke:// link into the file (EDOPro: Copy deck as ydke link)")]
    other = _other_decklist(text)
    if other is not None:  # a list of cards with a link in a comment: which is the deck?
        return [unreadable(ParsedDeck(path=path), f"the file holds a ydke:// link (line {first}) and, besides it, "
                           f"{other}: which of them is the deck is not clear", first,
                           "keep only the deck: its ydke:// link (one a line, a name before it allowed), or the list "
                           "without the link")]
    return decks


def _other_decklist(text: str) -> str | None:
    """What the text of a file holds besides its ydke:// links and their lines, when that is a decklist too (a
    text, YAML, YDK or Konami ID list, another deck code): a file of 4 Pot of Greed with a legal deck's link in a
    comment line was judged as the link."""
    from deckcheck import parsers

    rest = "\n".join(line for line in text.split("\n") if not _LINK.search(line))
    if not rest.strip():
        return None
    from deckcheck.parsers.konami_ids import looks_like_konami_ids
    from deckcheck.parsers.text import looks_like_text_decklist
    from deckcheck.parsers.ygomobile import looks_like_ygomobile

    if looks_like_ygomobile(rest):
        return "a YGOMobile deck link"
    if re.search(parsers._YAML_DECK_KEY, rest):
        return "a YAML decklist (main:, extra: or side:)"
    if re.search(parsers._YDK_MARKER, rest) or parsers._looks_like_ydk(rest):
        return "a YDK decklist (#main, or lines of passcodes)"
    if looks_like_konami_ids(rest):
        return "a list of Konami IDs"
    if looks_like_text_decklist(rest):
        return "a text decklist (counts and card names)"
    return None


def _deck(body: str, path: str, line: int, name: str | None) -> ParsedDeck:
    deck = ParsedDeck(path=path, name=name)
    parts = body.split("!")
    if len(parts) == 4 and not parts[3].strip(").,;:]}"):  # "(ydke://…!)." in a sentence
        parts[3] = ""
    if len(parts) < 3:
        found = "one section" if len(parts) == 1 else f"{len(parts)} sections"
        return unreadable(deck, f"the ydke link on line {line} has {found}; a link has three, Main!Extra!Side!",
                          line, _FIX)
    if len(parts) > 4 or (len(parts) == 4 and parts[3].strip()):
        deck.problems.append(Problem("syntax", WARNING, f"text after the Side section of the ydke link on line {line} "
                                     f"({clip('!'.join(parts[3:]))!r}) is not part of the deck; ignored", None, line,
                                     None, "end the link after the Side section's '!'"))
    total = 0
    for section, part in zip((MAIN, EXTRA, SIDE), parts):
        raw, wrong = decode_base64(part.strip())
        title = SECTION_TITLES[section]
        if raw is None:
            return unreadable(deck, f"the {title} section of the ydke link on line {line} is {wrong}", line, _FIX)
        if len(raw) % 4:
            return unreadable(
                deck,
                f"the {title} section of the ydke link on line {line} is {len(raw)} bytes, not a whole number of "
                "passcodes (4 bytes each): the link was cut or changed",
                line, _FIX,
            )
        total += len(raw) // 4
        if total > max_entries():
            return unreadable(deck, f"not a decklist: the ydke link on line {line} has more than {max_entries():,} "
                              "cards; a deck has at most 90", line,
                              "check that this is the deck you meant (DECKCHECK_MAX_ENTRIES raises the limit)")
        run: DeckEntry | None = None
        for (passcode,) in struct.iter_unpack("<I", raw):
            if run is not None and run.passcode == passcode:
                run.count += 1
                continue
            run = DeckEntry(section, line, passcode, None, 1, str(passcode))
            deck.entries.append(run)
    return deck
