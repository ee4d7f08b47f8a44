"""Formats as data: the loader of format files, extends, every mistake named by file, line and key,
the published schema, the command line (--format, deckcheck formats), and formats judged with the
real lists (Traditional, Worlds) — rules.md §2 and §6."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.banlists import BanlistStore
from deckcheck.errors import DataError
from deckcheck.checker import Checker, Override, Selection
from deckcheck.formats import FormatError, FormatStore
from deckcheck.parsers import parse_deck

from .conftest import REPO, TODAY, rules_of
from .inprocess import deckcheck

BUILTIN = REPO / "deckcheck" / "formats" / "builtin"


def store_with(tmp_path: Path, **files: str) -> FormatStore:
    """A format store with these user format files (id → YAML text) beside the built-in ones."""
    user = tmp_path / "formats"
    user.mkdir(exist_ok=True)
    for format_id, text in files.items():
        (user / f"{format_id}.yaml").write_text(text, encoding="utf-8")
    return FormatStore(user)


def check(cards, store: BanlistStore, formats: FormatStore, text: str, **selection):
    checker = Checker(cards, store, Selection(**selection), today=TODAY, formats=formats)
    return checker.judge(parse_deck(text.encode("utf-8"), "deck.yaml"))


# --- the built-in formats and the published schema ----------------------------------------------


def test_every_builtin_format_loads_and_validates_against_the_published_schema():
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    schema = json.loads((REPO / "schemas" / "format.schema.json").read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)  # once (jsonschema.validate checks the schema again for each document)
    validator = validator_class(schema)
    store = FormatStore(None)
    ids = store.builtin_ids()
    assert {"tcg", "ocg", "tcg-traditional", "worlds", "genesys", "ocg-genesys", "goat", "edison", "speed"} <= set(ids)
    for format_id in ids:
        raw = yaml.safe_load((BUILTIN / f"{format_id}.yaml").read_text(encoding="utf-8"))
        raw = json.loads(json.dumps(raw, default=str))  # YAML dates as the text they were written as
        validator.validate(raw)
        fmt = store.get(format_id)
        assert fmt.title and fmt.description and fmt.sources, format_id


def test_the_published_schema_is_what_the_rules_declare():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "format_schema.py"), "--check"], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_schema_invalid_file_is_refused_by_the_loader_too(tmp_path):
    """The loader and the schema agree on the mistakes a schema can see."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "schemas" / "format.schema.json").read_text(encoding="utf-8"))
    bad = [
        {"title": "x", "rules": {"main-size": {"min": "forty"}}},
        {"title": "x", "rules": {"no-such-rule": True}},
        {"title": "x", "rules": {"copy-limit": {"most": 2}}},
        {"title": "x", "colour": "red"},
        {"title": "x", "rules": {"card-pool": {"released_in": ["anime"]}}},
        {"title": "x", "rules": {"banlist": {"in_force_on": "2005-13-45"}}},
    ]
    for i, document in enumerate(bad):
        assert not jsonschema.Draft202012Validator(schema).is_valid(document), document
        store = store_with(tmp_path, **{f"bad{i}": json.dumps(document)})
        with pytest.raises(FormatError):
            store.get(f"bad{i}")


# --- extends: a house format in three lines -------------------------------------------------------


def test_a_house_format_extends_a_builtin_one_and_changes_one_option(tmp_path):
    formats = store_with(tmp_path, house="title: Locals, 45 cards at most\nextends: tcg\n"
                                        "rules: {main-size: {max: 45}}\n")
    house = formats.get("house")
    tcg = formats.get("tcg")
    assert house.extends == ("tcg",) and house.origin == "user" and house.title == "Locals, 45 cards at most"
    assert house.options("main-size") == {"min": 40, "max": 45}
    assert {k: v for k, v in house.rules.items() if k != "main-size"} == {k: v for k, v in tcg.rules.items() if k != "main-size"}
    assert "house" in formats.ids() and formats.user_ids() == ["house"]


def test_house_format_judges_decks(tmp_path, cards, store):
    formats = store_with(tmp_path, house="extends: tcg\nrules: {main-size: {max: 45}, copy-limit: {max: 2}}\n")
    text = "format: house\nmain: [46 Pot of Duality]\n"
    result, regulation = check(cards, store, formats, text)
    assert regulation.format.id == "house" and regulation.banlist.name == "2026.05 TCG"
    problems = {p.rule: p for p in result.problems}
    assert "allows 40–45" in problems["main-size"].message
    assert problems["copy-limit"].message.startswith("46 copies of Pot of Duality") and "at most 2" in problems["copy-limit"].message


def test_turning_a_rule_off(tmp_path, cards, store):
    formats = store_with(tmp_path, casual="extends: tcg\nrules: {banlist: false, card-pool: false}\n")
    fmt = formats.get("casual")
    assert not fmt.enabled("banlist") and not fmt.enabled("card-pool")
    result, regulation = check(cards, store, formats, "main: [1 Pot of Greed, 1 Dark Tyranno, 38 Pot of Duality]\n",
                               format="casual")
    assert regulation.banlist is None
    assert "banlist" not in rules_of(result) and "card-pool" not in rules_of(result)
    assert "copy-limit" in rules_of(result)  # 38 Pot of Duality


def test_extends_a_file_by_path_and_chains(tmp_path):
    (tmp_path / "base.yaml").write_text("extends: tcg\nrules: {copy-limit: {max: 2}}\n", encoding="utf-8")
    (tmp_path / "top.yaml").write_text("title: Top\nextends: base.yaml\nrules: {main-size: {min: 30}}\n",
                                       encoding="utf-8")
    fmt = FormatStore(None).load_path(tmp_path / "top.yaml")
    assert fmt.extends == ("base", "tcg") and fmt.origin == "file"
    assert fmt.options("copy-limit") == {"max": 2} and fmt.options("main-size") == {"min": 30, "max": 60}


# --- bad format files: a usage error naming the file, the line and the key -------------------------

BAD_FILES = [
    ("title: x\nrules:\n  main-size: {min: forty}\n", 3, "rules/main-size/min", "must be a whole number"),
    ("title: x\nrules:\n  copy-limt: {max: 2}\n", 3, "rules/copy-limt", "did you mean copy-limit"),
    ("title: x\nrules:\n  copy-limit:\n    most: 2\n", 4, "rules/copy-limit/most", "no option 'most'"),
    ("title: x\ncolour: red\n", 2, "colour", "unknown key"),
    ("title: x\nextends: nosuch\n", 2, "extends", "unknown format 'nosuch'"),
    ("title: x\nrules:\n  main-size: {min: 50, max: 45}\n", 3, "rules/main-size", "min (50) is more than max (45)"),
    ("title: x\nrules:\n  card-pool: {released_in: [anime]}\n", 3, "rules/card-pool/released_in", "one of tcg, ocg, rush"),
    ("title: x\nrules:\n  banlist: {in_force_on: 2005-13-45}\n", 3, "rules/banlist/in_force_on", "not a date"),
    ("title: x\nrules:\n  points-cap: {cap: -1}\n", 3, "rules/points-cap/cap", "at least 0"),
    ("title: x\nrules: [main-size]\n", 2, "rules", "must map rule IDs"),
    ("title: x\ntitle: y\n", 2, "title", "given twice"),
    ("title: [x\n", 2, None, "not valid YAML"),
    ("- just a list\n", 1, None, "a format file is a mapping"),
    ("sources: just one line\n", 1, "sources", "a list of text lines"),
    ("title: x\nregion: Europe West\n", 2, "region", "a region id in lower case"),
]


@pytest.mark.parametrize("text,line,key,needle", BAD_FILES, ids=[b[3] for b in BAD_FILES])
def test_bad_format_files_name_the_file_the_line_and_the_key(tmp_path, text, line, key, needle):
    formats = store_with(tmp_path, bad=text)
    with pytest.raises(FormatError) as caught:
        formats.get("bad")
    message = str(caught.value)
    path = tmp_path / "formats" / "bad.yaml"
    assert message.startswith(f"{path}:{line}: " + (f"{key}: " if key else "")), message
    assert needle in message, message


def test_extends_in_a_circle(tmp_path):
    formats = store_with(tmp_path, a="extends: b\n", b="extends: a\n")
    with pytest.raises(FormatError, match="circle"):
        formats.get("a")


def test_a_user_format_cannot_take_a_builtin_id(tmp_path):
    """A user formats/tcg.yaml is an error (issue 26): silently judging by the built-in TCG instead would hide
    the house rules the file was written for."""
    formats = store_with(tmp_path, tcg="title: Not TCG\nrules: {banlist: false}\n")
    with pytest.raises(FormatError, match="cannot take the id of the built-in format 'tcg'; rename the file"):
        formats.get("tcg")
    assert formats.user_ids() == []


def test_unknown_format_names_the_known_ones(tmp_path):
    with pytest.raises(FormatError) as caught:
        FormatStore(None).get("gaot")
    assert "unknown format 'gaot'" in str(caught.value) and "goat" in str(caught.value)


def test_a_decklist_declaring_an_unknown_format_is_a_syntax_error_on_its_line(check_text):
    result = check_text("name: x\nformat: gaot\nmain: [40 Pot of Duality]\n")
    (problem,) = [p for p in result.problems if p.rule == "syntax"]
    assert problem.severity == "error" and problem.line == 2 and "'gaot'" in problem.message


# --- Traditional and Worlds on the real lists (rules.md §2.2, §2.12; §6 cases 9, 48) --------------


def test_case_9_forbidden_in_the_side_deck_advanced_and_traditional(check_text):
    advanced = check_text("main: [40 Pot of Duality]\nside: [1 Pot of Greed]\n")
    assert "banlist" in rules_of(advanced, "error")
    traditional = check_text("main: [40 Pot of Duality]\nside: [1 Pot of Greed]\n", format="tcg-traditional")
    assert "banlist" not in rules_of(traditional)
    two = check_text("main: [1 Pot of Greed, 39 Pot of Duality]\nside: [1 Pot of Greed]\n", format="tcg-traditional")
    (problem,) = [p for p in two.problems if p.rule == "banlist"]
    assert "Forbidden on the 2026.05 TCG list, so Limited in the Traditional Format" in problem.message
    assert problem.fix == "remove 1 copy of Pot of Greed"


def test_case_48_worlds_takes_the_stricter_status_and_both_pools(cards, store):
    checker = Checker(cards, store, Selection(format="worlds"), today=TODAY)
    regulation = checker.regulation()
    tcg = Checker(cards, store, Selection(format="tcg"), today=TODAY).regulation()
    ocg = Checker(cards, store, Selection(format="ocg"), today=TODAY).regulation()
    groups = set(tcg.limits) | set(ocg.limits)
    assert groups and {g: regulation.limits.get(g, 3) for g in groups} == {
        g: min(tcg.limits.get(g, 3), ocg.limits.get(g, 3)) for g in groups}
    stricter_in_ocg = next(g for g in groups if ocg.limits.get(g, 3) < tcg.limits.get(g, 3))
    card = cards.by_passcode(stricter_in_ocg)
    copies = tcg.limits.get(stricter_in_ocg, 3)
    text = f"main: [{copies} {card.passcode}, 37 Pot of Duality]\n"
    result = checker.check_parsed(parse_deck(text.encode(), "deck.yaml"))
    (problem,) = [p for p in result.problems if p.rule == "banlist"]
    assert "OCG list (the strictest of the lists in force)" in problem.message
    tcg_only = next(c for c in cards.cards() if c.tcg and not c.ocg and c.kind == "main" and c.origin == "official")
    result = checker.check_parsed(parse_deck(f"main: [{tcg_only.passcode}, 39 Pot of Duality]\n".encode(), "d.yaml"))
    assert "card-pool" in rules_of(result, "error")


# --- the command line ---------------------------------------------------------------------------------


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return deckcheck(*args, env={"NO_COLOR": "1", "COLUMNS": "200", **(env or {})})


def test_format_file_on_the_command_line_and_a_bad_one(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("main: [43 Pot of Duality]\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("title: Big decks\nextends: tcg\nrules: {main-size: {min: 45}, copy-limit: false}\n",
                     encoding="utf-8")
    proc = run("check", str(deck), "--format", str(house), "-o", "json")
    doc = json.loads(proc.stdout)
    assert proc.returncode == 1 and doc["format"]["id"] == "house"
    assert [p["rule"] for p in doc["decks"][0]["problems"]] == ["main-size"]
    house.write_text("title: Big decks\nextends: tcg\nrules:\n  main-size: {min: many}\n", encoding="utf-8")
    proc = run("check", str(deck), "--format", str(house))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == f"deckcheck: error: {house}:4: rules/main-size/min: must be a whole number, not 'many'"


def test_unknown_format_on_the_command_line_is_exit_2():
    proc = run("check", str(REPO / "sample_decks" / "tcg" / "branded-despia.ydk"), "--format", "gaot")
    assert proc.returncode == 2 and "unknown format 'gaot'" in proc.stderr and "Traceback" not in proc.stderr


def test_formats_command_lists_builtin_and_user_formats(tmp_path):
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "locals.yaml").write_text("title: Locals\ndescription: our store's rules\nextends: tcg\n",
                                                      encoding="utf-8")
    proc = run("formats", "-o", "json", env={"DECKCHECK_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    listed = {f["id"]: f for f in json.loads(proc.stdout)}
    assert listed["locals"]["origin"] == "user" and listed["locals"]["path"].endswith("locals.yaml")
    assert listed["tcg"]["origin"] == "built-in" and listed["genesys"]["description"]
    proc = run("formats", "show", "locals", "-o", "json", env={"DECKCHECK_DATA_DIR": str(tmp_path)})
    shown = json.loads(proc.stdout)
    assert shown["extends"] == ["tcg"] and shown["rules"]["banlist"] == {"lists": "tcg", "mode": "standard", "also": [],
                                                                          "in_force_on": None, "unlisted_before": None}
    text = run("formats", "show", "genesys").stdout
    assert "banlist: off" in text and "points-cap: lists: genesys, cap: 100" in text


def test_config_file_format_must_be_known(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('format = "gaot"\n', encoding="utf-8")
    deck = tmp_path / "d.yaml"
    deck.write_text("main: [40 Pot of Duality]\n", encoding="utf-8")
    proc = deckcheck("check", deck, cwd=tmp_path)
    assert proc.returncode == 2 and "format must be one of" in proc.stderr and "gaot" in proc.stderr


def test_override_that_the_format_cannot_take(cards, store):
    with pytest.raises(DataError, match="--points-cap 50: format tcg does not apply the points-cap rule"):
        Checker(cards, store, Selection(format="tcg", overrides=(Override("--points-cap 50", "points-cap", {"cap": 50}),)),
                today=TODAY)


def test_an_override_no_deck_was_judged_with_is_a_warning(tmp_path):
    """Without --format, --points-cap applies to the decks whose format has points; when none has, the run says
    so on stderr (exit code and report unchanged) instead of ignoring the option silently."""
    tcg = tmp_path / "tcg.ydk"
    tcg.write_bytes((REPO / "sample_decks" / "tcg" / "branded-despia.ydk").read_bytes())
    genesys = tmp_path / "genesys.yaml"
    genesys.write_text("format: genesys\nmain: [40 Pot of Duality]\n", encoding="utf-8")

    def run(*paths: Path) -> subprocess.CompletedProcess:
        return deckcheck("check", *paths, "--points-cap", "50", "-o", "json")

    alone = run(tcg)
    assert alone.returncode == 0 and json.loads(alone.stdout)["summary"]["legal"] == 1
    assert ("deckcheck: warning: --points-cap 50 was not applied: no deck of this run was judged in a format with "
            "the points-cap rule (judged in: tcg)") in alone.stderr
    both = run(tcg, genesys)
    assert "was not applied" not in both.stderr
    [deck] = [d for d in json.loads(both.stdout)["decks"] if d["path"].endswith("genesys.yaml")]
    assert deck["points"]["cap"] == 50
