"""Resolve: give each decklist entry its card, or say why it has none, and tally the deck.

A name no card has that one card only may be meant by (a short form players write, "3 Ash Blossom";
a misspelling, "Snake-Eye Oaak") is read as that card with an ``inexact-name`` warning. Other unknown
names get "did you mean" suggestions, for the first ``limits.MAX_SUGGESTED_NAMES`` distinct names
of a deck (a suggestion search costs about a millisecond), in the language the name is written in.
A card named by EDOPro's own name for it gets an ``unofficial-name`` warning.
"""

from __future__ import annotations

from typing import Any, cast

from .carddb import CardIndex
from .folding import fold_words, in_latin_script, mostly_folded, normalize_name
from .limits import MAX_LOOSE_NAMES, MAX_SUGGESTED_NAMES, NAME_LIMIT, clip
from .model import EXTRA, INFO, MAIN, WARNING, Card, DeckEntry, ParsedDeck, Problem, ResolvedDeck

_UNSEEN: Any = object()  # a passcode the index has not looked up yet
PLACEHOLDER_RULE = "placeholder-passcode"
UNOFFICIAL_NAME_RULE = "unofficial-name"
INEXACT_NAME_RULE = "inexact-name"
INEXACT_MIN_LETTERS = 4  # "Nibi" may name Nibiru; "Ash" names a dozen cards, and "C" every one
DECK_KINDS = frozenset(("main", "extra"))
EDOPRO_NAMES = "edopro"  # the names.jsonl column of EDOPro's own names


def _placeholder(entry, cards: CardIndex, problems: list[Problem]):
    target = cards.placeholder_target(entry.passcode)
    card = cards.by_passcode(target) if target is not None else None
    if card is not None:
        problems.append(
            Problem(
                PLACEHOLDER_RULE,
                WARNING,
                f"{entry.passcode} is a prerelease placeholder; read as {card.name} ({card.passcode})",
                entry.section,
                entry.line,
                card.ref,
                f"replace {entry.passcode} with the official passcode {card.passcode}",
            )
        )
    return card


def _read_leading_number_as_name(entry, cards: CardIndex, problems: list[Problem]) -> None:
    """"7 Colored Fish" is read as 7 × "Colored Fish"; when only the whole text names a card, take that."""
    written = entry.text.strip().strip("\"'") if entry.text else ""
    if entry.count == 1 or not written[:1].isdigit() or cards.by_name(entry.name):
        return
    found = cards.by_name(written)
    if len(found) == 1:
        problems.append(
            Problem(
                "syntax",
                WARNING,
                f"{clip(written)!r} read as 1 copy of {found[0].name} (no card is named {clip(entry.name)!r})",
                entry.section,
                entry.line,
                found[0].ref,
                f"write '1 {found[0].name}' to say the count",
            )
        )
        entry.name, entry.count = written, 1


def _maximum_piece(entry, cards: CardIndex) -> None:
    """"Draco [R]": a text list reads "[L]"/"[R]" after a name as a rarity note, but they end the names of the
    left and right pieces of Rush Duel's Maximum monsters; when the line has one and a card has that name, take it."""
    for mark in (" [L]", " [R]"):
        piece = entry.name + mark
        if piece in entry.text and cards.by_name(piece, other_game=False):
            entry.name = piece
            return


def suggest(cards: CardIndex, name: str, limit: int = 3) -> list[str]:
    """"Did you mean" for a name in any language: for plain ASCII, the English suggestions when there
    are any; else the names of the query's script closest to it (``ranking.closest``), then the English
    suggestions."""
    english = cards.suggest(name, limit)
    if (english and name.isascii()) or len(name) > NAME_LIMIT:
        return english
    found: list[str] = []
    for candidate in cards.other_closest_names(name, limit):
        if candidate not in found:
            found.append(candidate)
    for english_name in english if mostly_folded(name) else ():  # then the English names close to it
        if english_name not in found:
            found.append(english_name)
    return found[:limit]


def _suggestions(name: str, cards: CardIndex, asked: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    found = asked.get(name)
    if found is None:
        if len(asked) >= MAX_SUGGESTED_NAMES:
            return ()
        found = asked[name] = tuple(suggest(cards, name))
    return found


def _unofficial_name(entry, card, cards: CardIndex, problems: list[Problem]) -> None:
    """A card named by EDOPro's cdb name where Konami's differs: read as the card, with a warning."""
    if cards.name_languages.get(entry.name) == {EDOPRO_NAMES}:
        problems.append(
            Problem(
                UNOFFICIAL_NAME_RULE,
                WARNING,
                f"{clip(entry.name)!r} is EDOPro's name for this card; its official name is {card.name}",
                entry.section,
                entry.line,
                card.ref,
                f"write the official name: {card.name}",
            )
        )


INEXACT_CANDIDATES = 50  # names the contains-search may give; as many means too many to be sure of one


def _words_in_order(words: list[str], name: str) -> bool:
    """Whether each of ``words`` begins a word of ``name`` (folded), in order, each a word of its own."""
    at = 0
    for word in fold_words(name).split():
        if at < len(words) and word.startswith(words[at]):
            at += 1
    return at == len(words)


def _short_form_of(name: str, cards: CardIndex) -> list[Card] | None:
    """The deck cards (one per name group) whose names have every word of ``name``, in order, each beginning a
    word of its own ("Imperm", "droll lock bird"), for a mostly-Latin name of at least ``INEXACT_MIN_LETTERS``
    letters; ``INEXACT_CANDIDATES`` of them or more when there are too many to list. None for a name too
    short, not mostly Latin, or that no card's name holds."""
    folded = fold_words(name)
    if len(folded.replace(" ", "")) < INEXACT_MIN_LETTERS or not mostly_folded(name, folded):
        return None
    found, contains = cards.search(name, INEXACT_CANDIDATES, misspelt=False)
    if not contains:
        return None
    if len(found) >= INEXACT_CANDIDATES:
        return found
    words = folded.split()
    fitting = {card.group: card for card in found if card.kind in DECK_KINDS and _words_in_order(words, card.name)}
    return list(fitting.values())


def _inexact_match(name: str, cards: CardIndex) -> Card | None:
    """The one deck card ``name`` is a short form of (``_short_form_of``); None when no card or several."""
    fitting = _short_form_of(name, cards)
    return fitting[0] if fitting is not None and len(fitting) == 1 else None


MISSPELT_EDITS = 2  # a misspelling read as a card is at most 2 edits from its name ("Snake-Eye Oaak": 1),
MISSPELT_LETTERS_PER_EDIT = 6  # with 6 letters or more for each edit ("Jinz" may be no misspelling of "Jinzo"),
MISSPELT_MARGIN = 2  # and every other card's name is 2 edits further or more ("Harpie Lady 4": 1 edit from 3 cards)


def _letters(name: str, cards: CardIndex) -> int:
    """How many letters and digits of ``name`` its fold keeps (the English fold, or its script's)."""
    return len(normalize_name(name)) if in_latin_script(name) else len(cards.other_names.fold(name))


Near = tuple[int, int, list[Card], str | None]  # CardIndex.near_names: edits, letters, cards, English name


def _misspelt_match(name: str, cards: CardIndex) -> tuple[Card, int, bool] | None:
    """The one deck card whose name ``name`` misspells, by how many edits (a letter added, dropped or changed, or
    two side by side swapped), and whether it misspells only the start of it. A misspelling is at most
    ``MISSPELT_EDITS`` edits from the card's name, one for every ``MISSPELT_LETTERS_PER_EDIT`` letters or more,
    and every other card's name (and the other game's) is at least ``MISSPELT_MARGIN`` edits further: for a
    name in plain ASCII the English names, as for "did you mean" (``suggest``), or when none is near, those and
    the names of the other languages in the Latin script; for any other name the names of its script, with
    the English names for a Latin one. When no whole name is that close, the same of the start of the English
    names ("Ash Blosom", "mirror jade"), if the start it misspells is a short form of that one card only
    (``_inexact_match``). None when no card or several are that close."""
    within = MISSPELT_EDITS + MISSPELT_MARGIN - 1
    written = _letters(name, cards)
    if written < MISSPELT_LETTERS_PER_EDIT:  # too short to be read for what it misspells
        return None
    english = name.isascii()  # plain ASCII: the English names first, as for "did you mean" (``suggest``)
    near = cards.near_names(name, within, other_languages=not english)
    if english and not _near_enough(near, written):
        near = cards.near_names(name, within)  # and the names of the other languages in the Latin script
    starts = not _near_enough(near, written)
    if starts:  # no whole name is near enough: the start of one? (any other name near it still counts against)
        near = sorted(cards.near_names(name, within, starts=True) + [n for n in near if n[3] is None],
                      key=lambda n: n[0])
    found = _one_card(near, written if starts else min([written] + [n[1] for n in near[:1]]))
    if found is None:
        return None
    card, edits = found
    other = _other_game(cards)  # as near a name of the other game (not the same name: both have Dark Magician)
    if other is not None and any(normalize_name(c.name) != normalize_name(card.name) for _d, _l, found_there, _k
                                 in other.near_names(name, edits, starts, not english) for c in found_there):
        return None
    if starts:
        key = next((key for distance, _letters, found_here, key in near
                    if distance == edits and key is not None and card in found_here), None)
        short = _inexact_match(_start_meant(name, key), cards) if key is not None else None
        if short is None or short.passcode != card.passcode:
            return None
    return card, edits, starts


def _near_enough(near: list[Near], letters: int) -> bool:
    """Whether the nearest of ``near`` (fewest edits first) is near enough to be read as a misspelling of it."""
    return bool(near) and near[0][0] <= MISSPELT_EDITS and near[0][0] * MISSPELT_LETTERS_PER_EDIT <= min(letters,
                                                                                                      near[0][1])


def _one_card(near: list[Near], letters: int) -> tuple[Card, int] | None:
    """The deck card of the nearest names (``near``: fewest edits first) and their edits, when they name one card,
    no other card's name is within ``MISSPELT_MARGIN`` edits more, and the edits are few
    enough for ``letters``."""
    if not near or near[0][0] > MISSPELT_EDITS or near[0][0] * MISSPELT_LETTERS_PER_EDIT > letters:
        return None
    edits = near[0][0]
    if len({card.passcode for distance, _letters, found, _key in near if distance < edits + MISSPELT_MARGIN
            for card in found}) != 1:  # one card (not one name group: Harpie Lady 1 is no Harpie Lady 2)
        return None
    card = next((card for distance, _letters, found, _key in near if distance == edits for card in found
                 if card.kind in DECK_KINDS), None)
    return (card, edits) if card is not None else None


def _start_meant(name: str, key: str) -> str:
    """The start of ``key`` (a name folded by words) that ``name`` is fewest edits from, its words apart."""
    from rapidfuzz.distance import OSA

    written, compact = normalize_name(name), key.replace(" ", "")
    lengths = range(max(1, len(written) - MISSPELT_EDITS), len(written) + MISSPELT_EDITS + 1)
    length = min(lengths, key=lambda n: (OSA.distance(written, compact[:n]), abs(n - len(written))))
    at = 0
    for i, ch in enumerate(key):
        if ch != " ":
            at += 1
            if at == length:
                return key[:i + 1]
    return key


def _other_game(cards: CardIndex) -> CardIndex | None:
    """The index of the other game's cards (Rush Duel beside OCG/TCG, and OCG/TCG beside Rush), if installed."""
    rush = cards.rush
    return rush if rush is not cards else getattr(cards, "base", None)


def _read_loosely(name: str, cards: CardIndex) -> tuple[Card, str] | None:
    """The one card a name no card has stands for, and why: a short form (``_inexact_match``) that misspells
    no other card's name, or a misspelling (``_misspelt_match``); None for any other name. Remembered per
    card index (``CardIndex.loosely_read``): a folder of decks often has the same names."""
    memo = cards.loosely_read
    if name not in memo:
        if len(memo) >= LOOSELY_READ_MEMO:
            memo.clear()
        memo[name] = _read_loosely_now(name, cards)
    return memo[name]


LOOSELY_READ_MEMO = 4096  # names remembered


def _read_loosely_now(name: str, cards: CardIndex) -> tuple[Card, str] | None:
    fitting = _short_form_of(name, cards)
    if fitting:  # a short form: of one card, and no misspelling of another's name; of several, of none
        if len(fitting) > 1 or _misspells_another(name, fitting[0], cards):
            return None  # "Elemental HERO Neo": Neo Bubbleman's start, or Neos misspelt?
        return fitting[0], "the one card whose name has these words"
    misspelt = _misspelt_match(name, cards)
    if misspelt is None:
        return None
    card, edits, starts = misspelt
    off = f" ({edits} letter{'s' if edits > 1 else ''} off)" if edits else ""
    return card, f"the one card whose name begins like it{off}" if starts else f"the one card whose name it misspells{off}"


def _misspells_another(name: str, card: Card, cards: CardIndex) -> bool:
    """Whether a short form of ``card`` is as near another card's whole name (in any language of its script) as a
    misspelling read as that card may be, or a letter off it ("Trion": Triple Star Trion, or Trigon misspelt?)."""
    within = max(1, min(MISSPELT_EDITS, _letters(name, cards) // MISSPELT_LETTERS_PER_EDIT))
    near = cards.near_names(name, within)  # in every language of its script ("varar": Varar, or Parar misspelt?)
    return any(other.passcode != card.passcode for _edits, _letters_, found, _key in near for other in found)


def _inexact_name(entry, cards: CardIndex, problems: list[Problem], tried: set[str]) -> Card | None:
    """A name no card has that players write for exactly one card: a short form ("3 Ash Blossom", "2 Nibiru",
    "called by", "droll lock bird": its words, in order, in one card's name and in no other's) or a misspelling
    ("Snake-Eye Oaak", "Ash Blosom": ``_misspelt_match``), read as that card with an ``inexact-name`` warning
    that names it. Only for the deck's first ``MAX_LOOSE_NAMES`` names no card has; a name that two cards or
    more may be meant by stays an unknown card with its suggestions."""
    name = entry.name
    if name not in tried and len(tried) >= MAX_LOOSE_NAMES:
        return None
    tried.add(name)
    read = _read_loosely(name, cards)
    if read is None:
        return None
    card, why = read
    problems.append(
        Problem(
            INEXACT_NAME_RULE,
            WARNING,
            f"{clip(name)!r} read as {card.name}, {why}",
            entry.section,
            entry.line,
            card.ref,
            f"write the official name: {card.name} (deckcheck convert --fix writes it)",
        )
    )
    return card


def resolve(parsed: ParsedDeck, cards: CardIndex, skills_apart: bool = False) -> ResolvedDeck:
    """Each entry's card, and the deck's tallies. ``skills_apart`` (Speed Duel): a Skill Card is kept
    outside the deck, so it does not count toward its section's size, but it is one of the deck's cards
    for the list and the card pool (the Speed Duel list forbids and limits Skill Cards too)."""
    entries, problems, name = parsed.entries, list(parsed.problems), parsed.name
    if parsed.title_line is not None and name is None and entries and entries[0].line == parsed.title_line:
        title = entries[0].name or ""
        if not cards.by_name(title) and _read_loosely(title, cards) is None:
            entries, name = entries[1:], title
            problems.append(Problem("syntax", INFO, f"{clip(title)!r} read as the deck's name "
                                    "(no card has it, and it has no count)", MAIN, parsed.title_line, None,
                                    f"nothing to do; to be plain, write 'Deck: {clip(title)}'"))
    deck = ResolvedDeck(parsed.path, entries, problems, name, parsed.format, parsed.no_extra_line)
    if parsed.unreadable:
        return deck
    by_passcode, look_up, unseen = cards.by_passcode, cards.looked_up.get, _UNSEEN
    sizes, other_entries = deck.sizes, deck.other_entries
    deck_entries = cast("list[DeckEntry]", deck.deck_entries)  # each entry put there has its card (KnownEntry)
    split_extra = parsed.split_extra
    suggested: dict[str, tuple[str, ...]] = {}  # unknown name -> its suggestions, this deck
    tried: set[str] = set()  # the names no card has, read loosely (each as a short form or a misspelling)
    for entry in entries:
        passcode = entry.passcode
        if passcode is not None:
            card = look_up(passcode, unseen)  # by_passcode's memo, read without its call: most passcodes repeat
            if card is unseen:
                card = by_passcode(passcode)
            if card is not None and card.kind in DECK_KINDS and not split_extra:  # the usual entry
                entry.card = card
                sizes[entry.section] += entry.count
                deck_entries.append(entry)
                continue
            if card is None:
                card = _placeholder(entry, cards, deck.problems)
            if card is None:
                deck.unresolved[id(entry)] = (f"no card has passcode {passcode}", ())
        elif entry.name:
            _read_leading_number_as_name(entry, cards, deck.problems)
            if entry.text and "[" in entry.text and not entry.name.endswith(("[L]", "[R]")):
                _maximum_piece(entry, cards)
            found = cards.by_name(entry.name)
            card = found[0] if len(found) == 1 else None
            if card is not None and cards.name_languages:
                _unofficial_name(entry, card, cards, deck.problems)
            if found and card is None:
                options = tuple(f"{c.name} ({c.passcode})" for c in found[:5])
                deck.unresolved[id(entry)] = (f"the name {clip(entry.name)!r} matches {len(found)} cards", options)
            elif not found:
                card = _inexact_name(entry, cards, deck.problems, tried)
                if card is None:
                    deck.unresolved[id(entry)] = (f"no card is named {clip(entry.name)!r}",
                                                  _suggestions(entry.name, cards, suggested))
        elif entry.konami_id is not None:
            card = cards.by_konami_id(entry.konami_id)
            if card is None:
                deck.unresolved[id(entry)] = (f"no card has Konami ID {entry.konami_id}", ())
        else:
            card = None
            deck.unresolved[id(entry)] = ("the entry names no card", ())
        entry.card = card
        if split_extra and card is not None and card.kind == "extra" and entry.section == MAIN:
            entry.section = EXTRA  # a list of Main and Extra Deck cards together (an Omega code)
        sizes[entry.section] += entry.count
        if card is not None and card.kind in DECK_KINDS:
            deck_entries.append(entry)
        elif skills_apart and card is not None and card.kind == "skill":
            deck_entries.append(entry)
            sizes[entry.section] -= entry.count
        else:
            other_entries.append(entry)
    return deck
