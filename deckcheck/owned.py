"""An event's own card files: the copies a player owns (``--collection``) and the organizer's frozen prices
(``--prices``), each a CSV file read once per run, with every mistake an error naming the file and line.

Columns are found by their header, case, spaces and underscores aside, so the common exports read as they are:

* a plain file: ``name,count`` (or ``quantity``, ``qty``, ``copies``; ``passcode`` or ``id`` for the card);
* YGOPRODeck's collection export: ``cardname,cardq,cardrarity,card_edition,cardset,cardcode,cardid,...``
  (one row per printing: the rows of a card add up);
* Dragon Shield's export (a ``sep=,`` first line, then ``Folder Name,Quantity,Trade Quantity,Card Name,
  Set Code,Set Name,Card Number,...,Price Bought,...``).

A price file has a card (name or passcode; a set code column is kept as written) and a ``price`` (or
``price each``, ``my price``, ``market``, ``price bought``); a card priced twice (two printings) costs its
cheapest price. A row whose card is not in the card data is left out (it cannot be in a checked deck
except as an unknown card, which its own rule reports).
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal, InvalidOperation
from pathlib import Path

from .errors import UsageError

MAX_BYTES = 16 << 20
NAME_COLUMNS = ("name", "cardname", "card")
PASSCODE_COLUMNS = ("passcode", "password", "cardid", "id", "konamipasscode")
COUNT_COLUMNS = ("count", "quantity", "qty", "cardq", "copies", "owned")
PRICE_COLUMNS = ("price", "priceeach", "myprice", "market", "pricebought", "cardprice")
SET_CODE_COLUMNS = ("setcode", "cardcode", "code", "cardnumber")

_read: dict[tuple, dict] = {}


def _key(column: str) -> str:
    return "".join(ch for ch in column.casefold() if ch.isalnum())


def _rows(path: Path, what: str):
    """(line number, {column key: value}) of a CSV file; UsageError for a file that is not one."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise UsageError(f"{path}: the {what} is larger than {MAX_BYTES >> 20} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UsageError(f"{path}:{line}: the {what} is not UTF-8 text") from None
    lines = text.splitlines()
    first = 0
    if lines and lines[0].strip().strip("\"").lower().startswith("sep="):  # Dragon Shield (Excel's separator line)
        first = 1
    reader = csv.reader(io.StringIO("\n".join(lines[first:])))
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            header = next(reader, None)
        if header is None:
            raise UsageError(f"{path}: the {what} is empty")
        columns = [_key(c) for c in header]
        for row in reader:
            line = reader.line_num + first
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(columns):
                raise UsageError(f"{path}:{line}: {len(row)} fields, but the header has {len(columns)}")
            yield line, columns, dict(zip(columns, (cell.strip() for cell in row)))
    except csv.Error as exc:
        raise UsageError(f"{path}:{reader.line_num + first}: not a CSV row: {exc}") from None


def _column(columns: list[str], choices: tuple[str, ...]) -> str | None:
    for choice in choices:
        if choice in columns:
            return choice
    return None


def _card(path: Path, line: int, row: dict, columns: list[str], cards, what: str):
    """The card a row names (by passcode, else by name), or None when the card data has no such card."""
    passcode_column, name_column = _column(columns, PASSCODE_COLUMNS), _column(columns, NAME_COLUMNS)
    if passcode_column is None and name_column is None:
        raise UsageError(f"{path}:1: the {what} has no card column (name, card name, cardname, passcode or cardid)")
    passcode, name = row.get(passcode_column or "", ""), row.get(name_column or "", "")
    if not passcode and name.isdigit():  # a passcode in the card column
        passcode, name = name, ""
    if passcode:
        if not passcode.isdigit() or len(passcode) > 10:
            raise UsageError(f"{path}:{line}: {passcode!r} is not a passcode")
        card = cards.by_passcode(int(passcode))
        if card is not None:
            return card
    if name:
        found = cards.by_name(name)
        return found[0] if found else None
    if not passcode:
        raise UsageError(f"{path}:{line}: no card: the row has no name and no passcode")
    return None


def read_collection(path: str | Path, cards) -> dict[int, int]:
    """Card (own passcode) → copies owned."""
    path = Path(path)
    key = ("collection", str(path.resolve()), id(cards))
    if key in _read:
        return _read[key]
    owned: dict[int, int] = {}
    for line, columns, row in _rows(path, "collection"):
        count_column = _column(columns, COUNT_COLUMNS)
        if count_column is None:
            raise UsageError(f"{path}:1: the collection has no count column (count, quantity, qty or cardq)")
        count = row.get(count_column, "")
        if not count.isdigit() or len(count) > 6:
            raise UsageError(f"{path}:{line}: the count {count!r} is not a whole number")
        card = _card(path, line, row, columns, cards, "collection")
        if card is not None:
            owned[card.passcode] = owned.get(card.passcode, 0) + int(count)
    _read[key] = owned
    return owned


def parse_price(text: str) -> Decimal | None:
    """15, 15.50, $15.50, 15,50 € → a Decimal ≥ 0, else None."""
    cleaned = text.strip().strip("$€£¥ ").replace("\u00a0", "").strip()
    if cleaned.count(",") == 1 and "." not in cleaned:
        cleaned = cleaned.replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return value if value.is_finite() and value >= 0 else None


def read_prices(path: str | Path, cards) -> dict[int, Decimal]:
    """Card (own passcode) → its price (the cheapest given)."""
    path = Path(path)
    key = ("prices", str(path.resolve()), id(cards))
    if key in _read:
        return _read[key]
    prices: dict[int, Decimal] = {}
    for line, columns, row in _rows(path, "price list"):
        price_column = _column(columns, PRICE_COLUMNS)
        if price_column is None:
            raise UsageError(f"{path}:1: the price list has no price column (price, price each, market)")
        price = parse_price(row.get(price_column, ""))
        if price is None:
            raise UsageError(f"{path}:{line}: the price {row.get(price_column, '')!r} is not an amount")
        card = _card(path, line, row, columns, cards, "price list")
        if card is not None and (card.passcode not in prices or price < prices[card.passcode]):
            prices[card.passcode] = price
    _read[key] = prices
    return prices
