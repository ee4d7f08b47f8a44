"""Resolve: give each decklist entry its card, or say why it has none, and tally the deck.

Unknown names get "did you mean" suggestions, for the first ``limits.MAX_SUGGESTED_NAMES``
distinct names of a deck (a suggestion search costs about a millisecond), in the language the
name is written in. A card named by EDOPro's own name for it gets an ``unofficial-name`` warning.
"""

from __future__ import annotations

from typing import cast

from .carddb import CardIndex
from .folding import fold_words, mostly_folded
from .limits import MAX_SUGGESTED_NAMES, NAME_LIMIT, clip
from .model import EXTRA, INFO, MAIN, WARNING, Card, KnownEntry, ParsedDeck, Problem, ResolvedDeck

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


def _inexact_match(name: str, cards: CardIndex) -> Card | None:
    """The one deck card whose name has every word of ``name``, in order, each beginning a word of its own
    ("Imperm", "droll lock bird"), for a mostly-Latin name of at least ``INEXACT_MIN_LETTERS`` letters; None
    when no card or several do."""
    folded = fold_words(name)
    if len(folded.replace(" ", "")) < INEXACT_MIN_LETTERS or not mostly_folded(name, folded):
        return None
    found, contains = cards.search(name, INEXACT_CANDIDATES, misspelt=False)
    if not contains or len(found) >= INEXACT_CANDIDATES:
        return None
    words = folded.split()
    fitting = {card.group: card for card in found if card.kind in DECK_KINDS and _words_in_order(words, card.name)}
    return next(iter(fitting.values())) if len(fitting) == 1 else None


def _inexact_name(entry, cards: CardIndex, problems: list[Problem], asked: dict) -> Card | None:
    """A name no card has that players write for exactly one card ("3 Ash Blossom", "2 Nibiru", "called by",
    "droll lock bird": its words, in order, in one card's name and in no other's): read as that card, with an
    ``inexact-name`` warning that names it. Only for mostly-Latin names of at least ``INEXACT_MIN_LETTERS``
    letters, and for the deck's first ``MAX_SUGGESTED_NAMES`` unknown names; anything that matches two
    cards or more stays an unknown card with its suggestions."""
    name = entry.name
    card = _inexact_match(name, cards) if len(asked) < MAX_SUGGESTED_NAMES else None
    if card is None:
        return None
    problems.append(
        Problem(
            INEXACT_NAME_RULE,
            WARNING,
            f"{clip(name)!r} read as {card.name}, the one card whose name has these words",
            entry.section,
            entry.line,
            card.ref,
            f"write the official name: {card.name}",
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
        if not cards.by_name(title) and _inexact_match(title, cards) is None:
            entries, name = entries[1:], title
            problems.append(Problem("syntax", INFO, f"{clip(title)!r} read as the deck's name "
                                    "(no card has it, and it has no count)", MAIN, parsed.title_line, None,
                                    f"nothing to do; to be plain, write 'Deck: {clip(title)}'"))
    deck = ResolvedDeck(parsed.path, entries, problems, name, parsed.format, parsed.no_extra_line)
    if parsed.unreadable:
        return deck
    by_passcode, looked_up = cards.by_passcode, cards.looked_up
    sizes, deck_entries, other_entries = deck.sizes, deck.deck_entries, deck.other_entries
    split_extra = parsed.split_extra
    suggested: dict[str, tuple[str, ...]] = {}  # unknown name -> its suggestions, this deck
    for entry in entries:
        passcode = entry.passcode
        if passcode is not None:
            try:
                card = looked_up[passcode]  # by_passcode's memo, read without a call: most passcodes repeat
            except KeyError:
                card = by_passcode(passcode)
            if card is not None and card.kind in DECK_KINDS and not split_extra:  # the usual entry
                entry.card = card
                sizes[entry.section] += entry.count
                deck_entries.append(cast("KnownEntry", entry))  # its card is set (KnownEntry: the type checker's name)
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
                card = _inexact_name(entry, cards, deck.problems, suggested)
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
            deck_entries.append(cast("KnownEntry", entry))  # its card is set, as above
        elif skills_apart and card is not None and card.kind == "skill":
            deck_entries.append(cast("KnownEntry", entry))
            sizes[entry.section] -= entry.count
        else:
            other_entries.append(entry)
    return deck
