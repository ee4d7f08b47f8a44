"""Reading and checking one format file: YAML → plain data with the line of every key.

Every problem is a :class:`FormatError` naming the file, the line and the key. The parsed
file is memoized in the user cache (as the lists are), so a check does not import the YAML
parser on every start.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ..errors import FormatError
from ..limits import quoted

TOP_KEYS = ("title", "description", "extends", "region", "sources", "notes", "rules", "eras")  # of a format file

MAX_FILE_BYTES = 256 * 1024  # a format file is a few lines
MAX_VALUES = 50_000  # values, each alias's repetitions counted (safe_yaml)


def read_format_file(path: Path) -> tuple[dict, dict[str, int]]:
    """The file's top-level mapping (checked) and ``key path → line`` (``"rules/points-cap/cap"``)."""
    from ..cache import memoized

    document = memoized("formats", path, lambda: _parse(path), valid=_is_parsed_file)
    raw, lines = document["raw"], document["lines"]
    _check_top(path, raw, lines)
    return raw, lines


def _is_parsed_file(document) -> bool:
    """Whether a memoized entry has the shape ``_parse`` returns (a damaged cache entry is parsed again)."""
    return (isinstance(document, dict) and isinstance(document.get("raw"), dict)
            and isinstance(document.get("lines"), dict)
            and all(isinstance(k, str) and isinstance(v, int) for k, v in document["lines"].items()))


def _parse(path: Path) -> dict:
    from ..reading import Unreadable, read_file
    from ..safe_yaml import YamlError, load

    try:
        data = read_file(path, MAX_FILE_BYTES)
    except Unreadable as exc:
        reason = f"a format file is a few lines; {exc}" if "larger than" in str(exc) else str(exc)
        raise FormatError(f"{path}: cannot read the format file: {reason}") from None
    lines: dict[str, int] = {}
    try:
        value = load(data, max_values=MAX_VALUES, max_depth=16, lines=lines, dates_as_text=True)
    except YamlError as exc:
        if exc.message.startswith("only text"):
            exc.message = "a format file holds text, numbers, dates, lists and mappings only"
        raise FormatError(exc.where(path)) from None
    if value is None:
        raise FormatError(f"{path}: the format file is empty")
    if not isinstance(value, dict):
        raise FormatError(f"{path}:1: a format file is a mapping of {', '.join(TOP_KEYS)}")
    return {"raw": value, "lines": lines}


def where(path: Path, lines: Mapping[str, int], key_path: str) -> str:
    """``file:line: key`` for a message, using the nearest key that has a line."""
    parts = key_path.split("/")
    while parts:
        line = lines.get("/".join(parts))
        if line is not None:
            return f"{path}:{line}: {key_path}"
        parts.pop()
    return f"{path}: {key_path}"


# What a format file's text may hold: the title heads every text report, the description is a line of the listing
# (a 200,000-character title was printed whole on the first line of every report); built-in ones are far shorter
TEXT_LIMITS = {"title": 80, "description": 500}
LINE_LIMIT = 2000  # extends, and each line of notes and sources


def _check_top(path: Path, raw: dict, lines: Mapping[str, int]) -> None:
    for key, value in raw.items():
        if key not in TOP_KEYS:
            raise FormatError(f"{where(path, lines, key)}: unknown key (a format file has {', '.join(TOP_KEYS)})")
        if key in ("title", "description", "extends"):
            if not isinstance(value, str) or not value.strip():
                raise FormatError(f"{where(path, lines, key)}: must be text")
            if _unprintable(value):
                raise FormatError(f"{where(path, lines, key)}: must be one line of printable text (it has "
                                  f"{_unprintable(value)}); reports print it")
            if len(value) > TEXT_LIMITS.get(key, LINE_LIMIT):
                raise FormatError(f"{where(path, lines, key)}: must be at most {TEXT_LIMITS.get(key, LINE_LIMIT):,} "
                                  f"characters (it has {len(value):,}); reports print it")
        elif key == "region":
            if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", value):
                raise FormatError(f"{where(path, lines, key)}: must be a region id in lower case (e.g. emea, amer, jp)")
        elif key in ("sources", "notes"):
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                raise FormatError(f"{where(path, lines, key)}: must be a list of text lines")
            for line in value:
                if _unprintable(line):
                    raise FormatError(f"{where(path, lines, key)}: must be lines of printable text (one has "
                                      f"{_unprintable(line)})")
                if len(line) > LINE_LIMIT:
                    raise FormatError(f"{where(path, lines, key)}: a line must be at most {LINE_LIMIT:,} characters "
                                      f"(one has {len(line):,})")
        elif key == "rules" and value is not None and not isinstance(value, dict):
            raise FormatError(f"{where(path, lines, key)}: must map rule IDs to their options (or false)")
        elif key == "eras":
            _check_eras(path, value, lines)


def _check_eras(path: Path, eras, lines: Mapping[str, int]) -> None:
    """``eras``: a list of ``{from, until, rules, source}``, each the deck rules of a span of days."""
    if not isinstance(eras, list):
        raise FormatError(f"{where(path, lines, 'eras')}: must be a list of {{from, until, rules, source}}")
    for i, era in enumerate(eras):
        at = where(path, lines, f"eras/{i}")
        if not isinstance(era, dict) or set(era) - {"from", "until", "rules", "source"}:
            raise FormatError(f"{at}: an era has the keys from, until, rules and source")
        for key in ("from", "until"):
            if era.get(key) is not None and not (isinstance(era[key], str) and re.fullmatch(r"\d{4}-\d\d-\d\d", era[key])):
                raise FormatError(f"{at}: {key} must be a date (YYYY-MM-DD)")
        if era.get("from") is None and era.get("until") is None:
            raise FormatError(f"{at}: give from, until or both")
        if era.get("from") and era.get("until") and era["from"] >= era["until"]:
            raise FormatError(f"{at}: from must be before until")
        if not isinstance(era.get("rules"), dict) or not era["rules"]:
            raise FormatError(f"{at}: rules must map rule IDs to their options on those days")
        if not isinstance(era.get("source"), str) or not era["source"].strip():
            raise FormatError(f"{at}: source must say where the era's rules come from")


def _unprintable(text: str) -> str | None:
    """The first control or bidi character of ``text`` (ESC, CR, LF, U+202E …) as an escape, or None."""
    if text.isprintable():  # (no character printable() escapes is printable: the usual text, told without a regex)
        return None
    from ..report.escape import printable

    for ch in text:
        if printable(ch) != ch:
            return printable(ch)
    return None


def default_rules() -> dict[str, dict | None]:
    """Every rule with its default options, or None for the rules that are off unless a format enables them."""
    from ..rules import RULES
    from ..rules._options import defaults

    return {rule.ID: (defaults(rule) if rule.ENABLED else None) for rule in RULES}


def resolve_rules(own: Mapping, inherited: Mapping | None, path: Path, lines: Mapping[str, int]) -> dict:
    """The rules' options after applying this file's ``rules:`` over what it inherits."""
    from ..rules import RULES_BY_ID
    from ..rules._options import defaults

    result = {rule_id: (dict(options) if options is not None else None)
              for rule_id, options in (inherited if inherited is not None else default_rules()).items()}
    for rule_id, value in own.items():
        key = f"rules/{rule_id}"
        module = RULES_BY_ID.get(rule_id)
        if module is None:
            close = _closest(rule_id, list(RULES_BY_ID))
            hint = f"; did you mean {close}?" if close else "; see: deckcheck rules"
            raise FormatError(f"{where(path, lines, key)}: no rule has this ID{hint}")
        if value is False:
            result[rule_id] = None
            continue
        current = dict(given if (given := result[rule_id]) is not None else defaults(module))
        if value is True or value is None:
            result[rule_id] = current
            continue
        if isinstance(value, list) and getattr(module, "LIST_OPTION", None):  # quota: [..] = quota: {quotas: [..]}
            value = {module.LIST_OPTION: value}
        if not isinstance(value, dict):
            raise FormatError(f"{where(path, lines, key)}: give the rule's options as a mapping, or true/false")
        declared = getattr(module, "OPTIONS", {})
        for name, setting in value.items():
            option = declared.get(name)
            if option is None:
                known = ", ".join(declared) or "none"
                raise FormatError(f"{where(path, lines, f'{key}/{name}')}: {rule_id} has no option {quoted(name)} "
                                  f"(its options: {known})")
            why = option.problem(setting)
            if why:
                raise FormatError(f"{where(path, lines, f'{key}/{name}')}: {why}")
            current[name] = option.normalize(setting)
        why = getattr(module, "options_problem", lambda options: None)(current)
        if why:
            raise FormatError(f"{where(path, lines, key)}: {why}")
        result[rule_id] = current
    return result


def _closest(word: str, choices: list[str]) -> str | None:
    """The choice closest to ``word`` by the ranking of every "did you mean" (``ranking.closest``)."""
    from ..folding import fold_words
    from ..ranking import closest

    folded = {fold_words(choice): choice for choice in choices}
    found = closest(fold_words(word), list(folded), 1)
    return folded[found[0]] if found else None
