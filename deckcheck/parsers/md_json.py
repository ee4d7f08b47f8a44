"""Master Duel deck JSON, as YgoMaster keeps a deck (and as Master Duel's own deck data has it).

    {"name": "Branded", "m": {"ids": [4007, 4007, …], "r": […]}, "e": {"ids": […]}, "s": {"ids": […]}}

``m``, ``e`` and ``s`` are the Main, Extra and Side Deck; ``ids`` holds one Konami database ID
per copy (``r``, each copy's rarity or style, is not read). The same object may come wrapped:
``{"contents": {"m": …, "e": …, "s": …}}`` (``contents`` may also be that object as a JSON
string). ``name`` (beside the sections or beside ``contents``) is the deck's name.

Anything else — not JSON, no ``m`` section, ``ids`` that is not a list of whole numbers — makes
the deck ``unreadable``, saying what is wrong and where (``m.ids[3]``).
"""

from __future__ import annotations

import json
import re

from deckcheck.limits import NAME_LIMIT, clip, max_entries
from deckcheck.model import EXTRA, MAIN, SIDE, DeckEntry, ParsedDeck
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.konami_ids import MAX_KONAMI_ID
from deckcheck.parsers.ydk import unreadable

__all__ = ["encode_md_json", "looks_like_md_json", "parse_md_json"]

_SECTIONS = (("m", MAIN), ("e", EXTRA), ("s", SIDE))
_FIX = "export the deck again from YgoMaster (a JSON object with m, e and s, each {\"ids\": [Konami IDs]})"
_SHAPE = re.compile(r"""^\s*\{.*"(?:m|contents)"\s*:""", re.DOTALL)
_MAX_DEPTH_TEXT = 1 << 20


def looks_like_md_json(text: str) -> bool:
    """Whether ``text`` is a JSON object with an ``m`` (or ``contents``) key holding ``ids``."""
    return bool(_SHAPE.match(text[:4096])) and ('"ids"' in text or '\\"ids\\"' in text)  # contents as a JSON string


def _sections(document) -> tuple[dict | None, str | None, str]:
    """(the object holding m/e/s, the deck's name, where it is) — or (None, None, what is wrong)."""
    if not isinstance(document, dict):
        return None, None, f"the JSON is {type(document).__name__ if document is not None else 'null'}, not an object"
    name = document.get("name")
    where = ""
    if "m" not in document and "contents" in document:
        contents = document["contents"]
        if isinstance(contents, str):
            try:
                contents = json.loads(contents)
            except (ValueError, RecursionError):
                return None, None, "contents is text that is not JSON"
        if not isinstance(contents, dict):
            return None, None, "contents is not an object with m, e and s"
        name = contents.get("name", name)
        document, where = contents, "contents."
    if "m" not in document:
        return None, None, "it has no m (Main Deck) section"
    return document, name if isinstance(name, str) else None, where


def parse_md_json(data: bytes, path: str) -> ParsedDeck:
    """Parse a Master Duel / YgoMaster deck JSON. Never raises."""
    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page; save the deck's JSON itself")
    if text is None:
        return deck
    try:
        document = json.loads(text)
    except RecursionError:
        return unreadable(deck, "not a Master Duel deck: the JSON is nested too deeply", None, _FIX)
    except ValueError as exc:
        line = getattr(exc, "lineno", None)
        return unreadable(deck, f"not a Master Duel deck: not valid JSON ({getattr(exc, 'msg', exc)})", line, _FIX)
    sections, name, where = _sections(document)
    if sections is None:
        return unreadable(deck, f"not a Master Duel deck: {where}", None, _FIX)
    deck.name = clip(name.strip(), NAME_LIMIT) if name and name.strip() else None
    total = 0
    for key, section in _SECTIONS:
        part = sections.get(key)
        if part is None and key != "m":
            continue
        label = f"{where}{key}"
        if not isinstance(part, dict) or "ids" not in part:
            return unreadable(deck, f"not a Master Duel deck: {label} is not an object with ids", None, _FIX)
        ids = part["ids"]
        if not isinstance(ids, list):
            return unreadable(deck, f"not a Master Duel deck: {label}.ids is not a list of Konami IDs", None, _FIX)
        total += len(ids)
        if total > max_entries():
            return unreadable(deck, f"not a decklist: more than {max_entries():,} cards", None,
                              "check that this is the deck you meant (DECKCHECK_MAX_ENTRIES raises the limit)")
        run: DeckEntry | None = None
        for index, value in enumerate(ids):
            if isinstance(value, str) and value.isascii() and value.isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_KONAMI_ID:
                return unreadable(deck, f"{label}.ids[{index}] is {clip(json.dumps(value))}, not a Konami ID "
                                  f"(a whole number from 1 to {MAX_KONAMI_ID:,})", None, _FIX)
            if run is not None and run.konami_id == value:
                run.count += 1
                continue
            run = DeckEntry(section, None, None, None, 1, f"{label}.ids[{index}]", konami_id=value)
            deck.entries.append(run)
    return deck


def encode_md_json(name: str | None, sections: dict[str, list[int]]) -> str:
    """The deck JSON of ``section → Konami IDs`` (one per copy), as YgoMaster keeps a deck."""
    document: dict = {}
    if name:
        document["name"] = name
    for key, section in _SECTIONS:
        document[key] = {"ids": list(sections.get(section) or [])}
    return json.dumps(document, ensure_ascii=False) + "\n"
