"""``deckcheck event``: the submission ledger on a realistic event folder (tests/fixtures/event: 12 registered
players, a form export's manifest, resubmissions, late, missing and unmatched files, an illegal deck, every
input format), in both intake shapes (a manifest, one folder per player); malformed CSV; --check-deck;
the judges' sheets."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.documents import missing as pdf_missing
from deckcheck.event import EventInputError, judge, read_manifest, read_roster

from .conftest import REPO, TODAY, examples
from .inprocess import deckcheck

EVENT = REPO / "tests" / "fixtures" / "event"
SUBMISSIONS = EVENT / "submissions"
DEADLINE = "2026-12-05T09:00:00+01:00"
BASE = ["event", str(SUBMISSIONS), "--manifest", str(EVENT / "manifest.csv"), "--roster", str(EVENT / "roster.csv"),
        "--deadline", DEADLINE, "--as-of", TODAY.isoformat()]

# konami_id -> (status, counted file, superseded files, late files): what an organizer works out by hand
EXPECTED = {
    "0012345678": ("legal", "alice-ashford-cyber-dragon.ydk", [], []),
    "0023456781": ("legal", "bruno-avila-cyber-strike-v2.ydke", ["bruno-avila-cyber-strike-v1.ydk"], []),
    "0034567812": ("legal", "chen-wei-aesir.yaml", [], []),
    "0045678123": ("legal", "dana-okafor-mathmech.txt", [], []),  # one second before the deadline
    "0056781234": ("legal", "eli-moreau-despia-omega.txt", [], []),
    "0067812345": ("illegal", "farah-nasser-snake-eye.yaml", [], []),
    "0078123456": ("legal", "gus-lindqvist-traptrix.ydk", [], ["gus-lindqvist-traptrix-late.txt"]),
    "0081234567": ("missing", None, [], []),
    "0091234567": ("missing", None, [], ["ivan-petrov-pure-winds.ydk"]),  # one second late
    "0100234567": ("legal", "jun-sato-branded-v3.txt", ["jun-sato-branded-v1.ydk", "jun-sato-branded-v2.yaml"], []),
    "0111234567": ("legal", "kim-min-ji-blue-eyes.ydke", [], []),
    "0122345678": ("legal", "lena-van-der-berg-hero.ydk", [], []),
}


def invoke(*args):
    return deckcheck(*args)  # an exception deckcheck does not catch propagates and fails the test


@pytest.fixture(scope="module")
def ledger_json():
    result = invoke(*BASE, "-o", "json")
    assert result.returncode == 1, result.stderr  # one illegal deck, two missing
    return json.loads(result.stdout)


def test_every_player_gets_the_right_status_counted_file_and_history(ledger_json):
    players = {p["konami_id"]: p for p in ledger_json["players"]}
    assert list(players) == list(EXPECTED)  # one entry per registered player, in roster order
    for konami_id, (status, counted, superseded, late) in EXPECTED.items():
        player = players[konami_id]
        assert (player["status"], player["file"]) == (status, counted), konami_id
        assert [s["file"] for s in player["superseded"]] == superseded, konami_id
        assert [s["file"] for s in player["late"]] == late, konami_id
        assert (player["fingerprint"] is None) == (counted is None)
    assert players["0067812345"]["problems"] and {p["rule"] for p in players["0067812345"]["problems"]} >= {
        "banlist", "copy-limit", "unknown-card"}
    assert ledger_json["unmatched"][0]["file"] == "stranger-rainbow.ydk" and len(ledger_json["unmatched"]) == 1
    assert ledger_json["summary"] == {"registered": 12, "legal": 9, "illegal": 1, "missing": 2, "superseded": 3,
                                      "late": 2, "unmatched": 1, "deadline": DEADLINE}


def test_times_ids_and_extra_columns_are_read_as_a_form_export_writes_them(ledger_json):
    players = {p["konami_id"]: p for p in ledger_json["players"]}
    alice = players["0012345678"]  # the manifest wrote 12345678: a spreadsheet dropped the zeros
    assert alice["received"] == "2026-12-03T19:12:44+01:00"
    assert alice["extra"] == {"timestamp": "2026-12-03 19:12", "email": "alice@example.org", "source": "form"}
    assert alice["table"] == "1" and alice["seat"] == "A" and alice["roster"] == {"country": "US"}
    assert players["0034567812"]["received"] == "2026-12-04T18:30:00+01:00"  # no zone: the deadline's
    assert players["0100234567"]["received"] == DEADLINE  # received at the deadline itself: counted


def test_superseded_and_late_lists_say_what_changed(ledger_json):
    players = {p["konami_id"]: p for p in ledger_json["players"]}
    bruno = players["0023456781"]["superseded"][0]
    assert sorted((c["card"]["name"], c["old"], c["new"]) for c in bruno["changes"]) == [
        ("Ash Blossom & Joyous Spring", 1, 0), ("Cyberdark Keel", 0, 1)]
    jun_v1, jun_v2 = players["0100234567"]["superseded"]
    assert jun_v1["changes"] == [] and jun_v1["fingerprint"] == jun_v2["fingerprint"]  # artworks and format only
    assert sorted((c["card"]["name"], c["old"], c["new"]) for c in jun_v2["changes"]) == [
        ("Dimension Shifter", 0, 1), ("Effect Veiler", 2, 1)]
    gus_late = players["0078123456"]["late"][0]
    assert sorted((c["section"], c["card"]["name"], c["old"], c["new"]) for c in gus_late["changes"]) == [
        ("main", "Dark Hole", 0, 1), ("main", "Raigeki", 3, 2)]
    assert gus_late["fingerprint"] != players["0078123456"]["fingerprint"]


def test_the_counted_fingerprint_is_the_decks_own(ledger_json):
    players = {p["konami_id"]: p for p in ledger_json["players"]}
    for player in players.values():
        if player["file"]:
            verified = invoke("verify", player["fingerprint"], SUBMISSIONS / player["file"])
            assert verified.returncode == 0, (player["file"], verified.stderr)


def test_the_table_puts_missing_illegal_and_late_first():
    result = invoke(*BASE)
    assert result.returncode == 1
    statuses = re.findall(r"^(MISSING|ILLEGAL|LEGAL) +(.+?)  ", result.stdout, re.M)
    assert [s for s, _ in statuses] == ["MISSING"] * 2 + ["ILLEGAL"] + ["LEGAL"] * 9
    assert statuses[3][1].strip() == "Gus Lindqvist"  # the legal player with a late submission comes first
    assert "stranger-rainbow.ydk" in result.stdout and "LATE ivan-petrov-pure-winds.ydk" in result.stdout
    assert "12 registered: 9 legal, 1 illegal, 2 missing" in result.stdout


def test_csv_and_html_outputs(tmp_path):
    result = invoke(*BASE, "-o", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["konami_id"] for r in rows] == [*EXPECTED, "9999999999"]
    assert rows[-1]["status"] == "unmatched" and rows[7]["status"] == "missing"
    assert rows[5]["errors"] == "5" and rows[9]["superseded"].count("|") == 1
    page = tmp_path / "ledger.html"
    html = invoke(*BASE, "--output", page)  # the suffix says the format
    assert html.returncode == 1 and html.stdout == ""
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="panel deck" id="player-') == 12 and "Farah Nasser" in text
    assert "Snake-Eye Maple" in text and "stranger-rainbow.ydk" in text


def test_exit_0_only_when_every_registered_player_has_a_legal_counted_deck(tmp_path):
    roster = tmp_path / "roster.csv"
    lines = (EVENT / "roster.csv").read_text(encoding="utf-8").splitlines()
    roster.write_text("\n".join(line for line in lines if not line.startswith(("0067", "0081", "0091"))) + "\n",
                      encoding="utf-8")
    args = [a if a != str(EVENT / "roster.csv") else str(roster) for a in BASE]
    assert invoke(*args).returncode == 0
    assert invoke(*args, "--deadline", "2026-12-01T00:00:00Z").returncode == 1  # most lists were not in yet


def test_one_folder_per_player_uses_file_times(tmp_path):
    """The other intake: a folder per KONAMI ID, received = the file's modification time."""
    folder = tmp_path / "inbox"
    manifest = list(csv.DictReader(io.StringIO((EVENT / "manifest.csv").read_text(encoding="utf-8"))))
    for row in manifest:
        target = folder / row["konami_id"] / row["file"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SUBMISSIONS / row["file"], target)
        received = datetime.fromisoformat(row["received"].replace("Z", "+00:00")
                                          if "T" in row["received"] else row["received"] + "+01:00")
        os.utime(target, (received.timestamp(), received.timestamp()))
    shutil.copyfile(SUBMISSIONS / "stranger-rainbow.ydk", folder / "loose-file.ydk")
    result = invoke("event", folder, "--roster", EVENT / "roster.csv", "--deadline", DEADLINE,
                    "--as-of", TODAY.isoformat(), "-o", "json")
    doc = json.loads(result.stdout)
    players = {p["konami_id"]: p for p in doc["players"]}
    for konami_id, (status, counted, superseded, late) in EXPECTED.items():
        player = players[konami_id]
        assert player["status"] == status, konami_id
        assert (player["file"] or "").rsplit("/", 1)[-1] == (counted or ""), konami_id
        assert [s["file"].rsplit("/", 1)[-1] for s in player["superseded"]] == superseded
        assert [s["file"].rsplit("/", 1)[-1] for s in player["late"]] == late
    assert sorted(u["file"] for u in doc["unmatched"]) == ["9999999999/stranger-rainbow.ydk", "loose-file.ydk"]
    assert result.returncode == 1


def test_check_deck_compares_a_deck_found_at_the_table(tmp_path):
    found = invoke(*BASE, "--check-deck", "Gus Lindqvist", SUBMISSIONS / "gus-lindqvist-traptrix-late.txt")
    assert found.returncode == 1 and "NO MATCH" in found.stdout and "Raigeki" in found.stdout
    same = tmp_path / "at-the-table.ydke"  # the counted list, as a link, another artwork: the same deck
    same.write_text((SUBMISSIONS / "kim-min-ji-blue-eyes.ydke").read_text(), encoding="utf-8")
    matched = invoke(*BASE, "--check-deck", "0111234567", same, "-o", "json")
    assert matched.returncode == 0, matched.stderr
    assert json.loads(matched.stdout)["matches"] is True and json.loads(matched.stdout)["changes"] == []
    by_name = invoke(*BASE, "--check-deck", "sato, jun", SUBMISSIONS / "jun-sato-branded-v2.yaml")
    assert by_name.returncode == 1 and "Dimension Shifter" in by_name.stdout
    for who in ("Nobody", "0081234567"):  # not registered; registered with nothing counted
        assert invoke(*BASE, "--check-deck", who, same).returncode == 2


@pytest.mark.parametrize("roster_text, manifest_text, says", [
    ("konami_id,player\n", "player,konami_id,file\nA,1,a.ydk\n", r"manifest.csv:1: .*lacks the column received"),
    ("konami_id,name\n1,A\n", None, r"roster.csv:1: .*lacks the column player"),
    ("konami_id,player\n0012345678,Alice\n12345678,Alicia\n", None,
     r"roster.csv:3: .*registered twice \(also line 2\)"),
    ("konami_id,player\nABC,Alice\n", None, r"roster.csv:2: konami_id 'ABC' is not a KONAMI ID"),
    ("konami_id,player\n1,Alice,extra\n", None, r"roster.csv:2: 3 fields where the header has 2"),
    ("konami_id,player\n1,\"Alice\n", None, r"roster.csv:\d+: .*not valid CSV"),
    ("konami_id,player\n1,Alice\n", "player,konami_id,file,received\nA,1,a.ydk,yesterday\n",
     r"manifest.csv:2: received 'yesterday' is not an ISO time"),
    ("konami_id,player\n1,Alice\n", "player,konami_id,file,received\nA,1,../../etc/passwd,2026-12-01T00:00Z\n",
     r"manifest.csv:2: file '../../etc/passwd' is not a path inside"),
    ("konami_id,player\n1,Alice\n", "player,konami_id,file,received\n\nA,,a.ydk,2026-12-01T00:00Z\n",
     r"manifest.csv:3: no konami_id"),
    (b"konami_id,player\n1,Al\xffce\n", None, r"roster.csv:2: .*not UTF-8"),
    ("", None, r"roster.csv: the roster is empty"),
])
def test_malformed_csv_is_one_clear_error_with_file_and_line(tmp_path, roster_text, manifest_text, says):
    roster, manifest = tmp_path / "roster.csv", tmp_path / "manifest.csv"
    (roster.write_bytes if isinstance(roster_text, bytes) else roster.write_text)(roster_text)
    manifest.write_text(manifest_text if manifest_text is not None else "player,konami_id,file,received\n")
    result = invoke("event", tmp_path, "--manifest", manifest, "--roster", roster, "--deadline", DEADLINE)
    assert result.returncode == 2
    assert re.search(says, result.stderr), result.stderr
    assert "Traceback" not in result.stdout + result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_deadline_and_options_are_checked():
    assert "not an ISO time with a zone" in invoke(*BASE[:-4], "--deadline", "2026-12-05T09:00", "--as-of",
                                                   TODAY.isoformat()).stderr
    assert invoke(*BASE, "--merge").returncode == 2


def test_the_ledger_core_is_pure_data():
    roster = read_roster(EVENT / "roster.csv")
    deadline = datetime.fromisoformat(DEADLINE)
    submissions = read_manifest(EVENT / "manifest.csv", SUBMISSIONS, deadline.tzinfo)
    ledger = judge(roster, submissions, deadline)
    assert [e.registered.player for e in ledger.entries if e.counted is None] == ["Hana Kobayashi", "Ivan Petrov"]
    with pytest.raises(EventInputError, match="roster.csv: cannot read"):
        read_roster(EVENT / "nothing" / "roster.csv")


@pytest.mark.skipif(bool(pdf_missing()), reason="the pdf extra (reportlab, pypdf) is not installed")
def test_sheets_and_the_merged_pdf_sorted_by_last_name(tmp_path, ledger_json):
    from pypdf import PdfReader

    out = tmp_path / "judges"
    result = invoke(*BASE, "--sheets", out, "--merge", "--event", "Regional Qualifier", "--date", "2026-12-05")
    assert result.returncode == 1, result.stderr
    counted = [p for p in ledger_json["players"] if p["file"]]
    singles = sorted(p.name for p in out.glob("*.pdf") if p.name != "all-sheets.pdf")
    assert len(singles) == len(counted) == 10
    merged = PdfReader(out / "all-sheets.pdf")
    firsts = []
    for page in merged.pages:
        text = " ".join(page.extract_text().split())
        codes = re.findall(r"DC1(?:-[0-9A-Z]{4}){4}", text)
        assert len(codes) == 1, text[:200]  # the fingerprint on every page
        if "LAST NAME" in text and "CONTINUED" not in text and "PROBLEMS" not in text:
            firsts.append((re.search(r"LAST NAME (.+?) KONAMI ID", text).group(1), codes[0],
                           re.search(r"KONAMI ID \(CARD GAME ID\) (\d+)", text).group(1)))
    assert [last for last, _, _ in firsts] == ["Ashford", "Ávila", "Berg", "Lindqvist", "Min-ji", "Moreau",
                                               "Nasser", "Okafor", "Sato", "Wei"]
    by_id = {p["konami_id"]: p["fingerprint"] for p in counted}
    assert all(by_id[konami_id] == code for _, code, konami_id in firsts)


def test_the_json_follows_its_schema(ledger_json, tmp_path):
    import jsonschema
    from referencing import Registry, Resource

    schemas = {name: json.loads((REPO / "schemas" / name).read_text(encoding="utf-8"))
               for name in ("event.schema.json", "report.schema.json")}
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    validator = jsonschema.Draft202012Validator(schemas["event.schema.json"], registry=registry)
    validator.validate(ledger_json)
    broken = json.loads(json.dumps(ledger_json))
    broken["players"][0]["status"] = "late"
    assert not validator.is_valid(broken)


def test_a_manifest_naming_a_file_that_is_not_there_makes_the_deck_unreadable(tmp_path):
    (tmp_path / "roster.csv").write_text("konami_id,player\n0012345678,Alice Ashford\n", encoding="utf-8")
    (tmp_path / "manifest.csv").write_text("player,konami_id,file,received\n"
                                           "Alice,0012345678,lost.ydk,2026-12-01T10:00:00Z\n", encoding="utf-8")
    result = invoke("event", tmp_path, "--manifest", tmp_path / "manifest.csv", "--roster", tmp_path / "roster.csv",
                    "--deadline", DEADLINE, "-o", "json")
    assert result.returncode == 1
    (alice,) = json.loads(result.stdout)["players"]
    assert alice["status"] == "illegal" and alice["fingerprint"] is None
    assert alice["problems"][0]["rule"] == "unreadable" and "No such file" in alice["problems"][0]["message"]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(
    st.binary(max_size=400),
    st.lists(st.lists(st.text(alphabet=st.sampled_from('0123456789AZaz ,"\n\r\x00é-:T+'), max_size=14), max_size=6),
             max_size=6).map(lambda rows: "\n".join(",".join(row) for row in rows).encode("utf-8")),
    st.lists(st.tuples(st.from_regex(r"0?[0-9]{1,10}|[A-Z]{2}|", fullmatch=True), st.text(max_size=8),
                       st.sampled_from(["a.ydk", "../x.ydk", "/etc/passwd", "", "sub/b.txt"]),
                       st.sampled_from(["2026-12-01T10:00:00Z", "2026-12-01 10:00", "yesterday", "", "2026-13-01"])),
             max_size=5).map(lambda rows: ("konami_id,player,file,received\n" + "".join(
                 ",".join(f'"{cell}"' for cell in (konami_id, name.replace('"', "'"), file, received)) + "\n"
                 for konami_id, name, file, received in rows)).encode("utf-8")),
))
def test_any_roster_or_manifest_is_read_or_refused_with_its_file_and_line(tmp_path, data):
    path = tmp_path / "in.csv"
    path.write_bytes(data)
    zone = datetime.fromisoformat(DEADLINE).tzinfo
    for read in (lambda: read_roster(path), lambda: read_manifest(path, tmp_path, zone)):
        try:
            found = read()
        except EventInputError as exc:
            assert str(exc).startswith(f"{path}:")  # the file, and where it is known the line
            continue
        for item in found:  # what is read is whole: a KONAMI ID of digits, a file inside the folder, a time
            if hasattr(item, "received"):
                assert item.received.tzinfo is not None and tmp_path in item.path.parents
            else:
                assert item.konami_id.isdigit() and item.player


@pytest.mark.skipif(bool(pdf_missing()), reason="the pdf extra (reportlab, pypdf) is not installed")
def test_sheets_on_konamis_form_carry_the_roster_fields_and_the_fingerprint(tmp_path, ledger_json):
    from pypdf import PdfReader

    from .formbuilder import build_form

    out = tmp_path / "judges"
    result = invoke(*BASE, "--sheets", out, "--form", build_form(tmp_path / "KDE_DeckList.pdf"))
    assert result.returncode == 1, result.stderr
    alice = next(p for p in ledger_json["players"] if p["player"] == "Alice Ashford")
    reader = PdfReader(out / "Ashford-Alice-0012345678.pdf")
    fields = {name: field.get("/V") for name, field in reader.get_fields().items()}
    assert "Alice" in fields.values() and "Ashford" in fields.values() and "0012345678" in fields.values()
    assert all(alice["fingerprint"] in " ".join(page.extract_text().split()) for page in reader.pages)
    assert invoke(*BASE, "--form", tmp_path / "KDE_DeckList.pdf").returncode == 2  # --form needs --sheets


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_roster_that_is_a_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "roster.csv"
    os.mkfifo(fifo)
    with pytest.raises(EventInputError, match="roster.csv: cannot read the roster: it is a named pipe"):
        read_roster(fifo)
