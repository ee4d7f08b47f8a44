"""The JSON report: a stable contract (README, "JSON output")."""

from __future__ import annotations

import json

from . import Run, tool_info


def deck_json(result, deck_format: tuple[str, str] | None = None) -> dict:
    out = {
        "path": result.path,
        "legal": result.legal,
        "sections": dict(result.sizes),
        "problems": [p.to_json() for p in result.problems],
    }
    if result.name:
        out["name"] = result.name
    if deck_format:
        out["format"], out["banlist"] = deck_format
    return out


def render(run: Run) -> str:
    document = {
        "tool": tool_info(),
        "format": {
            "id": run.format_id,
            "banlist": run.banlist.get("name"),
            "effective": run.banlist.get("effective"),
            "as_of": run.as_of.isoformat(),
        },
        "data": run.data,
        "decks": [deck_json(r, run.deck_formats.get(r.path)) for r in run.results],
        "summary": {"decks": len(run.results), "legal": run.legal, "illegal": run.illegal, "unreadable": run.unreadable},
    }
    return json.dumps(document, ensure_ascii=False, indent=2)
