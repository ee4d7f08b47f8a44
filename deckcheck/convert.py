"""Writing a resolved deck as another decklist format: YDK, a ydke:// link, YAML, or text.

Every card is kept, in its section, with its count:

- ``ydk``: what EDOPro and YGOPro load: ``#created by deckcheck``, ``#main``, ``#extra``,
  ``!side``, one passcode per copy. A passcode is written as it was (an alternate artwork
  stays one; a prerelease placeholder becomes the official passcode). A card known by name
  only is written by its passcode; a name no card has is kept as a comment line
  (``# not a known card: 3 Snake-Eye Maple``), which EDOPro skips.
- ``ydke``: the link of the same passcodes; a name no card has cannot be written in one and
  is left out (reported, and convert exits 1).
- ``yaml``: deckcheck's YAML decklist, a line per card and count (``3 Ash Blossom & Joyous
  Spring``), by official name (or ``lang``'s); an alternate artwork as
  ``{name: …, passcode: …, count: …}``; a name no card has as written, a passcode no card has as
  a passcode.
- ``konami-ids``: a list of Konami database IDs (``3x 4007``) under Main, Extra and Side
  headers, and ``md-json``: a Master Duel / YgoMaster deck JSON (``{"m": {"ids": […]}, …}``);
  a card with no Konami ID (or a name no card has) cannot be written in them and is left out.
- ``mycard``: a MyCard deck code, and ``ygomobile``: a YGOMobile deck link; they hold passcodes
  as ydke does (a name no card has is left out). A deck a code cannot hold at all (a YGOMobile
  link counts at most 15 Extra and 15 Side Deck entries) is written without the cards that do
  not fit, which are reported.
- ``text``: a registration sheet: Main Deck with its Monster, Spell and Trap groups, Extra Deck,
  Side Deck with its groups, each with its count, the exact official English names (or
  ``lang``'s, English where a card has no name in it); names and passcodes no card has first in
  their section, after a ``#`` comment line.

Nothing from a decklist reaches the output as a control character: names no card has and deck
names are written with their control, bidi and line-separator characters escaped (``\\x1b``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .cardtypes import MONSTER, SPELL, TRAP
from .model import ERROR, EXTRA, MAIN, SECTION_TITLES, SECTIONS, SIDE, DeckEntry, ParsedDeck, Problem, ResolvedDeck
from .report.escape import json_safe, printable

FORMATS = {"ydk": ".ydk", "ydke": ".ydke", "yaml": ".yaml", "text": ".txt", "konami-ids": ".txt", "md-json": ".json",
           "mycard": ".txt", "ygomobile": ".txt"}  # --to, and a written file's suffix
GROUPS = ("Monster", "Spell", "Trap")
UNKNOWN_COMMENT = "not a known card"
READ_AS = {"mycard": "mycard"}  # read back as this input format: a short MyCard code is recognised only when named
HOLDS_NAME = ("yaml", "text", "md-json", "ygomobile")  # formats that read the deck's name back
COMMENTS = ("ydk", "yaml", "text")  # formats that keep an entry no line reads back as in a comment; the others leave it out
NOT_READ_BACK = "cannot be written so that it reads back as written"


class Converted:
    """One deck written in a format: the text, the entries it could not hold (ydke: names), and the
    entries no line of the format reads back as (``unfaithful``): kept as a comment where the format has
    comments (``COMMENTS``), else left out."""

    __slots__ = ("text", "left_out", "unfaithful")

    def __init__(self, text: str, left_out: list[DeckEntry], unfaithful: list[DeckEntry] | None = None):
        self.text = text
        self.left_out = left_out
        self.unfaithful = unfaithful or []


def convert(deck: ResolvedDeck, to: str, cards=None, lang: str = "en") -> Converted:
    """``deck`` as format ``to`` (a key of FORMATS), names in ``lang`` (the card index ``cards`` is needed
    for another language than English, and for YAML to tell cards of the same name apart).

    With ``cards``, what is written is read back (parsed and resolved as deckcheck reads the format), in
    every output format: an entry that would come back as another card, another count or not at all (an
    unknown card named "14558127" read as Ash Blossom, a name losing its "// comment") is written as a
    comment instead (left out where the format has no comments) and listed in ``unfaithful``; a deck name
    that would not come back, or that changes how the rest is read (a ydke link in it), is a comment too
    (left out where the format has no comments)."""
    namer = Namer(cards, lang)
    converted = _WRITERS[to](deck, namer)
    if cards is None:
        return converted
    for _attempt in range(4):
        wrong, name_kept = _read_back(deck, to, converted.text, cards)
        wrong -= _not_written(deck, to, namer, converted)
        if not wrong and name_kept:
            break
        if deck.name and not namer.name_as_comment and (not name_kept or to not in HOLDS_NAME):
            namer.name_as_comment = True  # a name read as the deck (a ydke link) misreads all: without it first
            converted = _WRITERS[to](deck, namer)
            continue
        for entry in deck.entries:
            if _key(entry) not in wrong:
                continue
            if entry.card is not None and to == "text" and id(entry) not in namer.by_passcode:
                namer.by_passcode.add(id(entry))  # Black Luster Soldier the Normal Monster: by its passcode
            else:
                namer.skipped.add(id(entry))
        converted = _WRITERS[to](deck, namer)
    else:  # still not what was read: whatever is wrong now is kept as a comment, which reads back as nothing
        wrong, _ = _read_back(deck, to, converted.text, cards)
        wrong -= _not_written(deck, to, namer, converted)
        namer.skipped.update(id(entry) for entry in deck.entries if _key(entry) in wrong)
        converted = _WRITERS[to](deck, namer)
    converted.unfaithful = [entry for entry in deck.entries if id(entry) in namer.skipped]
    skipped = {id(entry) for entry in converted.unfaithful}
    converted.left_out = [entry for entry in converted.left_out if id(entry) not in skipped]
    return converted


def _not_written(deck: ResolvedDeck, to: str, namer: Namer, converted: Converted) -> set:
    """The keys of the entries that are not to read back, each reported already: kept as a comment (by design
    or because no line reads back as them), or left out (what the format cannot hold)."""
    return ({_key(entry) for entry in deck.entries if namer.skips(entry) or _kept_as_comment(entry, to)}
            | {_key(entry) for entry in converted.left_out})


def _kept_as_comment(entry: DeckEntry, to: str) -> bool:
    """An entry every writer of ``to`` keeps as a comment (or leaves out) by design, reported as an unknown card
    already: passcode 0; in YDK, a name no card has."""
    return entry.card is None and (entry.passcode == 0 or (to == "ydk" and entry.passcode is None))


def _key(entry: DeckEntry):
    """What an entry is, as far as reading it back must keep: its section and card (or name/passcode as written)."""
    if entry.card is not None:
        return entry.section, entry.card.passcode
    return entry.section, None, entry.passcode, entry.name


def _tally(entries) -> dict:
    found: dict = {}
    for entry in entries:
        found[_key(entry)] = found.get(_key(entry), 0) + entry.count
    return found


def _read_back(deck: ResolvedDeck, to: str, text: str, cards) -> tuple[set, bool]:
    """The keys (``_key``) whose copies differ once ``text`` is read back, and whether the deck's name came back."""
    from .parsers import parse_deck
    from .resolve import resolve

    parsed = parse_deck(text.encode("utf-8"), "converted" + FORMATS[to], READ_AS.get(to))
    back = resolve(parsed, cards)
    before, after = _tally(deck.entries), _tally(back.entries)
    wrong = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    if to in HOLDS_NAME and deck.name and back.name != deck.name:
        return wrong, False
    return wrong, True


class Namer:
    """The name to write for an entry: the card's official name in ``lang`` (English where the card has
    none in it), or, for a card no card of the data is, the name or passcode as written, escaped."""

    def __init__(self, cards, lang: str):
        self.cards, self.lang = cards, lang
        self.names = cards.other_names if cards is not None and lang != "en" else None
        self.skipped: set[int] = set()  # ids of entries written as a comment: no line reads back as them
        self.name_as_comment = False  # the deck's name does not read back: written as a comment
        self.by_passcode: set[int] = set()  # ids of entries whose name reads back as another card (text)

    def skips(self, entry: DeckEntry) -> bool:
        return id(entry) in self.skipped

    def comment(self, entry: DeckEntry, count: int | None = None) -> str:
        """A comment line keeping an entry no line of the format reads back as."""
        shown = self.plain(entry) if entry.card is not None else printable(entry.name or str(entry.passcode))
        return f"# {NOT_READ_BACK}: {entry.count if count is None else count} {shown}"

    def plain(self, entry: DeckEntry) -> str:
        card = entry.card
        if card is None:
            return printable(entry.name or str(entry.passcode))
        if self.lang != "en" and self.names is not None:
            return self.names.name_of(card.passcode, self.lang) or card.name
        return card.name

    def __call__(self, entry: DeckEntry) -> str:
        """The name as a decklist line holds it: the card "7" quoted ("2 7" would be 2 × passcode 7)."""
        if id(entry) in self.by_passcode:
            return str(_written_passcode(entry))
        name = self.plain(entry)
        return f'"{name}"' if entry.card is not None and name.isdigit() else name

    def ambiguous(self, entry: DeckEntry) -> bool:
        """Whether the name written for a card would be read as another card (Black Luster Soldier is a
        Ritual and a Normal Monster): YAML then gives its passcode too."""
        if self.cards is None or entry.card is None:
            return False
        return [c.passcode for c in self.cards.by_name(self(entry).strip('"'))] != [entry.card.passcode]


def _written_passcode(entry: DeckEntry) -> int | None:
    """The passcode to write: as written when it is the card's (an alternate artwork stays one), else the card's."""
    card = entry.card
    if card is None:
        return entry.passcode
    return entry.passcode if entry.passcode in card.passcodes else card.passcode


def _merged(entries: list[DeckEntry], section: str, key) -> list[tuple[DeckEntry, int]]:
    """The entries of a section merged by ``key(entry)``, in order of first appearance, with their copies."""
    merged: dict = {}
    for entry in entries:
        if entry.section != section:
            continue
        k = key(entry)
        if k in merged:
            merged[k][1] += entry.count
        else:
            merged[k] = [entry, entry.count]
    return [(entry, count) for entry, count in merged.values()]


def _unknown(entry: DeckEntry) -> bool:
    return entry.card is None


def _to_ydk(deck: ResolvedDeck, name) -> Converted:
    lines = ["#created by deckcheck"]
    for section in SECTIONS:
        lines.append({MAIN: "#main", EXTRA: "#extra", SIDE: "!side"}[section])
        for entry in deck.entries:
            if entry.section != section:
                continue
            passcode = _written_passcode(entry)
            if name.skips(entry):
                lines.append(name.comment(entry))
            elif passcode is None:
                lines.append(f"# {UNKNOWN_COMMENT}: {entry.count} {name(entry)}")  # name() escapes what it is given
            else:
                lines.extend([str(passcode)] * entry.count)
    return Converted("\n".join(lines) + "\n", [])


def _to_ydke(deck: ResolvedDeck, name) -> Converted:
    from .parsers.ydke import encode_ydke

    codes: dict[str, list[int]] = {section: [] for section in SECTIONS}
    left_out = []
    for entry in deck.entries:
        passcode = _written_passcode(entry)
        if passcode is None or name.skips(entry):
            left_out.append(entry)
        else:
            codes[entry.section].extend([passcode] * entry.count)
    return Converted(encode_ydke(codes[MAIN], codes[EXTRA], codes[SIDE]) + "\n", left_out)


def _yaml_string(text: str, flow: bool = False) -> str:
    """``text`` as a YAML scalar (in a ``{…}`` mapping if ``flow``): plain where that reads back as the
    same string, else double-quoted (JSON's escapes, which YAML reads; controls and bidi characters
    escaped too)."""
    plain = (text.isprintable() and ": " not in text and " #" not in text and not text.endswith((":", " "))
             and text[:1].isalnum() and not (flow and any(ch in text for ch in ",[]{}")))
    return text if plain else json_safe(json.dumps(text, ensure_ascii=False))


def _to_yaml(deck: ResolvedDeck, name) -> Converted:
    lines = []
    if deck.name:
        lines.append(f"# name: {printable(deck.name)}" if name.name_as_comment else f"name: {_yaml_string(deck.name)}")
    if deck.format:  # the format the deck declares (or a Rush deck's: its names mean Rush cards)
        lines.append(f"format: {_yaml_string(deck.format)}")
    for section in SECTIONS:
        merged = _merged(deck.entries, section, lambda e: (_written_passcode(e), None if e.card else e.name))
        if not merged:
            continue
        lines.append(f"{section}:")
        for entry, count in merged:
            passcode = _written_passcode(entry)
            if name.skips(entry):
                lines.append("  " + name.comment(entry, count))
            elif entry.card is None and entry.name is not None and not passcode:  # as written, never re-read
                lines.append(f"  - {{name: {_yaml_string(printable(entry.name), flow=True)}, count: {count}}}"
                             f"  # {UNKNOWN_COMMENT}")
            elif entry.card is not None and (passcode != entry.card.passcode or name.ambiguous(entry)):  # an artwork
                lines.append(f"  - {{name: {_yaml_string(name(entry), flow=True)}, passcode: {passcode}, count: {count}}}")
            elif entry.card is not None:
                lines.append(f"  - {_yaml_string(f'{count} {name(entry)}')}")
            elif passcode:
                lines.append(f"  - {{passcode: {passcode}, count: {count}}}  # {UNKNOWN_COMMENT}")
            elif passcode == 0:
                lines.append(f"  # {UNKNOWN_COMMENT}: {count} × passcode 0 (no card has it)")
            else:
                lines.append(f"  - {_yaml_string(f'{count} {name(entry)}')}  # {UNKNOWN_COMMENT}")
    if not any(line.endswith(":") and not line.startswith(" ") for line in lines):
        lines.append("main: []")
    return Converted("\n".join(lines) + "\n", [])


def group_of(entry: DeckEntry) -> str | None:
    """"Monster", "Spell" or "Trap" for a card (by its type), None for an unknown one or a Skill Card."""
    bits = entry.card.type if entry.card is not None else 0
    if bits & MONSTER:
        return "Monster"
    if bits & SPELL:
        return "Spell"
    if bits & TRAP:
        return "Trap"
    return None


def sheet_section(entries: list[DeckEntry], section: str) -> tuple[list[tuple[DeckEntry, int]], list[tuple[str | None, list[tuple[DeckEntry, int]]]]]:
    """A section as a registration sheet lists it, each card once with its copies, in the order listed:
    the entries of no Monster, Spell or Trap group (cards no card of the data is, Skill Cards), and the
    groups — ``Monster``, ``Spell`` and ``Trap`` for the Main and Side Deck (empty ones too), one group
    ``None`` for the Extra Deck."""
    merged = _merged(entries, section, lambda e: e.card.passcode if e.card else ("?", e.passcode, e.name))
    others = [(e, n) for e, n in merged if group_of(e) is None]
    if section == EXTRA:
        return others, [(None, [(e, n) for e, n in merged if group_of(e) is not None])]
    return others, [(group, [(e, n) for e, n in merged if group_of(e) == group]) for group in GROUPS]


def _to_text(deck: ResolvedDeck, name) -> Converted:
    lines = []
    if deck.name:
        if not name.name_as_comment:  # a name that would not read back (a ydke link in it) is left out
            lines.append(f"Deck: {printable(deck.name)}")
    for section in SECTIONS:
        others, groups = sheet_section(deck.entries, section)
        total = (sum(count for e, count in others if not name.skips(e))
                 + sum(count for _g, members in groups for e, count in members if not name.skips(e)))
        if not total and section != MAIN:
            continue
        if lines:
            lines.append("")
        lines.append(f"{SECTION_TITLES[section]} Deck ({total})")
        if others:
            lines.append(f"# {UNKNOWN_COMMENT} (as written), or not a Monster, Spell or Trap:")
            for entry, count in others:
                if name.skips(entry):
                    lines.append(name.comment(entry, count))
                elif entry.card is None and entry.passcode == 0:
                    lines.append(f"# {count} × passcode 0 (no card has it)")
                else:
                    lines.append(f"{count} {name(entry)}")
        for group, members in groups:
            if group is not None and members:
                lines.append(f"{group} ({sum(n for e, n in members if not name.skips(e))})")
            lines.extend(name.comment(entry, count) if name.skips(entry) else f"{count} {name(entry)}"
                         for entry, count in members)
    return Converted("\n".join(lines) + "\n", [])


def _by_konami_id(deck: ResolvedDeck, name) -> tuple[dict[str, list[int]], list[DeckEntry]]:
    """Each section's Konami IDs, one per copy, and the entries that have none (cards without one, unknown cards)
    or that do not read back as themselves (``name.skips``)."""
    ids: dict[str, list[int]] = {section: [] for section in SECTIONS}
    left_out = []
    for entry in deck.entries:
        if name.skips(entry):
            left_out.append(entry)
            continue
        konami_id = entry.card.konami_id if entry.card is not None else None
        if konami_id is None:
            left_out.append(entry)
        else:
            ids[entry.section].extend([konami_id] * entry.count)
    return ids, left_out


def _to_konami_ids(deck: ResolvedDeck, name) -> Converted:
    from .parsers.konami_ids import encode_konami_ids

    ids, left_out = _by_konami_id(deck, name)
    sections = {}
    for section, codes in ids.items():
        counts: dict[int, int] = {}
        for konami_id in codes:
            counts[konami_id] = counts.get(konami_id, 0) + 1
        sections[section] = list(counts.items())
    text = encode_konami_ids(sections)
    if deck.name and not name.name_as_comment:  # a comment: the list holds no name (left out if it misleads)
        text = f"# {printable(deck.name)}\n" + text
    return Converted(text, left_out)


def _to_md_json(deck: ResolvedDeck, name) -> Converted:
    from .parsers.md_json import encode_md_json

    ids, left_out = _by_konami_id(deck, name)
    return Converted(json_safe(encode_md_json(None if name.name_as_comment else deck.name, ids)), left_out)


def _fitting(deck: ResolvedDeck, name, encode) -> Converted:
    """``encode(codes)`` of the deck's passcodes; when the code cannot hold the deck (``ValueError``), the
    entries that do not fit are left out, last first, until it can. An entry that does not read back as
    itself (``name.skips``) is left out too."""
    kept: list[tuple[DeckEntry, int]] = []
    left_out: list[DeckEntry] = []
    for entry in deck.entries:
        passcode = _written_passcode(entry)
        if passcode is None or name.skips(entry):
            left_out.append(entry)
        else:
            kept.append((entry, passcode))
    while True:
        codes: dict[str, list[int]] = {section: [] for section in SECTIONS}
        for entry, passcode in kept:
            codes[entry.section].extend([passcode] * entry.count)
        try:
            return Converted(encode(codes) + "\n", left_out)
        except ValueError:
            if not kept:
                raise
            left_out.append(kept.pop()[0])


def _to_mycard(deck: ResolvedDeck, name) -> Converted:
    from .parsers.mycard import encode_mycard

    return _fitting(deck, name, encode_mycard)


def _to_ygomobile(deck: ResolvedDeck, name) -> Converted:
    from .parsers.ygomobile import encode_ygomobile

    return _fitting(deck, name, lambda codes: encode_ygomobile(None if name.name_as_comment else deck.name, codes))


_WRITERS = {"ydk": _to_ydk, "ydke": _to_ydke, "yaml": _to_yaml, "text": _to_text, "konami-ids": _to_konami_ids,
            "md-json": _to_md_json, "mycard": _to_mycard, "ygomobile": _to_ygomobile}


# ---- a decklist converted, with what it could not keep (Session.convert) ---------------------------------------

UNFAITHFUL = "not-read-back"  # the rule id of an entry no line of the output format reads back as
LEFT_OUT = "left-out"  # the rule id of a known card the output format cannot hold
REPORTED = ("unreadable", "syntax", "placeholder-passcode", "unofficial-name", "inexact-name")  # of reading the deck
LOST = ("unknown-card", UNFAITHFUL, LEFT_OUT)  # a card that is not in the output as itself


@dataclass(frozen=True)
class Conversion:
    """One deck written in another format: ``text`` (None when the decklist could not be read) and every
    problem, in the order met: what reading the deck found (``unreadable``, ``syntax``, a name written
    inexactly …), each card no card of the data is (``unknown-card``: how the output keeps it, or that it
    leaves it out), each entry no line of the output reads back as (``not-read-back``: kept as a comment or
    left out) and each known card the output cannot hold (``left-out``). Each with its line and a fix."""

    path: str  # the deck as named (its file as shown, or the name given)
    to: str  # the output format (a key of FORMATS)
    text: str | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def unreadable(self) -> bool:
        return self.text is None

    @property
    def complete(self) -> bool:
        """Every card of the deck is in ``text`` as itself (nothing unknown, left out or kept as a comment)."""
        return self.text is not None and not any(p.rule in LOST for p in self.problems)


def check_target(to: str, lang: str = "en") -> None:
    """UsageError unless ``to`` is an output format and ``lang`` a language of card names it can be written in."""
    from .errors import UsageError

    if to not in FORMATS:
        raise UsageError(f"unknown output format {to!r}; choose one of: {', '.join(FORMATS)}")
    if lang == "en":
        return
    from .names import EDOPRO, LANGUAGES  # (read only for another language: English needs no other names)

    if lang not in LANGUAGES or lang == EDOPRO:
        raise UsageError(f"unknown language {lang!r}; choose one of: {', '.join(k for k in LANGUAGES if k != EDOPRO)}")
    if to not in ("yaml", "text"):
        raise UsageError(f"--lang applies to --to yaml and --to text (a {to} holds passcodes, not names)")


def convert_parsed(parsed: ParsedDeck, to: str, cards, formats, chosen=None, lang: str = "en") -> Conversion:
    """A parsed deck written as ``to``: its names read as cards of its game (``rushdb.decklist_game``: the format
    ``chosen``'s, else the one it declares, else what its codes are), then converted, with every problem. The card
    index ``cards`` is the OCG/TCG one (``for_game`` gives Rush's); ``parsed`` is not changed."""
    from .resolve import resolve
    from .rules import unknown_card
    from .rushdb import RUSH, decklist_game

    game = decklist_game(parsed, formats, chosen)
    index = cards.for_game(game)
    resolved = resolve(parsed, index)
    if game == RUSH and not resolved.format:
        resolved.format = chosen.id if chosen is not None else RUSH  # YAML says so: it reads back as Rush
    problems = [p for p in resolved.problems if p.rule in REPORTED]
    if parsed.unreadable:
        return Conversion(parsed.path, to, None, problems)
    unknown = list(unknown_card.check(resolved, None))
    converted = convert(resolved, to, index, lang)
    problems += [Problem(p.rule, p.severity, f"{p.message}; {kept_as(to, p.card)}", p.section, p.line, p.card, p.fix)
                 for p in unknown]
    kept = "kept as a comment" if to in COMMENTS else "left out"
    for entry in converted.unfaithful:  # a line of the format would read back as another card, or as none
        shown = entry.card.name if entry.card else entry.name or str(entry.passcode)
        problems.append(Problem(
            UNFAITHFUL, ERROR, f"{entry.count} {shown}: no {to} line reads back as this card: {kept}", entry.section,
            entry.line, entry.ref(), f"add the card by hand where the deck is loaded (the {to} output cannot say it)"))
    for entry in converted.left_out:
        if entry.card is not None:  # a known card the output cannot hold (no Konami ID, does not fit)
            problems.append(Problem(
                LEFT_OUT, ERROR, f"{entry.card.name} ({entry.card.passcode}): left out of the {to} output: "
                f"{why_left_out(to)}", entry.section, entry.line, entry.ref(),
                "add the card by hand where the deck is loaded, or convert to ydk or yaml, which hold every card"))
    return Conversion(parsed.path, to, converted.text, problems)


def why_left_out(to: str) -> str:
    """Why the output format ``to`` cannot hold a known card that it left out."""
    if to in ("konami-ids", "md-json"):
        return "the card has no Konami ID in the card data"
    if to == "ygomobile":
        return "a YGOMobile link holds at most 255 Main and 15 Extra and 15 Side Deck entries, 27-bit passcodes"
    return "a MyCard code holds 28-bit passcodes only"


def kept_as(to: str, card) -> str:
    """How the output format ``to`` keeps a card that no card of the data is (``card``: its CardRef as written;
    README, "Converting")."""
    passcode = card.passcode if card is not None else None
    if passcode and to in ("konami-ids", "md-json"):
        return f"left out: {to} holds Konami IDs only"
    if passcode:
        return "kept as its passcode"
    if passcode == 0:
        return "kept as its passcode" if to in ("ydk", "ydke") else "kept as a comment line (passcode 0 is no card)"
    if to == "ydke":
        return "left out: a ydke link holds passcodes only"
    if to in ("mycard", "ygomobile"):
        return f"left out: a {'MyCard code' if to == 'mycard' else 'YGOMobile link'} holds passcodes only"
    if to in ("konami-ids", "md-json"):
        return f"left out: {to} holds Konami IDs only"
    return "kept as a comment line" if to == "ydk" else "kept as written"
