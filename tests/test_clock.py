"""A list takes effect on its date in its region: "today" comes from UTC now, never the machine's time zone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, datetime, timedelta, timezone

import pytest

from deckcheck import clock
from deckcheck.banlists import BanlistStore
from deckcheck.checker import Checker, Selection
from deckcheck.datastore import open_cards

from .conftest import REPO


def at(text: str, hours: float = 0) -> datetime:
    """A local wall-clock time at a fixed UTC offset, as an aware instant."""
    return datetime.fromisoformat(text).replace(tzinfo=timezone(timedelta(hours=hours)))


def test_the_same_instant_on_both_sides_of_the_date_line_is_one_day():
    west = at("2026-05-17T23:30", -12)  # 11:30 UTC on the 18th
    east = at("2026-05-19T00:30", 14)  # 10:30 UTC on the 18th
    assert west.date() != east.date()  # what the machines' local dates say
    for region in (None, "emea", "amer", "jp"):
        assert clock.today(region, west) == clock.today(region, east) == date(2026, 5, 18)


@pytest.mark.parametrize("utc, region, expected", [
    # Central Europe: UTC+1 in winter, +2 from the last Sunday of March to the last Sunday of October (01:00 UTC)
    ("2026-11-30T22:59", "emea", "2026-11-30"),
    ("2026-11-30T23:00", "emea", "2026-12-01"),
    ("2026-06-30T21:59", "emea", "2026-06-30"),
    ("2026-06-30T22:00", "emea", "2026-07-01"),
    ("2026-03-29T00:59", None, "2026-03-29"),  # 01:59 CET, the night summer time starts
    ("2026-03-28T22:59", None, "2026-03-28"),
    ("2026-03-28T23:00", None, "2026-03-29"),
    ("2026-10-24T21:59", None, "2026-10-24"),  # still summer time
    ("2026-10-24T22:00", None, "2026-10-25"),
    ("2026-12-31T23:00", None, "2027-01-01"),
    # US Eastern: UTC-5, -4 from the second Sunday of March 07:00 UTC to the first Sunday of November 06:00 UTC
    ("2026-07-01T03:59", "amer", "2026-06-30"),
    ("2026-07-01T04:00", "amer", "2026-07-01"),
    ("2026-12-01T04:59", "AMER", "2026-11-30"),
    ("2026-12-01T05:00", "amer", "2026-12-01"),
    # Japan (the OCG's region): UTC+9 all year
    ("2026-06-30T14:59", "jp", "2026-06-30"),
    ("2026-06-30T15:00", "jp", "2026-07-01"),
])
def test_reference_zones(utc, region, expected):
    assert clock.today(region, at(utc)) == date.fromisoformat(expected)


def test_a_naive_instant_is_utc_not_local_time():
    assert clock.today("jp", datetime(2026, 6, 30, 15, 0)) == date(2026, 7, 1)


@pytest.mark.parametrize("region, zone", [(None, "Europe/Berlin"), ("amer", "America/New_York"), ("jp", "Asia/Tokyo")])
def test_summer_time_rules_match_the_tz_database(region, zone):
    zoneinfo = pytest.importorskip("zoneinfo")
    try:
        tz = zoneinfo.ZoneInfo(zone)
    except zoneinfo.ZoneInfoNotFoundError:
        pytest.skip(f"no tz data for {zone} on this machine")
    instant = datetime(2024, 1, 1, tzinfo=timezone.utc)
    while instant.year < 2028:  # every half hour of four years
        assert clock.utc_offset(region, instant) == instant.astimezone(tz).utcoffset(), instant
        instant += timedelta(minutes=30)


@pytest.fixture(scope="module")
def data():
    return open_cards(), BanlistStore()


@pytest.mark.parametrize("utc, fmt, region, expected_list", [
    ("2026-05-17T21:59", "tcg", "emea", "2026.02 TCG"),  # 23:59 CEST on the 17th
    ("2026-05-17T22:00", "tcg", "emea", "2026.05 TCG"),  # midnight CEST: the list of 2026-05-18
    ("2026-06-30T14:59", "ocg", "jp", "2026.04 OCG"),
    ("2026-06-30T15:00", "ocg", "jp", "2026.07 OCG"),  # midnight in Japan
])
def test_the_checker_picks_the_list_by_the_regions_date(data, monkeypatch, utc, fmt, region, expected_list):
    monkeypatch.setattr(clock, "utc_now", lambda: at(utc))
    checker = Checker(*data, Selection(format=fmt))  # the format's own region
    assert checker.as_of == clock.today(region, at(utc))
    assert checker.regulation().banlist.name == expected_list


def test_each_format_of_a_batch_takes_its_own_regions_date(data, monkeypatch):
    """At 15:30 UTC on 2026-06-30 it is July 1 in Japan, still June 30 in Europe: an OCG decklist in a
    TCG run is judged with the OCG list of July 1."""
    monkeypatch.setattr(clock, "utc_now", lambda: at("2026-06-30T15:30"))
    checker = Checker(*data, Selection())
    assert checker.as_of == date(2026, 6, 30)
    from deckcheck.parsers import parse_deck

    _, regulation = checker.judge(parse_deck(b"format: ocg\nmain: [40 Pot of Duality]\n", "d.yaml"))
    assert regulation.as_of == date(2026, 7, 1) and regulation.banlist.name == "2026.07 OCG"


def test_an_explicit_date_wins(data, monkeypatch):
    monkeypatch.setattr(clock, "utc_now", lambda: at("2026-05-17T22:00"))
    assert Checker(*data, Selection(format="tcg", as_of=date(2025, 1, 1))).as_of == date(2025, 1, 1)


@pytest.mark.slow  # real processes, one a time zone
def test_commands_agree_across_the_date_line():
    """Two processes at (about) the same instant, 26 hours of local time apart, judge with the same
    date, and `banlists`, `card` and `data` say the same."""
    deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"

    def run(tz: str, *args: str) -> str:
        proc = subprocess.run([sys.executable, "-m", "deckcheck", *args, "-o", "json"], cwd=REPO,
                              env={**os.environ, "TZ": tz}, capture_output=True, text=True, timeout=60)
        assert proc.returncode in (0, 1), proc.stderr
        return proc.stdout

    def seen(tz: str) -> tuple:
        return (json.loads(run(tz, "check", str(deck)))["format"]["as_of"], run(tz, "banlists"),
                run(tz, "card", "Ash Blossom & Joyous Spring"), json.loads(run(tz, "data"))["banlists"]["in_force"])

    for _ in range(3):  # a retry only if the reference date itself changed between the runs
        before = clock.today()
        west, east = seen("Etc/GMT+12"), seen("Etc/GMT-14")  # POSIX signs: UTC-12 and UTC+14
        if clock.today() == before:
            break
    assert west == east
    assert west[0] == before.isoformat()


def test_banlists_and_data_mark_each_folders_list_by_its_regions_date(monkeypatch):
    """At 15:30 UTC on 2026-06-30 it is July 1 in Japan: the OCG list of July 1 is in force there (as a check
    judges), while the TCG lists are still read on June 30 in Europe."""
    from .inprocess import deckcheck

    monkeypatch.setattr(clock, "utc_now", lambda: at("2026-06-30T15:30"))
    listed = deckcheck("banlists", "-o", "json", env={"NO_COLOR": "1"})
    assert listed.returncode == 0, listed.stderr
    in_force = {b["name"] for b in json.loads(listed.stdout) if b["in_force"]}
    assert "2026.07 OCG" in in_force and "2026.04 OCG" not in in_force and "2026.05 TCG" in in_force
    described = deckcheck("data", "-o", "json", env={"NO_COLOR": "1"})
    assert described.returncode == 0, described.stderr
    assert "2026.07 OCG" in json.loads(described.stdout)["banlists"]["in_force"]
