"""YAML decklists: deckcheck's own, documented format (schemas/yaml-deck.schema.json).

    name: My Branded deck        # optional
    format: tcg                  # optional: a format id (see: deckcheck formats)
    player: Jane Doe             # optional, for the registration sheet (deckcheck decklist): "First Last"
    konami_id: "0301234567"      #   or "Last, First", or first_name: and last_name:; the KONAMI ID as
    country: Germany             #   written (leading zeros kept), the country of residence,
    event: Regional Qualifier    #   the event's name
    date: 2026-06-14             #   and its date
    main:
      - 3 Ash Blossom & Joyous Spring     # "<count> <name>"; also "3x Name", "Name x3"
      - Fallen of Albaz                   # count 1
      - 14558127                          # a passcode (int): count 1
      - "2 14558127"                      # count + passcode
      - {name: Branded Fusion, count: 2}
      - {passcode: 44362883, count: 1}
    extra: [...]
    side: [...]

Every list item becomes one DeckEntry with its count and 1-based line. Mistakes are ``syntax``
problems of severity error; a file that is not such a decklist gets one ``unreadable`` problem.
``yaml`` is imported inside ``parse_yaml_deck`` so that importing this module stays cheap.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from deckcheck.limits import NAME_LIMIT, clip, max_entries
from deckcheck.model import ERROR, SECTIONS, DeckEntry, ParsedDeck, Problem, Registration
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.ydk import INTERNAL_FIX, unreadable
from deckcheck.words import with_article

__all__ = ["parse_yaml_deck", "parse_card_line", "TOP_KEYS", "ITEM_KEYS", "MAX_COUNT"]

REGISTRATION_KEYS = ("player", "first_name", "last_name", "konami_id", "country", "event", "date")
TOP_KEYS = ("name", "format", *REGISTRATION_KEYS, "main", "extra", "side")
KONAMI_ID_DIGITS = 10  # a KONAMI ID (CARD GAME ID) is 10 digits, often with leading zeros
ITEM_KEYS = ("name", "passcode", "count")
MAX_COUNT = 99
MAX_PASSCODE = 999_999_999
MAX_DEPTH = 64  # a decklist nests 3 levels; libyaml's composer recurses in C and can crash on deep input

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_NULL = "tag:yaml.org,2002:null"
_FLOAT = "tag:yaml.org,2002:float"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"

# "<count> <rest>", "<count>x <rest>", "<count> x <rest>"  (tried first, except for "<passcode> x<count>")
_COUNT_FIRST = re.compile(r"(\d+)\s*[xX×]?\s+(\S.*)", re.S)  # \d: digits of every script (٣, ३, ๓, ３)
# "<rest> x<count>", "<rest> x <count>"
_COUNT_LAST = re.compile(r"(\S.*?)\s+[xX×]\s*(\d+)", re.S)
_YDK_MARKER = re.compile(r"^(?:#main|#extra|!side)[ \t]*$", re.M)

_FIX_FORMS = (
    'write the card as "3 Card Name", "Card Name x3", a passcode, or {name: Card Name, count: 3}'
)
_FIX_COUNT = f"use a whole number of copies from 1 to {MAX_COUNT}"
_FIX_PASSCODE = "a passcode is the card's 1–9 digit password (usually 8 digits), e.g. 14558127"
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_card_line(value: str) -> tuple[int, str | None, int | None, str | None]:
    """Read a card line such as ``"3 Ash Blossom & Joyous Spring"`` or ``"14558127 x2"``.

    Returns ``(count, name, passcode, error)``; ``error`` is None when the line is valid.
    The JSON Schema's string rules (``$defs/cardLine``) accept exactly the strings that give no error.
    """
    s = value.strip()
    if not s:
        return 1, None, None, "empty card line"
    count_txt: str | None = None
    rest = s
    last = _COUNT_LAST.fullmatch(s)
    if last and last.group(1).isascii() and last.group(1).isdigit():
        rest, count_txt = last.group(1), last.group(2)  # "<passcode> x<count>"
    else:
        m = _COUNT_FIRST.fullmatch(s)
        if m:
            count_txt, rest = m.group(1), m.group(2)
        elif last:
            rest, count_txt = last.group(1), last.group(2)
    rest = rest.strip()
    count = 1
    if count_txt is not None:
        count = _dec(count_txt)
        if not 1 <= count <= MAX_COUNT:
            return count, None, None, f"count {clip(count_txt)} in {clip(s)!r} is not from 1 to {MAX_COUNT}"
    if rest.isascii() and rest.isdigit():
        code, err = _check_passcode(_dec(rest), rest)
        return count, None, code, err
    return count, rest, None, None


def _check_passcode(code: int, written: str) -> tuple[int | None, str | None]:
    if 1 <= code <= MAX_PASSCODE:
        return code, None
    return None, f"{clip(written)} is not a passcode (passcodes are 1 to 9 digits and not 0)"


def _dec(digits: str) -> int:
    """Decimal digits (of any script: ٣ is 3) as a number; anything above 10**12 is 10**12 (Python refuses
    int() on strings of more than 4300 digits, and every limit here is far below 10**12)."""
    if not digits.isascii():
        digits = "".join(str(unicodedata.decimal(ch, 0)) for ch in digits)
    sig = digits.lstrip("0")
    if not sig:
        return 0
    return int(sig) if len(sig) <= 12 else 10**12


def _line_count(text: str) -> int:
    return text.count("\n") + text.count("\r") - text.count("\r\n") + 1


def _too_deep(deck: ParsedDeck, line: int | None) -> ParsedDeck:
    return unreadable(deck, f"not a decklist: YAML nested more than {MAX_DEPTH} levels deep (line {line})", line,
                      "a decklist is a mapping of lists: name, format, main, extra, side")


def parse_yaml_deck(data: bytes, path: str) -> ParsedDeck:
    """Parse a YAML decklist. Never raises; problems are recorded in ``ParsedDeck.problems``."""
    import yaml

    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page, not a YAML decklist")
    if text is None:
        return deck

    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    entry_limit = max_entries()
    try:
        depth = 0
        containers: list[bool] = []  # open collections, True for a sequence
        items = 0  # nodes directly in a list under a top-level key: the card entries
        node_events = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)
        for event in yaml.parse(text, Loader=loader):
            if len(containers) == 2 and containers[1] and isinstance(event, node_events):
                items += 1
                if items > entry_limit:
                    line = min(event.start_mark.line + 1, _line_count(text)) if event.start_mark else None
                    return unreadable(
                        deck,
                        f"not a decklist: more than {entry_limit:,} card entries (line {line or 0:,} is entry "
                        f"{entry_limit + 1:,}); a deck has at most 90 cards",
                        line,
                        "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)",
                    )
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                containers.append(isinstance(event, yaml.SequenceStartEvent))
                depth += 1
                if depth > MAX_DEPTH:
                    line = min(event.start_mark.line + 1, _line_count(text)) if event.start_mark else None
                    return _too_deep(deck, line)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                containers.pop()
                depth -= 1
        root = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        if line is not None:  # the end of a file without a final newline is "the next line" for YAML
            line = min(line, _line_count(text))
        what = e.problem or e.context or "syntax error"
        if "nesting depth" in what:  # newer PyYAML stops deep nesting itself, before the check above does
            return _too_deep(deck, line)
        where = f" at line {line}" if line else ""
        if _YDK_MARKER.search(text):
            return unreadable(
                deck,
                f"not valid YAML{where}: {what} (it looks like a YDK file)",
                line,
                "name the file .ydk",
            )
        return unreadable(
            deck,
            f"not valid YAML{where}: {what}",
            line,
            "fix the YAML syntax; names with ': ', '#', quotes or a leading '&', '*', '!' or '[' need quotes",
        )
    except yaml.YAMLError as e:
        pos = getattr(e, "position", None)
        line = text.count("\n", 0, pos) + 1 if isinstance(pos, int) else None
        reason = getattr(e, "reason", None) or str(e).splitlines()[0]
        where = f" at line {line}" if line else ""
        return unreadable(deck, f"not valid YAML{where}: {reason}", line, "save the decklist as plain UTF-8 text")
    except (RecursionError, MemoryError):
        return unreadable(deck, "not a decklist: the YAML is too deeply nested or too large", None, None)

    try:
        return _Reader(yaml, text, deck).read(root)
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, RecursionError) as e:  # pragma: no cover
        return unreadable(
            ParsedDeck(path=path), f"could not be read (internal error: {e.__class__.__name__})", None, INTERNAL_FIX
        )


class _Reader:
    def __init__(self, yaml, text: str, deck: ParsedDeck) -> None:
        self.yaml = yaml
        self.text = text
        self.deck = deck
        self._constructor = yaml.constructor.SafeConstructor()
        self.n_lines = _line_count(text)

    # -- helpers ---------------------------------------------------------------------------

    def line(self, node) -> int | None:
        """1-based line of a node (YAML puts the end of a file without a final newline on the next line)."""
        if node is None or node.start_mark is None:
            return None
        return min(node.start_mark.line + 1, self.n_lines)

    def error(self, node, message: str, fix: str | None, section: str | None = None) -> None:
        line = self.line(node)
        self.deck.problems.append(Problem("syntax", ERROR, message, section, line, None, fix))

    def source(self, node, depth: int = 0) -> str:
        """The node as written; multi-line block mappings are folded to ``{key: value, …}``."""
        yaml = self.yaml
        src = ""
        if node.start_mark is not None and node.end_mark is not None:
            src = self.text[node.start_mark.index : node.end_mark.index].strip()
        if src and "\n" not in src:
            return src
        if depth > 3:
            return "…"
        if isinstance(node, yaml.MappingNode):
            inner = ", ".join(f"{self.source(k, depth + 1)}: {self.source(v, depth + 1)}" for k, v in node.value)
            return "{" + inner + "}"
        if isinstance(node, yaml.SequenceNode):
            return "[" + ", ".join(self.source(v, depth + 1) for v in node.value) + "]"
        return " ".join(str(node.value).split())

    def scalar(self, node):
        """A scalar node's Python value as yaml.safe_load gives it, except that plain digits are decimal
        (YAML 1.1 would read 0123 as octal)."""
        if node.tag == _INT and node.value.isascii() and node.value.isdigit():
            return _dec(node.value)
        return self._constructor.construct_object(node, deep=True)

    @staticmethod
    def _kind(value) -> str:
        if value is None:
            return "empty"
        if isinstance(value, bool):
            return "a yes/no value"
        if isinstance(value, float):
            return "a decimal number"
        if isinstance(value, (list, tuple)):
            return "a list"
        if isinstance(value, dict):
            return "a mapping"
        if isinstance(value, bytes):
            return "binary data"
        return f"{with_article(type(value).__name__)} value"

    @staticmethod
    def _as_int(value) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return None

    # -- document --------------------------------------------------------------------------

    def read(self, root) -> ParsedDeck:
        yaml = self.yaml
        deck = self.deck
        if root is None:
            return unreadable(deck, "the file is empty (it holds only YAML comments)", None, "write the decklist into the file")
        if not isinstance(root, yaml.MappingNode):
            kind = "a list" if isinstance(root, yaml.SequenceNode) else "plain text"
            hint = " (it looks like a YDK file; name it .ydk)" if _YDK_MARKER.search(self.text) else ""
            return unreadable(
                deck,
                f"not a deckcheck YAML decklist: the document is {kind}, not a mapping with main, extra or side{hint}",
                self.line(root),
                "start the file with main: followed by a list of cards",
            )
        keys = []
        for k, _v in root.value:
            keys.append(k.value if isinstance(k, yaml.ScalarNode) and k.tag == _STR else None)
        if not any(k in SECTIONS for k in keys):
            lowered = {k.lower() for k in keys if isinstance(k, str)}
            hint = " (keys are lowercase: main, extra, side)" if lowered & set(SECTIONS) else ""
            return unreadable(
                deck,
                f"not a deckcheck YAML decklist: it has no main, extra or side key{hint}",
                self.line(root),
                "list the cards under main:, extra: and side:",
            )

        seen: set[str] = set()
        for (knode, vnode), key in zip(root.value, keys):
            if key is not None and key in seen:
                self.error(knode, f"duplicate key {key!r}", f"write {key}: only once", key if key in SECTIONS else None)
            if key == "name":
                self.deck.name = self._text(vnode, "the deck name")
            elif key == "format":
                self._format(vnode)
            elif key in REGISTRATION_KEYS:
                self._registration(key, vnode)
            elif key in SECTIONS:
                self._section(key, vnode)
            else:
                shown = key if key is not None else self.source(knode)
                suggestion = ""
                if isinstance(key, str) and key.strip().lower() in TOP_KEYS:
                    suggestion = f"; did you mean {key.strip().lower()}:?"
                self.error(
                    knode,
                    f"unknown top-level key {clip(shown)!r}{suggestion}",
                    f"the keys of a YAML decklist are {', '.join(TOP_KEYS[:-1])} and {TOP_KEYS[-1]}",
                )
            if key is not None:
                seen.add(key)
        return deck

    def _text(self, node, what: str) -> str | None:
        """A text value (the deck's name, its player); a number is taken as written ("name: 2024")."""
        yaml = self.yaml
        if isinstance(node, yaml.ScalarNode) and node.tag in (_STR, _INT, _FLOAT):
            return clip(node.value.strip(), NAME_LIMIT) or None
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _NULL):
            self.error(node, f"{what} {clip(self.source(node))!r} is not text", 'put it in quotes: "…"')
        return None

    def _registration(self, key: str, node) -> None:
        """A field of the registration sheet: text (a number as written), a KONAMI ID of digits as written,
        a date (YAML's or ISO text)."""
        yaml = self.yaml
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return
        written = node.value.strip() if isinstance(node, yaml.ScalarNode) else None
        if key == "konami_id":
            if written is not None and node.tag in (_STR, _INT) and written.isascii() and written.isdigit() \
                    and len(written) <= KONAMI_ID_DIGITS:
                self._register(key, written)
            else:
                self.error(node, f"konami_id {clip(self.source(node))!r} is not a KONAMI ID (up to "
                           f"{KONAMI_ID_DIGITS} digits)", 'write the ID as on the card, in quotes: konami_id: "0301234567"')
        elif key == "date":
            value = None
            if written is not None and node.tag in (_STR, _TIMESTAMP) and _ISO_DATE.fullmatch(written):
                try:
                    value = date.fromisoformat(written)
                except ValueError:
                    value = None
            if value is None:
                self.error(node, f"date {clip(self.source(node))!r} is not a date", "write the event's date as "
                           "YYYY-MM-DD, e.g. date: 2026-06-14")
            else:
                self._register(key, value.isoformat())
        elif written and node.tag in (_STR, _INT, _FLOAT):
            self._register(key, clip(" ".join(written.split()), NAME_LIMIT))
        else:
            what = {"player": "the player's name", "first_name": "a first name", "last_name": "a last name",
                    "country": "a country", "event": "an event name"}[key]
            self.error(node, f"{key} {clip(self.source(node))!r} is not {what}", f'write it as text: {key}: "…"')

    def _register(self, key: str, value: str) -> None:
        if self.deck.registration is None:
            self.deck.registration = Registration()
        setattr(self.deck.registration, key, value)
        if key == "player":
            self.deck.player = value  # who made the deck, for every report (CSV, show)

    def _format(self, node) -> None:
        """The format the deck declares: an id, checked against the known formats by the checker."""
        yaml = self.yaml
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            self.deck.format = None
            return
        if isinstance(node, yaml.ScalarNode) and node.tag == _STR and node.value.strip():
            self.deck.format = clip(node.value.strip().lower(), NAME_LIMIT)
            self.deck.format_line = self.line(node)
            return
        self.error(node, f"format {clip(self.source(node))!r} is not a format id", "write e.g. format: tcg "
                   "(see: deckcheck formats)")

    def _section(self, section: str, node) -> None:
        yaml = self.yaml
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return  # "main:" with nothing after it: an empty section
        if not isinstance(node, yaml.SequenceNode):
            self.error(
                node,
                f"{section}: is not a list of cards (it is {self._node_kind(node)})",
                f"write each card on its own line starting with '- ' under {section}:",
                section,
            )
            return
        for item in node.value:
            self._item(section, item)

    def _node_kind(self, node) -> str:
        yaml = self.yaml
        if isinstance(node, yaml.MappingNode):
            return "a mapping"
        if isinstance(node, yaml.SequenceNode):
            return "a list"
        return f"the value {clip(self.source(node))!r}"

    # -- items -----------------------------------------------------------------------------

    def _entry(self, section: str, node, count: int, name: str | None, passcode: int | None, text: str) -> None:
        line = self.line(node)
        if name is not None:
            name = clip(name, NAME_LIMIT)
        self.deck.entries.append(DeckEntry(section, line, passcode, name, count, clip(text, NAME_LIMIT)))

    def _item(self, section: str, node) -> None:
        yaml = self.yaml
        text = self.source(node)
        if isinstance(node, yaml.ScalarNode):
            if node.tag == _STR:
                count, name, code, err = parse_card_line(node.value)
                if err:
                    fix = _FIX_COUNT if err.startswith("count") else _FIX_PASSCODE if "passcode" in err else _FIX_FORMS
                    self.error(node, err, fix, section)
                    return
                self._entry(section, node, count, name, code, text)
                return
            try:
                value = self.scalar(node)
            except (self.yaml.YAMLError, ValueError) as e:
                why = getattr(e, "problem", None) or str(e).splitlines()[0]
                self.error(node, f"{clip(text)!r} cannot be read: {clip(why)}", _FIX_FORMS, section)
                return
            code = self._as_int(value)
            if value is None and not text:
                self.error(node, "empty list item (nothing after '-')", "write a card after the '-' or delete the line", section)
                return
            if code is None:
                self.error(
                    node,
                    f"{clip(text)!r} is {self._kind(value)}, not a card name, passcode or mapping",
                    f'if it is a card name, put it in quotes: - "{clip(text)}"' if isinstance(value, bool) or value is None and text else _FIX_FORMS,
                    section,
                )
                return
            code, err = _check_passcode(code, text)
            if err:
                self.error(node, err, _FIX_PASSCODE, section)
                return
            self._entry(section, node, 1, None, code, text)
            return
        if isinstance(node, yaml.MappingNode):
            self._mapping_item(section, node, text)
            return
        self.error(node, f"{clip(text)!r} is a list inside the {section} list, not a card", _FIX_FORMS, section)

    def _mapping_item(self, section: str, node, text: str) -> None:
        yaml = self.yaml
        fields: dict[str, object] = {}
        unknown: list[tuple[object, object]] = []
        for knode, vnode in node.value:
            key = knode.value if isinstance(knode, yaml.ScalarNode) and knode.tag == _STR else None
            if key in ITEM_KEYS:
                if key in fields:
                    self.error(knode, f"duplicate key {key!r} in {clip(text)!r}", f"write {key}: only once", section)
                    return
                fields[key] = vnode
            else:
                unknown.append((knode, vnode))

        if unknown:
            if not fields and len(unknown) == 1:
                knode, vnode = unknown[0]
                if (
                    isinstance(knode, yaml.ScalarNode)
                    and knode.tag == _STR
                    and isinstance(vnode, yaml.ScalarNode)
                    and vnode.tag == _STR
                    and vnode.value.strip()
                ):
                    # "- Number 39: Utopia": an unquoted ": " made YAML read a mapping.
                    guess = f"{knode.value}: {vnode.value}"
                    count, name, code, err = parse_card_line(guess)
                    self.error(
                        node,
                        f"{clip(guess)!r} is read by YAML as a mapping because of the ': ' in it"
                        + ("" if err else "; read as a card name, but the line must be quoted"),
                        f"""put the card in quotes: - "{clip(guess.strip())}\"""",
                        section,
                    )
                    if not err:
                        self._entry(section, node, count, name, code, guess.strip())
                    return
            names = ", ".join(repr(k.value) if isinstance(k, yaml.ScalarNode) else self.source(k) for k, _ in unknown)
            self.error(
                node,
                f"unknown key {clip(names)} in card {clip(text)!r}",
                "a card mapping has the keys name, passcode and count",
                section,
            )
            return

        if "name" not in fields and "passcode" not in fields:
            self.error(node, f"card {clip(text)!r} has neither name nor passcode", "add name: or passcode:", section)
            return

        name = None
        if "name" in fields:
            vnode = fields["name"]
            if isinstance(vnode, yaml.ScalarNode) and vnode.tag == _STR and vnode.value.strip():
                name = vnode.value.strip()
            else:
                self.error(vnode, f"card name {clip(self.source(vnode))!r} is not text", 'put the name in quotes: name: "…"', section)
                return

        code = None
        if "passcode" in fields:
            vnode = fields["passcode"]
            value = self._value(vnode)
            if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
                written = value.strip()
                code = _dec(written)
            else:
                code = self._as_int(value)
                written = self.source(vnode)
            if code is None:
                self.error(vnode, f"passcode {clip(self.source(vnode))!r} is not a number", _FIX_PASSCODE, section)
                return
            code, err = _check_passcode(code, written)
            if err:
                self.error(vnode, err, _FIX_PASSCODE, section)
                return

        count = 1
        if "count" in fields:
            vnode = fields["count"]
            c = self._as_int(self._value(vnode))
            if c is None or not 1 <= c <= MAX_COUNT:
                self.error(vnode, f"count {clip(self.source(vnode))!r} is not a whole number from 1 to {MAX_COUNT}", _FIX_COUNT, section)
                return
            count = c

        self._entry(section, node, count, name, code, text)

    def _value(self, node):
        if isinstance(node, self.yaml.ScalarNode):
            try:
                return self.scalar(node)
            except (self.yaml.YAMLError, ValueError):
                return _Unreadable
        return _Unreadable


class _Unreadable:
    """Marker for a value that is a list, a mapping or an unknown tag."""
