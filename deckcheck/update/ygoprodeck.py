"""YGOPRODeck API v7: the database version, and every card converted to deckcheck's index rows.

``checkDBVer.php`` → ``[{"database_version": "147.23", "last_update": "YYYY-MM-DD HH:MM:SS"}]``
(some versions call the second field ``date``). ``cardinfo.php?misc=yes`` → ``{"data": [card, ...]}``
(see shared/data/ygoprodeck/API.md). A card becomes one index row:

- passcode = ``id``; alternate artworks = the other ``card_images[].id``;
- kind and EDOPro type bits from ``type`` / ``typeline`` / ``frameType`` / ``race``;
- TCG/OCG availability from ``misc_info[0].formats`` (``"TCG"``/``"OCG"``), dates and Konami ID
  from ``misc_info[0]``;
- name group: the card the API says it is ``treated_as`` (cards the bundled index knows keep
  its curated groups).

The API is authoritative for what it has. What it lacks is carried over from the bundled
index, so an update never makes a passcode deckcheck knew unknown: EDOPro-only alternate
artworks, prerelease placeholder ids (and the cards behind them), cards the API has not
added yet. Values the API leaves out (a Konami ID, a date) are filled from the bundled index, and a first
release date is the earlier of the API's and the bundled index's (promos are dated at build time from
evidence the API lacks: an update must not make them "not released" again).
"""

from __future__ import annotations

import json
import re
from datetime import date

from .index_file import COL, carry_over, flatten_groups

from ..cardtypes import (
    CONTINUOUS, COUNTER, EFFECT, EQUIP, FIELD, FLIP, FUSION, GEMINI, LINK, MONSTER, NORMAL, PENDULUM,
    QUICKPLAY, RITUAL, SKILL, SPELL, SPIRIT, SYNCHRO, TOKEN, TOON, TRAP, TUNER, UNION, XYZ, kind_of,
    pools_of,
)
PLACEHOLDER_MIN = 100_000_000

MONSTER_WORDS = {
    "normal": NORMAL, "effect": EFFECT, "flip": FLIP | EFFECT, "tuner": TUNER, "gemini": GEMINI | EFFECT,
    "spirit": SPIRIT | EFFECT, "toon": TOON | EFFECT, "union": UNION | EFFECT, "ritual": RITUAL,
    "pendulum": PENDULUM, "fusion": FUSION, "synchro": SYNCHRO, "xyz": XYZ, "link": LINK,
}
PROPERTY_BITS = {"Normal": 0, "Quick-Play": QUICKPLAY, "Continuous": CONTINUOUS, "Equip": EQUIP,
                 "Field": FIELD, "Ritual": RITUAL, "Counter": COUNTER}
EXTRA_FRAMES = ("fusion", "synchro", "xyz", "link")
BAN_STATUS = {"banned": "forbidden", "forbidden": "forbidden", "limited": "limited",
              "semi-limited": "semi_limited", "semi limited": "semi_limited"}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WORD = re.compile(r"[a-z]+")
_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z._+-]{0,39}")
_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?")
MAX_NAME = 200
_NAME, _KIND, _TYPE, _TCG, _OCG, _ORIGIN, _KONAMI_ID, _TCG_DATE, _OCG_DATE, _GROUP, _LEVEL = (
    COL[name] for name in ("name", "kind", "type", "tcg", "ocg", "origin", "konami_id", "tcg_date", "ocg_date", "group",
                           "level"))


class SchemaError(ValueError):
    """The response is JSON but not what the API documents."""


def parse_json(body: bytes, what: str):
    """JSON from a response body, with a one-line reason when it is not JSON."""
    head = body[:512].lstrip().lower()
    if head.startswith((b"<!doctype", b"<html", b"<?xml", b"<head", b"<body")):
        raise SchemaError(f"{what}: got an HTML page, not JSON (an error page or a captive portal?)")
    if not body or body.isspace():  # (no stripped copy of a 13 MB body)
        raise SchemaError(f"{what}: empty response, not JSON")
    try:
        return json.loads(body)
    except RecursionError:
        raise SchemaError(f"{what}: invalid JSON (nested too deeply)") from None
    except UnicodeDecodeError:
        raise SchemaError(f"{what}: invalid JSON (not UTF-8)") from None
    except json.JSONDecodeError as exc:
        ended = exc.msg.startswith("Unterminated string") or exc.pos >= len(body.rstrip()) - 1
        truncated = ", truncated" if ended else ""
        raise SchemaError(f"{what}: invalid JSON{truncated} ({exc.msg}: byte {exc.pos:,} of {len(body):,})") from None


def parse_db_version(body: bytes) -> dict:
    """``{"database_version": str, "last_update": str | None}`` from checkDBVer.php."""
    doc = parse_json(body, "checkDBVer.php")
    if isinstance(doc, list) and len(doc) == 1:
        doc = doc[0]
    if not isinstance(doc, dict) or "database_version" not in doc:
        raise SchemaError("checkDBVer.php: unexpected schema (expected [{\"database_version\": ..., \"last_update\": ...}])")
    version = doc["database_version"]
    if (not isinstance(version, (str, int, float)) or isinstance(version, bool)
            or not _VERSION.fullmatch(str(version).strip())):
        raise SchemaError(f"checkDBVer.php: unexpected database_version {_shown(version)} (expected a version like 147.23)")
    last = doc.get("last_update") or doc.get("date")
    if not isinstance(last, str) or not _TIMESTAMP.fullmatch(last.strip()) or not _real_date(last.strip()[:10]):
        last = None  # not a time stamp: the update is dated by the day it ran
    return {"database_version": str(version).strip(), "last_update": last.strip() if last else None}


def _shown(value, limit: int = 60) -> str:
    """A value from a response as an escaped, bounded piece of a message."""
    text = ascii(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _real_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
        return True
    except ValueError:
        return False


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a card name deckcheck shows and stores (None when it can)."""
    if len(text) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters"
    if text.isprintable():
        return None
    bad = next(ch for ch in text if not ch.isprintable())
    return f"has a character that is not allowed (U+{ord(bad):04X})"


def _int(value) -> int | None:
    """A JSON integer, or a string of digits, as an int; None for anything else."""
    if type(value) is int:  # JSON's values: bool is not int here
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def parse_cardinfo(body: bytes) -> list[dict]:
    """The cards of a cardinfo.php response, each checked for the fields deckcheck uses."""
    doc = parse_json(body, "cardinfo.php")
    if isinstance(doc, dict) and "error" in doc and "data" not in doc:
        raise SchemaError(f"cardinfo.php: the API says: {str(doc['error'])[:200]}")
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), list):
        found = type(doc).__name__ if not isinstance(doc, dict) else "keys " + ", ".join(sorted(doc)[:6])
        raise SchemaError(f"cardinfo.php: unexpected schema (expected an object with a \"data\" list; got {found})")
    cards = doc["data"]
    for i, card in enumerate(cards):
        if type(card) is not dict:
            raise SchemaError(f"{_where(i)} is not an object")
        passcode = card.get("id")
        if type(passcode) is not int:
            passcode = _int(passcode)
            if passcode is None:
                raise SchemaError(f"{_where(i)}: \"id\" {card.get('id')!r} is not a passcode")
            card["id"] = passcode
        if passcode <= 0:
            raise SchemaError(f"{_where(i)}: \"id\" {passcode} is not a passcode")
        name = card.get("name")
        if type(name) is not str or not name.strip():
            raise SchemaError(f"{_where(i)} ({passcode}): \"name\" missing")
        shown = " ".join(name.replace("\u00a0", " ").split())
        if len(shown) > MAX_NAME or not shown.isprintable():
            raise SchemaError(f"{_where(i)} ({passcode}): \"name\" {text_problem(shown)}")
        if type(card.get("type")) is not str:
            raise SchemaError(f"{_where(i)} ({passcode}): \"type\" missing")
        for field in ("race", "frameType"):
            if card.get(field) is not None and type(card[field]) is not str:
                raise SchemaError(f"{_where(i)} ({passcode}): \"{field}\" is not a string")
        images = card.get("card_images", [])
        if type(images) is not list:
            raise SchemaError(f"{_where(i)} ({passcode}): \"card_images\" is not a list of objects")
        for im in images:
            if type(im) is not dict:
                raise SchemaError(f"{_where(i)} ({passcode}): \"card_images\" is not a list of objects")
        for im in images:
            if "id" in im and type(im["id"]) is not int:
                alt = _int(im["id"])
                if alt is None:
                    raise SchemaError(f"{_where(i)} ({passcode}): card_images id {im['id']!r} is not a passcode")
                im["id"] = alt
        misc = card.get("misc_info", [])
        if type(misc) is not list or (misc and type(misc[0]) is not dict):
            raise SchemaError(f"{_where(i)} ({passcode}): \"misc_info\" is not a list of objects")
        if type(card.get("banlist_info", {})) is not dict:
            raise SchemaError(f"{_where(i)} ({passcode}): \"banlist_info\" is not an object")
    return cards


def _where(i: int) -> str:
    return f"cardinfo.php: unexpected schema: card #{i + 1}"


def _level(card: dict, bits: int) -> int | None:
    """A monster's Level or Rank (the API's "level") or Link Rating ("linkval")."""
    if not bits & MONSTER or bits & TOKEN:
        return None
    for key in ("level", "linkval"):
        value = card.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 256:
            return value
    return None


def type_bits(card: dict) -> int:
    """EDOPro type bits from the API's type strings (as far as they say)."""
    kind = card.get("type", "")
    frame = str(card.get("frameType") or "").lower()
    if kind == "Skill Card" or frame == "skill":
        return SKILL
    if kind == "Token" or frame == "token":
        return MONSTER | NORMAL | TOKEN
    if kind == "Spell Card" or frame == "spell":
        return SPELL | PROPERTY_BITS.get(card.get("race") or "Normal", 0)
    if kind == "Trap Card" or frame == "trap":
        return TRAP | PROPERTY_BITS.get(card.get("race") or "Normal", 0)
    bits = MONSTER | _word_bits(kind) | _frame_bits(frame)
    for item in card.get("typeline") or []:
        if isinstance(item, str):
            bits |= _word_bits(item)
    return bits


def _word_bits(text: str) -> int:
    """The type bits the words of a ``type`` or ``typeline`` text name."""
    bits = 0
    for word in _WORD.findall(text.lower()):
        bits |= MONSTER_WORDS.get(word, 0)
    return bits


def _frame_bits(frame: str) -> int:
    bits = 0
    for part in frame.split("_"):
        bits |= MONSTER_WORDS.get(part, 0) if part in EXTRA_FRAMES + ("ritual", "pendulum") else 0
    if "effect" in frame:
        bits |= EFFECT
    return bits


def _date(value) -> str | None:
    """A date as the API writes it ("2002-03-08"), else None (a trailing line feed, "2002-13-45": not a date)."""
    return value if isinstance(value, str) and _DATE.fullmatch(value) and _real_date(value) else None


def ban_statuses(card: dict) -> dict[str, str]:
    """``{"tcg": status, "ocg": status}`` from banlist_info (statuses: forbidden, limited, semi_limited)."""
    out = {}
    info = card.get("banlist_info") or {}
    for fmt in ("tcg", "ocg"):
        value = info.get(f"ban_{fmt}")
        status = BAN_STATUS.get(str(value).strip().lower()) if value else None
        if status:
            out[fmt] = status
    return out


class Reference:
    """The bundled index, as rows: what an update carries over and fills in from."""

    def __init__(self, header: dict, rows: list[list]):
        self.header = header
        self.rows = {row[0]: row for row in rows}
        self.owner = {row[0]: row[0] for row in rows}
        for row in rows:
            for alt in row[COL["alt_passcodes"]]:
                self.owner[alt] = row[0]
        self.placeholders = {int(k): v for k, v in (header.get("placeholders") or {}).items()}


def convert(cards: list[dict], ref: Reference, notes: list[str]) -> tuple[list[list], dict[int, int]]:
    """Index rows and placeholders for the API's cards, merged with the reference as described above."""
    rows: dict[int, list] = {}
    owner: dict[int, int] = {}
    misc_of: dict[int, dict] = {}
    duplicates = 0
    ref_rows = ref.rows
    types: dict[tuple, tuple[int, str]] = {}  # a few hundred combinations of the type fields recur
    for card in cards:
        passcode = card["id"]
        if passcode in rows:
            duplicates += 1
            continue
        misc = (card.get("misc_info") or [{}])[0]
        misc_of[passcode] = misc
        typeline = card.get("typeline")
        key = (card.get("type"), card.get("frameType"), card.get("race"),
               tuple(typeline) if type(typeline) is list else typeline)
        try:
            bits, kind = types[key]
        except KeyError:
            bits = type_bits(card)
            kind = kind_of(bits)
            types[key] = bits, kind
        except TypeError:  # a value that is no key (a list in a list): as it is
            bits = type_bits(card)
            kind = kind_of(bits)
        formats = misc.get("formats")
        listed = isinstance(formats, list)
        tcg_date, ocg_date = _date(misc.get("tcg_date")), _date(misc.get("ocg_date"))
        deck_card = kind == "main" or kind == "extra"
        if not deck_card:
            tcg, ocg = pools_of(kind)
        elif listed:
            tcg, ocg = int("TCG" in formats), int("OCG" in formats)
        else:
            tcg, ocg = int(tcg_date is not None), int(ocg_date is not None)
        konami = misc.get("konami_id")
        konami = konami if isinstance(konami, int) and not isinstance(konami, bool) and konami > 0 else None
        unreleased_placeholder = passcode >= PLACEHOLDER_MIN and deck_card and not (tcg or ocg)
        origin = "prerelease" if unreleased_placeholder else "official"
        level = _level(card, bits)
        known = ref_rows.get(passcode)
        if known is not None:
            if level is None and len(known) > _LEVEL:
                level = known[_LEVEL]
            if unreleased_placeholder:
                origin = known[_ORIGIN]
            if known[_KIND] == kind and known[_TYPE]:
                bits = known[_TYPE]  # EDOPro's bits are finer than the API's words
            if konami is None:
                konami = known[_KONAMI_ID]
            # a first release: the earlier of the two (the bundled one may be a promo's, from evidence the API
            # does not have: build report)
            ours = known[_TCG_DATE]
            if ours is not None and (tcg_date is None or ours < tcg_date):
                tcg_date = ours
            ours = known[_OCG_DATE]
            if ours is not None and (ocg_date is None or ours < ocg_date):
                ocg_date = ours
            if deck_card and not listed:
                tcg |= known[_TCG]
                ocg |= known[_OCG]
        row = [passcode, " ".join(card["name"].replace("\u00a0", " ").split()), kind, bits, tcg, ocg, origin, konami,
               tcg_date, ocg_date, None, [], level]
        rows[passcode] = row
        owner[passcode] = passcode
    if duplicates:
        notes.append(f"{duplicates} duplicate card id(s) in the API response ignored")
    # alternate artworks: card_images ids that are not some card's own id. An id the bundled index knows as a
    # card of its own or as a placeholder is not an artwork either, whatever the API files it under (its curated
    # facts: Black Luster Soldier the Normal Monster 10000100 is not an artwork of the Ritual 5405694)
    taken_elsewhere = 0
    for card in cards:
        passcode = card["id"]
        if owner.get(passcode) != passcode:
            continue
        for im in card.get("card_images") or []:
            alt = im.get("id")
            if not isinstance(alt, int) or alt <= 0 or alt == passcode:
                continue
            if alt in owner or alt in ref.rows or alt in ref.placeholders:
                taken_elsewhere += owner.get(alt) != passcode
                continue
            owner[alt] = passcode
            rows[passcode][COL["alt_passcodes"]].append(alt)
    if taken_elsewhere:
        notes.append(f"{taken_elsewhere} artwork id(s) already belonging to another card ignored")
    # placeholders: the API's beta ids (the bundled ones are added after the carry-over)
    placeholders: dict[int, int] = {}
    for passcode, misc in misc_of.items():
        beta = misc.get("beta_id")
        if isinstance(beta, int) and beta >= PLACEHOLDER_MIN and beta not in owner and owner.get(passcode) == passcode:
            placeholders[beta] = passcode
    note = carry_over(rows, owner, placeholders, ref, "the API")
    if note:
        notes.append(note)
    for placeholder, target in ref.placeholders.items():
        if placeholder not in owner and placeholder not in placeholders and target in owner:
            placeholders[placeholder] = owner[target]
    _set_groups(rows, owner, misc_of, ref)
    return list(rows.values()), placeholders


def _set_groups(rows: dict[int, list], owner: dict[int, int], misc_of: dict[int, dict], ref: Reference) -> None:
    """Name groups: the bundled index's curated ones; the API's ``treated_as`` for cards it does not know."""
    by_name: dict[str, int] = {}
    for passcode, row in sorted(rows.items()):
        if row[_KIND] in ("main", "extra"):
            by_name.setdefault(row[_NAME], passcode)
    ref_rows = ref.rows
    for passcode, row in rows.items():
        group = None
        known = ref_rows.get(passcode)
        if known is not None:
            if known[_GROUP] is not None:
                group = owner.get(known[_GROUP])
        else:
            treated = (misc_of.get(passcode) or {}).get("treated_as")
            if isinstance(treated, str) and treated.strip() and treated.strip() != row[_NAME]:
                group = by_name.get(" ".join(treated.split()))
        row[_GROUP] = group if group != passcode else None
    flatten_groups(rows)

