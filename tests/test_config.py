"""deckcheck.toml and [tool.deckcheck]: found upwards, paths relative to the file, the command line wins."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from deckcheck.config import ConfigError, find_config, parse_config, resolve_config

from .conftest import REPO
from .test_batch import run_cli

SAMPLES = REPO / "sample_decks"
LEGAL_YDK = SAMPLES / "tcg" / "branded-despia.ydk"
ILLEGAL_YAML = SAMPLES / "tcg" / "snake-eye-illegal.yaml"


@pytest.fixture()
def repo(tmp_path) -> Path:
    """A deck repository: decks/ with a legal and an illegal deck, drafts/ with a broken one."""
    (tmp_path / "decks").mkdir()
    shutil.copy(LEGAL_YDK, tmp_path / "decks" / "legal.ydk")
    shutil.copy(ILLEGAL_YAML, tmp_path / "decks" / "illegal.yaml")
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "wip.ydk").write_bytes(b"\x00not yet")
    return tmp_path


def test_deckcheck_toml_gives_the_defaults(repo):
    (repo / "deckcheck.toml").write_text(
        'paths = ["decks"]\nas-of = 2024-04-18\noutput-format = "json"\nformat = "tcg"\n', encoding="utf-8")
    proc = run_cli("check", cwd=repo)
    assert "Traceback" not in proc.stderr, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["format"]["banlist"] == "2024.01 TCG" and doc["format"]["as_of"] == "2024-04-18"
    assert sorted(d["path"] for d in doc["decks"]) == ["decks/illegal.yaml", "decks/legal.ydk"]


def test_pyproject_tool_table_and_search_upwards(repo):
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "my-decks"\n\n[tool.deckcheck]\npaths = ["decks"]\nbanlist = "2025.04 TCG"\n'
        'output_format = "json"\n', encoding="utf-8")
    proc = run_cli("check", cwd=repo / "decks")  # from a subfolder: the file above is found
    doc = json.loads(proc.stdout)
    assert doc["format"]["banlist"] == "2025.04 TCG"
    assert sorted(d["path"] for d in doc["decks"]) == ["illegal.yaml", "legal.ydk"]  # relative to where we are


def test_command_line_wins(repo):
    (repo / "deckcheck.toml").write_text(
        'paths = ["decks"]\nbanlist = "2025.04 TCG"\noutput-format = "csv"\n', encoding="utf-8")
    proc = run_cli("check", "decks/legal.ydk", "--as-of", "2024-04-18", "-o", "json", cwd=repo)
    doc = json.loads(proc.stdout)
    assert [d["path"] for d in doc["decks"]] == ["decks/legal.ydk"]  # paths given: the file's are not used
    assert doc["format"]["banlist"] == "2024.01 TCG"  # --as-of replaces the file's banlist
    assert run_cli("check", cwd=repo).stdout.startswith("path,")  # the file's output format


def test_exclude_and_no_config(repo):
    (repo / "deckcheck.toml").write_text('paths = ["."]\nexclude = ["drafts/*"]\noutput-format = "json"\n',
                                         encoding="utf-8")
    doc = json.loads(run_cli("check", cwd=repo).stdout)
    assert not any("drafts" in d["path"] for d in doc["decks"]) and len(doc["decks"]) == 2
    proc = run_cli("check", ".", "--no-config", "-o", "json", cwd=repo)
    assert any("wip.ydk" in d["path"] for d in json.loads(proc.stdout)["decks"])


def test_explicit_config_file(repo, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("conf") / "ci.toml"
    elsewhere.write_text('format = "ocg"\noutput-format = "json"\n', encoding="utf-8")
    doc = json.loads(run_cli("check", "decks/legal.ydk", "--config", str(elsewhere), cwd=repo).stdout)
    assert doc["format"]["id"] == "ocg"


@pytest.mark.parametrize(
    "content,message",
    [
        ('fromat = "tcg"\n', "unknown key 'fromat'"),
        ('format = "rusj"\n', "format must be one of"),
        ('as-of = "yesterday"\n', "not a date"),
        ('output-format = "xml"\n', "output-format must be one of"),
        ('paths = [1]\n', "paths must be a list of strings"),
        ('format = \n', "not valid TOML"),
    ],
)
def test_bad_config_is_a_usage_error_naming_the_file(repo, content, message):
    (repo / "deckcheck.toml").write_text(content, encoding="utf-8")
    proc = run_cli("check", "decks", cwd=repo)
    assert proc.returncode == 2 and message in proc.stderr and "deckcheck.toml" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_parse_config_values(tmp_path):
    source = tmp_path / "deckcheck.toml"
    config = parse_config(source, {"as_of": date(2024, 4, 18), "region": "amer", "exclude": "*.bak",
                                   "output-format": "SARIF"})
    assert config.as_of == date(2024, 4, 18) and config.region == "amer"
    assert config.exclude == ["*.bak"] and config.output_format == "sarif"
    with pytest.raises(ConfigError):
        parse_config(source, {"as-of": 20240418})


def test_find_config_prefers_deckcheck_toml_and_skips_pyproject_without_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.deckcheck]\nformat = "ocg"\n', encoding="utf-8")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    source, table = find_config(inner)
    assert source == tmp_path / "pyproject.toml" and table == {"format": "ocg"}
    (tmp_path / "deckcheck.toml").write_text('format = "tcg"\n', encoding="utf-8")
    assert find_config(inner)[0] == tmp_path / "deckcheck.toml"
    assert resolve_config(disabled=True).source is None


@pytest.mark.parametrize("header", ["[tool.deckcheck]", "[ tool . deckcheck ]", "[tool.deckcheck.decklist]"])
def test_a_broken_pyproject_with_our_table_is_an_error(repo, header):
    """Issue 25, item 4: a TOML error in pyproject.toml dropped [tool.deckcheck] silently, and an OCG
    repository was judged as TCG with CI green; the same error in deckcheck.toml was reported."""
    (repo / "pyproject.toml").write_text(f'[project]\nname = "decks"\n{header}\nformat = "ocg"\npaths = ["decks"\n',
                                         encoding="utf-8")
    proc = run_cli("check", "decks/legal.ydk", cwd=repo)
    assert proc.returncode == 2, proc.stdout
    assert "pyproject.toml" in proc.stderr and "[tool.deckcheck]" in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_a_broken_pyproject_without_our_table_is_not_ours_to_judge(repo):
    (repo / "pyproject.toml").write_text('[project]\nname = "decks\n[tool.ruff]\nline-length = 1\n', encoding="utf-8")
    proc = run_cli("check", "decks/legal.ydk", cwd=repo)
    assert proc.returncode == 0, proc.stderr


def test_exclude_patterns_are_relative_to_the_config_file(repo):
    """Issue 25, item 5: the documented `exclude = ["decks/drafts/*"]` with `paths = ["decks"]` excluded
    nothing (patterns were taken relative to the searched folder). They are relative to the file's folder, as
    ruff and pytest take them; a pattern without a slash is a name anywhere."""
    (repo / "decks" / "drafts").mkdir()
    (repo / "decks" / "drafts" / "wip.ydk").write_bytes(b"\x00not yet")
    (repo / "decks" / "old.bak.ydk").write_bytes(b"\x00old")
    (repo / "deckcheck.toml").write_text('paths = ["decks"]\nexclude = ["decks/drafts/*", "*.bak.ydk"]\n'
                                         'output-format = "json"\n', encoding="utf-8")
    paths = sorted(d["path"] for d in json.loads(run_cli("check", cwd=repo).stdout)["decks"])
    assert paths == ["decks/illegal.yaml", "decks/legal.ydk"]
    inner = repo / "decks"  # the same file from a subfolder: the patterns stay the file's
    paths = sorted(d["path"] for d in json.loads(run_cli("check", ".", cwd=inner).stdout)["decks"])
    assert paths == ["illegal.yaml", "legal.ydk"]


def test_force_exclude_applies_to_files_named_on_the_command_line(repo):
    """Issue 25, items 5 and 6: pre-commit names every changed file; a README.md in the deck folder or an
    excluded draft was read and reported ILLEGAL. With --force-exclude a named file is taken only as a
    folder search would take it."""
    (repo / "decks" / "README.md").write_text("# My decks\n\nNotes on my decks.\n", encoding="utf-8")
    (repo / "decks" / "notes.txt").write_text("Bring sleeves and dice.\n", encoding="utf-8")
    (repo / "deckcheck.toml").write_text('exclude = ["drafts/*"]\noutput-format = "json"\n', encoding="utf-8")
    named = ["decks/README.md", "decks/notes.txt", "drafts/wip.ydk", "decks/legal.ydk"]
    forced = run_cli("check", "--force-exclude", *named, cwd=repo)
    assert forced.returncode == 0, forced.stderr
    assert [d["path"] for d in json.loads(forced.stdout)["decks"]] == ["decks/legal.ydk"]
    plain = run_cli("check", *named, cwd=repo)
    assert plain.returncode == 1  # named without the flag, each file is read as it is


def test_no_path_and_no_config_checks_the_current_folder_and_an_empty_path_is_an_error(repo):
    """Issue 25, item 12: `deckcheck check ''` walked the current folder; with nothing named and no config,
    the current folder is checked (as ruff, yamllint and pytest do); build and package folders are not searched."""
    (repo / "node_modules" / "pkg").mkdir(parents=True)
    (repo / "node_modules" / "pkg" / "deck.ydk").write_bytes(b"\x00not a deck")
    (repo / "venv").mkdir()
    (repo / "venv" / "x.yaml").write_text("main: [3 Pot of Greed]\n", encoding="utf-8")
    proc = run_cli("check", "--no-config", "-o", "json", cwd=repo)
    paths = sorted(d["path"] for d in json.loads(proc.stdout)["decks"])
    assert paths == ["decks/illegal.yaml", "decks/legal.ydk", "drafts/wip.ydk"]
    empty = run_cli("check", "", cwd=repo)
    assert empty.returncode == 2 and "'': no such file" in empty.stderr and not empty.stdout


def test_points_cap_in_the_config_file(repo):
    """Issue 25, item 15: deckcheck.toml had no points-cap, so the Action and CI could not set an event's cap."""
    (repo / "deckcheck.toml").write_text('format = "genesys"\npoints-cap = 0\noutput-format = "json"\n', encoding="utf-8")
    doc = json.loads(run_cli("check", "decks/illegal.yaml", cwd=repo).stdout)
    assert doc["format"]["points"]["cap"] == 0
    doc = json.loads(run_cli("check", "decks/illegal.yaml", "--points-cap", "7", cwd=repo).stdout)
    assert doc["format"]["points"]["cap"] == 7  # the command line wins
    (repo / "deckcheck.toml").write_text('format = "genesys"\npoints-cap = "lots"\n', encoding="utf-8")
    proc = run_cli("check", "decks/illegal.yaml", cwd=repo)
    assert proc.returncode == 2 and "points-cap must be a whole number" in proc.stderr
