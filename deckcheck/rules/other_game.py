"""other-game: a card of the other game — a Rush Duel card in an OCG/TCG deck, an OCG/TCG card in a Rush deck.

Rush Duel is its own game with its own cards: its cards have another format and cannot be mixed with
OCG cards in one deck (konami.com/yugioh/rushduel; Wikipedia ja "遊☆戯☆王ラッシュデュエル": "混ぜて遊ぶ
ことはできない"). A Rush card and an OCG/TCG card are different cards even where they share a name
("Dark Magician"): in a Rush decklist the name means the Rush card, in any other the OCG/TCG card, so
only a code of the other game (EDOPro's Rush codes are 160xxxxxx) or a name that only the other game
has brings a card of the other game into a deck. The deck gets one problem naming every such card with
its game, and the card of the deck's own game of the same name where there is one.

Source: Konami, Rush Duel rules (konami.com/yugioh/rushduel/howto); docs/rush.md.

PASS:
    main: [3 Pot of Greed]

FAIL:
    main: [3 Ash Blossom & Joyous Spring, 1 Sevens Road Magician]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck, is_known
from ..rushdb import GAME_TITLES, RUSH, counterpart, game_of
from ..words import with_article
from ._common import copies, section_title

ID = "other-game"
SEVERITY = ERROR
SUMMARY = "No Rush Duel card in an OCG/TCG deck and no OCG/TCG card in a Rush Duel deck."
ENABLED = True
OPTIONS: dict = {}


def allows(card, section: str, regulation) -> bool:
    return game_of(card) == regulation.game


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    # a card's game is its origin's (game_of): one card of each origin says whether any is of the other game
    by_origin = {e.card.origin: e.card for e in deck.deck_entries}
    if deck.other_entries:
        by_origin.update((e.card.origin, e.card) for e in deck.other_entries if e.card is not None)
    for card in by_origin.values():
        if game_of(card) != regulation.game:
            break
    else:
        return
    entries = [e for e in (*deck.deck_entries, *deck.other_entries) if is_known(e) and game_of(e.card) != regulation.game]
    entries.sort(key=lambda e: (e.line is None, e.line or 0))
    own = GAME_TITLES[regulation.game]
    by_card: dict[int, list] = {}
    for e in entries:
        by_card.setdefault(e.card.passcode, []).append(e)
    named, fixes = [], []
    for group in by_card.values():
        card = group[0].card
        n = sum(e.count for e in group)
        where = ", ".join(f"{section_title(e.section)}" + (f" line {e.line}" if e.line is not None else "")
                          for e in group)
        named.append(f"{card.name} ({card.passcode}, {with_article(GAME_TITLES[game_of(card)])} card; {copies(n)}: {where})")
        twin = counterpart(card, regulation.cards)
        if twin is not None:
            fixes.append(f"replace {card.passcode} with {twin.passcode} ({twin.name}, the {own} card)")
        else:
            fixes.append(f"remove {copies(n)} of {card.name}")
    first = entries[0]
    count = len(by_card)
    foreign = sum(e.count for e in entries)
    if foreign * 2 > sum(e.count for e in (*deck.deck_entries, *deck.other_entries) if e.card is not None):
        other = GAME_TITLES[game_of(first.card)]  # most of the deck is the other game's: the format is the mistake
        fixes = [f"this is {with_article(other)} deck: check it in {with_article(other)} format "
                 f"({'--format rush' if game_of(first.card) == RUSH else '--format tcg or ocg'}), or " + "; ".join(fixes)]
    message = (f"this {regulation.title} deck holds {count} card{'s' if count != 1 else ''} of another game, which "
               f"cannot be mixed with {own} cards: " + "; ".join(named))
    yield Problem(ID, SEVERITY, message, first.section, first.line, first.card.ref, "; ".join(fixes))
