"""Reading and checking one format file: YAML → plain data with the line of every key.

Every problem is a :class:`FormatError` naming the file, the line and the key. The parsed
file is memoized in the user cache (as the lists are), so a check does not import the YAML
parser on every start.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from . import TOP_KEYS, FormatError

MAX_FILE_BYTES = 256 * 1024  # a format file is a few lines


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
    import yaml

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"{path}: cannot read the format file: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(f"{path}: a format file is a few lines; this one is over {MAX_FILE_BYTES // 1024} KB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{path}: not UTF-8 text (byte offset {exc.start})") from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise FormatError(f"{where}: not valid YAML: {exc.problem or exc.context}") from None
    except (yaml.YAMLError, RecursionError) as exc:
        raise FormatError(f"{path}: not valid YAML: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    if root is None:
        raise FormatError(f"{path}: the format file is empty")
    lines: dict[str, int] = {}
    value = _value(yaml, root, "", lines, path, depth=0)
    if not isinstance(value, dict):
        raise FormatError(f"{path}:{root.start_mark.line + 1}: a format file is a mapping of "
                          f"{', '.join(TOP_KEYS)}")
    return {"raw": value, "lines": lines}


def _value(yaml, node, key_path: str, lines: dict[str, int], path: Path, depth: int):
    """A node as JSON-able data (dates as ISO text), recording the line of each mapping key."""
    if depth > 16:
        raise FormatError(f"{path}:{node.start_mark.line + 1}: nested too deeply for a format file")
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise FormatError(f"{path}:{key_node.start_mark.line + 1}: a key must be a plain name")
            key = key_node.value
            child = f"{key_path}/{key}" if key_path else key
            if key in out:
                raise FormatError(f"{path}:{key_node.start_mark.line + 1}: {child}: the key is given twice")
            lines[child] = key_node.start_mark.line + 1
            out[key] = _value(yaml, value_node, child, lines, path, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_value(yaml, item, key_path, lines, path, depth + 1) for item in node.value]
    constructor = yaml.constructor.SafeConstructor()
    try:
        value = constructor.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError) as exc:
        what = "not a date (YYYY-MM-DD)" if node.tag == "tag:yaml.org,2002:timestamp" else f"cannot be read ({exc})"
        raise FormatError(f"{path}:{node.start_mark.line + 1}: {key_path}: {node.value!r} is {what}") from None
    if node.tag == "tag:yaml.org,2002:int" and node.value.isdigit():
        value = int(node.value)  # decimal, never YAML 1.1 octal
    if hasattr(value, "isoformat"):
        return value.isoformat()[:10]
    if not isinstance(value, (str, int, float, bool, type(None))):
        raise FormatError(f"{path}:{node.start_mark.line + 1}: {key_path}: a format file holds text, numbers, "
                          "dates, lists and mappings only")
    return value


def where(path: Path, lines: Mapping[str, int], key_path: str) -> str:
    """``file:line: key`` for a message, using the nearest key that has a line."""
    parts = key_path.split("/")
    while parts:
        line = lines.get("/".join(parts))
        if line is not None:
            return f"{path}:{line}: {key_path}"
        parts.pop()
    return f"{path}: {key_path}"


def _check_top(path: Path, raw: dict, lines: Mapping[str, int]) -> None:
    for key, value in raw.items():
        if key not in TOP_KEYS:
            raise FormatError(f"{where(path, lines, key)}: unknown key (a format file has {', '.join(TOP_KEYS)})")
        if key in ("title", "description", "extends"):
            if not isinstance(value, str) or not value.strip():
                raise FormatError(f"{where(path, lines, key)}: must be text")
        elif key == "region":
            if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", value):
                raise FormatError(f"{where(path, lines, key)}: must be a region id in lower case (e.g. emea, amer, jp)")
        elif key in ("sources", "notes"):
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                raise FormatError(f"{where(path, lines, key)}: must be a list of text lines")
        elif key == "rules" and value is not None and not isinstance(value, dict):
            raise FormatError(f"{where(path, lines, key)}: must map rule IDs to their options (or false)")


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
        if not isinstance(value, dict):
            raise FormatError(f"{where(path, lines, key)}: give the rule's options as a mapping, or true/false")
        declared = getattr(module, "OPTIONS", {})
        for name, setting in value.items():
            option = declared.get(name)
            if option is None:
                known = ", ".join(declared) or "none"
                raise FormatError(f"{where(path, lines, f'{key}/{name}')}: {rule_id} has no option {name!r} "
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
    """The choice closest to ``word`` by the ranking of every "did you mean" (``carddb.closest``)."""
    from ..carddb import closest, fold_words

    folded = {fold_words(choice): choice for choice in choices}
    found = closest(fold_words(word), list(folded), 1)
    return folded[found[0]] if found else None
