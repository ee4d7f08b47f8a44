"""The public Python API (deckcheck.api, re-exported by deckcheck): what a bot or a web service calls.

Real data, real files: a Session kept across a list installed into its data directory sees the new
list without being rebuilt; nothing is printed; the decklist given is not changed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

import deckcheck
from deckcheck import clock
from deckcheck.checker import Checker, Selection
from deckcheck.parsers import parse_deck

from .conftest import REPO, TODAY

SNAKE_EYE = REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml"
DESPIA = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
FALLEN_OF_ALBAZ = 68468459  # three copies in branded-despia.ydk
NEWEST_BUNDLED_TCG = REPO / "banlists" / "tcg" / "2026-05-18.yaml"


def test_the_three_line_case_prints_nothing():
    """The README's promise: five problems, nothing on stderr, and typer/rich never imported."""
    code = ("import sys, deckcheck\n"
            f"r = deckcheck.check(open({str(SNAKE_EYE)!r}).read())\n"
            "print(r.legal, len(r.problems))\n"
            "print(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["False 5", "[]"]
    assert proc.stderr == ""


def test_import_deckcheck_loads_nothing_else():
    code = "import sys, deckcheck; print(sorted(m for m in sys.modules if m.startswith('deckcheck')))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "['deckcheck', 'deckcheck.version']", proc.stdout


def test_the_api_imports_its_other_result_types_when_first_named():
    """A check needs none of api_results.py's types nor convert.py: importing the API makes none of them."""
    code = ("import sys, deckcheck.api\n"
            "print(sorted(m for m in ('deckcheck.api_results', 'deckcheck.convert') if m in sys.modules))\n"
            "from deckcheck.api import Conversion, ShownDeck\n"
            "print(ShownDeck.__name__, Conversion.__name__, deckcheck.api.Fingerprint('a.ydk', None).path)\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.stdout.splitlines() == ["[]", "ShownDeck Conversion a.ydk"], proc.stderr


def test_check_gives_every_problem_with_its_rule_and_line():
    result = deckcheck.check(SNAKE_EYE.read_bytes(), as_of=TODAY, name="snake-eye.yaml")
    assert result.path == "snake-eye.yaml" and not result.legal
    assert [(p.rule, p.line) for p in result.problems] == [
        ("banlist", 17), ("wrong-section", 27), ("card-pool", 28), ("unknown-card", 29), ("copy-limit", 46)]


def test_the_public_names_are_all_there():
    for name in deckcheck.__all__:
        assert getattr(deckcheck, name) is not None, name
    assert issubclass(deckcheck.DataError, deckcheck.DeckcheckError)
    assert issubclass(deckcheck.ConfigError, deckcheck.UsageError)
    with pytest.raises(AttributeError):
        deckcheck.no_such_name  # noqa: B018


def test_errors_are_exceptions_of_deckcheck_errors():
    with pytest.raises(deckcheck.FormatError, match="unknown format 'nosuch'"):
        deckcheck.check(DESPIA.read_bytes(), format="nosuch")
    with pytest.raises(deckcheck.UsageError, match="is not a date"):
        deckcheck.check(DESPIA.read_bytes(), as_of="yesterday")
    with pytest.raises(deckcheck.UsageError, match="unknown input format"):
        deckcheck.check(DESPIA.read_bytes(), input_format="pdf")
    links = b"ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\nydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\n"
    with pytest.raises(deckcheck.UsageError, match="holds 2 decks"):
        deckcheck.check(links)
    assert len(deckcheck.Session().check_decks(links)) == 2


def test_the_parsed_deck_is_not_changed(cards, store):
    """A format the file declares that deckcheck does not know is a problem of the verdict, not of the input."""
    parsed = parse_deck(b"format: nosuch\nmain: [40 Pot of Duality]\n", "d.yaml")
    before = (parsed.format, list(parsed.problems))
    result = Checker(cards, store, Selection(), today=TODAY).check_parsed(parsed)
    assert [p.rule for p in result.problems].count("syntax") == 1
    assert (parsed.format, list(parsed.problems)) == before


def _install_list(data_dir, name: str, effective, forbidden: int) -> None:
    """What `deckcheck update` leaves: a generation with a list file, then state.json naming it."""
    text = NEWEST_BUNDLED_TCG.read_text(encoding="utf-8")
    text = re.sub(r'^name: .*$', f'name: "{name}"', text, count=1, flags=re.M)
    text = re.sub(r'^effective: .*$', f"effective: {effective.isoformat()}", text, count=1, flags=re.M)
    text = text.replace("forbidden:\n", f'forbidden:\n  - {{name: "Fallen of Albaz", passcode: {forbidden}}}\n', 1)
    folder = data_dir / "generations" / "1" / "banlists" / "tcg"
    folder.mkdir(parents=True)
    (folder / f"{effective.isoformat()}.yaml").write_text(text, encoding="utf-8")
    state = {"schema": 2, "generation": 1, "updated": "2026-06-01T00:00:00Z",
             "lists": {"source": {"name": "a test"}, "checked": None, "derived": []}}
    (data_dir / "state.json").write_text(json.dumps(state), encoding="utf-8")


def test_a_session_kept_by_a_bot_sees_a_list_installed_while_it_runs(tmp_path):
    session = deckcheck.Session(data_dir=tmp_path)
    deck = DESPIA.read_text(encoding="utf-8")
    before = session.check(deck, format="tcg")
    assert before.legal, before.problems
    effective = clock.today() - timedelta(days=1)  # in force today, newer than every bundled TCG list
    _install_list(tmp_path, "2099.01 TCG", effective, FALLEN_OF_ALBAZ)
    after = session.check(deck, format="tcg")
    assert not after.legal
    [problem] = after.problems
    assert problem.rule == "banlist" and "2099.01 TCG" in problem.message and problem.card.passcode == FALLEN_OF_ALBAZ
    run = session.check_paths([DESPIA], format="tcg", jobs=1)
    assert run.banlist["name"] == "2099.01 TCG" and run.data["banlist"]["origin"] == "downloaded"
    assert run.not_legal == 1 and session.warnings == []


def test_check_paths_gives_a_run_in_file_order_with_its_notices():
    session = deckcheck.Session()
    run = session.check_paths([REPO / "sample_decks"], as_of=TODAY, points_cap=50, jobs=1)
    assert len(run.results) == 8 and all(r.path.startswith(str(REPO / "sample_decks")) for r in run.results)
    assert run.not_legal == 2 and run.format_id == "tcg" and run.as_of == TODAY
    assert [n.split(":")[0] for n in run.notices] == ["warning"] and "--points-cap 50 was not applied" in run.notices[0]
    with pytest.raises(deckcheck.UsageError, match="no such file"):
        session.check_paths([REPO / "no-such-folder"])
    given = deckcheck.Source(None, "<pasted>", DESPIA.read_bytes())
    [result] = session.check_paths([given], as_of=TODAY).results
    assert result.path == "<pasted>" and result.legal


def test_the_readme_python_example_runs():
    """The README's "Python API" example, run as it is written there."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    proc = subprocess.run([sys.executable, "-c", example], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.splitlines()[0] == "False 5"


# ---- what the other commands need: convert, show, side and match, diff, fingerprints, sheets, an event ----------

SIDE = REPO / "sample_decks" / "side"
EVENT = REPO / "tests" / "fixtures" / "event"
DEADLINE = "2026-12-05T09:00:00+01:00"
UNKNOWN = ("main:\n  - 3 Snake-Eye Maple\n  - 12345678\n  - 2 Ash Blossom & Joyous Spring\n"
           "  - {passcode: 0, count: 1}\n")
NO_KONAMI_ID = "#main\n14558127\n#extra\n!side\n20240828\n68811206\n"  # Decoy, Tyler the Great Warrior: no Konami ID


@pytest.fixture(scope="module")
def session():
    return deckcheck.Session()


def test_convert_gives_the_text_and_each_card_it_could_not_keep_as_a_problem_with_its_line(session):
    ydk = session.convert(UNKNOWN, "ydk", name="deck.yaml")
    assert isinstance(ydk, deckcheck.Conversion) and ydk.path == "deck.yaml" and ydk.to == "ydk"
    assert "# not a known card: 3 Snake-Eye Maple" in ydk.text and "\n12345678\n" in ydk.text
    assert [(p.rule, p.line, p.message.rsplit("; ", 1)[-1]) for p in ydk.problems] == [
        ("syntax", 5, "0 is not a passcode (passcodes are 1 to 9 digits and not 0)"),  # reading the deck: first
        ("unknown-card", 2, "kept as a comment line"), ("unknown-card", 3, "kept as its passcode")]
    assert all(p.fix for p in ydk.problems) and not ydk.complete
    link = session.convert(UNKNOWN, "ydke")
    assert link.text.startswith("ydke://") and "left out: a ydke link holds passcodes only" in link.problems[1].message
    whole = session.convert(DESPIA.read_bytes(), "yaml")
    assert whole.complete and whole.problems == [] and "3 Fallen of Albaz" in whole.text


def test_convert_names_the_lines_no_output_line_reads_back_as_and_the_cards_left_out(session):
    deck = ('name: "ydke://AAAA!!!"\nmain:\n  - 3 Ash Blossom & Joyous Spring\n  - {name: "Quux // c", count: 2}\n'
            '  - {passcode: 10000100, count: 1}\n')
    text = session.convert(deck, "text", input_format="yaml")
    [unfaithful] = [p for p in text.problems if p.rule == "not-read-back"]
    assert (unfaithful.line, unfaithful.message) == (4, "2 Quux // c: no text line reads back as this card: kept as a comment")
    ids = session.convert(NO_KONAMI_ID, "konami-ids", input_format="ydk")
    assert [(p.rule, p.line, p.card.passcode) for p in ids.problems] == [("left-out", 5, 20240828), ("left-out", 6, 68811206)]
    assert "the card has no Konami ID" in ids.problems[0].message and not ids.complete


def test_convert_is_what_the_command_writes(session):
    from .inprocess import deckcheck as run

    for to in ("ydk", "text", "md-json"):
        proc = run("convert", SNAKE_EYE, "--to", to)
        converted = session.convert(SNAKE_EYE.read_bytes(), to, name=str(SNAKE_EYE))
        assert proc.stdout == converted.text
        assert proc.stderr.splitlines() == [f"deckcheck: error: {SNAKE_EYE}:29: unknown-card: {converted.problems[0].message}"]


def test_convert_errors_and_decklists_of_several_decks(session):
    with pytest.raises(deckcheck.UsageError, match="--lang applies to --to yaml and --to text"):
        session.convert(UNKNOWN, "ydk", lang="de")
    with pytest.raises(deckcheck.UsageError, match="unknown output format 'pdf'"):
        session.convert(UNKNOWN, "pdf")
    with pytest.raises(deckcheck.FormatError, match="unknown format 'nosuch'"):
        session.convert(UNKNOWN, "ydk", format="nosuch")
    links = b"ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\nydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\n"
    with pytest.raises(deckcheck.UsageError, match="holds 2 decks; convert them with convert_decks"):
        session.convert(links, "ydk")
    assert [c.path for c in session.convert_decks(links, "ydk", name="links.txt")] == ["links.txt#1", "links.txt#2"]
    unreadable = session.convert(b"\x00\x01\x02", "ydk", input_format="ydk")
    assert unreadable.unreadable and unreadable.text is None and [p.rule for p in unreadable.problems] == ["unreadable"]
    german = session.convert(DESPIA.read_bytes(), "text", lang="de")
    assert "Gefallener von Albaz" in german.text


def test_show_gives_the_sheet_the_verdict_and_what_it_was_judged_by(session):
    shown = session.show(SNAKE_EYE.read_bytes(), as_of=TODAY)
    assert isinstance(shown, deckcheck.ShownDeck) and not shown.result.legal and shown.warnings == []
    assert shown.sheet.total("main") == 41 and shown.regulation.banlist.name == "2026.05 TCG"
    old = session.show(DESPIA.read_bytes(), banlist="2024.09 TCG", as_of="2020-01-01")
    assert old.warnings == ["--banlist 2024.09 TCG took effect on 2024-09-02, after --as-of 2020-01-01; the list in "
                            "force on 2020-01-01 was 2019.10 TCG"]
    with pytest.raises(deckcheck.DataError):
        session.show(DESPIA.read_bytes(), banlist="no such list")


def test_a_registered_deck_judges_sided_decks_and_matches(session):
    registered = session.register((SIDE / "registered.ydk").read_bytes(), as_of=TODAY)
    assert registered.result.legal and registered.regulation.banlist.name == "2026.05 TCG"
    sided = registered.side((SIDE / "duel2-sided.yaml").read_bytes())
    assert isinstance(sided, deckcheck.SideResult) and sided.legal and sided.swaps_in
    wrong = registered.side((SIDE / "duel2-extra-to-main.yaml").read_bytes())
    assert not wrong.legal and [p.rule for p in wrong.problems] == ["main-size-changed", "extra-size-changed"]
    duels = [(SIDE / "registered.ydk").read_bytes(), (SIDE / "duel2-sided.yaml").read_bytes()]
    assert registered.match(duels).legal
    after_a_loss = registered.match(duels, game_loss_before=[1])  # Duel 2 is then played unsided
    assert not after_a_loss.legal and [d.legal for d in after_a_loss.duels] == [True, False]
    with pytest.raises(deckcheck.UsageError, match="Duels 1 to 2"):
        registered.match(duels, game_loss_before=[3])
    assert session.side(duels[0], duels[1], as_of=TODAY).legal
    assert not session.match(duels[0], duels, [1], legacy_side=True, as_of=TODAY).legal


def test_diff_and_fingerprints(session):
    found = session.diff((SIDE / "registered.ydk").read_bytes(), (SIDE / "duel2-sided.yaml").read_bytes())
    assert ("main", "Ghost Belle & Haunted Mansion", 0, 2) in [(r.section, r.card.name, r.a, r.b) for r in found.rows]
    code = session.fingerprint(DESPIA.read_bytes())
    assert code == deckcheck.Fingerprint("<deck>", deckcheck.check(DESPIA.read_bytes()).fingerprint)
    prints = session.fingerprints([REPO / "sample_decks" / "tcg"])
    assert [(Path(p.path).name, p.code is not None) for p in prints] == [
        ("branded-despia.ydk", True), ("branded-no-extra-marker.ydk", True), ("snake-eye-illegal.yaml", True)]
    assert prints[0].code == code.code
    assert session.fingerprint(b"\x00\x01", input_format="ydk") == deckcheck.Fingerprint(
        "<deck>", None, "binary file (it contains NUL bytes)")
    with pytest.raises(deckcheck.UsageError, match="no such file or directory"):
        session.fingerprints([REPO / "no-such-deck.ydk"])
    assert deckcheck.read_fingerprint(code.code.lower().replace("-", " ")) == code.code
    with pytest.raises(deckcheck.InvalidFingerprint, match="check character"):
        deckcheck.read_fingerprint(code.code[:-1] + ("0" if code.code[-1] != "0" else "1"))
    assert issubclass(deckcheck.InvalidFingerprint, deckcheck.UsageError)


def test_a_registration_sheet_holds_the_fields_field_by_field_and_the_rows(session):
    deck = 'player: "Cass Doe"\nkonami_id: "0012345678"\nmain: [3 Ash Blossom & Joyous Spring]\n'
    made = session.registration_sheet(deck, fields={"player": "Ann Lee", "country": None},
                                      defaults={"event": "Locals", "country": "NZ", "player": "X Y"}, as_of=TODAY)
    assert isinstance(made, deckcheck.RegistrationSheet) and made.as_of == TODAY and not made.unreadable
    player = made.sheet.player
    assert (player.first_name, player.last_name, player.konami_id, player.event, player.country) == (
        "Ann", "Lee", "0012345678", "Locals", "NZ")
    assert [(r.name, r.count) for r in made.sheet.blocks["monster"]] == [("Ash Blossom & Joyous Spring", 3)]
    assert not made.sheet.legal and made.sheet.fingerprint == made.result.fingerprint
    german = session.registration_sheet(DESPIA.read_bytes(), lang="de")
    assert "Gefallener von Albaz" in german.sheet.names()
    assert session.registration_sheet(b"\x00\x01", input_format="ydk").sheet is None


def test_an_event_review_a_deck_at_the_table_and_the_sheets(session):
    review = session.review_event(EVENT / "submissions", EVENT / "roster.csv", DEADLINE,
                                  manifest=EVENT / "manifest.csv", as_of=TODAY)
    assert review.summary()["registered"] == 12 and review.as_of == TODAY and review.stale
    table = session.check_at_table(review, "Alice Ashford", EVENT / "submissions" / "alice-ashford-cyber-dragon.ydk",
                                   as_of=TODAY)
    assert isinstance(table, deckcheck.TableCheck) and table.same and table.changes == []
    other = session.check_at_table(review, "0012345678", DESPIA, as_of=TODAY)
    assert not other.same and other.changes
    with pytest.raises(deckcheck.UsageError, match="is no registered player"):
        session.check_at_table(review, "Nobody", DESPIA)
    sheets = session.event_sheets(review, event="Regionals", date="2026-12-05")
    assert len(sheets) == 10 and all(s.sheet is not None and s.sheet.player.event == "Regionals" for s in sheets)
    assert sheets[0].file_name == "Ashford-Alice-0012345678.pdf"
    with pytest.raises(deckcheck.EventInputError, match="is not an ISO time"):
        session.review_event(EVENT / "submissions", EVENT / "roster.csv", "tomorrow")
    assert issubclass(deckcheck.EventInputError, deckcheck.UsageError)


def test_the_api_prints_nothing(session, capsys, tmp_path):
    deck = SNAKE_EYE.read_bytes()
    session.convert(deck, "ydk")
    session.convert(UNKNOWN, "ydke")
    session.show(deck, banlist="2024.09 TCG", as_of="2020-01-01")
    registered = session.register((SIDE / "registered.ydk").read_bytes())
    registered.side((SIDE / "duel2-extra-to-main.yaml").read_bytes())
    session.diff(deck, DESPIA.read_bytes())
    session.fingerprints([REPO / "sample_decks"])
    session.registration_sheet(deck)
    review = session.review_event(EVENT / "submissions", EVENT / "roster.csv", DEADLINE, manifest=EVENT / "manifest.csv")
    session.event_sheets(review)
    assert capsys.readouterr() == ("", "")


def test_a_deck_read_already_is_not_changed_by_any_call(session):
    """Resolving sets each entry's card (and an Omega code's Extra Deck section): the API works on a copy."""
    [(parsed, *_), (omega, *_)] = session.read_decks([SNAKE_EYE, REPO / "tests" / "fixtures" / "event" / "submissions"
                                                     / "eli-moreau-despia-omega.txt"]).decks

    def state(deck):
        return [(e.section, e.card, e.name, e.passcode, e.count) for e in deck.entries], list(deck.problems), deck.format

    before = state(parsed), state(omega)
    for deck in (parsed, omega):
        session.convert(deck, "yaml")
        session.show(deck)
        session.register(deck).side(deck)
        session.diff(deck, deck)
        session.fingerprint(deck)
        session.registration_sheet(deck)
    assert (state(parsed), state(omega)) == before
    assert all(e.card is None for e in parsed.entries)


def test_today_is_taken_at_every_call(session, monkeypatch):
    """One Session across the day the 2026.05 TCG list took effect (2026-05-18 in Central Europe) judges by the
    list before it, then by it: show, register and the registration sheet alike."""
    from datetime import datetime, timezone

    deck = DESPIA.read_bytes()
    monkeypatch.setattr(clock, "utc_now", lambda: datetime(2026, 5, 17, 12, tzinfo=timezone.utc))
    assert session.show(deck).regulation.banlist.name == "2026.02 TCG"
    assert session.registration_sheet(deck).as_of.isoformat() == "2026-05-17"
    monkeypatch.setattr(clock, "utc_now", lambda: datetime(2026, 5, 18, 12, tzinfo=timezone.utc))
    assert session.show(deck).regulation.banlist.name == "2026.05 TCG"
    assert session.register(deck).regulation.banlist.name == "2026.05 TCG"
    assert session.registration_sheet(deck).as_of.isoformat() == "2026-05-18"
