"""The side rules: one module each, with its ID, severity, summary, source and PASS/FAIL examples.

A side rule is ``check(deck, context) -> Iterable[Problem]`` where ``deck`` is a
``deckcheck.sided.SidedDeck`` (the registered and the sided deck, tallied by printed card) and
``context`` a ``deckcheck.sided.SideContext``. Like the rules of ``check``, it never prints and
never decides an exit code; its line numbers are lines of the sided file.

An example in a docstring is a ``registered:`` decklist and a ``sided:`` decklist, each a YAML
decklist indented under its key. The test suite runs every example in the strictest setting —
a Duel that must use the registered deck — and looks only for the example's own rule ID.
(``--side-rule legacy``, a Side Deck of exactly 0 or 15, is the ``exactly`` option of ``check``'s
side-size rule: it judges the registered deck.)
"""

from __future__ import annotations

import textwrap
from types import ModuleType

from ..rules import rule_examples
from . import (
    card_not_registered,
    extra_size_changed,
    main_size_changed,
    not_registered_deck,
    side_size_changed,
    wrong_section,
)

SIDE_RULE_MODULES: tuple[ModuleType, ...] = (
    main_size_changed,
    extra_size_changed,
    side_size_changed,
    card_not_registered,
    wrong_section,
    not_registered_deck,
)
SIDE_RULES_BY_ID = {rule.ID: rule for rule in SIDE_RULE_MODULES}


def side_rule_examples(rule: ModuleType) -> list[tuple[str, str, str]]:
    """The PASS/FAIL examples of a side rule's docstring: (verdict, registered YAML, sided YAML)."""
    examples = []
    for verdict, block in rule_examples(rule):
        parts: dict[str, list[str]] = {}
        current = None
        for line in block.splitlines():
            if line in ("registered:", "sided:"):
                current = parts.setdefault(line[:-1], [])
            elif current is not None:
                current.append(line)
        decks = [textwrap.dedent("\n".join(parts.get(key, []))) + "\n" for key in ("registered", "sided")]
        examples.append((verdict, decks[0], decks[1]))
    return examples
