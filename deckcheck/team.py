"""Team events: the decks of one team judged together (``deckcheck team DECK...``).

Each deck is checked on its own, in its slot's format (``slots``: Format Library's Multi-Format team
events, one format per seat) or in the one format. Then the team's shared limits, counted by name group
across every deck (Main, Extra and Side):

* ``team-copy-limit``: at most ``copy_limit`` copies of a card across the team (3: three Book of Moon
  among the three players); None: no shared copy limit;
* ``team-banlist``: a list's limits are the team's: a Limited card once per team, a Semi-Limited card
  twice (the strictest list among the team's formats).

Every team problem names the decks that hold the card. Nothing here prints or decides exit codes.
"""

from __future__ import annotations

from typing import Any

from .model import ERROR, CardRef, DeckResult, ParsedDeck, Problem
from .resolve import resolve

TEAM_COPY_LIMIT = "team-copy-limit"
TEAM_BANLIST = "team-banlist"
STATUS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited"}


class TeamResult:
    def __init__(self, decks: list[tuple[DeckResult, Any]], problems: list[Problem]):
        self.decks = decks  # (each deck's own result, the regulation it was judged by), in team order
        self.problems = problems  # the team's shared limits

    @property
    def legal(self) -> bool:
        return all(result.legal for result, _ in self.decks) and not any(p.severity == ERROR for p in self.problems)

    def to_json(self) -> dict:
        from .report.json_report import deck_json

        return {
            "legal": self.legal,
            "decks": [{"format": regulation.format.id, **deck_json(result, (regulation.format.id, regulation.banlist.name
                                                                          if regulation.banlist else None))}
                      for result, regulation in self.decks],
            "team_problems": [p.to_json() for p in self.problems],
        }


UNSET = object()


def check_team(checkers: list, decks: list[ParsedDeck], copy_limit=UNSET) -> TeamResult:
    """The team's verdict: ``decks[i]`` judged by ``checkers[i]`` (its slot's format), then the shared limits:
    those of the first deck's format (its ``team-copy-limit`` options, else 3 and shared lists); ``copy_limit``
    (an int, or None for none) replaces its ``max``."""
    from .rules.team_copy_limit import team_options

    judged = [checker.judge(deck) for checker, deck in zip(checkers, decks)]
    options = team_options(judged[0][1]) if judged else {"max": 3, "lists": "shared"}
    if copy_limit is not UNSET:
        options["max"] = copy_limit
    copy_limit = options["max"]
    per_group: dict[int, list[tuple[str, int]]] = {}  # name group → (deck, copies) of every deck holding it
    for checker, deck, (result, _) in zip(checkers, decks, judged):
        if result.unreadable:
            continue
        for group, n in resolve(deck, checker.cards).group_totals().items():
            per_group.setdefault(group, []).append((result.path, n))
    cards = checkers[0].cards
    problems = []
    for group, holders in per_group.items():
        total = sum(n for _, n in holders)
        alone = len(holders) < 2  # one deck's copies: its own check judges them against the list and 3
        listed = [r.limits[group] for _, r in judged if group in (getattr(r, "limits", None) or {})]
        card = cards.by_passcode(group)
        name = card.name if card is not None else str(group)
        ref = CardRef(name, group) if card is not None else None
        where = ", ".join(f"{path} {n}" for path, n in holders)
        decks_named = ", ".join(path for path, _ in holders)
        limit = min(listed) if listed else None
        if options["lists"] == "shared" and not alone and limit is not None and 0 < limit < 3 and total > limit:
            problems.append(Problem(
                TEAM_BANLIST, ERROR,
                f"{total} copies of {name} across the team ({where}); it is {STATUS[limit]}, so the team may "
                f"hold {limit}", None, None, ref,
                f"take out {total - limit} cop{'y' if total - limit == 1 else 'ies'} of {name} from {decks_named}"))
        if copy_limit is not None and total > copy_limit and not (alone and copy_limit >= 3):
            problems.append(Problem(
                TEAM_COPY_LIMIT, ERROR,
                f"{total} copies of {name} across the team ({where}); the team may hold {copy_limit}",
                None, None, ref,
                f"take out {total - copy_limit} cop{'y' if total - copy_limit == 1 else 'ies'} of {name} from "
                f"{decks_named}"))
    return TeamResult(judged, problems)
