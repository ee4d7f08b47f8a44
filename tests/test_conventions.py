"""Conventions users know from ruff, yamllint and pip-audit (issue 25, items 10 and 13)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import REPO
from .test_batch import run_cli

SAMPLES = REPO / "sample_decks"
ILLEGAL = SAMPLES / "tcg" / "snake-eye-illegal.yaml"


@pytest.mark.parametrize(("name", "starts"), [("report.html", "<!DOCTYPE html>"), ("report.json", "{"),
                                              ("report.csv", "path,"), ("report.xml", "<?xml"),
                                              ("report.sarif", "{"), ("report.txt", "TCG Advanced")])
def test_the_output_files_suffix_picks_the_format(tmp_path, name, starts):
    """`--output report.html` wrote text; the suffix now says the format, when none is given."""
    target = tmp_path / name
    proc = run_cli("check", str(ILLEGAL), "--output", str(target))
    assert proc.returncode == 1, proc.stderr
    assert target.read_text(encoding="utf-8").startswith(starts)


def test_dash_o_with_a_file_writes_the_file_as_in_decklist_and_convert(tmp_path):
    target = tmp_path / "out" / "report.json"
    target.parent.mkdir()
    proc = run_cli("check", str(ILLEGAL), "-o", str(target))
    assert proc.returncode == 1 and not proc.stdout
    assert json.loads(target.read_text(encoding="utf-8"))["summary"]["illegal"] == 1
    named = run_cli("check", str(ILLEGAL), "-o", "json")  # -o FORMAT keeps working
    assert json.loads(named.stdout)["summary"]["illegal"] == 1


def test_an_output_format_given_as_the_format_gets_a_hint():
    proc = run_cli("check", str(ILLEGAL), "--format", "json")
    assert proc.returncode == 2
    assert "did you mean --output-format json" in proc.stderr and len(proc.stderr.splitlines()) == 1


def test_a_misspelt_output_format_is_a_usage_error_not_a_file():
    proc = run_cli("check", str(ILLEGAL), "-o", "jsn")
    assert proc.returncode == 2 and "--output-format must be one of" in proc.stderr
    assert not Path(REPO / "jsn").exists()


def test_show_takes_a_ydke_link_and_standard_input_as_every_command_does(tmp_path):
    """Issue 25, item 13: `show` took only a path; a ydke link was "no such file" with its // collapsed."""
    link = run_cli("convert", str(SAMPLES / "tcg" / "branded-despia.ydk"), "--to", "ydke").stdout.strip()
    assert link.startswith("ydke://")
    by_link = run_cli("show", link)
    assert by_link.returncode == 0, by_link.stderr
    assert "Main Deck  40" in by_link.stdout
    import subprocess
    import sys

    piped = subprocess.run([sys.executable, "-m", "deckcheck", "show", "-"], cwd=REPO, capture_output=True,
                           input=(SAMPLES / "tcg" / "branded-despia.ydk").read_bytes(), timeout=120)
    assert piped.returncode == 0 and b"Main Deck  40" in piped.stdout
    broken = run_cli("show", "ydke://broken!")
    assert broken.returncode == 1 and "ydke://broken!" in broken.stderr


HELPED = ["check", "convert", "decklist", "card", "show", "side", "match", "diff", "banlists", "formats", "data",
          "rules", "update"]


@pytest.mark.parametrize("command", HELPED)
def test_help_groups_options_uses_one_placeholder_style_and_gives_examples(command):
    """Issue 25, item 11: check's help was 76 flat lines, metavars split mid-token (`<ydk|yaml|…|tex` / `t>`),
    placeholders of three styles, docstring line breaks in the command list, and no example."""
    proc = run_cli(command, "--help", env={"COLUMNS": "80"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Examples:" in out and f"deckcheck {command}" in out.split("Examples:")[1]
    options = [line for line in out.splitlines() if line.startswith("│") and " --" in line]
    assert not any(re.search(r"<[a-z]+>", line) or re.search(r"\{[a-z]+\}", line) for line in options), options
    assert not any(re.search(r"<[a-z|]+$", line.rstrip("│ ")) for line in out.splitlines())  # no metavar cut
    if command == "check":
        assert all(f"─ {panel} " in out for panel in ("Input", "Judging", "Output", "Configuration"))


def test_the_command_list_gives_each_command_one_sentence():
    out = run_cli("--help", env={"COLUMNS": "200"}).stdout
    show = [line for line in out.splitlines() if line.startswith("│ show ")]
    assert len(show) == 1 and "Exit 0" not in show[0]


def test_show_in_a_points_format_names_its_points_list():
    """Issue 25, item 17: `show --format genesys` said "no list"; Genesys judges by its points list."""
    proc = run_cli("show", str(SAMPLES / "tcg" / "branded-despia.ydk"), "--format", "genesys", "--as-of", "2026-08-10")
    first = proc.stdout.splitlines()[0]
    assert "(Genesys, 2026.08.04 Genesys)" in first and "no list" not in first


def test_card_shows_the_one_close_name_of_a_misspelling():
    """Issue 25, item 17: `card "ash blosom"` was an error though its one suggestion is clearly right."""
    proc = run_cli("card", "ash blosom")
    assert proc.returncode == 0, proc.stderr
    assert "Ash Blossom & Joyous Spring" in proc.stdout and "showing Ash Blossom & Joyous Spring" in proc.stderr
    several = run_cli("card", "blue ayes")  # three names are close: the user chooses
    assert several.returncode == 2 and "did you mean" in several.stderr
