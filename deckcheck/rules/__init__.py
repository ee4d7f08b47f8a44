"""The rules: one module each, with its ID, severity, summary, source, options and PASS/FAIL examples.

A rule is ``check(deck, regulation) -> Iterable[Problem]``: ``deck`` is a ``ResolvedDeck``,
``regulation`` the ``deckcheck.regulation.Regulation`` it is judged by (the format applied on
the check date, with the rule's options: ``regulation.options(ID)``). A rule never prints and
never decides an exit code. Each module declares ``OPTIONS`` (see ``_options.py``) and
``ENABLED`` (whether it runs when a format does not mention it); it may also have
``facts(deck, regulation) -> dict``: what every report shows of a deck (Genesys: its points).
``RULES`` is the order in which they run and are documented.

Speed without a second implementation of any rule: a rule that judges card by card has
``allows(card, section, regulation) -> bool`` (its ``check`` reports the entries it does not
allow); its verdicts are remembered per format, and it runs only on a deck with a card it
refuses (``Regulation.rules_for``). Every other rule has ``triage(tally, regulation) -> bool``:
True only when a deck with these tallies (``checker.DeckTally``: section sizes, copies per name
group, cards and copies) can have no problem of it, conservatively, from the rule's own
helpers where it can (the size rules run their ``check`` on the tally). A plain YDK file whose
cards every ``allows`` accepts and whose tallies pass every ``triage`` is judged legal without
being read line by line (``checker.triage_plain``); tests run every rule's examples, the real
decklists of the fixtures and random decks both ways, in every format.
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
    main_size,
    not_a_deck_card,
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
)
RULES_BY_ID = {rule.ID: rule for rule in RULES}


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
