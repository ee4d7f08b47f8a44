"""`deckcheck decklist`: registration sheets as PDF, read back (text extraction, form fields) and rendered
(pdftoppm), deckcheck's own sheet and a real AcroForm with the fields of Konami's form filled in."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from deckcheck.datastore import load_cards
from deckcheck.parsers import read_deck
from deckcheck.resolve import resolve

from .conftest import REPO, examples
from .inprocess import deckcheck
from .formbuilder import build_form, field_names

SAMPLES = REPO / "sample_decks"
BRANDED = SAMPLES / "tcg" / "branded-despia.ydk"
SNAKE_EYE = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
JAPANESE_FONT = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")  # Debian's fonts-ipafont-gothic


def run(*args, cwd=REPO, env=None) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, env={"NO_COLOR": "1", **(env or {})})


def pages_text(path: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def deck_rows(path: Path) -> dict[str, dict[str, int]]:
    """section -> official name -> copies, read with deckcheck's own parser and the real card data."""
    deck = resolve(read_deck(path), load_cards())
    rows: dict[str, dict[str, int]] = {}
    for entry in deck.entries:
        name = entry.card.name if entry.card is not None else entry.name
        rows.setdefault(entry.section, {}).setdefault(name, 0)
        rows[entry.section][name] += entry.count
    return rows


def yaml_deck(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sheet_holds_every_card_count_and_total(tmp_path):
    out = tmp_path / "sheet.pdf"
    result = run("decklist", BRANDED, "-o", out, "--player", "Jane Doe", "--konami-id", "0012345678",
                 "--country", "Germany", "--event", "Regional Qualifier", "--date", "2026-06-14")
    assert result.returncode == 0, result.stderr
    (text,) = pages_text(out)
    rows = deck_rows(BRANDED)
    for section in rows.values():
        for name, count in section.items():
            assert re.search(rf"\b{count} {re.escape(name)}", text), name
    main, extra, side = (sum(rows.get(s, {}).values()) for s in ("main", "extra", "side"))
    assert (main, extra, side) == (40, 15, 15)
    assert f"Total Main Deck: {main}" in text and f"Total Extra Deck: {extra}" in text
    assert f"Total Side Deck: {side}" in text
    cards = load_cards()
    deck = resolve(read_deck(BRANDED), cards)
    monsters = sum(e.count for e in deck.entries if e.section == "main" and e.card.type & 1)
    assert re.search(rf"Total Monster Cards {monsters}\b", text)
    for expected in ("Jane", "Doe", "0012345678", "Germany", "Regional Qualifier", "14", "06", "2026",
                     "JUDGE USE ONLY", "Deck list checked", "LAST INITIAL", "D"):
        assert expected in text
    assert "NOT LEGAL" not in text and "page 1 of 1" in text


def test_more_distinct_cards_than_rows_go_on_a_continuation_page(tmp_path, cards):
    monsters = [c.name for c in cards.cards() if c.kind == "main" and c.type & 1 and c.tcg
                and len(cards.by_name(c.name)) == 1][:25]
    deck = yaml_deck(tmp_path, "many.yaml", "main:\n" + "".join(f"  - {json.dumps('1 ' + n)}\n" for n in monsters)
                     + "  - 15 Pot of Greed\n")
    out = tmp_path / "many.pdf"
    result = run("decklist", deck, "-o", out, "--no-config")
    first, second = pages_text(out)
    for name in monsters[:18]:
        assert name in first
    for name in monsters[18:]:
        assert name in second and name not in first
    assert "+7 on page 2" in first and "rows 19–25" in second and "page 2 of 2" in second
    assert "Total Monster Cards 25" in first and "Total Main Deck: 40" in first
    assert result.returncode == 1  # Pot of Greed is Forbidden: printed all the same, with the banner


def test_an_illegal_deck_prints_with_a_banner_on_every_page(tmp_path):
    out = tmp_path / "illegal.pdf"
    result = run("decklist", SNAKE_EYE, "-o", out)
    assert result.returncode == 1
    assert "snake-eye-illegal.yaml:17: banlist:" in result.stderr
    texts = pages_text(out)
    assert len(texts) == 3  # the form, the card no group holds, every error
    for text in texts:
        assert "NOT LEGAL AS REGISTERED: 5 errors" in text and "Original Sinful Spoils - Snake-Eye is Forbidden" in text
    assert "Snake-Eye Maple (not a known card: as written)" in texts[1]
    assert "copy-limit (line 46, Side)" in texts[2]
    assert "Total Main Deck: 41" in texts[0]


def test_require_legal_writes_nothing_for_an_illegal_deck(tmp_path):
    out = tmp_path / "x.pdf"
    result = run("decklist", SNAKE_EYE, BRANDED, "--merge", "-o", out, "--require-legal")
    assert result.returncode == 1 and "--require-legal" in result.stderr and not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_folder_gives_one_pdf_per_deck_and_merge_sorts_by_last_name(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    body = BRANDED.read_text()
    for file, player in (("a.ydk", None), ("b.yaml", "Zed Young"), ("c.yaml", "van der Berg, Anna"),
                         ("d.yaml", "Bob Adams")):
        if file.endswith(".ydk"):
            (decks / file).write_text(body)
        else:
            (decks / file).write_text(f"player: {player}\nkonami_id: 0000000042\nmain:\n  - 40 14558127\n")
    folder = tmp_path / "sheets"
    result = run("decklist", decks, "-o", folder, "--event", "Store Championship")
    assert result.returncode == 1  # 40 copies of Ash Blossom
    assert sorted(p.name for p in folder.iterdir()) == ["a.pdf", "b.pdf", "c.pdf", "d.pdf"]
    assert "0000000042" in pages_text(folder / "c.pdf")[0]
    merged = tmp_path / "all.pdf"
    run("decklist", decks, "--merge", "-o", merged)
    firsts = [text for text in pages_text(merged) if "DECK REGISTRATION SHEET" in text and "CONTINUED" not in text
              and "PROBLEMS" not in text]
    order = [next((n for n in ("Adams", "van der Berg", "Young") if n in t), "(none)") for t in firsts]
    assert order == ["Adams", "van der Berg", "Young", "(none)"]  # the sheet with no name last


def test_fields_come_from_options_then_the_decklist_then_deckcheck_toml(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('[decklist]\nplayer = "Toml Person"\nkonami-id = "0999999999"\n'
                                             'country = "Japan"\nevent = "Toml Open"\ndate = 2026-01-02\n')
    deck = yaml_deck(tmp_path, "d.yaml", f"player: Yaml Person\nevent: Yaml Cup\n{_main_of(BRANDED)}")
    out = tmp_path / "d.pdf"
    result = run("decklist", deck, "-o", out, "--event", "Option Cup", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (text,) = pages_text(out)
    assert "Yaml" in text and "Person" in text and "Toml Person" not in text  # the decklist's player
    assert "Option Cup" in text and "Yaml Cup" not in text  # the option's event
    assert "0999999999" in text and "Japan" in text and "2026" in text  # the rest from deckcheck.toml
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "deckcheck.toml").write_text("[decklist]\nkonami-id = 12345\n")
    result = run("decklist", deck, "-o", tmp_path / "e.pdf", cwd=bad)
    assert result.returncode == 2 and "must be a string" in result.stderr


def _main_of(ydk: Path) -> str:
    lines = ydk.read_text().splitlines()
    main = lines[lines.index("#main") + 1:lines.index("#extra")]
    return "main:\n" + "".join(f"  - {code}\n" for code in main if code.strip().isdigit())


def test_names_outside_latin_1_are_drawn_exactly(tmp_path):
    deck = yaml_deck(tmp_path, "odd.yaml", "main:\n  - Evil★Twin Ki-sikil\n  - Spell Reactor・RE\n  - Ultimate Baseball Kid\n"
                     "  - Trap Reactor・Y FI\n  - The Phantom Knights of Ancient Cloak\n  - \"Sylvan Sagequoia\"\n"
                     "  - Magicians' Souls\n  - Gladiator Beast Andabata\nside:\n  - Number 39: Utopia\n"
                     "player: Ærøskøbing, Zoë\n")
    out = tmp_path / "odd.pdf"
    result = run("decklist", deck, "-o", out)
    text = pages_text(out)[0]
    for name in ("Evil★Twin Ki-sikil", "Spell Reactor・RE", "Trap Reactor・Y FI", "Zoë", "Ærøskøbing"):
        assert name in text, name
    assert "main-size" in result.stderr  # 8 cards: illegal, printed


def test_another_languages_official_names(tmp_path):
    out = tmp_path / "de.pdf"
    run("decklist", BRANDED, "-o", out, "--lang", "de")
    text = pages_text(out)[0]
    assert "Aschenblüte & Freudiger Frühling" in text and "Ash Blossom" not in text


def test_a_language_the_fonts_cannot_draw_says_what_it_needs(tmp_path):
    out = tmp_path / "ja.pdf"
    result = run("decklist", BRANDED, "-o", out, "--lang", "ja")
    assert result.returncode == 2 and not out.exists()
    assert "cannot be drawn" in result.stderr and "U+" in result.stderr and "--font" in result.stderr
    assert "fonts-ipafont-gothic" in result.stderr


@pytest.mark.skipif(not JAPANESE_FONT.is_file(), reason="Debian's fonts-ipafont-gothic is not installed")
def test_japanese_names_with_a_japanese_font(tmp_path):
    out = tmp_path / "ja.pdf"
    result = run("decklist", BRANDED, "-o", out, "--lang", "ja", "--font", JAPANESE_FONT)
    assert result.returncode == 0, result.stderr
    text = pages_text(out)[0]
    names = load_cards().other_names
    ash = names.name_of(14558127, "ja")
    assert ash and " ".join(ash.split()) in text


def test_a_postscript_font_is_refused_with_the_reason(tmp_path):
    otf = tmp_path / "x.ttf"
    otf.write_bytes(b"OTTO" + bytes(200))
    result = run("decklist", BRANDED, "-o", tmp_path / "x.pdf", "--font", otf)
    assert result.returncode == 2 and "--font" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (Debian's poppler-utils) is not installed")
def test_the_first_page_renders_to_png(tmp_path):
    from PIL import Image

    out = tmp_path / "s.pdf"
    run("decklist", SNAKE_EYE, "-o", out, "--player", "Jane Doe")
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(out), str(tmp_path / "page")],
                   check=True, timeout=60)
    (png,) = tmp_path.glob("page*.png")
    image = Image.open(png).convert("RGB")
    assert image.size == (510, 660)  # US Letter at 60 dpi
    colours = image.getcolors(maxcolors=1 << 20)
    dark = sum(n for n, (r, g, b) in colours if r + g + b < 200)
    red = sum(n for n, (r, g, b) in colours if r > 150 and g < 90 and b < 90)
    assert dark > 5000 and red > 300  # the drawn form, and the banner of an illegal deck


# -- the user's copy of Konami's form --------------------------------------------------------------

def form_values(path: Path) -> dict[str, str]:
    return {name: f.get("/V") for name, f in (PdfReader(path).get_fields() or {}).items() if f.get("/V") is not None}


def test_konamis_form_is_filled_by_its_own_field_names(tmp_path):
    form = build_form(tmp_path / "KDE_DeckList.pdf")
    out = tmp_path / "filled.pdf"
    result = run("decklist", BRANDED, "--form", form, "-o", out, "--player", "Jane Doe", "--konami-id", "0012345678",
                 "--country", "Germany", "--event", "Regional", "--date", "2026-06-14")
    assert result.returncode == 0, result.stderr
    values = form_values(out)
    assert values["First Name"] == "Jane" and values["Last.Names"] == "Doe" and values["Last.Initial"] == "D"
    assert values["KONAMI ID"] == "0012345678" and values["Date DD"] == "14" and values["Date YYYY"] == "2026"
    rows = deck_rows(BRANDED)
    filled = {values[f"Card {kind} {n}"]: int(values[f"Number {kind} {n}"])
              for kind, rows_of in (("Monster", 18), ("Spell", 18), ("Trap", 18), ("ED", 15), ("SD", 15))
              for n in range(1, rows_of + 1) if f"Card {kind} {n}" in values}
    for section in ("extra", "side"):
        for name, count in rows[section].items():
            assert filled[name] == count
    assert values["Total Main Deck"] == "40" and values["Total Extra Deck"] == "15" and values["Total Side Deck"] == "15"
    assert int(values["Total Monster Cards"]) + int(values["Total Spell Cards"]) + int(values["Total Trap Cards"]) == 40
    reader = PdfReader(out)
    assert reader.trailer["/Root"]["/AcroForm"]["/NeedAppearances"] == True  # noqa: E712 (a PDF boolean)
    widgets = [a.get_object() for a in reader.pages[0]["/Annots"]]
    shown = [w for w in widgets if w.get("/Parent", w).get("/V") not in (None, "")]
    assert shown and all("/AP" in w for w in shown)  # every filled field has its appearance written
    assert len(reader.pages) == 1 and "no field" not in result.stderr


def test_a_form_without_some_fields_says_which(tmp_path):
    form = build_form(tmp_path / "partial.pdf", rows={"Monster": 5, "Spell": 18, "Trap": 18, "ED": 15, "SD": 15},
                      leave_out=("Country of Residence", "Total Main Deck"))
    out = tmp_path / "filled.pdf"
    result = run("decklist", BRANDED, "--form", form, "-o", out, "--country", "Germany")
    assert "no field 'Country of Residence', 'Total Main Deck'" in result.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 2  # the monsters past the form's 5 rows on a continuation page
    cont = " ".join(reader.pages[1].extract_text().split())
    assert "rows 6–" in cont
    values = form_values(out)
    monsters = [values[f"Card Monster {n}"] for n in range(1, 6)]
    for name, count in deck_rows(BRANDED)["main"].items():
        if name in monsters or name in values.values():
            continue
        assert re.search(rf"\b{count} {re.escape(name)}", cont), name


def test_filled_forms_merge_flattened_with_the_banner(tmp_path):
    form = build_form(tmp_path / "KDE_DeckList.pdf")
    out = tmp_path / "all.pdf"
    result = run("decklist", BRANDED, SNAKE_EYE, "--form", form, "--merge", "-o", out)
    assert result.returncode == 1
    reader = PdfReader(out)
    assert "/AcroForm" not in reader.trailer["/Root"]  # one form's field names cannot hold two decks
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "Fiendsmith's Requiem" in texts[0] and "NOT LEGAL" not in texts[0]
    snake = [t for t in texts if "Snake-Eye Ash" in t]
    assert snake and all("NOT LEGAL AS REGISTERED" in t for t in texts[1:])


def test_a_pdf_without_fields_is_no_form(tmp_path):
    plain = tmp_path / "plain.pdf"
    run("decklist", BRANDED, "-o", plain)
    result = run("decklist", BRANDED, "--form", plain, "-o", tmp_path / "x.pdf")
    assert result.returncode == 2 and "no text fields" in result.stderr


def test_the_builder_has_the_documented_fields(tmp_path):
    fields = PdfReader(build_form(tmp_path / "f.pdf")).get_fields()
    assert set(field_names()) <= set(fields) and fields["Last.Names"].get("/FT") == "/Tx"


# -- what a check never loads, and the message without the extra -------------------------------

BLOCK_PDF = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('reportlab', 'pypdf'):
            raise ImportError('blocked')
sys.meta_path.insert(0, Block())
sys.argv = ['deckcheck', *sys.argv[1:]]
from deckcheck.cli import main
main()
"""


def test_without_the_pdf_extra_it_says_how_to_install_it(tmp_path):
    result = subprocess.run([sys.executable, "-c", BLOCK_PDF, "decklist", str(BRANDED), "-o", str(tmp_path / "x.pdf")],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "pip install 'deckcheck[pdf]'" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("output_format", ["text", "json", "html"])
def test_a_check_never_imports_the_pdf_libraries(output_format):
    code = ("import sys\nsys.argv = ['deckcheck', 'check', sys.argv[1], '-o', sys.argv[2]]\n"
            "from deckcheck.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'pypdf', 'PIL'}), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code, str(SNAKE_EYE), output_format], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.stderr.strip().splitlines()[-1] == "[]"


def test_usage_errors(tmp_path):
    assert run("decklist", BRANDED, "-o", tmp_path / "x.pdf", "--konami-id", "12-34").returncode == 2
    assert run("decklist", BRANDED, "-o", tmp_path / "x.pdf", "--date", "14.06.2026").returncode == 2
    assert run("decklist", tmp_path / "nope.ydk", "-o", tmp_path / "x.pdf").returncode == 2
    assert run("decklist", BRANDED, "--form", tmp_path / "nope.pdf", "-o", tmp_path / "x.pdf").returncode == 2
    assert not (tmp_path / "x.pdf").exists()


def test_untrusted_text_is_shown_escaped(tmp_path):
    deck = yaml_deck(tmp_path, "evil.yaml", 'player: "Eve \\e[31m<script>"\nmain:\n  - "1 Bad\\u202eCard"\n')
    out = tmp_path / "evil.pdf"
    run("decklist", deck, "-o", out)
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "\\x1b[31m<script>" in text and "\x1b" not in text
    assert "Bad\\u202eCard" in text and "\u202e" not in text


def test_the_languages_of_the_command_line_are_those_of_the_names_file():
    from deckcheck.cli.common import LANGUAGES
    from deckcheck.names import EDOPRO
    from deckcheck.names import LANGUAGES as NAMES

    assert LANGUAGES == tuple(lang for lang in NAMES if lang != EDOPRO)


# -- every deck, drawn and read back (hypothesis) ------------------------------------------------

def _pool(cards, kind: str) -> list[str]:
    names = [c.name for c in cards.cards() if c.kind == kind and c.origin == "official" and c.tcg
             and len(cards.by_name(c.name)) == 1]
    return names[::max(1, len(names) // 400)]


@pytest.fixture(scope="module")
def sheet_maker():
    from deckcheck.checker import Checker, Selection
    from deckcheck.convert import Namer
    from deckcheck.datastore import load_store
    from deckcheck.documents.fonts import Fonts
    from deckcheck.documents.sheet_pdf import render
    from deckcheck.parsers import parse_deck
    from deckcheck.registration import build_sheet, player_from

    cards = load_cards()
    checker = Checker(cards, load_store(), Selection())
    fonts = Fonts()

    def make(text: str, player: dict):
        parsed = parse_deck(text.encode("utf-8"), "deck.yaml")
        result, regulation = checker.judge(parsed)
        sheet = build_sheet(parsed.path, parsed.name, parsed.entries, result.problems, player_from(player),
                            Namer(cards, "en"), format_title=regulation.title)
        out = io.BytesIO()
        render([sheet], out, fonts)
        return result, sheet, [" ".join(p.extract_text().split()) for p in PdfReader(out).pages]

    return make, {kind: _pool(cards, kind) for kind in ("main", "extra")}


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_property_every_card_count_and_total_is_on_the_sheet(sheet_maker, data):
    make, pools = sheet_maker
    sections = {}
    for section, kind, most in (("main", "main", 45), ("extra", "extra", 20), ("side", "main", 20)):
        names = data.draw(st.lists(st.sampled_from(pools[kind]), unique=True, max_size=most), label=section)
        sections[section] = [(name, data.draw(st.integers(1, 3))) for name in names]
    player = data.draw(st.fixed_dictionaries({"player": st.sampled_from(["Jane Doe", "Doe, Jane", "Zoë Ærø", "X"]),
                                              "konami_id": st.sampled_from(["0000000001", "0301234567"])}))
    text = "".join(f"{section}:\n" + "".join(f"  - {json.dumps(f'{n} {name}')}\n" for name, n in rows)
                   for section, rows in sections.items() if rows) or "main: []\n"
    result, sheet, pages = make(text, player)
    everything = " ".join(pages)
    for rows in sections.values():
        for name, count in rows:
            assert re.search(rf"(?<!\d){count} {re.escape(name)}", everything), name
    totals = sheet.totals
    assert (totals["main"], totals["extra"], totals["side"]) == (result.sizes["main"], result.sizes["extra"],
                                                                  result.sizes["side"])
    assert f"Total Main Deck: {totals['main']}" in pages[0] and f"Total Side Deck: {totals['side']}" in pages[0]
    assert player["konami_id"] in pages[0]
    assert all(("NOT LEGAL AS REGISTERED" in page) == (not result.legal) for page in pages)


@pytest.mark.parametrize("written, first, last", [
    ("Jane Doe", "Jane", "Doe"), ("Jane Mary Doe", "Jane Mary", "Doe"), ("van der Berg, Anna", "Anna", "van der Berg"),
    ("Cher", None, "Cher"), ("  Jane   Doe ", "Jane", "Doe"), ("Doe,", None, "Doe"),
])
def test_a_players_name_is_split_as_written(written, first, last):
    from deckcheck.registration import split_name

    assert split_name(written) == (first, last)


def test_fields_by_source_and_filing_order():
    from deckcheck.registration import player_from

    player = player_from({"player": "Jane Doe", "event": None}, {"last_name": "Dough", "event": "Cup"}, {"konami_id": "007"})
    assert (player.first_name, player.last_name, player.event, player.konami_id) == ("Jane", "Doe", "Cup", "007")
    assert player_from({"player": "Jane Doe", "last_name": "Smith"}).last_name == "Smith"
    names = ["Zed Young", "Ana Ávila", "Bob adams", "Carl Berg"]
    ordered = sorted((player_from({"player": n}) for n in names), key=lambda p: p.sort_key())
    assert [p.last_name for p in ordered] == ["adams", "Ávila", "Berg", "Young"]


def test_a_file_name_no_font_has_never_stops_a_sheet(tmp_path):
    """Issue 25, item 2: a CJK file name (the footer's path) stopped every sheet of a --merge with exit 2.
    A card name the fonts cannot draw is still refused (it would show the deck wrong); a path only
    identifies the file, so what the fonts lack is written as code points."""
    folder = tmp_path / "decks"
    folder.mkdir()
    names = ["龍の巫女デッキ.ydk", "колода.ydk", "مجموعة.ydk"]
    for name in names:
        shutil.copy(BRANDED, folder / name)
    out = tmp_path / "all.pdf"
    proc = run("decklist", folder, "--merge", "-o", out)
    assert proc.returncode == 0, proc.stderr
    footers = [text for text in pages_text(out)]
    assert len(footers) == 3
    assert any("<U+9F8D><U+306E>" in text for text in footers)  # 龍の, which DejaVu lacks
    assert any("колода.ydk" in text for text in footers)  # Cyrillic: drawn as it is
    # Arabic: reportlab draws it reversed and unjoined, so a right-to-left path is written as code points too
    assert any("<U+0645><U+062C>" in text for text in footers)  # مج


def test_a_batch_says_each_illegal_deck_in_one_line_not_every_error(tmp_path):
    """Issue 25, item 2: a folder of 338 decks printed 1,017 lines on stderr before the one that said what
    happened; the sheets' banners carry every error."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for i in range(12):
        shutil.copy(SNAKE_EYE, folder / f"player{i:02}.yaml")
    out = tmp_path / "all.pdf"
    proc = run("decklist", folder, "--merge", "-o", out)
    assert proc.returncode == 1 and out.is_file()
    errors = [line for line in proc.stderr.splitlines() if line.startswith("deckcheck: error:")]
    assert len(errors) == 11 and errors[-1].startswith("deckcheck: error: and 2 more decks that are not legal")
    assert all("5 errors (" in line for line in errors[:10])
    one = run("decklist", SNAKE_EYE, "-o", tmp_path / "one.pdf")  # one deck: every error, with its line
    assert sum(line.startswith("deckcheck: error:") for line in one.stderr.splitlines()) == 5
