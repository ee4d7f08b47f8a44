"""Data update commands: update (issue: fresh data without a new release)."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import NoReturn

import typer

from ..report.escape import json_safe, printable
from .common import EXIT_ERROR, OutputFormat, app, say


class Only(str, Enum):
    cards = "cards"
    lists = "lists"


class _RichProgress:
    """A rich progress bar on stderr, one task per download."""

    def __init__(self):
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn, TransferSpeedColumn

        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                            TimeRemainingColumn(), console=Console(stderr=True), transient=True)
        self.task = None

    def start(self, label: str, total: int | None) -> None:
        self.bar.start()
        self.task = self.bar.add_task(f"downloading {label}", total=total)

    def advance(self, n: int) -> None:
        if self.task is not None:
            self.bar.advance(self.task, n)

    def done(self) -> None:
        if self.task is not None:
            self.bar.remove_task(self.task)
            self.task = None
        self.bar.stop()


@app.command()
def update(
    cards_url: str | None = typer.Option(None, "--cards-url", help="YGOPRODeck API v7 base URL, or a mirror of it (default: https://db.ygoprodeck.com/api/v7/)."),
    lists_url: str | None = typer.Option(None, "--lists-url", help="Lists: a yaml-yugi-limit-regulation data/ URL (Konami's dated lists, the default), an EDOPro .lflist.conf URL, or 'ygoprodeck'."),
    cdb: Path | None = typer.Option(None, "--cdb", help="Import cards from a local EDOPro/YGOPro cards.cdb instead of downloading them.", dir_okay=False),
    lflist: Path | None = typer.Option(None, "--lflist", help="Import lists from a local EDOPro/YGOPro lflist.conf instead of downloading them.", dir_okay=False),
    only: Only | None = typer.Option(None, "--only", help="Update only the cards or only the lists."),
    force: bool = typer.Option(False, "--force", help="Download the cards even if the database version is unchanged."),
    timeout: float | None = typer.Option(None, "--timeout", min=0.1, max=3600, help="Seconds to wait for a connection or for data (default: 30); each download as a whole may take 30 times this."),
    retries: int | None = typer.Option(None, "--retries", min=0, max=10, help="Extra attempts after a timeout, dropped connection or HTTP 429/5xx (default: 3)."),
    config: Path | None = typer.Option(None, "--config", help="Config file (default: $DECKCHECK_CONFIG, else config.toml in the user config directory).", dir_okay=False),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors and warnings."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", "-o", help="text or json."),
) -> None:
    """Download new cards (YGOPRODeck) and Forbidden & Limited lists (Konami's, dated), check them, install them.

    Installs into the user data directory (DECKCHECK_DATA_DIR overrides it); every command then uses the newest data available, downloaded or bundled (see: deckcheck data). A failed update changes nothing and exits 2 with the reason.
    """
    import json

    from .. import update as U
    from ..update.config import ConfigError, load_config

    def fail(message: str) -> NoReturn:
        say(f"deckcheck: error: {message}")
        raise typer.Exit(EXIT_ERROR)

    if cdb is not None and only is Only.lists:
        fail("--cdb imports cards; it cannot be combined with --only lists")
    if lflist is not None and only is Only.cards:
        fail("--lflist imports lists; it cannot be combined with --only cards")
    for path, option in ((cdb, "--cdb"), (lflist, "--lflist")):
        if path is not None and not os.path.isfile(path):
            fail(f"{option} {path}: no such file")
    try:
        settings, _ = load_config(config)
    except ConfigError as exc:
        fail(str(exc))
    from ..update.config import timeout_problem

    if timeout is not None and timeout_problem(timeout):  # nan passes --timeout's range check
        fail(f"--timeout: {timeout_problem(timeout)}")
    opts = U.Options(
        cards_url=cards_url or settings.get("cards_url") or U.DEFAULT_CARDS_URL,
        lists_url=lists_url or settings.get("lists_url") or U.DEFAULT_LISTS_URL,
        cdb=cdb, lflist=lflist, only=only.value if only else None, force=force,
        timeout=float(timeout if timeout is not None else settings.get("timeout", 30.0)),
        retries=int(retries if retries is not None else settings.get("retries", 3)),
    )
    ui = U.UI()
    ui.note = lambda message: say(f"deckcheck: {message}")  # type: ignore[method-assign]
    if not quiet and output_format is OutputFormat.text and sys.stderr.isatty():
        ui.progress = _RichProgress()
    try:
        result = U.run(opts, ui)
    except U.UpdateError as exc:
        fail(f"update failed: {exc}; the installed data is unchanged")
    for warning in result.warnings:
        say(f"deckcheck: warning: {warning}")
    if output_format is OutputFormat.json:
        sys.stdout.write(json_safe(json.dumps(result.to_json(), ensure_ascii=False, indent=2)) + "\n")
    elif not quiet:
        for line in _summary(result):
            print(printable(line))


def _summary(result) -> list[str]:
    lines = []
    cards = result.cards
    if cards:
        source = cards.get("source") or {}
        if not cards.get("changed"):
            lines.append(f"cards: {cards.get('message', 'up to date')}, {cards['count']:,} cards")
        else:
            origin = (f"YGOPRODeck database version {source.get('database_version')}" if source.get("kind") == "ygoprodeck"
                      else f"{source.get('path')}")
            lines.append(f"cards: installed {cards['count']:,} cards from {origin} (data of {cards['date']}; "
                         f"{cards['added']:,} new, {cards['removed']:,} gone)")
    lists = result.lists
    if lists:
        for lst in lists["installed"]:
            kind = "derived" if lst["derived"] else "installed"
            lines.append(f"lists: {kind} {lst['name']} ({lst['format'].upper()}, effective {lst['effective']}, "
                         f"{lst['entries']} entries)")
        if not lists["installed"]:
            lines.append("lists: up to date" + (f" ({'; '.join(lists['unchanged'])})" if lists["unchanged"] else ""))
        for rel in lists["removed"]:
            lines.append(f"lists: removed stopgap list {rel}")
    for note in result.notes:
        lines.append(f"note: {note}")
    lines.append(f"data: {result.data_dir} ({'updated' if result.changed else 'nothing new'}; see: deckcheck data)")
    return lines
