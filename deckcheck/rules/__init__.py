"""The rules: one module each, with its ID, severity, summary, source, options and PASS/FAIL examples.

A rule is ``check(deck, regulation) -> Iterable[Problem]``: ``deck`` is a ``ResolvedDeck``,
``regulation`` the ``deckcheck.regulation.Regulation`` it is judged by (the format applied on
the check date, with the rule's options: ``regulation.options(ID)``). A rule never prints and
never decides an exit code. Each module declares ``OPTIONS`` (see ``_options.py``) and
``ENABLED`` (whether it runs when a format does not mention it); it may also have
``facts(deck, regulation) -> dict``: what every report shows of a deck (Genesys: its points).
``RULES`` is the order in which they run and are documented.

A rule that judges card by card may name its verdict on one card ``allows(card, section,
regulation) -> bool`` (its ``check`` reports the entries it does not allow). There is one
implementation of each rule: a deck is always read and every rule in force run on it.
"""

from __future__ import annotations

from types import ModuleType

from . import (
    banlist,
    banned_type,
    card_pool,
    collection,
    copy_limit,
    extra_size,
    group_limit,
    inexact_name,
    legend,
    main_size,
    not_a_deck_card,
    other_game,
    placeholder_passcode,
    points_cap,
    price_cap,
    quota,
    side_size,
    skill_card,
    syntax,
    team_copy_limit,
    unknown_card,
    unofficial_name,
    unreadable,
    wrong_section,
)

RULES: tuple[ModuleType, ...] = (
    unreadable,
    syntax,
    placeholder_passcode,
    unofficial_name,
    inexact_name,
    unknown_card,
    not_a_deck_card,
    other_game,
    main_size,
    extra_size,
    side_size,
    wrong_section,
    copy_limit,
    banlist,
    group_limit,
    card_pool,
    banned_type,
    points_cap,
    quota,
    collection,
    price_cap,
    team_copy_limit,
    skill_card,
    legend,
)
RULES_BY_ID = {rule.ID: rule for rule in RULES}


def rule_doc(rule: ModuleType) -> str:
    import inspect

    return inspect.cleandoc(rule.__doc__ or "")


def rule_examples(rule: ModuleType) -> list[tuple[str, str]]:
    """The PASS/FAIL examples of a rule's docstring: (verdict, YAML decklist)."""
    examples: list[tuple[str, str]] = []
    verdict: str | None = None
    block: list[str] = []
    for line in rule_doc(rule).splitlines() + [""]:
        if line in ("PASS:", "FAIL:"):
            verdict, block = line[:-1], []
        elif verdict and line.startswith("    "):
            block.append(line[4:])
        elif verdict and block:
            examples.append((verdict, "\n".join(block) + "\n"))
            verdict, block = None, []
    return examples
