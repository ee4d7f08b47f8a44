"""quota: at least (or at most) so many cards of a kind, as an event's own rule says.

A format lists its quotas, any number of them, each with `min` and/or `max`, the cards it counts
(`where`) and the sections it counts in (`sections`, default Main and Extra):

    rules:
      quota:
        - {min: 15, where: {card_type: monster, race: [Zombie, Fiend]}, sections: [main]}
        - {max: 0, where: {card_type: monster, frame: [link, pendulum]}}

`where` matches a card on all the keys it gives, each a value or a list of values (any of them):
`card_type` (monster, spell, trap), `race` (Zombie), `attribute` (DARK), `level` (a Level, Rank or
Link Rating: a number, a list, or {min, max}), `archetype` (the card's series in the data: Blue-Eyes),
`frame` (normal, effect, ritual, fusion, synchro, xyz, pendulum, link; from the card's type) and
`name` (card names). Every copy counts. The problem says how many cards match, what the quota
requires and names the matching cards. Side decking keeps a quota: `side` and `match` check it on
every sided deck. Off unless a format sets quotas (the built-in `halloween` is an example).

Source: YGO Omega Halloween event 2025 ("at least 15 Zombie or Fiend monsters in the Main Deck,
also after siding"); local event rules.

PASS:
    format: halloween
    main: [3 Archfiend Soldier, 3 Summoned Skull, 3 Giant Orc, 3 Pyramid Turtle, 3 Mezuki, 3 Celtic Guardian,
           3 Mystical Elf, 3 Beaver Warrior, 3 Giant Soldier of Stone, 3 Gemini Elf, 3 Alexandrite Dragon,
           3 Luster Dragon, 3 Vorse Raider, 1 Mechanicalchaser]

FAIL:
    format: halloween
    main: [3 Archfiend Soldier, 3 Summoned Skull, 3 Giant Orc, 3 Pyramid Turtle, 2 Mezuki, 3 Celtic Guardian,
           3 Mystical Elf, 3 Beaver Warrior, 3 Giant Soldier of Stone, 3 Gemini Elf, 3 Alexandrite Dragon,
           3 Luster Dragon, 3 Vorse Raider, 2 Mechanicalchaser]
"""

from __future__ import annotations

from collections.abc import Iterator

from ..card_facts import CARD_TYPES, FRAMES, card_type_of, frames_of, load_card_facts
from ..model import ERROR, EXTRA, MAIN, SECTIONS, Card, Problem, ResolvedDeck
from ._common import cards, section_title
from ._options import Option

ID = "quota"
SEVERITY = ERROR
SUMMARY = "At least / at most so many cards matching a condition (race, attribute, level, archetype, frame, name)."
ENABLED = False
KEEPS_WHEN_SIDED = True  # side and match check it on every sided deck
LIST_OPTION = "quotas"  # a format may give the list alone: quota: [...]
WHERE_KEYS = ("card_type", "race", "attribute", "level", "archetype", "frame", "name")
QUOTA_KEYS = ("min", "max", "where", "sections", "title")
NAMED = 12  # matching cards named in a message


def _text_or_list(value) -> bool:
    items = value if isinstance(value, list) else [value]
    return bool(items) and all(isinstance(v, str) and v.strip() for v in items)


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def quota_problem(quota: dict) -> str | None:
    """Why one quota of a format file is wrong, or None."""
    if not isinstance(quota, dict):
        return f"a quota is a mapping of {', '.join(QUOTA_KEYS)}, not {quota!r}"
    unknown = [k for k in quota if k not in QUOTA_KEYS]
    if unknown:
        return f"a quota has no key {unknown[0]!r} (its keys: {', '.join(QUOTA_KEYS)})"
    if "min" not in quota and "max" not in quota:
        return "a quota needs min or max"
    for key in ("min", "max"):
        if key in quota and not _int(quota[key]):
            return f"a quota's {key} must be a whole number ≥ 0, not {quota[key]!r}"
    if "min" in quota and "max" in quota and quota["min"] > quota["max"]:
        return f"a quota's min ({quota['min']}) is more than its max ({quota['max']})"
    if "title" in quota and not (isinstance(quota["title"], str) and quota["title"].strip()):
        return "a quota's title must be text"
    sections = quota.get("sections", [MAIN, EXTRA])
    if not isinstance(sections, list) or not sections or any(s not in SECTIONS for s in sections):
        return f"a quota's sections must be a list of {', '.join(SECTIONS)}, not {sections!r}"
    where = quota.get("where")
    if not isinstance(where, dict) or not where:
        return f"a quota needs where: a mapping of {', '.join(WHERE_KEYS)}"
    for key, value in where.items():
        if key not in WHERE_KEYS:
            return f"where has no key {key!r} (its keys: {', '.join(WHERE_KEYS)})"
        if key == "level":
            if isinstance(value, dict):
                if not value or any(k not in ("min", "max") or not _int(v) for k, v in value.items()):
                    return f"where: level as a range is {{min: N, max: N}}, not {value!r}"
            elif not (_int(value) or isinstance(value, list) and value and all(_int(v) for v in value)):
                return f"where: level must be a number, a list of numbers or {{min, max}}, not {value!r}"
            continue
        if not _text_or_list(value):
            return f"where: {key} must be text or a list of text, not {value!r}"
        choices = {"card_type": CARD_TYPES, "frame": FRAMES}.get(key)
        if choices:
            bad = [v for v in (value if isinstance(value, list) else [value]) if v.strip().lower() not in choices]
            if bad:
                return f"where: {key} must be among {', '.join(choices)}, not {bad[0]!r}"
    return None


_WHERE_SCHEMA = {"oneOf": [{"type": "string", "minLength": 1},
                           {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}]}
_QUOTA_SCHEMA = {
    "type": "object",
    "properties": {
        "min": {"type": "integer", "minimum": 0, "description": "the fewest matching cards"},
        "max": {"type": "integer", "minimum": 0, "description": "the most matching cards"},
        "title": {"type": "string", "minLength": 1, "description": "what the quota counts, as messages say it"},
        "sections": {"type": "array", "items": {"enum": list(SECTIONS)}, "minItems": 1,
                     "description": "the sections counted (default: main and extra)"},
        "where": {
            "type": "object",
            "description": "the cards counted: all the keys given match (a list: any of its values)",
            "properties": {
                "card_type": {"oneOf": [{"enum": list(CARD_TYPES)},
                                        {"type": "array", "items": {"enum": list(CARD_TYPES)}}]},
                "race": _WHERE_SCHEMA, "attribute": _WHERE_SCHEMA, "archetype": _WHERE_SCHEMA, "name": _WHERE_SCHEMA,
                "frame": {"oneOf": [{"enum": list(FRAMES)}, {"type": "array", "items": {"enum": list(FRAMES)}}]},
                "level": {"oneOf": [{"type": "integer", "minimum": 0},
                                    {"type": "array", "items": {"type": "integer", "minimum": 0}},
                                    {"type": "object", "properties": {"min": {"type": "integer", "minimum": 0},
                                                                      "max": {"type": "integer", "minimum": 0}},
                                     "additionalProperties": False}]},
            },
            "additionalProperties": False,
            "minProperties": 1,
        },
    },
    "required": ["where"],
    "anyOf": [{"required": ["min"]}, {"required": ["max"]}],
    "additionalProperties": False,
}

OPTIONS = {
    "quotas": Option("object", (), "the quotas, each {min and/or max, where: {card_type, race, attribute, level, "
                     "archetype, frame, name}, sections (default main, extra), title}", many=True,
                     validate=quota_problem, schema=_QUOTA_SCHEMA),
}


def _folded(value) -> set[str]:
    return {v.strip().casefold() for v in (value if isinstance(value, list) else [value])}


def matches(card, where: dict) -> bool:
    """Whether ``card`` is counted by a quota's ``where``."""
    for key, wanted in where.items():
        if key == "card_type":
            if card_type_of(card.type) not in _folded(wanted):
                return False
        elif key == "frame":
            if not frames_of(card.type) & _folded(wanted):
                return False
        elif key == "name":
            if card.name.casefold() not in _folded(wanted):
                return False
        else:
            facts = load_card_facts().of(card.passcode)
            if key == "race":
                if facts.race is None or facts.race.casefold() not in _folded(wanted):
                    return False
            elif key == "attribute":
                if facts.attribute is None or facts.attribute.casefold() not in _folded(wanted):
                    return False
            elif key == "archetype":
                if not {a.casefold() for a in facts.archetypes} & _folded(wanted):
                    return False
            elif key == "level":
                level = facts.level if facts.level is not None else card.level
                if level is None:
                    return False
                if isinstance(wanted, dict):
                    if level < wanted.get("min", 0) or level > wanted.get("max", level):
                        return False
                elif level not in (wanted if isinstance(wanted, list) else [wanted]):
                    return False
    return True


def describe(quota: dict) -> str:
    """What a quota counts, in words: "Zombie or Fiend monsters"."""
    if quota.get("title"):
        return quota["title"]
    where = quota["where"]
    words = []

    def alternatives(value) -> str:
        items = value if isinstance(value, list) else [value]
        return " or ".join(str(v) for v in items)

    for key in ("attribute", "race", "archetype"):
        if key in where:
            words.append(f"{alternatives(where[key])}{' archetype' if key == 'archetype' else ''}")
    if "level" in where:
        level = where["level"]
        if isinstance(level, dict):
            words.append(f"Level {level.get('min', 0)}–{level.get('max', '…')}")
        else:
            words.append(f"Level {alternatives(level)}")
    if "frame" in where:
        words.append(alternatives(where["frame"]).title())
    kinds = {"monster": "monsters", "spell": "Spells", "trap": "Traps"}
    if "card_type" in where:
        words.append(" or ".join(kinds[t.strip().lower()] for t in
                                 (where["card_type"] if isinstance(where["card_type"], list) else [where["card_type"]])))
    else:
        words.append("cards")
    text = " ".join(words)
    if "name" in where:
        text += f" named {alternatives(where['name'])}"
    return text


def _sections_title(sections: list[str]) -> str:
    titles = [f"{section_title(s)}" for s in sections]
    return (" + ".join(titles)) + (" Deck" if len(titles) == 1 else " Decks")


def counted(deck: ResolvedDeck, quota: dict) -> tuple[int, list[tuple[Card, int]]]:
    """The copies matching a quota in its sections, and (card, copies) per matching card, in deck order."""
    sections = set(quota.get("sections") or (MAIN, EXTRA))
    per_card: dict[int, list] = {}
    for e in deck.deck_entries:
        if e.section in sections and matches(e.card, quota["where"]):
            per_card.setdefault(e.card.passcode, [e.card, 0])[1] += e.count
    found = [(card, n) for card, n in per_card.values()]
    return sum(n for _, n in found), found


def check(deck: ResolvedDeck, regulation) -> Iterator[Problem]:
    for quota in regulation.options(ID).get("quotas") or ():
        n, found = counted(deck, quota)
        low, high = quota.get("min"), quota.get("max")
        if (low is None or n >= low) and (high is None or n <= high):
            continue
        what = describe(quota)
        where = _sections_title(list(quota.get("sections") or (MAIN, EXTRA)))
        named = ", ".join(f"{c} {card.name}" for card, c in found[:NAMED])
        if len(found) > NAMED:
            named += f" and {len(found) - NAMED} more"
        if low is not None and n < low:
            required = f"at least {low}" + (f" and at most {high}" if high is not None else "")
            fix = f"add {low - n} more to the {where} (of the {what})"
        else:
            required = f"at most {high}" if not low else f"{low}–{high}"
            fix = f"take out {cards(n - high)} of the {what} from the {where}"
        yield Problem(
            ID,
            SEVERITY,
            f"the {where} {'has' if len(where.split(' + ')) == 1 else 'have'} {n} {what}; {regulation.title} requires "
            f"{required}" + (f" ({named})" if found else ""),
            quota["sections"][0] if len(quota.get("sections") or ()) == 1 else None,
            None,
            None,
            fix,
        )
