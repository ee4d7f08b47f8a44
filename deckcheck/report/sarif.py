"""SARIF 2.1.0, as GitHub code scanning and other SARIF viewers ingest it.

One run; ``tool.driver.rules`` lists every deckcheck rule with its summary as the short
description and its documentation (with PASS/FAIL examples) as help text, taken from the
rule modules. One result per problem, with the rule, level (error | warning), message (the
fix added), and the deck file as location: a ``region`` with ``startLine`` only where the
problem has a line, else the file alone. Relative paths stay relative (to the folder deckcheck
ran in, which is the repository root in CI); absolute paths become ``file://`` URIs; either
way the bytes of the file name are percent-encoded (a name that is not UTF-8 keeps its bytes).
Messages show data as ``escape.printable`` does; the document passes ``escape.json_safe``. The run's
``properties`` name the format, list and date, and its ``summary`` the counts JSON gives (decks, legal,
illegal, unreadable, skipped): results alone cannot count the legal decks, which have none.
"""

from __future__ import annotations

import json
import os
from urllib.parse import quote

from . import ReportFormat, Run, rule_catalog, stale_message, tool_info
from .escape import json_safe, printable

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/deckcheck/"


def artifact_uri(path: str) -> str:
    """The path as a URI reference: the bytes of the file name (os.fsencode) percent-encoded."""
    if os.path.isabs(path):
        from pathlib import Path

        return Path(path).as_uri()
    return quote(os.fsencode(path.replace(os.sep, "/")), safe="/-._~")


def _rule(info) -> dict:
    return {
        "id": info.id,
        "name": "".join(part.capitalize() for part in info.id.split("-")),
        "shortDescription": {"text": info.summary},
        "fullDescription": {"text": info.doc.split("\n\n", 1)[0].replace("\n", " ")},
        "help": {"text": info.doc, "markdown": info.doc},
        "defaultConfiguration": {"level": "error" if info.severity == "error" else "warning"},
        "properties": {"tags": ["decklist"]},
    }


def _message(p) -> str:
    text = p.message
    if p.card is not None and (p.card.name or str(p.card.passcode)) not in text:
        text = f"{p.card.label()}: {text}"
    if p.fix:
        text += f" Fix: {p.fix}."
    return printable(text)


_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def render(run: Run) -> str:
    catalog = run.rules or rule_catalog()
    index = {info.id: i for i, info in enumerate(catalog)}
    results = []
    for deck in run.results:
        uri = artifact_uri(run.file_of(deck.path))
        for p in deck.problems:
            location: dict = {"artifactLocation": {"uri": uri}}
            if p.line is not None:
                location["region"] = {"startLine": p.line}
            result: dict = {
                "ruleId": p.rule,
                "level": _LEVEL[p.severity],
                "message": {"text": _message(p)},
                "locations": [{"physicalLocation": location}],
            }
            if p.rule in index:
                result["ruleIndex"] = index[p.rule]
            properties: dict = {}
            if p.section:
                properties["section"] = p.section
            if p.card is not None:
                properties["card"] = p.card.to_json()
            if properties:
                result["properties"] = properties
            results.append(result)
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "deckcheck",
                        "version": tool_info()["version"],
                        "informationUri": INFORMATION_URI,
                        "rules": [_rule(info) for info in catalog],
                    }
                },
                "properties": {
                    "format": run.format_id,
                    "banlist": run.banlist.get("name"),
                    "as_of": run.as_of.isoformat(),
                    # the verdicts, counted as JSON's summary counts them (a legal deck has no result to count)
                    "summary": {"decks": len(run.results), "legal": run.legal, "illegal": run.illegal,
                                "unreadable": run.unreadable, "skipped": len(run.skipped)},
                },
                "results": results,
                **({"invocations": [{
                    "executionSuccessful": True,
                    "toolExecutionNotifications": [{"level": "warning", "message": {"text": stale_message(item)}}
                                                   for item in run.stale],
                }]} if run.stale else {}),
            }
        ],
    }
    return json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n"


class SarifFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render(run)]
