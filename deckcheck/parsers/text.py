"""Text decklists, as players, deck sites and guides write them.

    Main Deck (40)                       a section header; its count is checked
    Monsters (18)                        a group of the Main Deck (Spells, Traps too)
    3 Ash Blossom & Joyous Spring        "<count> <name>"
    3x Effect Veiler                     "3x", "3 x", "x3 …", "… x3", "… ×3", "… (x3)"
    - Infinite Impermanence x2           bullets (- * • ·) and numbering are ignored
    Called by the Grave                  a name alone: 1 copy
    14558127                             a passcode, with or without a count
    Extra Deck: 15
    Side Deck — 15

Headers are recognised in English and in the other languages deckcheck reads names in (Extra,
Extradeck, Deck Extra, エクストラデッキ …; Monster, Zauber, Falle, Pièges, 罠 …), with an optional
count in any of the shapes sites print ("(40)", ": 40", "— 15", "[15]", "40 cards"). Monster,
Spell and Trap groups are Main Deck cards, or Side Deck cards under a Side Deck header. YDK
markers (#main, #extra, !side) work too. Deck and player lines ("Deck: Branded", "Name: …")
give the deck's name, and so does a first line that is a name alone (no count) when no card has that
name ("Snake-Eye Fire King - my locals list": resolve decides, with an info note); ``Skill: Magician's
Act`` is the deck's Skill Card (Speed Duel); comments (# …, // …), separators (-----), web addresses and a total line
are skipped; set codes and rarities after a name ("(MACR-EN036)", "[Secret Rare]") are left out.

Every other line is a card line. A line that cannot be one (a count of 0 or over 99, a count
with no name, a line too long for a card) is a ``syntax`` warning with its line and skipped. A
header whose count differs from the cards listed under it is a ``syntax`` warning on the header.
"""

from __future__ import annotations

import re
import unicodedata

from deckcheck.limits import NAME_LIMIT, Omitted, clip, max_entries, max_problems
from deckcheck.model import EXTRA, MAIN, SIDE, WARNING, DeckEntry, ParsedDeck, Problem
from deckcheck.parsers.common import readable_text
from deckcheck.parsers.ydk import LINES_PER_ENTRY, unreadable
from deckcheck.parsers.yaml_deck import MAX_COUNT, parse_card_line

__all__ = ["parse_text", "looks_like_text_decklist", "HEADERS"]

MAX_LINE = NAME_LIMIT + 100  # characters: a card line is a count, a name of at most 63 and a note

MONSTER, SPELL, TRAP = "monster", "spell", "trap"
# Header words (folded: lowercase, "-" and "_" as spaces, one space) -> the section or group they start.
HEADERS: dict[str, str] = {}
for _words, _kind in (
    # Main Deck
    ("main|main deck|maindeck|deck|deck list|decklist|main deck list|hauptdeck|deck principal|mazzo principale|"
     "deck principale|baraja principal|mazo principal|deck principal|メインデッキ|メイン|메인 덱|메인덱|"
     "主卡组|主牌組|主卡組|主牌组", MAIN),
    ("extra|extra deck|extradeck|ex deck|deck extra|mazzo extra|baraja extra|mazo extra|deck adicional|"
     "エクストラデッキ|エクストラ|엑스트라 덱|엑스트라덱|额外卡组|額外牌組|额外牌组|額外卡組", EXTRA),
    ("side|side deck|sidedeck|sideboard|side board|deck side|mazzo side|mazzo laterale|baraja auxiliar|"
     "baraja lateral|mazo auxiliar|deck auxiliar|サイドデッキ|サイド|사이드 덱|사이드덱|副卡组|副牌組|副卡組|副牌组|備牌", SIDE),
    # groups of the Main (or Side) Deck
    ("monster|monsters|monster cards|monster card|main deck monsters|monsterkarten|monsterkarte|monstre|monstres|"
     "cartes monstre|mostro|mostri|carte mostro|monstruo|monstruos|cartas de monstruo|monstro|monstros|"
     "cartas de monstro|モンスター|モンスターカード|몬스터|몬스터 카드|怪兽|怪獸|怪兽卡|怪獸卡", MONSTER),
    ("spell|spells|spell cards|spell card|magic|magic cards|zauber|zauberkarten|zauberkarte|magie|magies|"
     "cartes magie|carte magia|magia|magias|mágica|mágicas|cartas mágicas|cartas de magia|魔法|魔法カード|마법|"
     "마법 카드|魔法卡", SPELL),
    ("trap|traps|trap cards|trap card|falle|fallen|fallenkarten|fallenkarte|piège|pièges|piege|pieges|"
     "cartes piège|trappola|trappole|carte trappola|trampa|trampas|cartas de trampa|armadilha|armadilhas|"
     "cartas de armadilha|罠|罠カード|함정|함정 카드|陷阱|陷阱卡", TRAP),
):
    for _word in _words.split("|"):
        HEADERS[_word] = _kind
_GROUPS = (MONSTER, SPELL, TRAP)

# A header's count: "Main Deck (40)", "Main Deck [40 cards]:", "Main Deck: 40", "Side Deck — 15", "Extra 15 cards"
_COUNT_IN_BRACKETS = re.compile(r"(.*?)\s*[(\[（【]\s*(\d{1,3})\s*(?:cards?|karten|cartes|carte|cartas|枚|장|张|張)?\s*"
                                r"[)\]）】]\s*[:：]?", re.I)
_COUNT_AFTER = re.compile(r"(.*?)\s*(?:[:：]|\s[-–—]|[-–—]\s)\s*(\d{1,3})\s*(?:cards?|karten|cartes|carte|cartas|枚|장|张|張)?"
                          r"\s*[:：]?", re.I)
_COUNT_WORDS = re.compile(r"(.*?)\s+(\d{1,3})\s*(?:cards?|karten|cartes|carte|cartas|枚|장|张|張)\s*[:：]?", re.I)
_DECORATION = "*_=#>~|`-–— "  # markdown emphasis and headings, rules around a header
_BULLET = re.compile(r"(?:[-*•·+▪►‣◦–—]|\d{1,3}[.)])\s+")
_SEPARATOR = re.compile(r"[\W_]+")  # a line of punctuation only: -----, =====, ***
_URL = re.compile(r"(?:https?://|www\.)\S*$", re.I)
_TOTAL = re.compile(r"total(?:\s+cards?)?\s*(?:[:：(\[]|\s)\s*\d{1,3}\s*[)\]]?(?:\s*cards?)?", re.I)
_METADATA = re.compile(r"(deck|deck name|deck list|name|title|player|player name|author|by|created by|format|event|date|archetype|"
                       r"notes?|banlist|list)\s*[:：]\s*(.*)", re.I)
_NAME_KEYS = frozenset(("deck", "deck name", "deck list", "name", "title"))
_SKILL = re.compile(r"skill(?:\s+card)?\s*[:：]\s*(\S.*)", re.I)  # how Speed Duel lists write their Skill Card
# after the name: "(x3)", "(3x)", "(3)", or "×3" against the name
_COUNT_NOTE = re.compile(r"(.*?)\s*(?:[(\[]\s*[xX×*]?\s*(\d{1,2})\s*[xX×]?\s*[)\]]|(?<=\S)×(\d{1,2}))")
_X_FIRST = re.compile(r"[xX×](\d{1,2})\s+(\S.*)")
_COUNT_ONLY = re.compile(r"(\d{1,2})\s*[xX×]|[xX×]\s*(\d{1,2})")
# notes after a name: set codes, rarities, list statuses, a comment
_SET_CODE = r"[A-Z0-9]{2,5}-(?:[A-Z]{1,2})?\d{2,3}[A-Z]?"
_RARITY = (r"common|rare|super rare|ultra rare|secret rare|ultimate rare|ghost rare|starlight rare|collector'?s rare|"
           r"quarter century secret rare|prismatic secret rare|platinum secret rare|gold rare|premium gold rare|"
           r"starfoil rare|mosaic rare|shatterfoil rare|short print|n|r|sr|ur|limited|semi-limited|semi limited|"
           r"forbidden|unlimited|tcg|ocg|alt art|alternate art")
_NOTE = re.compile(rf"(.*?\S)\s*(?:[(\[]\s*(?:{_SET_CODE}|{_RARITY})\s*[)\]])+", re.I)
_COMMENT = re.compile(r"(.*?\S)\s+(?://|#\s|--\s).*")
_YDK_MARKERS = {"#main": MAIN, "#extra": EXTRA, "!side": SIDE}


def _fold_header(title: str) -> str:
    text = unicodedata.normalize("NFKC", title).casefold().replace("-", " ").replace("_", " ")
    return " ".join(text.strip(" :：.").split())


def header(line: str) -> tuple[str, int | None] | None:
    """(section or group, declared count or None) if ``line`` is a header, else None."""
    core = line.strip().strip(_DECORATION).strip()
    if not core or len(core) > 60 or core[0].isdigit():
        return None
    for pattern in (_COUNT_IN_BRACKETS, _COUNT_AFTER, _COUNT_WORDS):
        m = pattern.fullmatch(core)
        if m:
            kind = HEADERS.get(_fold_header(m.group(1).strip(_DECORATION)))
            if kind is not None:
                return kind, int(m.group(2))
    kind = HEADERS.get(_fold_header(core))
    return (kind, None) if kind is not None else None


def card_line(line: str) -> tuple[int, str | None, int | None, str | None]:
    """(count, name, passcode, error) of a card line (``yaml_deck.parse_card_line``'s forms and more)."""
    s = line.strip()
    bullet = _BULLET.match(s)
    if bullet and not s[:1].isdigit():  # "- 3 Ash Blossom"; "1) …" and "1. …" numbering too
        s = s[bullet.end():]
    elif bullet and re.match(r"\d{1,3}[.)]\s", s):
        s = s[bullet.end():]
    s = s.strip().strip("*_").strip()
    comment = _COMMENT.fullmatch(s)
    if comment:
        s = comment.group(1)
    trimmed = _NOTE.fullmatch(s)
    if trimmed:
        s = trimmed.group(1)
    only = _COUNT_ONLY.fullmatch(s)
    if only:
        return int(only.group(1) or only.group(2)), None, None, None
    m = _X_FIRST.fullmatch(s)
    if m:
        s = f"{m.group(1)} {m.group(2)}"
    note = _COUNT_NOTE.fullmatch(s)
    if note and note.group(1) and not note.group(1)[:1].isdigit():
        s = f"{note.group(1)} x{note.group(2) or note.group(3)}"
    count, name, passcode, error = parse_card_line(s)
    if name is not None:
        trimmed = _NOTE.fullmatch(name)
        name = clip((trimmed.group(1) if trimmed else name).strip(), NAME_LIMIT)
    return count, name, passcode, error


class _Group:
    """A header with a count, and the cards counted under it so far."""

    __slots__ = ("line", "written", "declared", "read", "first", "last")

    def __init__(self, line: int, written: str, declared: int):
        self.line, self.written, self.declared = line, written, declared
        self.read = 0
        self.first: int | None = None  # the lines of the first and the last card counted under it
        self.last: int | None = None

    def add(self, count: int, line: int) -> None:
        self.read += count
        self.first = self.first or line
        self.last = line


def parse_text(data: bytes, path: str) -> ParsedDeck:
    """Parse a text decklist. Never raises; problems are recorded in ``ParsedDeck.problems``."""
    deck = ParsedDeck(path=path)
    text = readable_text(deck, data, "this looks like a saved web page; copy the decklist's text instead")
    if text is None:
        return deck
    line_limit = LINES_PER_ENTRY * max_entries()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n", line_limit)
    if len(lines) > line_limit:
        return unreadable(deck, f"not a decklist: more than {line_limit:,} lines; a deck has at most 90 cards", None,
                          "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)")
    return _Reader(deck).read(lines)


class _Reader:
    def __init__(self, deck: ParsedDeck):
        self.deck = deck
        self.section = MAIN
        self.side_header = False  # a Side Deck header was read: groups after it are Side Deck groups
        self.deck_group: _Group | None = None  # the last Main/Extra/Side header with a count
        self.sub_group: _Group | None = None  # the last Monster/Spell/Trap header with a count
        self.left_out = 0
        self.first_left_out: int | None = None
        self.started = False  # a header, a deck line or a card has been read

    def warn(self, line: int, message: str, fix: str, section: str | None = None) -> None:
        problems = self.deck.problems
        if len(problems) < max_problems():
            problems.append(Problem("syntax", WARNING, message, section, line, None, fix))
        else:
            self.left_out += 1
            self.first_left_out = self.first_left_out or line

    def close(self, group: _Group | None, section: str) -> None:
        if group is None or group.read == group.declared:
            return
        where = f" (lines {group.first}–{group.last})" if group.first and group.first != group.last else (
            f" (line {group.first})" if group.first else "")
        self.warn(group.line, f"{clip(group.written)!r} says {group.declared} cards, but {group.read} "
                  f"{'is' if group.read == 1 else 'are'} listed under it{where}",
                  "check the list against the deck: a card may be missing or written twice, or the count is wrong",
                  section)

    def read(self, lines: list[str]) -> ParsedDeck:
        deck = self.deck
        entry_limit = max_entries()
        for lineno, raw in enumerate(lines, 1):
            s = raw.strip().lstrip("\ufeff\u200b")
            if not s:
                continue
            marker = _YDK_MARKERS.get(s.lower())
            if marker is not None:
                self.started = True
                self.switch(marker, lineno, s, None)
                continue
            found = header(s)
            if found is not None:
                self.started = True
                kind, declared = found
                self.switch(kind, lineno, s, declared)
                continue
            if s.startswith(("#", "//", ";")) or _SEPARATOR.fullmatch(s) or _URL.match(s) or _TOTAL.fullmatch(s):
                continue
            skill = _SKILL.fullmatch(s)
            if skill:
                self.started = True
                skill_name = clip(skill.group(1).strip(), NAME_LIMIT)
                deck.entries.append(DeckEntry(MAIN, lineno, None, skill_name, 1, clip(s, NAME_LIMIT)))
                continue
            meta = _METADATA.fullmatch(s)
            if meta:
                self.started = True
                if meta.group(1).lower() in _NAME_KEYS and meta.group(2).strip() and deck.name is None:
                    deck.name = clip(meta.group(2).strip(), NAME_LIMIT)
                continue
            if len(s) > MAX_LINE:
                self.warn(lineno, f"{clip(s)!r} is {len(s):,} characters long, too long to be a card; line skipped",
                          "write one card per line: a count and the card's name", self.section)
                continue
            count, name, passcode, error = card_line(s)
            if error is not None or (name is None and passcode is None):
                if error is None:
                    reason = "a count without a card name"
                elif error.startswith("count"):
                    reason = f"{count:,} is not a number of copies (1 to {MAX_COUNT})"
                else:
                    reason = error
                self.warn(lineno, f"{clip(s)!r}: {reason}; line skipped",
                          "write the line as a count and the card's name, e.g. 3 Ash Blossom & Joyous Spring",
                          self.section)
                continue
            if len(deck.entries) >= entry_limit:
                return unreadable(deck, f"not a decklist: more than {entry_limit:,} card lines (line {lineno:,} is "
                                  f"card {entry_limit + 1:,}); a deck has at most 90 cards", lineno,
                                  "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)")
            if not self.started and name is not None and passcode is None and count == 1 and s == name:
                deck.title_line = lineno  # a name alone on the first line: a title, unless a card has it (resolve)
            self.started = True
            deck.entries.append(DeckEntry(self.section, lineno, passcode, name, count, clip(s, NAME_LIMIT)))
            for group in (self.deck_group, self.sub_group):
                if group is not None:
                    group.add(count, lineno)
        self.close(self.sub_group, self.section)
        self.close(self.deck_group, self.section)
        if self.left_out:
            deck.problems.append(Omitted("syntax", WARNING, self.left_out, None, self.first_left_out, max_problems()))
        if not deck.entries and not deck.problems:
            return unreadable(deck, "no decklist found (no card lines)", None,
                              "write one card per line: a count and the card's name, e.g. 3 Ash Blossom & Joyous Spring")
        return deck

    def switch(self, kind: str, lineno: int, written: str, declared: int | None) -> None:
        """A header: a section (Main, Extra, Side) or a group (Monster, Spell, Trap) starts."""
        self.close(self.sub_group, self.section)
        self.sub_group = None
        if kind in _GROUPS:
            self.section = SIDE if self.side_header and self.section == SIDE else MAIN
            if declared is not None:
                self.sub_group = _Group(lineno, written, declared)
            return
        self.close(self.deck_group, self.section)
        self.deck_group = _Group(lineno, written, declared) if declared is not None else None
        self.section = kind
        self.side_header = kind == SIDE


def looks_like_text_decklist(text: str) -> bool:
    """Whether a text file (found by searching a folder) is a decklist: a header and a card line,
    or mostly lines of a count and a name (a README, a licence or notes are not)."""
    headers = counted = named = other = 0
    for raw in text.splitlines():
        s = raw.strip()
        if not s or s.startswith(("#", "//")) or _SEPARATOR.fullmatch(s) or _URL.match(s) or len(s) > MAX_LINE:
            continue
        if header(s) is not None:
            headers += 1
            continue
        count, name, passcode, error = card_line(s)
        if error is None and (name or passcode) and (count > 1 or s[:1].isdigit() or passcode is not None):
            counted += 1
        elif error is None and name and len(name) <= 70:
            named += 1
        else:
            other += 1
    if headers and counted + named:
        return True
    return counted >= 3 and counted * 2 > counted + named + other
