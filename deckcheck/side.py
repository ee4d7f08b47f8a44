"""Side decking: is a deck a legal sided version of the registered one, and what was swapped?

rules.md §3: compared with the registered deck, a sided deck keeps the size of each section
(Main, Extra, Side), holds exactly the registered cards across the three, and keeps Extra
Deck monsters in the Extra or Side Deck and other cards in the Main or Side Deck. Cards are
compared as the decklist registers them, by printed card: an alternate artwork may replace
the original (both are the one card, ``card.passcode``), but a card that is only *treated as*
another name (Harpie Lady 1 for Harpie Lady) is a different card on the decklist. Unknown
cards are compared by the passcode or name as written.

Each Duel is checked against the registered deck, never against the previous Duel: the
constraints make every reachable configuration reachable from the registered deck in one
step (§3.2). History matters only for which Duels must use the registered deck exactly.

The registered deck itself is judged by ``check`` (``Checker``); the side rules live in
``deckcheck/side_rules/``. Nothing here prints or decides exit codes.
"""

from __future__ import annotations

from .checker import Checker, problem_order
from .model import ERROR, SECTIONS, CardRef, DeckResult, ParsedDeck, Problem, ResolvedDeck
from .resolve import resolve
from .sided import Move, SideContext, SidedDeck, Tally, name_key, say_swaps


class SideResult:
    """The verdict on one sided deck: the registered deck's own check, the swap, the side problems."""

    def __init__(self, registered: DeckResult, sided: ResolvedDeck, moves: list[Move], problems: list[Problem],
                 must_be_registered: bool = False):
        self.registered = registered
        self.sided = sided
        self.moves = moves
        self.problems = problems
        self.must_be_registered = must_be_registered

    @property
    def compared(self) -> bool:
        """False when either file is unreadable: there is no swap to speak of."""
        return not (self.registered.unreadable or any(p.rule == "unreadable" for p in self.sided.problems))

    @property
    def sided_legally(self) -> bool:
        """No side problem (the registered deck may still be illegal on its own)."""
        return not any(p.severity == ERROR for p in self.problems)

    @property
    def legal(self) -> bool:
        return self.registered.legal and self.sided_legally

    @property
    def swaps_in(self) -> list[Move]:
        return [m for m in self.moves if m.is_in]

    @property
    def swaps_out(self) -> list[Move]:
        return [m for m in self.moves if not m.is_in]

    def say_swaps(self) -> str:
        return say_swaps(self.moves)

    def to_json(self) -> dict:
        return {
            "registered": self.registered.path,
            "sided": self.sided.path,
            "legal": self.legal,
            "swaps": {"in": [m.to_json() for m in self.swaps_in], "out": [m.to_json() for m in self.swaps_out]},
            "problems": [p.to_json() for p in self.problems],
            "sections": dict(self.sided.sizes),
            "registered_check": {
                "legal": self.registered.legal,
                "sections": dict(self.registered.sizes),
                "problems": [p.to_json() for p in self.registered.problems],
                **({"points": dict(self.registered.facts["points"])} if self.registered.facts.get("points") else {}),
            },
        }


def compare(registered: ResolvedDeck, sided: ResolvedDeck, context: SideContext) -> tuple[list[Move], list[Problem]]:
    """The swap and the side problems of ``sided`` against ``registered``."""
    from .side_rules import SIDE_RULE_MODULES

    problems = list(sided.problems)  # reading the sided file: syntax, placeholder passcodes (lines in that file)
    if any(p.rule == "unreadable" for p in registered.problems + sided.problems):
        return [], [p for p in problems if p.rule == "unreadable"]
    deck = SidedDeck(registered, sided)
    problems += [p for rule in SIDE_RULE_MODULES for p in rule.check(deck, context)]
    problems.sort(key=problem_order)
    return deck.moves, problems


def kept_when_sided(sided: ResolvedDeck, regulation) -> list[Problem]:
    """The problems of the format's rules that hold after siding too (``KEEPS_WHEN_SIDED``: an event's quota)
    on the sided deck."""
    return [p for rule, _ in regulation.rules if getattr(rule, "KEEPS_WHEN_SIDED", False)
            for p in rule.check(sided, regulation)]


class SideChecker:
    """Checks sided decks against one registered deck, which is itself checked once with ``check``."""

    def __init__(self, checker: Checker, registered: ParsedDeck):
        self.registered_result, self.regulation = checker.judge(registered)
        self.cards = self.regulation.cards  # the format's game: a Rush deck's names are Rush cards
        self.registered = resolve(registered, self.cards)

    def check(self, sided: ParsedDeck, must_be_registered: bool = False, why_registered: str = "") -> SideResult:
        context = SideContext(self.cards, must_be_registered, why_registered)
        resolved = resolve(sided, self.cards)
        moves, problems = compare(self.registered, resolved, context)
        if not any(p.rule == "unreadable" for p in problems):
            kept = kept_when_sided(resolved, self.regulation) if resolved.deck_entries else []  # an event's quota
            if self.regulation.enabled("legend"):
                from .rules import legend  # Legend cards may wait in the Side Deck: the Deck after siding keeps the limit

                kept += list(legend.check(resolved, self.regulation))
            problems = sorted(problems + kept, key=problem_order)
        return SideResult(self.registered_result, resolved, moves, problems, must_be_registered)


class MatchResult:
    def __init__(self, registered: DeckResult, duels: list[SideResult], game_loss_before: list[int]):
        self.registered = registered
        self.duels = duels
        self.game_loss_before = game_loss_before

    @property
    def legal(self) -> bool:
        return all(d.legal for d in self.duels)

    def to_json(self) -> dict:
        return {
            "registered": self.registered.path,
            "legal": self.legal,
            "game_loss_before": self.game_loss_before,
            "duels": [
                {"duel": n, "must_be_registered": d.must_be_registered, **d.to_json()}
                for n, d in enumerate(self.duels, 1)
            ],
        }


def unsided_duels(duels: int, game_loss_before: list[int]) -> dict[int, str]:
    """The Duels that must use the registered deck exactly, with the reason (rules.md §3.1).

    Duel 1 always: no siding before the first Duel of a Match. A Game Loss before Duel 1 began
    also forbids siding before Duel 2 — and so on while no Duel has been played. A Game Loss
    before a later Duel changes nothing: siding was already allowed.
    """
    unsided = {1: "Duel 1 of a Match is played with the registered deck exactly"}
    n = 1
    while n in game_loss_before and n < duels:
        n += 1
        unsided[n] = f"Duel {n - 1} was a Game Loss before it began, so Duel {n} is played with the registered deck"
    return unsided


def check_match(side_checker: SideChecker, duels: list[ParsedDeck], game_loss_before: list[int]) -> MatchResult:
    unsided = unsided_duels(len(duels), game_loss_before)
    results = [
        side_checker.check(deck, n in unsided, unsided.get(n, "")) for n, deck in enumerate(duels, 1)
    ]
    return MatchResult(side_checker.registered_result, results, sorted(set(game_loss_before)))


class DiffRow:
    __slots__ = ("section", "card", "a", "b")

    def __init__(self, section: str, card: CardRef, a: int, b: int):
        self.section = section
        self.card = card
        self.a = a
        self.b = b

    def to_json(self) -> dict:
        return {"card": self.card.to_json(), "a": self.a, "b": self.b}


def diff(a: ResolvedDeck, b: ResolvedDeck) -> list[DiffRow]:
    """Per section, every card whose copies differ between ``a`` and ``b``, by card name."""
    before, after = Tally(a, name_key), Tally(b, name_key)
    keys = list(before.counts) + [k for k in after.counts if k not in before.counts]
    rows = []
    for section in SECTIONS:
        for key in keys:
            n, m = before.count(key, section), after.count(key, section)
            if n != m:
                entries = (after.entries.get(key) if m else None) or before.entries[key]
                rows.append(DiffRow(section, entries[0].ref(), n, m))
    return rows
