"""YGO Omega deck codes: base64 of raw DEFLATE data.

The data inflates to: one byte, the number of Main and Extra Deck cards; one byte, the number of
Side Deck cards; then one little-endian unsigned 32-bit passcode per copy, Main and Extra Deck
cards together, then the Side Deck. Omega's newer exports add one more passcode, the deck's
cover card, which is not a card of the deck. The Main and Extra Deck are told apart by each
card's kind when the deck is resolved (``ParsedDeck.split_extra``).

The inflated size is bounded (a code of a 90-card deck inflates to 366 bytes): a code that
would inflate to more is unreadable, however small it is (a zip bomb).
"""

from __future__ import annotations

import re
import struct
import zlib

from deckcheck.limits import clip
from deckcheck.model import MAIN, SIDE, WARNING, DeckEntry, ParsedDeck, Problem
from deckcheck.parsers.ydk import NotText, decode_deck_text, unreadable
from deckcheck.parsers.base64_text import decode_base64

__all__ = ["parse_omega", "looks_like_omega", "encode_omega", "MAX_INFLATED"]

MAX_INFLATED = 4096  # bytes: 2 + 4 × (255 + 255) + a cover card is 2,046
_CODE = re.compile(r"[A-Za-z0-9+/_-]{8,}={0,2}")
_FIX = "copy the deck code again from YGO Omega (Deck Editor → Export → Copy deck code)"


def encode_omega(main_and_extra: list[int], side: list[int]) -> str:
    """The Omega deck code of a deck (passcodes, one per copy)."""
    import base64

    if len(main_and_extra) > 255 or len(side) > 255:
        raise ValueError("an Omega deck code holds at most 255 Main + Extra and 255 Side Deck cards")
    payload = bytes((len(main_and_extra), len(side))) + struct.pack(f"<{len(main_and_extra) + len(side)}I",
                                                                   *main_and_extra, *side)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(deflate.compress(payload) + deflate.flush()).decode("ascii")


def _inflate(text: str) -> tuple[bytes | None, str | None]:
    """The inflated payload of a deck code, or None and what is wrong."""
    raw, wrong = decode_base64(text)
    if raw is None:
        return None, wrong
    inflater = zlib.decompressobj(-15)
    try:
        payload = inflater.decompress(raw, MAX_INFLATED + 1)
    except zlib.error:
        return None, "not DEFLATE data"
    if len(payload) > MAX_INFLATED or inflater.unconsumed_tail:
        return None, f"it would inflate to more than {MAX_INFLATED:,} bytes (a deck code of 90 cards is 366)"
    if not inflater.eof:
        return None, "it ends in the middle of its data (cut when it was copied)"
    return payload, None


def _code_of(text: str) -> str:
    return "".join(text.split())


def looks_like_omega(text: str) -> bool:
    """Whether ``text`` is one Omega deck code whose counts fit its passcodes."""
    code = _code_of(text)
    if not _CODE.fullmatch(code) or len(code) > 4 * MAX_INFLATED:
        return False
    payload, _wrong = _inflate(code)
    return payload is not None and len(payload) >= 2 and len(payload) - 2 >= 4 * (payload[0] + payload[1])


def parse_omega(data: bytes, path: str) -> ParsedDeck:
    """Parse an Omega deck code. Never raises."""
    deck = ParsedDeck(path=path, split_extra=True)
    text = decode_deck_text(data)
    if isinstance(text, NotText):
        return unreadable(deck, *text)
    code = _code_of(text)
    if not code:
        return unreadable(deck, "the file is empty", None, _FIX)
    if len(code) > 4 * MAX_INFLATED:
        return unreadable(deck, f"not an Omega deck code: {len(code):,} characters (a deck's code has a few hundred)",
                          None, _FIX)
    payload, wrong = _inflate(code)
    if payload is None:
        return unreadable(deck, f"not an Omega deck code: {wrong}", 1, _FIX)
    if len(payload) < 2:
        return unreadable(deck, "not an Omega deck code: it holds no card counts", 1, _FIX)
    main_count, side_count = payload[0], payload[1]
    body = payload[2:]
    needed = 4 * (main_count + side_count)
    if len(body) < needed:
        return unreadable(
            deck,
            f"the Omega deck code says {main_count} Main and Extra Deck cards and {side_count} Side Deck cards "
            f"but holds {len(body) // 4} passcodes",
            1, _FIX,
        )
    left = len(body) - needed
    if left not in (0, 4):  # 4: the cover card of newer exports, not a card of the deck
        deck.problems.append(Problem("syntax", WARNING, f"{left} bytes after the deck's cards in the Omega deck code "
                                     f"({clip(code, 20)!r}) are not cards; ignored", None, 1, None, _FIX))
    codes = struct.unpack(f"<{main_count + side_count}I", body[:needed])
    run: DeckEntry | None = None
    for index, passcode in enumerate(codes):
        section = MAIN if index < main_count else SIDE
        if run is not None and run.passcode == passcode and run.section == section:
            run.count += 1
            continue
        run = DeckEntry(section, 1, passcode, None, 1, str(passcode))
        deck.entries.append(run)
    return deck
