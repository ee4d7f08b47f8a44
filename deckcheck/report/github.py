"""GitHub Actions workflow commands: one annotation per problem, grouped per file.

    ::group::decks/a.ydk (illegal: 2 errors)
    ::error file=decks/a.ydk,line=12,title=deckcheck banlist::Ash Blossom … (fix: remove 1 copy …)
    ::endgroup::

Errors become ``::error``, warnings ``::warning``; a note (severity info, e.g. an MDPro3 file's
own sections) is no annotation at all: a repository of such files would get thousands.
``line`` is given only when the problem has one (GitHub then annotates the file). Only decks
with errors or warnings get a group. The last line is the plain summary. Chosen automatically when ``GITHUB_ACTIONS=true`` and no output format was
asked for, as yamllint does.
"""

from __future__ import annotations

from ..model import INFO
from . import ReportFormat, Run, counts, stale_message, status
from .escape import printable
from .text import summary_line


def _escape_data(value: str) -> str:
    """A command's data: control characters shown escaped (``escape.printable``), then the
    runner's own escapes (printable leaves no CR or LF, but the runner's rule is kept)."""
    return printable(value).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(path: str, problem) -> str:
    level = "error" if problem.severity == "error" else "warning"
    props = [f"file={_escape_property(path)}"]
    if problem.line is not None:
        props.append(f"line={problem.line}")
    props.append(f"title={_escape_property('deckcheck ' + problem.rule)}")
    message = problem.message
    if problem.card is not None and (problem.card.name or str(problem.card.passcode)) not in message:
        message = f"{problem.card.label()}: {message}"
    if problem.fix:
        message += f" (fix: {problem.fix})"
    return f"::{level} {','.join(props)}::{_escape_data(message)}"


def render(run: Run) -> str:
    lines = [f"::warning title={_escape_property('deckcheck stale data')}::{_escape_data(stale_message(item))}"
             for item in run.stale]
    for result in run.results:
        errors, warnings = counts(result)
        if not errors and not warnings:
            continue
        tally = ", ".join(
            f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((errors, "error"), (warnings, "warning")) if n
        )
        lines.append(f"::group::{_escape_data(result.path)} ({status(result)}: {tally})")
        lines.extend(annotation(run.file_of(result.path), p) for p in result.problems if p.severity != INFO)
        lines.append("::endgroup::")
    lines.append(summary_line(run).plain)
    return "\n".join(lines) + "\n"


SUMMARY_DECKS = 50  # decks listed in the job summary; the annotations carry every problem


def _cell(value: str) -> str:
    """Text from a decklist in a Markdown table cell: escaped, no markup, no pipe, no HTML."""
    text = printable(value)
    for ch in "\\`*_[]<>|#!~":
        text = text.replace(ch, "\\" + ch)
    return text


def step_summary(run: Run) -> str:
    """The job summary GitHub shows on the run's page ($GITHUB_STEP_SUMMARY): the counts, the stale-list note,
    and the decks that are not legal with their rules, as Markdown."""
    lines = ["## deckcheck", "", f"{run.format_title} · list {run.banlist.get('name') or 'none'} · "
             f"as of {run.as_of.isoformat()}", "",
             "| decks | legal | illegal | unreadable |", "|---:|---:|---:|---:|",
             f"| {len(run.results)} | {run.legal} | {run.illegal} | {run.unreadable} |", ""]
    lines += [f"> {_cell(stale_message(item))}" for item in run.stale]
    bad = [r for r in run.results if status(r) != "legal"]
    if bad:
        lines += ["", "| deck | verdict | errors | rules |", "|---|---|---:|---|"]
        for result in bad[:SUMMARY_DECKS]:
            errors, _warnings = counts(result)
            rules = ", ".join(dict.fromkeys(p.rule for p in result.problems if p.severity != INFO))
            lines.append(f"| {_cell(result.path)} | {status(result)} | {errors} | {_cell(rules)} |")
        if len(bad) > SUMMARY_DECKS:
            lines.append(f"\n… and {len(bad) - SUMMARY_DECKS} more (see the annotations)")
    return "\n".join(lines) + "\n"


class GithubFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render(run)]
