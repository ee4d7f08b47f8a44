"""The one way deckcheck reads YAML that is not a decklist: format files, list files, corrections.

PyYAML's safe loader never runs code, but it expands nothing either: an alias is the same object
again, so a file of 700 bytes can stand for billions of values, and whatever walks, copies,
prints or caches the result then hangs and grows without end. Here the document is composed
(aliases are shared nodes, cheap) and turned into plain data with a budget of values: each
alias counts every value it repeats, and reading stops at ``max_values`` or ``max_depth`` with
a :class:`YamlError` naming the line. Decklists have their own reader (parsers/yaml_deck.py),
which counts its entries the same way.

Plain data: mappings with text keys (a key given twice is an error), lists, text, whole numbers
(plain digits are decimal, never YAML 1.1 octal), decimal numbers, yes/no, null, dates.
"""

from __future__ import annotations

from datetime import date, datetime

MAX_VALUES = 200_000
MAX_DEPTH = 32

_INT = "tag:yaml.org,2002:int"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_COLLECTIONS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class YamlError(Exception):
    """What is wrong and where: ``line`` (1-based, or None), ``key`` (``rules/banlist/lists``, or
    ""), ``message`` (without the place)."""

    def __init__(self, message: str, line: int | None = None, key: str = ""):
        super().__init__(message)
        self.message = message
        self.line = line
        self.key = key

    def where(self, path) -> str:
        """``path:line: key: message``."""
        place = f"{path}:{self.line}" if self.line else str(path)
        return f"{place}: {self.key}: {self.message}" if self.key else f"{place}: {self.message}"


def load(data: bytes | str, *, max_values: int = MAX_VALUES, max_depth: int = MAX_DEPTH,
         lines: dict[str, int] | None = None, dates_as_text: bool = False):
    """The YAML document in ``data`` as plain data; raises :class:`YamlError`. ``lines`` (when given)
    gets the line of every mapping key by its path (``rules/points-cap/cap``)."""
    import yaml

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise YamlError(f"not UTF-8 text (byte offset {exc.start})") from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(data, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise YamlError(f"not valid YAML: {exc.problem or exc.context}",
                        mark.line + 1 if mark is not None else None) from None
    except (yaml.YAMLError, RecursionError, MemoryError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else "too deeply nested or too large"
        raise YamlError(f"not valid YAML: {first}") from None
    if root is None:
        return None
    return _Builder(yaml, max_values, max_depth, lines, dates_as_text).value(root, "", 0)


class _Builder:
    def __init__(self, yaml, max_values: int, max_depth: int, lines: dict[str, int] | None, dates_as_text: bool):
        self.yaml = yaml
        self.left = max_values
        self.max_values = max_values
        self.max_depth = max_depth
        self.lines = lines
        self.dates_as_text = dates_as_text
        self.constructor = yaml.constructor.SafeConstructor()

    def value(self, node, key: str, depth: int):
        yaml = self.yaml
        line = node.start_mark.line + 1 if node.start_mark is not None else None
        self.left -= 1
        if self.left < 0:
            raise YamlError(f"more than {self.max_values:,} values (YAML aliases repeating values count each "
                            "time); this is no file deckcheck wrote or documents", line, key)
        if depth > self.max_depth:
            raise YamlError("nested too deeply", line, key)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _COLLECTIONS:
            raise YamlError(f"{node.tag} is not allowed here (only text, numbers, dates, lists and mappings)",
                            line, key)
        if isinstance(node, yaml.MappingNode):
            out: dict = {}
            for key_node, value_node in node.value:
                key_line = key_node.start_mark.line + 1
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                    raise YamlError("a key must be a plain name", key_line, key)
                name = key_node.value
                child = f"{key}/{name}" if key else name
                if name in out:
                    raise YamlError("the key is given twice", key_line, child)
                if self.lines is not None:
                    self.lines[child] = key_line
                out[name] = self.value(value_node, child, depth + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, key, depth + 1) for item in node.value]
        if node.tag == _INT and node.value.isascii() and node.value.isdigit():
            digits = node.value.lstrip("0") or "0"
            if len(digits) > 18:
                raise YamlError(f"{node.value[:24]!r} is too large a number", line, key)
            return int(digits)  # decimal, never YAML 1.1 octal
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            shown = node.value[:40] if isinstance(node.value, str) else ""
            what = "not a date (YYYY-MM-DD)" if node.tag == _TIMESTAMP else f"cannot be read ({str(exc)[:80]})"
            raise YamlError(f"{shown!r} is {what}", line, key) from None
        if isinstance(value, datetime):
            value = value.date()
        if isinstance(value, date):
            return value.isoformat()[:10] if self.dates_as_text else value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**18:
            raise YamlError("too large a number", line, key)
        if not isinstance(value, (str, int, float, bool, type(None))):
            raise YamlError("only text, numbers, dates, lists and mappings are allowed here", line, key)
        return value
