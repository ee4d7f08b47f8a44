"""How a rule declares its options: the values a format file may set under ``rules: {ID: …}``.

A rule module has ``OPTIONS`` (name → :class:`Option`) and ``ENABLED`` (whether it runs when a
format does not mention it), as yamllint's rules have ``CONF`` and ``DEFAULT``. The format
loader validates a format file against these declarations, ``schemas/format.schema.json`` is
generated from them, and ``deckcheck rules -v`` prints them.
"""

from __future__ import annotations

from datetime import date

from ..limits import quoted

KINDS = ("int", "date", "str", "card", "object")  # card: a passcode (int) or a card name (str); object: a mapping
# a rule checks itself (``validate``: why a value is wrong, or None) and describes by a JSON Schema (``schema``)


class Option:
    """One option: its kind, default and meaning; ``many`` for a list of values."""

    __slots__ = ("kind", "default", "help", "choices", "nullable", "many", "minimum", "validate", "schema")

    def __init__(self, kind: str, default, help: str, *, choices: tuple = (), nullable: bool = False,
                 many: bool = False, minimum: int | None = 0, validate=None, schema: dict | None = None):
        assert kind in KINDS, kind
        self.kind = kind
        self.default = default
        self.help = help
        self.choices = choices
        self.nullable = nullable
        self.many = many
        self.minimum = minimum if kind == "int" else None
        self.validate = validate
        self.schema = schema

    def problem(self, value) -> str | None:
        """Why ``value`` is not a valid setting of this option, or None."""
        if value is None:
            return None if self.nullable else f"must be {self.describe()}, not empty"
        if self.many:
            if not isinstance(value, list):
                return f"must be a list of {self.describe_one()}"
            for item in value:
                why = self._one(item)
                if why:
                    return why
            return None
        return self._one(value)

    def _one(self, value) -> str | None:
        if self.kind == "object":
            if self.validate:
                return self.validate(value)
            return None if isinstance(value, dict) else f"must be {self.describe_one()}, not {quoted(value)}"
        ok = {
            "int": isinstance(value, int) and not isinstance(value, bool),
            "date": isinstance(value, date) and not hasattr(value, "hour") or _is_iso_date(value),
            "str": isinstance(value, str) and bool(value.strip()),
            "card": (isinstance(value, int) and not isinstance(value, bool) and value > 0)
            or (isinstance(value, str) and bool(value.strip())),
        }[self.kind]
        if not ok:
            return f"must be {self.describe()}, not {quoted(value)}"
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(map(str, self.choices))}, not {quoted(value)}"
        if self.minimum is not None and value < self.minimum:
            return f"must be at least {self.minimum}, not {quoted(value)}"
        return None

    def normalize(self, value):
        """The value as the rules read it: dates as ``date``, lists as tuples."""
        if value is None:
            return None
        if self.many and self.kind == "object":  # mappings (quotas): each kept, in order
            return tuple(self._normal_one(v) for v in value)
        if self.many:  # each value once: `also: [ocg, ocg, …]` 40,000 times took 71 s and 2.4 GB
            return tuple(dict.fromkeys(self._normal_one(v) for v in value))
        return self._normal_one(value)

    def _normal_one(self, value):
        if self.kind == "date" and isinstance(value, str):
            return date.fromisoformat(value)
        if self.kind == "str" and isinstance(value, str):
            return value.strip()
        return value

    def describe_one(self) -> str:
        if self.choices:
            return " | ".join(map(str, self.choices))
        return {"int": "a whole number", "date": "a date (YYYY-MM-DD)", "str": "text",
                "card": "a passcode or a card name", "object": "a mapping"}[self.kind]

    def describe(self) -> str:
        text = f"a list of {self.describe_one()}" if self.many else self.describe_one()
        return text + (" or null" if self.nullable else "")

    def json_schema(self) -> dict:
        if self.kind == "object":
            one_object = self.schema or {"type": "object"}
            schema = {"type": "array", "items": one_object} if self.many else one_object
            return {**schema, "description": self.help}
        kinds: dict[str, dict] = {
            "int": {"type": "integer"},
            "date": {"type": "string", "format": "date",
                     "pattern": r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"},
            "str": {"type": "string", "minLength": 1},
            "card": {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "minLength": 1}]},
        }
        one = kinds[self.kind]
        if self.choices:
            one = {"enum": list(self.choices)}
        elif self.minimum is not None:
            one = {**one, "minimum": self.minimum}
        schema = {"type": "array", "items": one} if self.many else one
        if self.nullable:
            schema = {"oneOf": [schema, {"type": "null"}]}
        return {**schema, "description": self.help}


def _is_iso_date(value) -> bool:
    if not isinstance(value, str):
        return False
    try:
        date.fromisoformat(value)
        return len(value) == 10
    except ValueError:
        return False


def defaults(rule) -> dict:
    """A rule's options with their default values."""
    return {name: option.default for name, option in getattr(rule, "OPTIONS", {}).items()}
