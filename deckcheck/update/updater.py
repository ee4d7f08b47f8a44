"""`deckcheck update`: download (or import), check, then install — or change nothing.

Order of work, all under the data directory's lock:

1. cards: ask ``checkDBVer.php``; when the database version equals the installed one, download
   nothing; else download ``cardinfo.php?misc=yes``, check its schema and size (refused when it
   has under 90% of the cards of the index in use), convert it (``ygoprodeck.convert``) and check
   the index invariants. ``--cdb`` imports a local cards.cdb instead.
2. lists: fetch (or ``--lflist``: read) the lists, resolve every entry against the new index,
   and keep those deckcheck does not have yet (a list of the same format and date with the same
   statuses is not written again).
3. install: a new generation (install.py) with the card file and every list — the previous
   generation's carried over, the new ones added, stopgap lists left out — then ``state.json``,
   which switches to it. Nothing is written before everything has been downloaded and checked,
   and nothing written is used before that switch, so a failure anywhere (a full disk, a kill)
   leaves the installed data exactly as it was.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from .. import clock, datastore
from ..version import __version__
from ..carddb import MAIN_INDEX, OTHER_INDEX
from . import cdb as cdb_import
from . import lists as L
from . import ygoprodeck as Y
from .http import SILENT, FetchError, Fetcher, Limits, Progress
from .index_file import IndexFormatError, document, index_bytes, read_index, validate
from . import install as I
from .install import LockTimeout, UpdateLock, write_state

DEFAULT_CARDS_URL = "https://db.ygoprodeck.com/api/v7/"
DEFAULT_LISTS_URL = L.DEFAULT_LISTS_URL
MIN_FRACTION = 0.9  # a card list with fewer than 90% of the installed cards is refused,
MAX_GROWTH = 1.5  # and one with more than 1.5 times as many (about ten years of new cards)
BYTES_PER_CARD = 4096  # cardinfo.php?misc=yes: about 2 KB per card
CONTAINERS_PER_CARD = 64  # JSON objects and arrays per card: about 17 (a card, its printings, images, prices)
TEXT = Limits(max_containers=None)  # an EDOPro list file
MAX_LIST_BYTES = 4 * 1024 * 1024  # an installed list file larger than this is not carried to the next generation


class UpdateError(Exception):
    """The update failed and changed nothing; ``str()`` is the one-line reason."""


@dataclass
class Options:
    cards_url: str = DEFAULT_CARDS_URL
    lists_url: str = DEFAULT_LISTS_URL
    cdb: Path | None = None
    lflist: Path | None = None
    only: str | None = None  # "cards" | "lists" | None (both)
    force: bool = False
    timeout: float = 30.0
    retries: int = 3
    backoff: float = 1.0
    lock_wait: float = 600.0
    data_dir: Path | None = None
    today: date | None = None


@dataclass
class Result:
    changed: bool = False
    data_dir: str = ""
    cards: dict = field(default_factory=dict)
    lists: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"status": "updated" if self.changed else "up to date", "data_dir": self.data_dir,
                "cards": self.cards, "lists": self.lists, "notes": self.notes, "warnings": self.warnings}


class UI:
    """What the updater tells the user while it works (the CLI replaces these)."""

    progress: Progress = SILENT

    def note(self, message: str) -> None: ...


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def api_urls(base: str) -> tuple[str, str]:
    """checkDBVer.php and cardinfo.php?misc=yes under a YGOPRODeck API base URL (or a mirror of it)."""
    if urlsplit(base).path.endswith(".php"):
        base = base.rsplit("/", 1)[0] + "/"
    base = base if base.endswith("/") else base + "/"
    return urljoin(base, "checkDBVer.php"), urljoin(base, "cardinfo.php?misc=yes")


def run(opts: Options, ui: UI | None = None) -> Result:
    ui = ui or UI()
    root = opts.data_dir or datastore.data_dir()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UpdateError(f"cannot create the data directory {root}: {exc.strerror}") from None
    try:
        with UpdateLock(root, wait=opts.lock_wait, on_wait=ui.note), _collector_paused():
            return _Update(opts, ui, root).run()
    except LockTimeout as exc:
        raise UpdateError(str(exc)) from None
    except OSError as exc:  # the disk: full, read-only, permissions
        where = f" {exc.filename}" if getattr(exc, "filename", None) else f" in {root}"
        raise UpdateError(f"cannot read or write{where}: {exc.strerror or exc}") from None
    finally:
        datastore.forget_state()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection during the update: the download decodes to about a million objects and
    arrays, which the collector would otherwise walk again and again (it halves the cost of decoding them); the
    update makes no reference cycles worth collecting before it ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _Update:
    def __init__(self, opts: Options, ui: UI, root: Path):
        self.opts = opts
        self.ui = ui
        self.root = root
        self.today = opts.today or clock.today()
        self.result = Result(data_dir=str(root))
        self.notes = self.result.notes
        self._fetcher: Fetcher | None = None

    @property
    def fetcher(self) -> Fetcher:
        if self._fetcher is None:
            self._fetcher = Fetcher(timeout=self.opts.timeout, retries=self.opts.retries, backoff=self.opts.backoff,
                                    progress=self.ui.progress)
        return self._fetcher

    def fail(self, reason: str) -> UpdateError:
        return UpdateError(reason)

    # -- the run

    def run(self) -> Result:
        datastore.forget_state()
        state = datastore.read_state(self.root) or {}
        self.legacy = False
        if state.get("damaged"):
            if (state.get("schema") or 0) > datastore.SCHEMA:
                raise self.fail(f"{self.root} was written by a newer version of deckcheck; upgrade deckcheck to update it")
            self.legacy = state.get("schema") == 1 and (self.root / datastore.LISTS_DIR).is_dir()
            if not self.legacy:
                self.result.warnings.append(f"{self.root / datastore.STATE_FILE} could not be trusted "
                                            f"({state['damaged']}); the downloaded data is replaced")
            state = {}
        self.state = state
        self.current = datastore.generation_dir(self.root, state)
        if self.current is not None and not self.current.is_dir():
            self.result.warnings.append(f"the installed data {self.current} is missing; it is replaced")
            self.state = state = {}
            self.current = None
        I.clean(self.root, keep=state.get("generation"))
        ref_header, ref_rows = read_index(MAIN_INDEX)
        self.ref = Y.Reference(ref_header, ref_rows)
        self.bundled_date = max((s.get("date") for s in ref_header.get("sources", []) if s.get("date")), default=None)
        self.installed_file, installed_header, self.installed_rows = self._installed(ref_header, ref_rows)
        self.installed_placeholders = {int(k): v for k, v in (installed_header.get("placeholders") or {}).items()}
        try:
            try:
                new_doc, cards_record, api_cards = self.cards()
                lists_new, lists_record, remove = self.lists(new_doc, api_cards)
            except FetchError as exc:
                raise self.fail(str(exc)) from None
            except (Y.SchemaError, L.ListError, cdb_import.CdbError) as exc:
                raise self.fail(str(exc)) from None
            return self.install(new_doc, cards_record, lists_new, lists_record, remove)
        finally:
            if self._fetcher is not None:
                self._fetcher.close()

    def _installed(self, ref_header: dict, ref_rows: list[list]) -> tuple[Path | None, dict, list[list]]:
        """The installed card file (verified), its header and rows; else None and the bundled ones."""
        if not self.state.get("cards"):
            return None, ref_header, ref_rows
        path, problem = datastore.verified_cards(self.root, self.state)
        if path is not None:
            try:
                header, rows = read_index(path)
                return path, header, rows
            except (OSError, ValueError, RecursionError):
                problem = f"the installed card data {path} is unreadable"
        self.result.warnings.append(f"{problem}; it is replaced")
        return None, ref_header, ref_rows

    def installed_list_roots(self) -> list[Path]:
        """Where the installed lists are: the generation in use, and the older layout's folder."""
        roots = [self.current / datastore.LISTS_DIR] if self.current is not None and self.state.get("lists") else []
        return roots + ([self.root / datastore.LISTS_DIR] if self.legacy else [])

    def plausible(self, count: int, what: str) -> None:
        installed = len(self.installed_rows)
        if count < MIN_FRACTION * installed:
            raise self.fail(f"refused as implausible: {what} has {count:,} cards, the installed data has "
                            f"{installed:,} (more than {100 - MIN_FRACTION * 100:.0f}% fewer)")
        if count > self.most_cards:
            raise self.fail(f"refused as implausible: {what} has {count:,} cards, the installed data has "
                            f"{installed:,} (more than {MAX_GROWTH:g} times as many)")

    @property
    def most_cards(self) -> int:
        return int(MAX_GROWTH * len(self.installed_rows))

    def card_limits(self) -> Limits:
        """What a card response may be, from the most cards it may have."""
        return Limits(max_bytes=self.most_cards * BYTES_PER_CARD, max_containers=self.most_cards * CONTAINERS_PER_CARD)

    def not_in_future(self, day: str, what: str) -> None:
        if day > (self.today + timedelta(days=1)).isoformat():
            raise self.fail(f"refused as implausible: {what} is dated {day}, in the future")

    # -- cards

    def cards(self) -> tuple[dict | None, dict | None, list[dict] | None]:
        opts = self.opts
        if opts.only == "lists":
            return None, None, None
        if opts.cdb is not None:
            return self.cards_from_cdb(opts.cdb)
        version_url, info_url = api_urls(opts.cards_url)
        version = Y.parse_db_version(self.fetcher.get(version_url, "database version"))
        self.version = version
        record = self.state.get("cards") or {}
        source = record.get("source") or {}
        if (not opts.force and self.installed_file and source.get("kind") == "ygoprodeck"
                and source.get("url") == info_url and source.get("database_version") == version["database_version"]):
            self.result.cards = {"changed": False, "count": len(self.installed_rows), "source": source,
                                 "message": f"up to date (YGOPRODeck database version {version['database_version']})"}
            return None, None, None
        last = version.get("last_update") or ""
        day = last[:10] if last else self.today.isoformat()  # parse_db_version keeps only real time stamps
        self.not_in_future(day, f"checkDBVer.php's last update ({last})")
        body = self.fetcher.get(info_url, "cards", show_progress=True, limits=self.card_limits())
        api_cards = Y.parse_cardinfo(body)
        del body
        self.plausible(len(api_cards), "cardinfo.php")
        notes: list[str] = []
        rows, placeholders = Y.convert(api_cards, self.ref, notes)
        source = {"kind": "ygoprodeck", "url": info_url, "database_version": version["database_version"],
                  "last_update": version.get("last_update"), "cards": len(api_cards)}
        sources = [
            {"id": "ygoprodeck", "repository": "YGOPRODeck API v7", "url": info_url,
             "database_version": version["database_version"], "date": day,
             "used_for": "cards, alternate artworks, Konami IDs, TCG/OCG availability and first release dates"},
            self._bundled_source("EDOPro type bits, name groups, prerelease placeholders, and passcodes the API lacks"),
        ]
        doc = document(rows, sources, placeholders, "deckcheck update (YGOPRODeck API v7)")
        return self._checked(doc, source, day, "downloaded", notes, len(api_cards)), source, api_cards

    def cards_from_cdb(self, path: Path) -> tuple[dict, dict, None]:
        raw = cdb_import.read_cdb(path, max_rows=cdb_import.ROWS_PER_CARD * self.most_cards)
        notes: list[str] = []
        rows, placeholders, from_cdb = cdb_import.convert(raw, self.ref, notes)
        self.plausible(from_cdb, str(path))
        data = path.read_bytes()
        modified = clock.today(now=datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)).isoformat()
        self.not_in_future(modified, f"{path} (its modification time)")
        source = {"kind": "cdb", "path": _path_text(path), "sha256": hashlib.sha256(data).hexdigest(),
                  "modified": modified, "cards": from_cdb}
        sources = [
            {"id": "cdb", "repository": f"EDOPro/YGOPro card database {_printable(path.name)}", "path": _path_text(path),
             "date": modified, "used_for": "cards, alternate artworks, name groups, card types, TCG/OCG availability"},
            self._bundled_source("Konami IDs, release dates, and passcodes the cdb lacks"),
        ]
        doc = document(rows, sources, placeholders, "deckcheck update --cdb")
        if self.bundled_date and modified < self.bundled_date:
            self.result.warnings.append(
                f"{path} was last modified {modified}, before the bundled data ({self.bundled_date}); deckcheck keeps "
                "using the newer bundled card data until it is older than this import")
        return self._checked(doc, source, modified, "imported", notes, from_cdb), source, None

    def _bundled_source(self, used_for: str) -> dict:
        return {"id": "bundled", "repository": "deckcheck bundled card index", "date": self.bundled_date,
                "used_for": used_for}

    def _checked(self, doc: dict, source: dict, day: str, origin: str, notes: list[str], from_source: int) -> dict:
        try:
            validate(doc)
        except IndexFormatError as exc:
            raise self.fail(f"refused: the converted card index is inconsistent: {exc}") from None
        before = {row[0] for row in self.installed_rows}
        after = {row[0] for row in doc["cards"]}
        self.notes.extend(f"cards: {n}" for n in notes)
        self.result.cards = {
            "changed": True, "count": len(doc["cards"]), "from_source": from_source,
            "added": len(after - before), "removed": len(before - after), "date": day, "origin": origin,
            "source": source,
        }
        return doc

    # -- lists

    def lists(self, new_doc: dict | None, api_cards: list[dict] | None):
        opts = self.opts
        if opts.only == "cards":
            return [], None, []
        if new_doc is not None:
            rows, placeholders = new_doc["cards"], {int(k): v for k, v in (new_doc.get("placeholders") or {}).items()}
        else:
            rows, placeholders = self.installed_rows, self.installed_placeholders
        _, other_rows = read_index(OTHER_INDEX)
        resolver = L.Resolver(rows, other_rows, placeholders)
        from ..banlists import BanlistStore, bundled_banlists_dir

        store = BanlistStore([*self.installed_list_roots(), bundled_banlists_dir()])
        existing = {(f.format, f.effective.isoformat()): f.path for f in store.files() if f.effective}

        def known_names(months: set[tuple[str, str]] | None = None) -> dict[tuple[str, str], str]:
            """(format, list name or alias) → effective date, of the installed lists (of these months only)."""
            from ..banlists import load_banlist
            from ..errors import DataError

            out: dict[tuple[str, str], str] = {}
            for f in store.files():
                if f.effective is None or (months is not None and (f.format, f.effective.isoformat()[:7]) not in months):
                    continue
                try:
                    b = load_banlist(f.path)
                except DataError:
                    continue
                for name in (b.name, *b.aliases):
                    out.setdefault((b.format, name.casefold()), b.effective.isoformat())
            return out

        derived_before = list((self.state.get("lists") or {}).get("derived") or [])
        url = opts.lists_url
        stopgap = False
        if opts.lflist is not None:
            from ..reading import Unreadable, read_file

            try:
                text = read_file(opts.lflist, 16 * 1024 * 1024).decode("utf-8-sig")
            except Unreadable as exc:
                raise self.fail(f"{opts.lflist}: cannot read: {exc}") from None
            except UnicodeDecodeError:
                raise self.fail(f"{opts.lflist}: not a UTF-8 text file") from None
            origin = {"path": _path_text(opts.lflist)}
            found = L.lflist_lists(text, resolver, known_names(), origin, self.notes)
            source = {"kind": "edopro", "path": origin["path"]}
        elif url.strip().lower() == L.YGOPRODECK:
            found = self.derived(api_cards, resolver)
            source = {"kind": "ygoprodeck", "url": api_urls(opts.cards_url)[1]}
            stopgap = True
        else:
            try:
                if urlsplit(url).path.endswith(".conf"):
                    body = self.fetcher.get(url, "lists", accept="text/plain", limits=TEXT)
                    try:
                        text = body.decode("utf-8-sig")
                    except UnicodeDecodeError:
                        raise L.ListError(f"{url}: not UTF-8 text; not an EDOPro list file") from None
                    if text.lstrip().lower().startswith(("<!doctype", "<html")):
                        raise L.ListError(f"{url}: got an HTML page, not an EDOPro list file")
                    found = L.lflist_lists(text, resolver, known_names(), {"url": url}, self.notes)
                    source = {"kind": "edopro", "url": url}
                else:
                    found = L.fetch_vectors(self.fetcher, url, resolver, self.today)
                    source = {"kind": "konami-vectors", "url": url}
            except FetchError as exc:
                if not exc.unreachable:
                    raise
                self.result.warnings.append(f"lists: {exc}; using YGOPRODeck's current card statuses instead")
                try:
                    found = self.derived(api_cards, resolver)
                except FetchError as fallback:
                    raise FetchError(f"lists: {exc}; and YGOPRODeck's statuses: {fallback}") from None
                source = {"kind": "ygoprodeck (fallback)", "url": api_urls(opts.cards_url)[1], "unreachable": url}
                stopgap = True
        found = self._name_uniquely(found, known_names({(lst.fmt, lst.effective[:7]) for lst in found}))
        to_write, skipped = [], []
        in_force = self._in_force(store, resolver) if stopgap else {}
        for lst in found:
            if lst.derived:
                current = in_force.get(lst.fmt)
                if current is not None and L.differences(current, lst.statuses()) == 0:
                    skipped.append(f"{lst.fmt.upper()} statuses equal the list in force")
                    continue
            path = existing.get((lst.fmt, lst.effective))
            if path is not None:
                have = L.existing_statuses(path, resolver)
                if have is not None and L.differences(have, lst.statuses()) == 0:
                    skipped.append(f"{lst.name} (already installed)")
                    continue
                if have is not None and "edopro" in lst.source:  # an official list of that date is installed
                    skipped.append(f"{lst.name} (kept the installed list of {lst.effective})")
                    self.notes.append(f"lists: EDOPro's {lst.name!r} differs from the installed list of "
                                      f"{lst.effective} in {L.differences(have, lst.statuses())} card(s); "
                                      "the installed (official) list is kept")
                    continue
                if have is not None:
                    lst.notes.append(f"Replaces the earlier copy of this list ({path.name}), which differed in "
                                     f"{L.differences(have, lst.statuses())} card(s).")
            to_write.append(lst)
        remove = [] if stopgap else [p for p in derived_before if any((r / p).exists() for r in self.installed_list_roots())]
        derived_after = sorted(set(derived_before if stopgap else []) | {lst.rel_path for lst in to_write if lst.derived})
        remove = [p for p in remove if p not in {lst.rel_path for lst in to_write}]
        record = {"source": source, "checked": _now(), "derived": derived_after}
        self.result.lists = {
            "source": source,
            "installed": [{"name": lst.name, "format": lst.fmt, "effective": lst.effective, "entries": len(lst.entries),
                           "path": lst.rel_path, "derived": lst.derived}
                          for lst in to_write],
            "unchanged": skipped,
            "removed": remove,
        }
        return to_write, record, remove

    def derived(self, api_cards: list[dict] | None, resolver: L.Resolver) -> list[L.NewList]:
        _, info_url = api_urls(self.opts.cards_url)
        if api_cards is not None:
            by_format = {fmt: api_cards for fmt in L.FORMATS}
        else:  # the full download was skipped: ask for the cards on each list only
            by_format = {}
            for fmt in L.FORMATS:
                url = info_url.replace("misc=yes", f"banlist={fmt}")
                try:
                    body = self.fetcher.get(url, f"{fmt.upper()} statuses", limits=self.card_limits())
                except FetchError as exc:
                    if exc.status != 400:  # the API answers 400 when no card matches
                        raise
                    body = b'{"data": []}'
                by_format[fmt] = Y.parse_cardinfo(body)
        version = getattr(self, "version", None) or {}
        return L.derived_lists(by_format, resolver, self.today, info_url, version.get("database_version"))

    def _in_force(self, store, resolver: L.Resolver) -> dict[str, dict[int, str]]:
        out = {}
        for fmt in L.FORMATS:
            files = [f for f in store.files(fmt) if f.effective and f.effective <= self.today]
            if files:
                statuses = L.existing_statuses(files[-1].path, resolver)
                if statuses is not None:
                    out[fmt] = statuses
        return out

    @staticmethod
    def _name_uniquely(found: list[L.NewList], known_names: dict[tuple[str, str], str]) -> list[L.NewList]:
        for lst in found:
            other = known_names.get((lst.fmt, lst.name.casefold()))
            if other is not None and other != lst.effective:
                lst.name = f"{lst.effective.replace('-', '.')} {lst.fmt.upper()}"
        return found

    # -- install

    def install(self, new_doc, cards_record, lists_new, lists_record, remove) -> Result:
        from ..banlists import MAX_LIST_VALUES
        from ..safe_yaml import YamlError
        from ..safe_yaml import load as load_yaml

        old = self.state
        state: dict = {"schema": datastore.SCHEMA, "generation": old.get("generation"), "deckcheck": __version__,
                       "updated": old.get("updated"), "cards": old.get("cards") if self.installed_file else None,
                       "lists": old.get("lists")}
        now = _now()
        data = index_bytes(new_doc) if new_doc is not None else None
        sha = hashlib.sha256(data).hexdigest() if data is not None else None
        new_lists: dict[str, bytes] = {}
        for lst in lists_new:
            text = lst.yaml()
            try:
                doc = load_yaml(text, max_values=MAX_LIST_VALUES)  # as deckcheck will read it back
            except YamlError:
                doc = {}
            if not isinstance(doc, dict) or doc.get("name") != lst.name or str(doc.get("effective")) != lst.effective:
                raise self.fail(f"internal error: list {lst.name} does not read back")
            new_lists[lst.rel_path] = text.encode("utf-8")
        cards_changed = data is not None and (state["cards"] is None or state["cards"]["sha256"] != sha)
        lists_wanted = lists_record is not None or state["lists"] is not None
        changed = cards_changed or bool(new_lists) or bool(remove)
        if changed or self.legacy or (self.current is None and (data is not None or lists_wanted)):
            state["generation"] = self._build(data, new_lists, set(remove), lists_wanted)
        folder = self.root / datastore.GENERATIONS / str(state["generation"]) if state["generation"] else None
        if data is not None:
            ref_stamp = datastore._bundled_stamp()
            installed = now if cards_changed else state["cards"].get("installed")
            state["cards"] = {
                "size": len(data), "sha256": sha, "count": len(new_doc["cards"]), "date": self.result.cards["date"],
                "origin": self.result.cards["origin"], "installed": installed, "checked": now,
                "source": cards_record, "bundled": {"stamp": ref_stamp, "date": self.bundled_date},
            }
        elif self.opts.only != "lists" and state["cards"] is not None:
            state["cards"] = {**state["cards"], "checked": now}
        if state["cards"] is not None:
            assert folder is not None  # a state that records cards names their generation
            state["cards"]["stamp"] = datastore.file_stamp((folder / datastore.CARDS_FILE).stat())
        if lists_record is not None:
            state["lists"] = lists_record
        if changed:
            state["updated"] = now
        problem = datastore.state_problem(state, self.today)
        if problem:
            raise self.fail(f"internal error: the new state.json would not be trusted ({problem})")
        write_state(self.root, state)
        if self.legacy:
            I.remove_legacy(self.root)
        if self.result.lists and folder is not None:
            for lst in self.result.lists["installed"]:
                lst["path"] = str(folder / datastore.LISTS_DIR / lst["path"])
        self.result.changed = changed
        return self.result

    def _build(self, cards: bytes | None, new_lists: dict[str, bytes], removed: set[str], lists_wanted: bool) -> int:
        """A complete new generation: the card file (new, or the installed one) and every list (the
        installed ones but ``removed``, and ``new_lists``); returns its number."""
        generation = I.Generation(self.root)
        try:
            if cards is None and self.installed_file is not None:
                cards = self.installed_file.read_bytes()
                if hashlib.sha256(cards).hexdigest() != self.state["cards"]["sha256"]:
                    raise self.fail(f"the installed card data {self.installed_file} changed during the update")
            if cards is not None:
                generation.write(datastore.CARDS_FILE, cards)
            lists = {**self._installed_lists(), **new_lists}
            for rel in sorted(lists):
                if rel not in removed:
                    generation.write(f"{datastore.LISTS_DIR}/{rel}", lists[rel])
            if lists_wanted:
                (generation.folder / datastore.LISTS_DIR).mkdir(exist_ok=True)
            return generation.publish()
        except BaseException:
            generation.discard()
            raise

    def _installed_lists(self) -> dict[str, bytes]:
        """``<format>/<date>.yaml`` → content of every installed list file (the generation's win)."""
        out: dict[str, bytes] = {}
        for root in reversed(self.installed_list_roots()):
            for path in sorted(root.glob("*/*.yaml")):
                rel = f"{path.parent.name}/{path.name}"
                if not datastore.LIST_FILE.fullmatch(rel) or path.is_symlink() or not path.is_file():
                    continue
                if path.stat().st_size > MAX_LIST_BYTES:
                    self.result.warnings.append(f"{path} is implausibly large; it is not kept")
                    continue
                out[rel] = path.read_bytes()
        return out


def _path_text(path: Path) -> str:
    """A local path as it is recorded in state.json and shown: escaped if it cannot be shown as it is."""
    return _printable(str(path.resolve()))


def _printable(text: str) -> str:
    return text if text.isprintable() else ascii(text)
