"""The rules: one module each, with its ID, severity, summary, source and PASS/FAIL examples.

A rule is ``check(deck, context) -> Iterable[Problem]``. It never prints and never decides
an exit code. ``RULES`` is the order in which they run and are documented.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from types import ModuleType

from ..banlists import Banlist
from ..carddb import CardIndex
from ..formats import Format
from . import (
    banlist,
    card_pool,
    copy_limit,
    extra_size,
    main_size,
    not_a_deck_card,
    placeholder_passcode,
    side_size,
    syntax,
    unknown_card,
    unreadable,
    wrong_section,
)

RULES: tuple[ModuleType, ...] = (
    unreadable,
    syntax,
    placeholder_passcode,
    unknown_card,
    not_a_deck_card,
    main_size,
    extra_size,
    side_size,
    wrong_section,
    copy_limit,
    banlist,
    card_pool,
)
RULES_BY_ID = {rule.ID: rule for rule in RULES}


@dataclass
class CheckContext:
    format: Format
    cards: CardIndex
    banlist: Banlist | None
    as_of: date
    limits: dict[int, int] = field(default_factory=dict)  # name group → max copies on the list in force
    pool_reasons: dict[int, str] = field(default_factory=dict)  # memo: passcode → why it is outside the pool
    pool_legal: set[int] = field(default_factory=set)  # memo: passcodes inside the pool

    @classmethod
    def create(cls, fmt: Format, cards: CardIndex, banlist: Banlist | None, as_of: date) -> "CheckContext":
        limits = banlist.limits(cards)[0] if banlist is not None else {}
        return cls(fmt, cards, banlist, as_of, limits)


def rule_doc(rule: ModuleType) -> str:
    import inspect

    return inspect.cleandoc(rule.__doc__ or "")


def rule_examples(rule: ModuleType) -> list[tuple[str, str]]:
    """The PASS/FAIL examples of a rule's docstring: (verdict, YAML decklist)."""
    examples: list[tuple[str, str]] = []
    verdict, block = None, []
    for line in rule_doc(rule).splitlines() + [""]:
        if line in ("PASS:", "FAIL:"):
            verdict, block = line[:-1], []
        elif verdict and line.startswith("    "):
            block.append(line[4:])
        elif verdict and block:
            examples.append((verdict, "\n".join(block) + "\n"))
            verdict, block = None, []
    return examples
