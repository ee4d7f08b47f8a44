"""JUnit XML, as CI servers read it (Jenkins, GitLab, Azure, CircleCI …).

One ``<testsuite>`` named after the format and list; one ``<testcase>`` per deck (``name`` is
the deck's path, ``classname`` ``deckcheck.<format>``); one ``<failure>`` per error (its
``type`` is the rule ID, ``message`` the problem, the text adds line, card and fix); an
unreadable deck gets an ``<error>`` instead, since it could not be judged at all. Warnings
go into the testcase's ``<system-out>``. ``failures`` and ``errors`` on the suite count decks
(testcases), not problems. Decks are in the order the files were found.

Valid against the JUnit schema Jenkins' xunit plugin and most CI servers accept (several
failures per testcase allowed); the tests check it with ``tests/fixtures/schemas/junit.xsd``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from . import ReportFormat, Run, counts, stale_message
from .escape import neutralize_commands, printable

# Characters XML 1.0 cannot carry at all (a decklist's garbage can end up in a message).
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text) -> str:
    """Data as XML can carry it: shown as ``escape.printable`` does (one line, no controls)."""
    return _NOT_XML.sub("\ufffd", printable("" if text is None else str(text)))


def _detail(p) -> str:
    """Where, the rule and the message on one line; the fix on the next."""
    parts = []
    if p.line is not None:
        parts.append(f"line {p.line}")
    if p.section:
        parts.append(f"section {p.section}")
    if p.card is not None:
        parts.append(f"card {p.card.label()}")
    text = f"[{p.rule}] {p.message}"
    if parts:
        text = f"{', '.join(parts)}: {text}"
    text = _x(text)
    if p.fix:
        text += f"\nfix: {_x(p.fix)}"
    return text


def render(run: Run) -> str:
    failures = errors = 0
    cases = []
    for result in run.results:
        fmt = (run.deck_formats.get(result.path) or (run.format_id, None))[0]
        case = ET.Element("testcase", {"name": _x(result.path), "classname": _x(f"deckcheck.{fmt}"), "time": "0"})
        warnings = []  # and notes
        for p in result.problems:
            if p.severity != "error":
                warnings.append(_detail(p))
                continue
            tag = "error" if result.unreadable else "failure"
            child = ET.SubElement(case, tag, {"type": _x(p.rule), "message": _x(p.message)})
            child.text = _detail(p)
        if warnings:
            ET.SubElement(case, "system-out").text = "\n".join(warnings)
        if result.unreadable:
            errors += 1
        elif counts(result)[0]:
            failures += 1
        cases.append(case)
    name = f"deckcheck {run.format_id} {run.banlist.get('name') or ''}".strip()
    totals = {"tests": str(len(cases)), "failures": str(failures), "errors": str(errors)}
    root = ET.Element("testsuites", {"name": "deckcheck", **totals, "time": "0"})
    suite = ET.SubElement(root, "testsuite", {"name": _x(name), **totals, "skipped": "0", "time": "0"})
    props = ET.SubElement(suite, "properties")
    for key, value in (("format", run.format_id), ("banlist", run.banlist.get("name")), ("as_of", run.as_of.isoformat())):
        ET.SubElement(props, "property", {"name": key, "value": _x(value or "")})
    for item in run.stale:
        ET.SubElement(props, "property", {"name": "note", "value": _x(stale_message(item))})
    suite.extend(cases)
    ET.indent(root)
    document = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + neutralize_commands(document, "&#58;", "&#91;") + "\n"


class JunitFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render(run)]
