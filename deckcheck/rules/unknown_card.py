"""unknown-card: a passcode or name deckcheck does not know.

The entry still counts toward its section's size, but takes part in no other rule. For a
name, the closest card names are suggested; a name shared by several cards asks for the
passcode. A name that one card only may be meant by (a short form, a misspelling) is read as
that card instead, with an ``inexact-name`` warning; a name two cards may be meant by stays
unknown ("Harpie Lady 4": a letter off Harpie Lady 1, 2 and 3).

Source: the bundled card index (`deckcheck data`).

PASS:
    main: [Ash Blossom & Joyous Spring]

FAIL:
    main: [Ash Blosom and Joyus Sprng]

FAIL:
    main: [Harpie Lady 4]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..limits import quoted
from ..model import ERROR, Problem, ResolvedDeck
from ._common import by_card_and_section, copies, lines_note, section_title, total

ID = "unknown-card"
SEVERITY = ERROR
SUMMARY = "A passcode or card name that no known card has."
ENABLED = True
OPTIONS: dict = {}


def check(deck: ResolvedDeck, regulation) -> Iterable[Problem]:
    if not deck.other_entries:  # the usual deck: every card known, and a Main or Extra Deck card
        return ()
    return _problems(deck, [e for e in deck.other_entries if e.card is None])


def _problems(deck: ResolvedDeck, unknown: list) -> Iterator[Problem]:
    for group in by_card_and_section(unknown):
        first = group[0]
        reason, suggestions = deck.unresolved.get(id(first), ("unknown card", ()))
        n = total(group)
        what = first.text or first.name or str(first.passcode)
        message = reason
        if n > 1:
            message += f"; {copies(n)} in the {section_title(first.section)} Deck{lines_note(group)}"
        if suggestions:
            message += f"; did you mean {' / '.join(suggestions)}?"
            fix = f"replace {quoted(what)} with {suggestions[0]!r} or the card you meant"
        elif first.passcode is not None:
            fix = f"correct passcode {first.passcode} or remove the line"
        else:
            fix = f"correct the card name {quoted(what)} or use its passcode"
        yield Problem(ID, SEVERITY, message, first.section, first.line, first.ref(), fix)
