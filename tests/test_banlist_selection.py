"""Choosing the list in force, by date, region and name; group semantics of list entries."""

from __future__ import annotations

from deckcheck.regulation import list_limits

from datetime import date
from pathlib import Path

import pytest

from deckcheck.banlists import BanlistStore, bundled_banlists_dir, load_banlist
from deckcheck.errors import DataError

from .conftest import REPO, TODAY


def test_default_is_newest_in_force_today(store):
    assert store.in_effect("tcg", TODAY).name == "2026.05 TCG"
    assert store.in_effect("ocg", TODAY).name == "2026.07 OCG"


def test_list_of_a_date(store):
    assert store.in_effect("tcg", date(2026, 5, 17)).name == "2026.02 TCG"
    assert store.in_effect("tcg", date(2026, 5, 18)).name == "2026.05 TCG"
    assert store.in_effect("ocg", date(2020, 1, 1)).name == "2020.01 OCG"


def test_april_2024_regional_dates(store):  # rules.md case 47
    assert store.in_effect("tcg", date(2024, 4, 18)).name == "2024.01 TCG"
    assert store.in_effect("tcg", date(2024, 4, 18), region="amer").name == "2024.04 TCG"
    assert store.in_effect("tcg", date(2024, 4, 22)).name == "2024.04 TCG"


def test_before_the_oldest_list(store):
    assert store.in_effect("tcg", date(2020, 1, 1)).name == "2019.10 TCG"
    assert store.in_effect("tcg", date(2019, 10, 13)).name == "2019.07 TCG"  # the TCG lists go back to 2002
    assert store.in_effect("tcg", date(2002, 5, 7)).name == "2002.05 TCG"
    assert store.in_effect("tcg", date(2002, 3, 8)).entries == []  # the TCG's first weeks: no list
    with pytest.raises(DataError, match=r"no TCG list was in effect on 2002-03-07 \(the oldest starts 2002-03-08\)"):
        store.in_effect("tcg", date(2002, 3, 7))
    assert store.in_effect("ocg", date(2020, 1, 1)).name == "2020.01 OCG"
    assert store.in_effect("ocg", date(2015, 6, 1)).name == "2015.04 OCG"  # the OCG lists from 1999 on
    assert store.in_effect("ocg", date(1999, 7, 8)).name == "1999.07 OCG"
    with pytest.raises(DataError, match="no OCG list was in effect on 1999-07-07"):
        store.in_effect("ocg", date(1999, 7, 7))


def test_by_name_and_alias(store):
    assert store.by_name("2026.05 tcg").effective == date(2026, 5, 18)
    ocg = store.by_name("2023.01 OCG")
    assert store.by_name(ocg.aliases[0]).name == ocg.name if ocg.aliases else True
    with pytest.raises(DataError, match="no list named"):
        store.by_name("1999.01 TCG")


def test_every_shipped_list_loads_and_is_named_by_its_date():
    root = bundled_banlists_dir()
    files = sorted(root.glob("*/*.yaml"))
    assert len(files) >= 50
    for path in files:
        banlist = load_banlist(path)
        assert banlist.effective == date.fromisoformat(path.stem)
        assert banlist.format == path.parent.name
        assert banlist.entries or banlist.name == "2002.03 TCG"  # the TCG's first weeks had no list


def _house_list(tmp_path: Path, body: str) -> BanlistStore:
    (tmp_path / "tcg").mkdir()
    (tmp_path / "tcg" / "2030-01-01.yaml").write_text(
        "name: House 2030\nformat: tcg\neffective: 2030-01-01\n" + body, encoding="utf-8"
    )
    return BanlistStore([tmp_path])


@pytest.mark.parametrize("order", ["forbidden-first", "semi-first"])
def test_strictest_entry_of_a_group_applies_in_any_order(tmp_path, cards, order):
    forbidden = "forbidden:\n  - {name: Monster Reborn, passcode: 83764719}\n"
    semi = "semi_limited:\n  - {name: Monster Reborn, passcode: 83764718}\n"
    store = _house_list(tmp_path, forbidden + semi if order == "forbidden-first" else semi + forbidden)
    banlist = store.in_effect("tcg", date(2030, 6, 1))
    limits, unmatched = list_limits(banlist, cards)
    assert limits[83764718] == 0 and not unmatched


def test_entry_on_an_artwork_bans_the_whole_group(tmp_path, cards):
    store = _house_list(tmp_path, "forbidden:\n  - {name: Dark Magician, passcode: 36996508}\n")
    limits, _ = list_limits(store.in_effect("tcg", date(2030, 6, 1)), cards)
    assert limits[cards.by_passcode(46986414).group] == 0


def test_bad_list_file_is_a_data_error(tmp_path):
    (tmp_path / "tcg").mkdir()
    bad = tmp_path / "tcg" / "2030-01-01.yaml"
    bad.write_text("name: x\nformat: tcg\neffective: [\n", encoding="utf-8")
    with pytest.raises(DataError, match="2030-01-01.yaml"):
        BanlistStore([tmp_path]).in_effect("tcg", date(2030, 6, 1))


def test_a_store_keeps_a_list_it_loaded_until_the_file_changes(tmp_path):
    """`deckcheck data` read all 290 lists three times (1 s of its 1.4); a store keeps each list it loaded, and
    an edited list file (a house list, a list an update replaced) is read again."""
    from deckcheck.banlists import BanlistStore

    folder = tmp_path / "tcg"
    folder.mkdir()
    source = sorted((REPO / "banlists" / "tcg").glob("*.yaml"))[-1]
    path = folder / source.name
    path.write_bytes(source.read_bytes())
    store = BanlistStore([tmp_path])
    first = store.load(path)
    assert store.load(path) is first and store.all() == [first]
    path.write_text(source.read_text(encoding="utf-8").replace(f'name: "{first.name}"', 'name: "House TCG"', 1),
                    encoding="utf-8")
    assert store.load(path).name == "House TCG" and store.all()[0].name == "House TCG"


def test_files_are_every_folders_lists_by_date_a_files_first_root_winning(tmp_path):
    """Each ``*.yaml`` of each folder of lists (hidden names too, as ever), a name in two roots the first root's,
    in the order of folder, effective date (files not named by a date first) and name."""
    first, second = tmp_path / "first", tmp_path / "second"
    for root, names in ((first, ["2021-05-03.yaml", "2020-01-01.yaml", "house.yaml", ".hidden.yaml", "notes.txt"]),
                        (second, ["2020-01-01.yaml", "2019-01-01.yaml"])):
        (root / "tcg").mkdir(parents=True)
        for name in names:
            (root / "tcg" / name).write_text("x", encoding="utf-8")
    (first / "ocg").mkdir()
    (first / "ocg" / "2019-01-01.yaml").write_text("x", encoding="utf-8")
    (first / "README.yaml").write_text("x", encoding="utf-8")  # a file beside the folders is no folder of lists
    store = BanlistStore([first, second, tmp_path / "missing"])
    assert [(f.format, f.path.relative_to(tmp_path).as_posix(), f.effective) for f in store.files()] == [
        ("ocg", "first/ocg/2019-01-01.yaml", date(2019, 1, 1)),
        ("tcg", "first/tcg/.hidden.yaml", None),
        ("tcg", "first/tcg/house.yaml", None),
        ("tcg", "second/tcg/2019-01-01.yaml", date(2019, 1, 1)),
        ("tcg", "first/tcg/2020-01-01.yaml", date(2020, 1, 1)),
        ("tcg", "first/tcg/2021-05-03.yaml", date(2021, 5, 3)),
    ]
    assert store.files("tcg") == store.files()[1:] and store.files("speed") == []
