"""Hostile input on the surfaces of issue 26, second round: item 9 (writes of several files on a full disk,
echoes of huge input, right-to-left names on the sheet, the HTML report of 50,000 decks, convert's read-back
of every output format) and the attacks tried afresh after the fixes.

Each test reproduces the attack as a user (or a hostile file) would bring it, through the real command
(tests/inprocess.py) or the library, on the real bundled data.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from .conftest import REPO
from .inprocess import deckcheck

SAMPLES = REPO / "sample_decks"
BRANDED = SAMPLES / "tcg" / "branded-despia.ydk"
SNAKE_EYE = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
HUGE = "Q" * 1_000_000  # a name of 1 MB
BIG_ARGUMENT = "Q" * 100_000  # a command-line value of 100 KB (Linux takes up to 128 KB per argument)


def run(*args, cwd=REPO, stdin: bytes = b"", env=None):
    return deckcheck(*args, cwd=cwd, stdin=stdin, env={"NO_COLOR": "1", "COLUMNS": "120", **(env or {})})


def longest_line(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


# ------------------------------------------------------------------ item 9: echoes of input are bounded


def test_a_huge_name_on_a_ydk_line_is_not_repeated_whole(tmp_path):
    """`3x <1 MB name>` in a YDK: the unknown-card fix quoted the whole line (1 MB in the text report, 1 MB in
    the JSON report's fix)."""
    deck = tmp_path / "huge.ydk"
    deck.write_text(f"#main\n3x {HUGE}\n14558127 {HUGE}\n14558127 {'!' * 1_000_000}\n#extra\n!side\n")
    proc = run("check", deck)
    assert proc.returncode == 1 and "unknown-card" in proc.stdout
    assert len(proc.stdout) < 5_000 and longest_line(proc.stdout) < 400, longest_line(proc.stdout)
    proc = run("check", deck, "-o", "json")
    problems = json.loads(proc.stdout)["decks"][0]["problems"]
    assert problems and all(len(p["message"]) < 400 and len(p["fix"] or "") < 300 for p in problems), problems
    for to in ("text", "yaml", "ydk"):
        proc = run("convert", deck, "--to", to)
        assert len(proc.stdout) + len(proc.stderr) < 5_000, to


@pytest.mark.parametrize("args", [
    ("card", BIG_ARGUMENT), ("card", "--history", BIG_ARGUMENT),
    ("check", "--format", BIG_ARGUMENT, str(BRANDED)), ("check", "--banlist", BIG_ARGUMENT, str(BRANDED)),
    ("check", "--as-of", BIG_ARGUMENT, str(BRANDED)), ("check", "--region", BIG_ARGUMENT, str(BRANDED)),
    ("check", "--points-cap", BIG_ARGUMENT, str(BRANDED)), ("check", "-o", BIG_ARGUMENT, str(BRANDED)),
    ("check", "--jobs", BIG_ARGUMENT, str(BRANDED)), ("formats", "show", BIG_ARGUMENT),
    ("convert", str(BRANDED), "--to", BIG_ARGUMENT),
    ("decklist", str(BRANDED), "-o", "x.pdf", "--konami-id", BIG_ARGUMENT),
    ("decklist", str(BRANDED), "-o", "x.pdf", "--date", BIG_ARGUMENT),
    ("update", "--timeout", BIG_ARGUMENT),
], ids=lambda a: "-".join(x for x in a if x is not BIG_ARGUMENT and not x.endswith(".ydk")))
def test_a_huge_command_line_value_is_quoted_cut(tmp_path, args):
    """A 100 KB value given to an option or as a card name was repeated whole in the error (`card`'s "no card
    matches", an unknown format or list, a date, click's "Invalid value")."""
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr[:300]
    assert "…" in proc.stderr and len(proc.stderr) < 1_500, proc.stderr[:300]


def test_a_huge_value_in_a_repositorys_config_is_quoted_cut(tmp_path):
    """A repository's deckcheck.toml is untrusted input too: its values were echoed whole."""
    for key in ("format", "output-format", "as-of"):
        (tmp_path / "deckcheck.toml").write_text(f'{key} = "{BIG_ARGUMENT}"\n')
        proc = run("check", str(BRANDED), cwd=tmp_path)
        assert proc.returncode == 2 and "…" in proc.stderr and len(proc.stderr) < 1_500, (key, proc.stderr[:300])


def test_a_font_path_too_long_for_the_system_is_a_usage_error(tmp_path):
    """`--font <100 KB>`: Path.resolve raised "File name too long": "internal error"."""
    proc = run("decklist", str(BRANDED), "-o", tmp_path / "x.pdf", "--font", BIG_ARGUMENT)
    assert proc.returncode == 2 and "internal error" not in proc.stderr
    assert "--font" in proc.stderr and "cannot be read" in proc.stderr and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("args", [
    ("convert", str(BRANDED), "--to", "ydk", "--output", BIG_ARGUMENT), ("convert", "--fix", BIG_ARGUMENT + ".ydk"),
    ("decklist", str(BRANDED), "-o", BIG_ARGUMENT), ("decklist", str(BRANDED), "-o", "x.pdf", "--form", BIG_ARGUMENT),
    ("decklist", str(BRANDED), "-o", "x.pdf", "--font", BIG_ARGUMENT),
    ("check", "--format", BIG_ARGUMENT + ".yaml", str(BRANDED)), ("side", str(BRANDED), BIG_ARGUMENT),
    ("diff", BIG_ARGUMENT, str(BRANDED)), ("check", str(BRANDED), "--output", BIG_ARGUMENT + "/report.txt"),
    ("event", "--roster", BIG_ARGUMENT, "--deadline", "2026-12-05T09:00:00+01:00", "."),
], ids=lambda a: "-".join(x for x in a if BIG_ARGUMENT not in x and not x.endswith(".ydk")))
def test_a_path_too_long_for_the_system_is_an_error_not_an_internal_one(tmp_path, args):
    """A 100 KB path (ENAMETOOLONG from pathlib's is_file/is_dir, which only swallow "no such file") was
    "internal error: OSError: [Errno 36] File name too long" for -o, --output, --form, --font, --fix, side, diff."""
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2 and "internal error" not in proc.stderr, proc.stderr[-300:]
    assert proc.stderr.startswith("deckcheck: error:") or "\ndeckcheck: error:" in proc.stderr
    assert len(proc.stderr) < 12_000  # the path is cut in the middle; the reason at the end is kept


# ------------------------------------------------------------ item 9: right-to-left names on the PDF sheet

needs_pdf = pytest.mark.skipif(__import__("importlib").util.find_spec("reportlab") is None, reason="the pdf extra")


@needs_pdf
@pytest.mark.parametrize("deck_text, options", [
    ("main:\n  - 3 Ash Blossom & Joyous Spring\n  - 1 محمد علي\n", ()),  # an unknown card named in Arabic
    ("main:\n  - 3 Ash Blossom & Joyous Spring\n", ("--player", "דוד כהן")),  # a player named in Hebrew
    ("main:\n  - 3 Ash Blossom & Joyous Spring\nplayer: Jane Doe\nevent: بطولة الربيع\n", ()),  # the event, from YAML
], ids=["arabic-card", "hebrew-player", "arabic-event"])
def test_a_right_to_left_name_is_refused_not_drawn_reversed(tmp_path, deck_text, options):
    """Arabic and Hebrew names were drawn on the sheet in stored order, left to right, Arabic letters unjoined
    (محمد printed as د م ح م): a sheet that shows a name wrong. No shaping library is installed, so such a name
    is refused as a name no font has is: one error per text, nothing written, exit 2."""
    deck = tmp_path / "deck.yaml"
    deck.write_text(deck_text, encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    proc = run("decklist", deck, "-o", out, *options)
    assert proc.returncode == 2 and not out.exists(), proc.stderr
    assert "written right to left" in proc.stderr and "Latin letters" in proc.stderr
    assert "internal error" not in proc.stderr


@needs_pdf
def test_a_right_to_left_file_name_still_gives_its_sheet(tmp_path):
    """The footer's path only identifies the file: a right-to-left file name is shown as code points, never
    refused (issue 25's rule for the footer, kept for Arabic and Hebrew paths)."""
    from pypdf import PdfReader

    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("مجموعة.ydk", "חפיסה.ydk"):
        (folder / name).write_bytes(BRANDED.read_bytes())
    out = tmp_path / "all.pdf"
    proc = run("decklist", folder, "--merge", "-o", out)
    assert proc.returncode == 0, proc.stderr
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "<U+0645><U+062C>" in text and "<U+05D7><U+05E4>" in text  # مج, חפ


# --------------------------------------------- item 9: convert's new output formats, and what reads them


def _legal_link() -> str:
    proc = run("convert", BRANDED, "--to", "ydke")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


@pytest.mark.parametrize("kind", ["md-json", "ygomobile"])
def test_a_ydke_link_in_a_deck_name_is_not_the_deck(tmp_path, kind):
    """A Master Duel deck JSON or a YGOMobile link whose deck name is a ydke:// link was read as that link:
    five copies of Blue-Eyes named after a legal deck's link checked LEGAL (Main 40, Extra 15, Side 15)."""
    link = _legal_link()
    if kind == "md-json":
        deck = tmp_path / "deck.json"
        deck.write_text(json.dumps({"name": link, "m": {"ids": [4007] * 5}, "e": {"ids": []}, "s": {"ids": []}}))
    else:
        own = tmp_path / "own.json"
        own.write_text(json.dumps({"m": {"ids": [4007] * 5}}))
        code = run("convert", own, "--to", "ygomobile").stdout.strip()
        deck = tmp_path / "deck.txt"
        deck.write_text(code.replace("?", f"?name={link}&", 1) + "\n")  # the link raw, as a hand-made file has it
    proc = run("check", deck)
    assert proc.returncode == 1 and "ILLEGAL" in proc.stdout and "Main 5 " in proc.stdout, proc.stdout
    assert "copy-limit" in proc.stdout and "Blue-Eyes White Dragon" in proc.stdout


def test_convert_drops_a_deck_name_that_would_change_how_a_konami_id_list_is_read(tmp_path):
    """--to konami-ids wrote the deck's name as a comment line "# ydke://…", which made the list read back
    as that link; every output format is read back now, and a name that misleads is left out."""
    deck = tmp_path / "deck.yaml"
    deck.write_text('name: "ydke://AAAA!!!"\nmain:\n  - 3 Ash Blossom & Joyous Spring\n')
    out = tmp_path / "deck.txt"
    proc = run("convert", deck, "--to", "konami-ids", "--output", out)
    assert proc.returncode == 0, proc.stderr
    assert "ydke://" not in out.read_text()
    proc = run("check", out, "-o", "json")
    (checked,) = json.loads(proc.stdout)["decks"]
    assert checked["sections"]["main"] == 3, checked


# ------------------------------------------ item 9: several files written on a full disk: all of them, or none

EVENT = REPO / "tests" / "fixtures" / "event"
linux_only = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the fault finds a file's path in /proc")


def full_disk(monkeypatch, folder: Path, files_written: int) -> None:
    """The disk holding ``folder`` fills up after ``files_written`` files: the next fsync of a file under it
    fails with ENOSPC (where a full disk shows itself: a delayed allocation fails when the data is flushed).
    Writing stays real; only the system's answer is replaced, at the boundary, as tests/test_update_faults.py
    does for `deckcheck update`."""
    real = os.fsync
    seen: list[str] = []
    inside = str(folder.resolve()) + os.sep

    def fsync(fd):
        path = os.readlink(f"/proc/self/fd/{fd}")
        if path.startswith(inside):
            seen.append(path)
            if len(seen) > files_written:
                raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def listing(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()} \
        if folder.exists() else {}


def three_decks(tmp_path: Path) -> Path:
    decks = tmp_path / "decks"
    (decks / "sub").mkdir(parents=True)
    (decks / "a.ydk").write_bytes(BRANDED.read_bytes())
    (decks / "b.yaml").write_bytes(SNAKE_EYE.read_bytes())
    (decks / "sub" / "c.ydk").write_bytes(BRANDED.read_bytes())
    return decks


@linux_only
@pytest.mark.parametrize("files_written", [0, 1, 2])
def test_convert_to_a_folder_on_a_full_disk_writes_no_file(tmp_path, monkeypatch, files_written):
    """`deckcheck convert FOLDER --output OUT` on a full disk left the files written before the failing one
    (a partial set, the old files of a previous run mixed with the new) and named only the failing file."""
    decks = three_decks(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.txt").write_text("a previous run's file\n")
    before = listing(out)
    full_disk(monkeypatch, out, files_written)
    proc = run("convert", decks, "--to", "text", "--output", out)
    assert proc.returncode == 2, proc.stderr
    assert "No space left on device" in proc.stderr and "no file written" in proc.stderr, proc.stderr
    assert listing(out) == before  # every file as it was, no temporary file left, no folder made (sub/)
    assert not (out / "sub").exists()


@linux_only
def test_convert_to_a_folder_writes_every_file_without_setuid(tmp_path):
    """The same run with room: every file written; a file replaced keeps its permissions but never setuid."""
    decks = three_decks(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.txt").write_text("old\n")
    os.chmod(out / "a.txt", 0o4755)
    proc = run("convert", decks, "--to", "text", "--output", out)
    assert proc.returncode == 1 and "Snake-Eye Maple" in proc.stderr, proc.stderr  # the sample's unknown card
    assert sorted(listing(out)) == ["a.txt", "b.txt", "sub/c.txt"]
    assert (out / "a.txt").stat().st_mode & 0o7777 == 0o755


@linux_only
@needs_pdf
def test_decklist_sheets_on_a_full_disk_write_no_file(tmp_path, monkeypatch):
    """`deckcheck decklist FOLDER -o OUT` (one PDF per deck) on a full disk: the same partial set."""
    decks = three_decks(tmp_path)
    out = tmp_path / "sheets"
    full_disk(monkeypatch, tmp_path, 2)
    proc = run("decklist", decks, "-o", out)
    assert proc.returncode == 2 and "no file written" in proc.stderr, proc.stderr
    assert not out.exists()  # the folder it made is gone too


@linux_only
@needs_pdf
def test_event_sheets_and_the_merged_pdf_on_a_full_disk_write_no_file(tmp_path, monkeypatch):
    """`deckcheck event --sheets DIR --merge`: every sheet was written before all-sheets.pdf failed."""
    out = tmp_path / "judges"
    out.mkdir()
    full_disk(monkeypatch, out, 10)  # ten players' sheets fit; all-sheets.pdf does not
    proc = run("event", EVENT / "submissions", "--manifest", EVENT / "manifest.csv", "--roster",
               EVENT / "roster.csv", "--deadline", "2026-12-05T09:00:00+01:00", "--as-of", "2026-11-29",
               "--sheets", out, "--merge")
    assert proc.returncode == 2 and "all-sheets.pdf: cannot write: No space left on device" in proc.stderr, proc.stderr
    assert "no file written" in proc.stderr and listing(out) == {}


@linux_only
def test_a_rename_that_fails_says_exactly_which_files_were_written(tmp_path, monkeypatch):
    """Past the writing, only renames are left (they need no space); should one fail all the same, the error
    names every file that was written, one line each, and the others are not left half-written."""
    decks = three_decks(tmp_path)
    out = tmp_path / "out"
    real = os.replace
    done: list[str] = []

    def replace(src, dst, **kw):
        if str(dst).startswith(str(out)):
            if len(done) == 2:
                raise OSError(errno.EIO, "Input/output error")
            done.append(str(dst))
        return real(src, dst, **kw)

    monkeypatch.setattr(os, "replace", replace)
    proc = run("convert", decks, "--to", "ydk", "--output", out)
    assert proc.returncode == 2
    assert "2 of 3 files were written before it" in proc.stderr, proc.stderr
    written = [line.split("written: ", 1)[1] for line in proc.stderr.splitlines() if "note: written: " in line]
    assert sorted(written) == sorted(done) and sorted(listing(out)) == ["a.ydk", "b.ydk"]


# ------------------------------------------------------------------------------ attacks tried afresh


@pytest.mark.parametrize("body", [
    "# exported from EDOPro: {link}\nMain Deck\n3 Pot of Greed\n3 Pot of Greed\n3 Raigeki\n",  # a text list
    "main:\n  - 3 Pot of Greed\n  - 3 Raigeki\n# ydke: {link}\n",  # a YAML list in a .txt
    "#main\n55144522\n55144522\n55144522\n55144522\n#extra\n!side\n# {link}\n",  # a YDK in a .txt
    "Main\n3x 4844\n3x 4844\n# {link}\n",  # a Konami ID list
], ids=["text", "yaml", "ydk", "konami-ids"])
def test_a_ydke_link_in_a_comment_of_another_decklist_is_not_the_deck(tmp_path, body):
    """A .txt holding a decklist and, in a comment line, a ydke:// link was read as the link alone: six Pot of
    Greed and three Raigeki, with a legal deck's link in a comment, checked LEGAL (Main 40, Extra 15, Side 15).
    Two decks in one file: which is meant is not clear, so it is unreadable, never the link's verdict."""
    deck = tmp_path / "deck.txt"
    deck.write_text(body.format(link=_legal_link()))
    proc = run("check", deck)
    assert proc.returncode == 1 and "UNREADABLE" in proc.stdout and "LEGAL deck" not in proc.stdout, proc.stdout
    (checked,) = json.loads(run("check", deck, "-o", "json").stdout)["decks"]
    assert [p["rule"] for p in checked["problems"]] == ["unreadable"]
    assert "which of them is the deck is not clear" in checked["problems"][0]["message"]


def test_links_with_names_and_notes_are_still_links(tmp_path):
    """What a file of links holds besides them (names on lines of their own, a note) is no decklist: read as before."""
    link = _legal_link()
    deck = tmp_path / "links.txt"
    deck.write_text(f"Branded:\n{link}\nThe same, for the locals:\n{link}\nGood luck at the regional!\n")
    proc = run("check", deck)
    assert proc.returncode == 0 and proc.stdout.count("LEGAL") == 2, proc.stdout


@pytest.mark.parametrize("text", ["title: " + "T" * 200_000 + "\nextends: tcg\n",
                                  "title: T\ndescription: " + "D" * 200_000 + "\nextends: tcg\n",
                                  "title: T\nextends: tcg\nnotes:\n  - " + "N" * 200_000 + "\n"],
                         ids=["title", "description", "notes"])
def test_a_format_files_text_is_bounded(tmp_path, text):
    """A format file's title of 200,000 characters (one printable line, as item 5 asks) was printed whole on
    the first line of every text report (200 KB) and by `formats show`."""
    fmt = tmp_path / "huge.yaml"
    fmt.write_text(text)
    proc = run("check", "--format", fmt, BRANDED)
    assert proc.returncode == 2 and "must be at most" in proc.stderr and len(proc.stderr) < 500, proc.stderr[:300]
    assert len(proc.stdout) < 1000


def _damaged_font(tmp_path: Path) -> Path:
    """The shipped font with one range of its format 12 character map claiming characters 0 to 4,294,967,280."""
    import struct

    data = bytearray((REPO / "deckcheck" / "documents" / "fonts" / "DejaVuSansCondensed.ttf").read_bytes())
    tables = {bytes(data[12 + 16 * i:16 + 16 * i]): struct.unpack_from(">I", data, 20 + 16 * i)[0]
              for i in range(struct.unpack_from(">H", data, 4)[0])}
    cmap = tables[b"cmap"]
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        sub = cmap + struct.unpack_from(">I", data, cmap + 8 + 8 * i)[0]
        if struct.unpack_from(">H", data, sub)[0] == 12:
            struct.pack_into(">II", data, sub + 16, 0, 0xFFFFFFF0)  # the first group: start 0, end 2**32 - 16
            break
    else:
        raise AssertionError("no format 12 cmap in the shipped font")
    path = tmp_path / "damaged.ttf"
    path.write_bytes(bytes(data))
    return path


@needs_pdf
def test_a_font_whose_character_map_claims_billions_of_characters_is_refused(tmp_path):
    """A damaged --font (one range of its cmap from 0 to 4,294,967,280; `font = ` in a repository's
    deckcheck.toml does the same) made reportlab build a dictionary entry per character: a hang, gigabytes."""
    import subprocess
    import sys

    out = tmp_path / "sheet.pdf"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, "-m", "deckcheck", "decklist", str(BRANDED), "-o", str(out), "--font",
                           str(_damaged_font(tmp_path))], capture_output=True, text=True, timeout=60, env=env, cwd=REPO)
    assert proc.returncode == 2 and "character map (cmap) claims" in proc.stderr and not out.exists(), proc.stderr


@needs_pdf
@pytest.mark.parametrize("cut", [1000, 20000])
def test_a_cut_font_is_a_usage_error(tmp_path, cut):
    """A font cut short (a download that stopped) made reportlab raise struct.error: "internal error"."""
    font = tmp_path / "cut.ttf"
    font.write_bytes((REPO / "deckcheck" / "documents" / "fonts" / "DejaVuSansCondensed.ttf").read_bytes()[:cut])
    proc = run("decklist", BRANDED, "-o", tmp_path / "x.pdf", "--font", font)
    assert proc.returncode == 2 and "internal error" not in proc.stderr and "cannot be used" in proc.stderr, proc.stderr


@pytest.mark.parametrize("line", ["¹⁴⁵⁵⁸¹²⁷", "③ Ash Blossom & Joyous Spring", "³x Ash Blossom & Joyous Spring"])
def test_a_ydk_line_of_digits_no_one_reads_is_an_error_not_a_skipped_line(tmp_path, line):
    """Superscript and circled digits (Unicode digits that are no decimal digits): a 4th Ash Blossom written
    "¹⁴⁵⁵⁸¹²⁷" or "③ Ash Blossom …" was a line skipped with a warning, so the deck stayed LEGAL. A digit
    in any script is a count or an error, never a card dropped (issue 26 item 3)."""
    deck = tmp_path / "deck.ydk"
    deck.write_text(BRANDED.read_text().replace("#extra", line + "\n#extra", 1))
    (checked,) = json.loads(run("check", deck, "-o", "json").stdout)["decks"]
    assert not checked["legal"]
    assert [p["severity"] for p in checked["problems"] if p["rule"] == "syntax"] == ["error"], checked["problems"]


def test_a_file_where_an_output_folder_is_to_be_writes_nothing(tmp_path):
    """convert FOLDER --output OUT with a file OUT/sub where the folder OUT/sub is to be: every file or none,
    and the reason names the file in the way."""
    decks = three_decks(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "sub").write_text("a file\n")
    proc = run("convert", decks, "--to", "ydk", "--output", out)
    assert proc.returncode == 2 and "is a file, not a folder" in proc.stderr and "no file written" in proc.stderr
    assert listing(out) == {"sub": b"a file\n"}


def test_many_user_formats_are_listed_once_not_once_per_format(tmp_path, monkeypatch):
    """`deckcheck formats` listed and stat'ed the whole formats/ folder for every id it looked up: quadratic,
    8 minutes for 5,000 user format files (7.7 s for 500). The folder is listed again only when it changes."""
    data = tmp_path / "data"
    (data / "formats").mkdir(parents=True)
    for i in range(300):
        (data / "formats" / f"house{i:03}.yaml").write_text(f"title: House {i}\nextends: tcg\n")
    real = os.listdir
    listed: list[str] = []

    def listdir(path="."):
        listed.append(os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)
    proc = run("formats", "-o", "json", env={"DECKCHECK_DATA_DIR": str(data)})
    assert proc.returncode == 0, proc.stderr
    assert sum(1 for f in json.loads(proc.stdout) if f["origin"] == "user") == 300
    user_listings = [p for p in listed if p == str(data / "formats")]
    assert len(user_listings) <= 3, len(user_listings)


@pytest.mark.parametrize("where", ["pyproject.toml", "deckcheck.toml", "--format"])
def test_a_format_that_names_a_file_that_is_no_format_file_never_shows_its_lines(tmp_path, where):
    """A repository's configuration (a pull request's, in CI) could name any file as its format: `format =
    "/etc/shadow"` printed the file's first line as an "unknown key" on the job's log. A format file is a .yaml
    or .yml file; any other is refused unread."""
    secret = tmp_path / "secret"
    secret.write_text("root:$6$s3cr3tHash:19000:0:99999:7:::\n", encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "deck.ydk").write_bytes((REPO / "sample_decks" / "tcg" / "branded-despia.ydk").read_bytes())
    args = ["check", "deck.ydk"]
    if where == "--format":
        args += ["--format", str(secret)]
    else:
        table = "[tool.deckcheck]\n" if where == "pyproject.toml" else ""
        (repo / where).write_text(f'{table}format = "{secret.as_posix()}"\n', encoding="utf-8")
    proc = deckcheck(*args, cwd=repo)
    assert proc.returncode == 2, proc.stdout
    assert "s3cr3tHash" not in proc.stdout + proc.stderr and "99999" not in proc.stderr
    assert "a format file is a .yaml or .yml file" in proc.stderr
