"""placeholder-passcode: a prerelease placeholder passcode that has an official one now.

Simulators give cards announced in Japan a temporary id (100xxxxxx, 101xxxxxx) and later
change it to the printed passcode. deckcheck reads the old id as the official card (EDOPro's
own mapping) and warns, so the file can be fixed before the client stops reading it.

Source: ProjectIgnis DeltaBagooska mappings.json.

PASS:
    main: [1607603]

FAIL:
    main: [101204083]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import WARNING, Problem, ResolvedDeck
from ..resolve import PLACEHOLDER_RULE

ID = PLACEHOLDER_RULE
SEVERITY = WARNING
SUMMARY = "A prerelease placeholder passcode was read as the official card."
ENABLED = True
OPTIONS: dict = {}


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    return (p for p in deck.problems if p.rule == ID)


def triage(tally, regulation) -> bool:
    """No problem possible: the reading found none of this rule."""
    return all(p.rule != ID for p in tally.problems)
