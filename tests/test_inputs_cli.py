"""`deckcheck check` with every input: ydke links as arguments, standard input, --input-format,
folders with .ydke and .txt files (and .txt files that are no decklists), in real processes."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import time

import pytest

from deckcheck import parsers
from deckcheck.parsers import INPUT_FORMATS, NotAFile, TooLarge, read_stdin

from .conftest import REPO
from .inprocess import deckcheck

SAMPLE = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
TEXT = REPO / "tests" / "fixtures" / "decks" / "text"


def run(*args: str, stdin: bytes | None = None, cwd=REPO, timeout: float = 120) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, stdin=stdin, env={"NO_COLOR": "1", "COLUMNS": "200", "GITHUB_ACTIONS": None},
                     text=False)


def run_json(*args: str, stdin: bytes | None = None, cwd=REPO) -> tuple[int, dict]:
    proc = run(*args, "-o", "json", stdin=stdin, cwd=cwd)
    assert b"Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def sample_link() -> str:
    sections, section = {"main": [], "extra": [], "side": []}, "main"
    for line in SAMPLE.read_text().splitlines():
        if line in ("#main", "#extra", "!side"):
            section = {"#main": "main", "#extra": "extra", "!side": "side"}[line]
        elif line.isdigit():
            sections[section].append(int(line))
    parts = [base64.b64encode(b"".join(c.to_bytes(4, "little") for c in codes)).decode() for codes in sections.values()]
    return "ydke://" + "!".join(parts) + "!"


def test_a_ydke_link_argument_is_a_deck_not_a_path():
    code, doc = run_json("check", sample_link())
    assert code == 0
    (deck,) = doc["decks"]
    assert deck["legal"] and deck["sections"] == {"main": 40, "extra": 15, "side": 15}
    assert deck["path"].startswith("ydke://") and deck["path"].endswith("(argument 1)")


def test_a_malformed_link_argument_is_unreadable_not_missing():
    proc = run("check", "ydke://AAA!!!", "-o", "json")
    assert proc.returncode == 1 and b"no such file" not in proc.stderr and b"Traceback" not in proc.stderr
    (deck,) = json.loads(proc.stdout)["decks"]
    assert [p["rule"] for p in deck["problems"]] == ["unreadable"]
    assert "not a whole number of passcodes" in deck["problems"][0]["message"]


@pytest.mark.parametrize("content", [
    SAMPLE.read_bytes(),  # YDK
    sample_link().encode(),  # a ydke link
    (TEXT / "duelingbook.txt").read_bytes(),  # a text decklist
    (TEXT / "omega-recipe-ja.txt").read_bytes(),  # in Japanese
])
def test_stdin_reads_one_decklist_of_any_format(content):
    code, doc = run_json("check", "-", stdin=content)
    (deck,) = doc["decks"]
    assert deck["path"] == "<stdin>"
    assert code == 0 and deck["legal"], deck["problems"]
    assert deck["sections"] == {"main": 40, "extra": 15, "side": 15}


def test_stdin_with_a_yaml_decklist():
    code, doc = run_json("check", "-", stdin=(REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml").read_bytes())
    assert code == 1 and doc["decks"][0]["path"] == "<stdin>"
    assert {p["rule"] for p in doc["decks"][0]["problems"]} >= {"banlist", "unknown-card"}


def test_stdin_and_files_together_in_order(tmp_path):
    code, doc = run_json("check", str(SAMPLE), "-", str(SAMPLE), stdin=sample_link().encode())
    assert [d["path"] for d in doc["decks"]] == [str(SAMPLE), "<stdin>"]  # a file named twice is checked once


def test_stdin_larger_than_a_decklist_is_unreadable():
    code, doc = run_json("check", "-", stdin=b"14558127\n" * 600_000)
    (deck,) = doc["decks"]
    assert code == 1 and deck["problems"][0]["rule"] == "unreadable"
    assert "standard input" in deck["problems"][0]["message"]


def test_read_stdin_is_bounded_in_size_and_time(monkeypatch):
    read, write = os.pipe()
    try:
        os.write(write, b"#main\n14558127\n")  # and the writer never closes it
        with open(read, "rb", closefd=False) as stream:
            start = time.monotonic()
            with pytest.raises(NotAFile, match="still open after 0.3 s"):
                read_stdin(stream, seconds=0.3)
            assert time.monotonic() - start < 2
        monkeypatch.setattr(parsers, "MAX_DECK_BYTES", 10)
        os.write(write, b"x" * 20)
        with open(read, "rb", closefd=False) as stream, pytest.raises(TooLarge):
            read_stdin(stream, seconds=5)
    finally:
        os.close(read)
        os.close(write)


def test_input_format_forces_a_format(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(sample_link(), encoding="utf-8")
    code, doc = run_json("check", str(deck))
    assert code == 1 and doc["decks"][0]["problems"][0]["rule"] == "unreadable"  # not YAML
    code, doc = run_json("check", str(deck), "--input-format", "ydke")
    assert code == 0 and doc["decks"][0]["legal"]
    proc = run("check", str(deck), "--input-format", "nope")
    assert proc.returncode == 2 and b"nope" in proc.stderr


def test_input_format_help_lists_the_registry():
    proc = run("check", "--help")
    text = proc.stdout.decode()
    for fmt in INPUT_FORMATS:
        assert fmt.id in text


def test_folder_with_ydke_and_text_files_and_a_readme(tmp_path):
    folder = tmp_path / "decks"
    (folder / "sub").mkdir(parents=True)
    (folder / "links.ydke").write_text(f"A: {sample_link()}\nB: {sample_link()}\n", encoding="utf-8")
    (folder / "README.txt").write_text("These are my decks.\nUse them well.\n", encoding="utf-8")
    (folder / "LICENSE.txt").write_text("MIT License\n\nPermission is hereby granted\n", encoding="utf-8")
    (folder / "sub" / "list.txt").write_bytes((TEXT / "ygoprodeck.txt").read_bytes())
    (folder / "sub" / "link.txt").write_text(sample_link() + "\n", encoding="utf-8")
    (folder / "notes.md").write_text("3 Ash Blossom & Joyous Spring\n", encoding="utf-8")  # not a decklist suffix
    code, doc = run_json("check", "decks", cwd=tmp_path)
    assert code == 0
    assert [d["path"] for d in doc["decks"]] == ["decks/links.ydke#1", "decks/links.ydke#2", "decks/sub/link.txt",
                                                 "decks/sub/list.txt"]
    assert doc["summary"]["skipped"] == 2 and doc["summary"]["unreadable"] == 0
    text = run("check", "decks", cwd=tmp_path).stdout.decode()
    assert "4 decks checked: 4 legal, 0 illegal; 2 files in folders skipped (not decklists)" in text


def test_a_readme_named_on_the_command_line_is_checked(tmp_path):
    readme = tmp_path / "README.txt"
    readme.write_text("These are my decks.\n", encoding="utf-8")
    code, doc = run_json("check", str(readme))
    assert code == 1 and len(doc["decks"]) == 1 and doc["summary"]["skipped"] == 0


def test_a_folder_of_readmes_only_is_no_decklists(tmp_path):
    (tmp_path / "README.txt").write_text("Hello\n", encoding="utf-8")
    proc = run("check", str(tmp_path))
    assert proc.returncode == 2
    assert b"no decklists" in proc.stderr and b"1 file that is not a decklist skipped" in proc.stderr


def test_the_report_schema_takes_the_new_summary(tmp_path):
    import jsonschema

    schema = json.loads((REPO / "schemas" / "report.schema.json").read_text())
    (tmp_path / "README.txt").write_text("Hello\n", encoding="utf-8")
    (tmp_path / "deck.ydk").write_bytes(SAMPLE.read_bytes())
    code, doc = run_json("check", str(tmp_path))
    jsonschema.validate(doc, schema)
    assert doc["summary"]["skipped"] == 1


def test_the_docs_list_every_input_format_and_suffix():
    readme = (REPO / "docs" / "decklists.md").read_text(encoding="utf-8")
    table = readme[readme.index("| `--input-format` | suffixes | what |"):]
    table = table[:table.index("\n\n")]
    rows = [line for line in table.splitlines()[2:]]
    assert len(rows) == len(INPUT_FORMATS)
    for fmt, row in zip(INPUT_FORMATS, rows):
        assert row.startswith(f"| `{fmt.id}` |"), row
        for suffix in fmt.suffixes:
            assert f"`{suffix}`" in row, (fmt.id, suffix)
    reports = (REPO / "docs" / "reports.md").read_text(encoding="utf-8")
    searched = reports[reports.index("- **Mixed trees.**"):][:200]
    for suffix in parsers.DECK_SUFFIXES:
        assert f"`{suffix}`" in searched, suffix


def test_side_and_diff_read_links_and_standard_input():
    registered = REPO / "sample_decks" / "side" / "registered.ydk"
    link = run("convert", str(registered), "--to", "ydke").stdout.decode().strip()
    code, doc = run_json("side", str(registered), link)
    assert code == 0 and doc["legal"] and doc["sided"].startswith("ydke://")
    proc = run("diff", "-", str(registered), "-o", "json", stdin=registered.read_bytes())
    assert proc.returncode == 0 and json.loads(proc.stdout)["same"] is True
    proc = run("side", str(registered), "ydke://AAA!!!")
    assert proc.returncode == 1 and b"no such file" not in proc.stderr
