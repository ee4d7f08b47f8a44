"""What "today" is for a Forbidden & Limited list: the date in its region, computed from UTC now.

A list takes effect on its date in its region, not on the date of the machine deckcheck runs
on, so a check at 23:30 in UTC−12 and one at 00:30 in UTC+14 (about the same instant) agree.
Each region has one reference time zone; summer time is computed here from the statutory
rules, so the result never depends on the machine's time zone or its tz database:

=====================================  ===================  ============================================
lists                                  reference zone       offset from UTC
=====================================  ===================  ============================================
TCG (Europe, Oceania: Konami EU's      Central European     +1; +2 from the last Sunday of March 01:00
dates, the default)                                         UTC to the last Sunday of October 01:00 UTC
TCG with ``--region amer``             US Eastern           −5; −4 from the second Sunday of March 07:00
                                                            UTC to the first Sunday of November 06:00 UTC
OCG (Japan)                            Japan                +9 all year
=====================================  ===================  ============================================
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone


def _sunday_on_or_after(day: date) -> date:
    return day + timedelta(days=(6 - day.weekday()) % 7)


def _last_sunday(year: int, month: int) -> date:
    last = (date(year, month + 1, 1) if month < 12 else date(year + 1, 1, 1)) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() + 1) % 7)


def _central_europe(utc: datetime) -> timedelta:
    start = datetime.combine(_last_sunday(utc.year, 3), datetime.min.time(), timezone.utc) + timedelta(hours=1)
    end = datetime.combine(_last_sunday(utc.year, 10), datetime.min.time(), timezone.utc) + timedelta(hours=1)
    return timedelta(hours=2 if start <= utc < end else 1)


def _us_eastern(utc: datetime) -> timedelta:
    second_sunday = _sunday_on_or_after(date(utc.year, 3, 1)) + timedelta(days=7)
    first_sunday = _sunday_on_or_after(date(utc.year, 11, 1))
    start = datetime.combine(second_sunday, datetime.min.time(), timezone.utc) + timedelta(hours=7)
    end = datetime.combine(first_sunday, datetime.min.time(), timezone.utc) + timedelta(hours=6)
    return timedelta(hours=-4 if start <= utc < end else -5)


def _japan(utc: datetime) -> timedelta:
    return timedelta(hours=9)


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _utc(now: datetime | None) -> datetime:
    """``now`` in UTC (a naive datetime is taken as UTC, never as the machine's local time)."""
    if now is None:
        return utc_now()
    return now.replace(tzinfo=timezone.utc) if now.tzinfo is None else now.astimezone(timezone.utc)


ZONES = {"emea": _central_europe, "amer": _us_eastern, "jp": _japan}  # a format's region → its reference zone
DEFAULT_REGION = "emea"  # Konami EU's dates: what a TCG list's `effective` gives


def utc_offset(region: str | None = None, now: datetime | None = None) -> timedelta:
    """The reference zone's offset from UTC at ``now`` for the lists of ``region`` (a format's region,
    e.g. emea, amer, jp; default emea). A region without a zone of its own takes Central Europe's."""
    utc = _utc(now)
    return ZONES.get((region or DEFAULT_REGION).lower(), _central_europe)(utc)


def today(region: str | None = None, now: datetime | None = None) -> date:
    """The date in ``region``'s reference zone (default: emea, the TCG's) at ``now`` (default: now)."""
    utc = _utc(now)
    return (utc + utc_offset(region, utc)).date()
