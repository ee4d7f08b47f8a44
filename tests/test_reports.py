"""Every output format of `deckcheck check`, validated against its schema or parsed back."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from deckcheck import batch
from deckcheck.checker import Checker, Selection
from deckcheck.datastore import run_data_info
from deckcheck.files import find_decklists
from deckcheck.model import ERROR, CardRef, DeckResult, Problem
from deckcheck.report import Run, csv_report, github, json_report, junit, rule_catalog, sarif, text
from deckcheck.rules import RULES

from .conftest import REPO, TODAY
from .test_batch import mixed_tree, run_cli

SCHEMAS = REPO / "tests" / "fixtures" / "schemas"
SAMPLES = REPO / "sample_decks"


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    return mixed_tree(tmp_path_factory.mktemp("reports"))


@pytest.fixture(scope="module")
def run(tree, cards, store) -> Run:
    """A Run over the mixed tree (legal, illegal, warnings, unreadable), plus an odd deck."""
    checker = Checker(cards, store, Selection(), today=TODAY)
    results, formats = batch.check_files(checker, find_decklists([tree]).sources)
    odd = DeckResult(
        "odd dir/dëck, \"1\":%.ydk",  # space, comma, colon, percent, quote, non-ASCII
        {"main": 40, "extra": 0, "side": 0},
        [Problem("syntax", "warning", "line 3: '\x00\x07garbage'\nsecond line", "main", 3, None, None),
         Problem("unknown-card", ERROR, "no card = '=cmd|' /C calc'!A0", "main", None,
                 CardRef("=cmd|' /C calc'!A0", None), "remove it")],
        "=HYPERLINK(\"x\")",
    )
    regulation = checker.regulation()
    return Run(results + [odd], regulation.format.id, regulation.title, regulation.banlist.to_json(), checker.as_of,
               run_data_info(cards, regulation.banlist), formats, rule_catalog())


def test_json_validates_against_the_report_schema(run):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    document = json.loads(json_report.render(run))
    jsonschema.validate(document, schema)
    assert [d["path"] for d in document["decks"]] == [r.path for r in run.results]  # the order found
    assert document["summary"]["decks"] == len(run.results)
    assert sum(r["problems"] for r in document["summary"]["rules"]) == sum(
        1 for r in run.results for p in r.problems if p.severity != "info")  # notes are not counted


def test_junit_parses_and_validates_against_the_junit_schema(run):
    xmlschema = pytest.importorskip("xmlschema")
    report = junit.render(run)
    xmlschema.XMLSchema(str(SCHEMAS / "junit.xsd")).validate(report)
    root = ET.fromstring(report.encode("utf-8"))
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [r.path for r in run.results]  # one testcase per deck
    for case, result in zip(cases, run.results):
        errors = [p for p in result.problems if p.severity == "error"]
        if result.unreadable:
            assert [e.get("type") for e in case.findall("error")] == ["unreadable"] and not case.findall("failure")
        else:
            assert [f.get("type") for f in case.findall("failure")] == [p.rule for p in errors]  # one per error
        others = [p for p in result.problems if p.severity != "error"]  # warnings and notes
        assert bool(case.findall("system-out")) == bool(others)
    assert int(suite.get("tests")) == len(run.results)
    assert int(suite.get("errors")) == run.unreadable
    assert int(suite.get("failures")) == run.illegal
    assert "\x00" not in report and "\x07" not in report


def test_sarif_validates_against_the_sarif_2_1_0_schema(run):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    document = json.loads(sarif.render(run))
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(document)
    assert document["version"] == "2.1.0"
    (sarif_run,) = document["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [r.ID for r in RULES]
    for rule, module in zip(rules, RULES):
        assert rule["shortDescription"]["text"] == module.SUMMARY
        assert "PASS:" in rule["help"]["text"] and "FAIL:" in rule["help"]["text"]
    results = sarif_run["results"]
    problems = [(r.path, p) for r in run.results for p in r.problems]
    assert len(results) == len(problems)  # one result per problem
    for result, (_path, problem) in zip(results, problems):
        assert result["ruleId"] == problem.rule and rules[result["ruleIndex"]]["id"] == problem.rule
        assert result["level"] == {"info": "note"}.get(problem.severity, problem.severity)
        location = result["locations"][0]["physicalLocation"]
        if problem.line is None:
            assert "region" not in location
        else:
            assert location["region"] == {"startLine": problem.line}
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    assert "odd%20dir/d%C3%ABck%2C%20%221%22%3A%25.ydk" in uris  # relative: stays relative, escaped
    assert all(u.startswith("file:///") for u in uris if "odd" not in u)  # the tree's absolute paths


def test_sarif_relative_paths_stay_relative():
    assert sarif.artifact_uri("decks/my deck.ydk") == "decks/my%20deck.ydk"
    assert sarif.artifact_uri("c:d.ydk") == "c%3Ad.ydk"  # never read as a URI scheme
    assert sarif.artifact_uri("/abs/a.ydk") == "file:///abs/a.ydk"


GITHUB_LINE = re.compile(
    r"^(?:::group::[^\r\n]+"
    r"|::endgroup::"
    r"|::(error|warning) file=[^,:\r\n]+(?:,line=[1-9][0-9]*)?,title=deckcheck [a-z-]+::[^\r\n]+"
    r"|::warning title=deckcheck stale data::[^\r\n]+"
    r"|\d+ decks? checked: \d+ legal, \d+ illegal(?:, \d+ unreadable)?(?:; \d+ files? skipped \(not decklists\))?)$"
)


def test_github_workflow_commands_match_the_syntax(run):
    report = github.render(run)
    lines = report.splitlines()
    assert lines and all(GITHUB_LINE.match(line) for line in lines), [line for line in lines if not GITHUB_LINE.match(line)]
    # grouped per file: every group holds that file's annotations only, and closes
    groups = [line for line in lines if line.startswith("::group::")]
    assert len(groups) == sum(1 for r in run.results if any(p.severity != "info" for p in r.problems))
    assert not any("MDPro3" in line for line in lines)  # a note is no annotation
    current = None
    for line in lines:
        if line.startswith("::group::"):
            assert current is None
            current = line
        elif line == "::endgroup::":
            current = None
        elif line.startswith("::"):
            assert current is not None
    annotations = [line for line in lines if line.startswith(("::error", "::warning"))]
    assert len(annotations) == sum(1 for r in run.results for p in r.problems if p.severity != "info")
    odd = [line for line in annotations if "odd dir" in line]
    assert odd and all("%2C" in line and "%3A" in line and "%25" in line for line in odd)  # property escaping
    # a newline or control character in a message is shown escaped: never a new command, never raw
    assert any("\\x00\\x07garbage'\\nsecond line" in line for line in odd)


def test_csv_has_one_row_per_deck_and_reads_back(run):
    report = csv_report.render(run)
    rows = list(csv.DictReader(io.StringIO(report, newline="")))
    assert [r["path"] for r in rows[:-1]] == [r.path for r in run.results[:-1]]
    assert len(rows) == len(run.results)
    for row, result in zip(rows, run.results):
        assert row["status"] in ("legal", "illegal", "unreadable")
        assert int(row["errors"]) == sum(p.severity == "error" for p in result.problems)
        assert int(row["main"]) == result.sizes["main"]
    odd = rows[-1]
    assert odd["name"].startswith("'=") and odd["path"] == run.results[-1].path  # no formula injection
    assert odd["rules"] == "syntax;unknown-card"


def test_text_report_plain(run):
    report = text.render_text(run)
    assert report.index("UNREADABLE") < report.index("ILLEGAL") < report.index("✓ LEGAL")
    assert "Summary" in report and "Most common problems" in report


def test_each_report_is_a_pure_function_of_the_run(run):
    for module in (json_report, junit, sarif, github, csv_report):
        assert module.render(run) == module.render(run)


def test_an_empty_run_renders_everywhere(run):
    empty = Run([], run.format_id, run.format_title, run.banlist, run.as_of, run.data)
    json.loads(json_report.render(empty))
    ET.fromstring(junit.render(empty))
    assert json.loads(sarif.render(empty))["runs"][0]["results"] == []
    assert github.render(empty).strip() == "0 decks checked: 0 legal, 0 illegal"
    assert csv_report.render(empty).startswith("path,")


@pytest.mark.parametrize("fmt", ["json", "junit", "sarif", "github", "csv"])
def test_cli_formats(fmt, tree):
    proc = run_cli("check", str(SAMPLES), "-o", fmt)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout
    if fmt in ("json", "sarif"):
        json.loads(out)
    elif fmt == "junit":
        ET.fromstring(out.encode("utf-8"))
    elif fmt == "github":
        assert all(GITHUB_LINE.match(line) for line in out.splitlines())
    else:
        assert len(list(csv.reader(io.StringIO(out, newline="")))) == len(find_decklists([SAMPLES]).sources) + 1


def test_github_format_is_picked_inside_github_actions():
    proc = run_cli("check", str(SAMPLES / "tcg" / "snake-eye-illegal.yaml"), env={"GITHUB_ACTIONS": "true"})
    assert proc.returncode == 1
    lines = [line for line in proc.stdout.splitlines() if not line.startswith("::warning title=deckcheck stale data::")]
    assert lines[0].startswith("::group::") and "::error file=" in proc.stdout
    asked = run_cli("check", str(SAMPLES / "tcg" / "snake-eye-illegal.yaml"), "-o", "json",
                    env={"GITHUB_ACTIONS": "true"})
    json.loads(asked.stdout)  # an explicit format wins


def test_text_past_fifty_decks_gives_one_line_per_problem(run):
    many = Run(run.results * 3, run.format_id, run.format_title, run.banlist, run.as_of, run.data, run.deck_formats)
    assert len(many.results) > text.TABLES_UP_TO
    report = text.render_text(many)
    lines = report.splitlines()
    verdicts = [line for line in lines if line.startswith(("✗ ", "✓ "))]
    assert len(verdicts) == len(many.results)
    kinds = [line.split()[1] for line in verdicts]
    assert kinds == sorted(kinds, key=["UNREADABLE", "ILLEGAL", "LEGAL"].index)  # worst first
    problem = re.compile(r"^  (?: {0,4}\d+| {5})  (?:Main |Extra|Side | {5})  [a-z-]+ ")
    assert sum(1 for line in lines if problem.match(line)) == sum(len(r.problems) for r in many.results)
    assert "Summary" in report
    assert "I:P Masquerena is an Extra Deck monster" in report and "→ move 1 copy from Main to Extra" in report


def test_past_fifty_decks_plain_text_is_the_coloured_report_without_its_colours(run):
    """Uncoloured and unwrapped (a pipe, a file), the one-line-per-problem form is written from its runs of text
    without rich: exactly what rich prints for a terminal, once its colour codes are taken out."""
    from deckcheck.report.terminal import console as safe_console

    many = Run(run.results * 3, run.format_id, run.format_title, run.banlist, run.as_of, run.data, run.deck_formats)
    coloured = io.StringIO()
    console = safe_console(file=coloured, color_system="truecolor", force_terminal=True, width=5000)
    text.render(many, console)
    assert "\x1b[" in coloured.getvalue()
    without = re.sub(r"\x1b\[[0-9;]*m", "", coloured.getvalue())
    plain = text.render_text(many)
    assert "\x1b" not in plain
    assert [line.rstrip() for line in plain.splitlines()] == [line.rstrip() for line in without.splitlines()]


def test_decks_of_one_file_of_links_are_located_in_that_file(tmp_path):
    """A file of two ydke links gives decks ``links.txt#1`` and ``#2``: GitHub annotations and SARIF locations
    name the real file (and the link's line), the JSON and the annotation groups keep the deck's own path."""
    from .test_parse_codes import ydke_link

    maxx, ash = 23434538, 14558127
    links = tmp_path / "links.txt"
    links.write_text(f"# two decks\n{ydke_link([maxx] * 3 + [ash] * 37, [], [])}\n\n{ydke_link([ash] * 40, [], [])}\n",
                     encoding="utf-8")
    github = run_cli("check", str(links), "-o", "github").stdout.splitlines()
    assert f"::group::{links}#1 (illegal: 2 errors)" in github
    errors = [line for line in github if line.startswith("::error ")]
    assert errors and all(line.startswith(f"::error file={links},line=") for line in errors)
    assert {line.split(",")[1] for line in errors} == {"line=2", "line=4"}
    sarif = json.loads(run_cli("check", str(links), "-o", "sarif").stdout)
    places = {(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
               r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in sarif["runs"][0]["results"]}
    assert places == {(links.as_uri(), 2), (links.as_uri(), 4)}
    assert [d["path"] for d in json.loads(run_cli("check", str(links), "-o", "json").stdout)["decks"]] == [
        f"{links}#1", f"{links}#2"]
