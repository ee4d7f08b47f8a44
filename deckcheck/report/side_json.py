"""JSON for side, match and diff (README, "Side decking"): fields are only ever added."""

from __future__ import annotations

import json

from ..model import SECTIONS
from .escape import json_safe


def _dump(document: dict) -> str:
    return json_safe(json.dumps(document, ensure_ascii=False, indent=2))


def side(result) -> str:
    return _dump(result.to_json())


def match(result) -> str:
    return _dump(result.to_json())


def diff(a, b, rows) -> str:
    return _dump(
        {
            "a": a.path,
            "b": b.path,
            "same": not rows,
            "sizes": {"a": dict(a.sizes), "b": dict(b.sizes)},
            "sections": {s: [r.to_json() for r in rows if r.section == s] for s in SECTIONS},
            "problems": {"a": [p.to_json() for p in a.problems], "b": [p.to_json() for p in b.problems]},
        }
    )
