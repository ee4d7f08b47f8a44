"""syntax: a line or entry that could not be read as written.

In a YDK file a line that is skipped or guessed (text where a passcode should be, `#side`
for `!side`, an MDPro3 cosmetic section, a missing `#extra` line) is a warning: the deck is
still read the way EDOPro reads it, and the warning says how. In a YAML decklist an entry
that breaks the schema (schemas/yaml-deck.schema.json) is an error.

Source: deckcheck's input formats (README, "Decklist formats").

PASS:
    main: [3 Pot of Duality]

FAIL:
    main: [0 Pot of Duality]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import WARNING, Problem, ResolvedDeck

ID = "syntax"
SEVERITY = WARNING  # error in YAML decklists
SUMMARY = "A line or entry that could not be read as written."
ENABLED = True
OPTIONS: dict = {}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    return (p for p in deck.problems if p.rule == ID)


def triage(tally, regulation) -> bool:
    """No problem possible: the reading found none of this rule."""
    return all(p.rule != ID for p in tally.problems)
