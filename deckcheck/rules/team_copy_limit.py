"""team-copy-limit: the copies of a card across a team's decks (`deckcheck team DECK...`).

Team events share limits: three Book of Moon among the three players (`max`, default 3), and a
list's limits across the team (`lists: shared`: a Limited card once per team, a Semi-Limited card
twice; the problem is `team-banlist`). A format sets them for its team events; `deckcheck team`
reads them from the format of the first deck (`--copy-limit N` overrides `max`), and with no
format saying otherwise applies 3 and shared lists. Every team problem names the decks that
hold the card. A single deck has no team problem: `check` never reports this rule; `team` does
(deckcheck/team.py).

Source: Konami and Format Library team event rules (3v3: shared copy limits, a Limited card once
per team).

The examples are one deck taken by each of two players:

PASS:
    main: [1 Ash Blossom & Joyous Spring]

FAIL:
    main: [2 Ash Blossom & Joyous Spring]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import ERROR, Problem, ResolvedDeck
from ._options import Option

ID = "team-copy-limit"
SEVERITY = ERROR
SUMMARY = "deckcheck team: at most so many copies of a card across the team's decks, and the list's limits shared."
ENABLED = False
OPTIONS = {
    "max": Option("int", 3, "the most copies of a card across the team's decks (null: no shared copy limit)",
                  nullable=True),
    "lists": Option("str", "shared", "shared: a list's limits are the team's (a Limited card once per team); own: "
                    "each deck's", choices=("shared", "own")),
}
EXAMPLE_OPTIONS = {"team_of": 2}  # its examples are a team of two players with the same deck (test_event_rules.py)
DEFAULTS = {"max": 3, "lists": "shared"}  # a team with a format that does not mention the rule


def team_options(regulation) -> dict:
    """The team's options from a regulation (the defaults when its format does not mention the rule)."""
    return dict(regulation.options(ID) or DEFAULTS)


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    return iter(())  # one deck alone: the team command judges the team (deckcheck/team.py)
