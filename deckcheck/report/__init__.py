"""Reporters: pure functions of the results. They know nothing of the rules.

Every reporter of ``deckcheck check`` is ``render(run: Run) -> str`` (JSON also offers
``render_chunks`` to write a large report piece by piece). Decks come in ``run.results``
in the order the files were found; only the text report reorders them (worst first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .. import __version__
from ..model import ERROR, DeckResult

# Every output format of `deckcheck check`: its name (as --output-format, deckcheck.toml and the docs
# spell it) and the module under report/ that renders it.
OUTPUT_FORMATS = {
    "text": "text",
    "json": "json_report",
    "junit": "junit",
    "sarif": "sarif",
    "github": "github",
    "csv": "csv_report",
    "html": "html",
}


@dataclass
class RuleInfo:
    """What a report may say about a rule: its ID, severity, one-line summary and documentation."""

    id: str
    severity: str
    summary: str
    doc: str


def rule_catalog() -> list[RuleInfo]:
    """Every rule's ID, severity, summary and docstring (read from the rule modules)."""
    from ..rules import RULES, rule_doc

    return [RuleInfo(r.ID, r.SEVERITY, r.SUMMARY, rule_doc(r)) for r in RULES]


@dataclass
class RuleCount:
    rule: str
    severity: str
    problems: int  # how many problems with this rule, over all decks
    decks: int  # how many decks have at least one


@dataclass
class Run:
    """Everything a reporter needs: the results and what they were judged with."""

    results: list[DeckResult]
    format_id: str
    format_title: str
    banlist: dict  # name, effective, source, path
    as_of: date
    data: dict  # card data sources
    deck_formats: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (format id, list name)
    rules: list[RuleInfo] = field(default_factory=list)  # for reports that describe rules (SARIF)
    lists: dict = field(default_factory=dict)  # Regulation.report_lists() of the run's format: region, lists, points
    skipped: list[str] = field(default_factory=list)  # files found in folders that are not decklists (a README.txt)

    @property
    def legal(self) -> int:
        return sum(1 for r in self.results if r.legal)

    @property
    def illegal(self) -> int:
        return len(self.results) - self.legal

    @property
    def unreadable(self) -> int:
        return sum(1 for r in self.results if r.unreadable)

    def rule_counts(self) -> list[RuleCount]:
        """Problems per rule, the most common first (by decks, then problems, then rule ID)."""
        problems: dict[str, int] = {}
        decks: dict[str, int] = {}
        severity: dict[str, str] = {}
        for result in self.results:
            seen = set()
            for p in result.problems:
                rule = p.rule
                problems[rule] = problems.get(rule, 0) + 1
                if rule not in seen:
                    seen.add(rule)
                    decks[rule] = decks.get(rule, 0) + 1
                if p.severity == ERROR or rule not in severity:
                    severity[rule] = p.severity
        counts = [RuleCount(rule, severity[rule], n, decks[rule]) for rule, n in problems.items()]
        counts.sort(key=lambda c: (-c.decks, -c.problems, c.rule))
        return counts


def counts(result: DeckResult) -> tuple[int, int]:
    """(errors, warnings) of one deck."""
    errors = sum(1 for p in result.problems if p.severity == ERROR)
    return errors, len(result.problems) - errors


def status(result: DeckResult) -> str:
    """"unreadable", "illegal" or "legal"."""
    if result.unreadable:
        return "unreadable"
    return "legal" if result.legal else "illegal"


def worst_first(results: list[DeckResult]) -> list[DeckResult]:
    """Unreadable decks, then illegal decks by most errors, then legal decks with warnings,
    then clean ones; decks that tie keep the order they were found in (a stable sort)."""

    def key(result: DeckResult) -> tuple:
        errors, warnings = counts(result)
        rank = 0 if result.unreadable else 1 if errors else 2 if warnings else 3
        return rank, -errors, -warnings

    return sorted(results, key=key)


def render_to(name: str, run: "Run", target=None, *, quiet: bool = False, console=None) -> None:
    """Render ``run`` in output format ``name`` to ``target`` (a file, replaced in one step) or to
    standard output; text goes to ``console`` (a rich console) when given, for colour on a terminal."""
    import importlib

    from .output import emit

    module = importlib.import_module(f".{OUTPUT_FORMATS[name]}", __package__)
    if name == "text":
        if target is None and console is not None:
            module.render(run, console, quiet=quiet)
        else:
            emit([module.render_text(run, quiet=quiet)], target)
    elif hasattr(module, "render_chunks"):
        emit(module.render_chunks(run), target)
    else:
        emit([module.render(run)], target)


def tool_info() -> dict:
    return {"name": "deckcheck", "version": __version__}
