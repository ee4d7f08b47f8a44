"""Careful HTTP GETs for the updater: requests, with every safety the update promises.

- TLS verification always on (requests' default CA bundle, or ``REQUESTS_CA_BUNDLE``); there is
  no option to turn it off.
- Only ``https://`` URLs, redirects included; plain ``http://`` only to this machine
  (127.0.0.1, ::1, localhost), so tests and local mirrors work. A remote server may not redirect
  to this machine. A URL is judged by the parser requests connects with (urllib3's), and refused
  when it has a user name or password, a backslash, a space, a control or non-ASCII character,
  or when urllib's parser reads another scheme, host or port out of it.
- Connect and read timeouts (``timeout``), and a deadline for each download as a whole
  (``DEADLINE_FACTOR`` × ``timeout``: connecting, redirects, retries, waiting and the body), kept
  on the clock: a watchdog shuts the connection down when it passes, so a server trickling a
  byte at a time cannot hold the update past it.
- Bounded retries with exponential backoff for connection errors, timeouts, dropped
  connections and HTTP 429/500/502/503/504; ``Retry-After`` is honoured (up to a cap).
- At most 20 requests per second per host (YGOPRODeck's published limit), retries included.
- ``User-Agent: deckcheck/<version>``. Bodies are read in pieces and decompressed here (gzip or
  deflate), never past :class:`Limits`: a cap on the decompressed size and on the number of JSON
  objects and arrays (``{`` and ``[``), checked while the body arrives, so a small compressed
  body cannot expand into gigabytes before it is refused.
Every failure is a :class:`FetchError` with a one-line reason.
"""

from __future__ import annotations

import ipaddress
import random
import re
import threading
import time
import zlib
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Protocol
from urllib.parse import urljoin, urlsplit

from ..version import __version__
from ..words import with_article

USER_AGENT = f"deckcheck/{__version__}"
RATE_PER_SECOND = 20
RETRY_STATUSES = {429, 500, 502, 503, 504}
MAX_REDIRECTS = 5
MAX_RETRY_AFTER = 60.0  # seconds; a server asking for longer makes the update fail now
DEADLINE_FACTOR = 30  # a whole download may take 30 × the timeout (default 30 s: 15 minutes)
CHUNK = 64 * 1024
LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}
_URL_CHARACTERS = re.compile(r"[!#-\[\]-~]+")  # printable ASCII but space, '"' and backslash


@dataclass(frozen=True)
class Limits:
    """What one response body may be: at most ``max_bytes`` decompressed, at most
    ``max_containers`` JSON objects and arrays (``None``: not JSON, not counted)."""

    max_bytes: int = 16 * 1024 * 1024
    max_containers: int | None = 1_000_000


class FetchError(Exception):
    """A download failed; ``str()`` is a one-line reason. ``unreachable`` when the source could not
    be read at all (network, timeout, HTTP status), as opposed to content that arrived but is wrong."""

    def __init__(self, reason: str, unreachable: bool = True, status: int | None = None):
        super().__init__(reason)
        self.unreachable = unreachable
        self.status = status


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_host(url: str) -> tuple[str, str]:
    """``(scheme, host)`` of ``url`` as requests will connect to it; FetchError for a URL that is
    ambiguous or carries credentials."""
    from urllib3.exceptions import LocationParseError
    from urllib3.util import parse_url

    shown = ascii(url)
    if not _URL_CHARACTERS.fullmatch(url):
        raise FetchError(f"refusing URL {shown}: spaces, backslashes, quotes, control and non-ASCII characters "
                         "are not allowed", unreachable=False)
    try:
        parsed = parse_url(url)
        split = urlsplit(url)
        split_port = split.port
    except (LocationParseError, ValueError):
        raise FetchError(f"refusing URL {shown}: not a valid URL", unreachable=False) from None
    if parsed.auth is not None or "@" in split.netloc:
        raise FetchError(f"refusing URL {shown}: a user name or password in a URL is not allowed", unreachable=False)
    scheme = (parsed.scheme or "").lower()
    host = (parsed.host or "").strip("[]").lower()
    if scheme != split.scheme.lower() or host != (split.hostname or "") or parsed.port != split_port:
        raise FetchError(f"refusing URL {shown}: it can be read as more than one address", unreachable=False)
    return scheme, host


def check_url(url: str, came_from: str | None = None) -> None:
    """Refuse anything but https (or http to this machine); a redirect may not leave for this machine."""
    scheme, host = url_host(url)
    if scheme not in ("https", "http") or not host:
        raise FetchError(f"{ascii(url)}: not an http(s) URL", unreachable=False)
    if scheme == "http" and not is_loopback(host):
        what = "redirected to" if came_from else "refusing"
        raise FetchError(f"{what} plain-http URL {url}: only https is allowed (http only to 127.0.0.1/localhost)",
                         unreachable=False)
    if came_from and is_loopback(host) and not is_loopback(url_host(came_from)[1]):
        raise FetchError(f"{came_from} redirected to this machine ({url}); refused", unreachable=False)


class _RateLimiter:
    """Spaces request starts to one host at least 1/RATE_PER_SECOND seconds apart (thread-safe)."""

    def __init__(self, per_second: float):
        self.interval = 1.0 / per_second
        self.next_slot: dict[str, float] = {}
        self.lock = threading.Lock()

    def wait(self, host: str) -> None:
        with self.lock:
            now = time.monotonic()
            slot = max(now, self.next_slot.get(host, 0.0))
            self.next_slot[host] = slot + self.interval
        if slot > now:
            time.sleep(slot - now)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class Progress(Protocol):
    """What the fetcher reports to (the command line draws a bar; ``SILENT`` shows nothing)."""

    def start(self, label: str, total: int | None) -> None: ...

    def advance(self, n: int) -> None: ...

    def done(self) -> None: ...


class _Silent:
    def start(self, label: str, total: int | None) -> None:
        pass

    def advance(self, n: int) -> None:
        pass

    def done(self) -> None:
        pass


SILENT: Progress = _Silent()


class _Watchdog:
    """Shuts down every socket the fetcher opened once the deadline passes, which ends any read
    blocked on them (headers or body) at once; the fetcher then reports the deadline."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sockets: list = []
        self.expired = False
        self.wake = threading.Event()
        self.timer: threading.Timer | None = None

    def track(self, sock) -> None:
        with self.lock:
            self.sockets = [s for s in self.sockets if s.fileno() != -1]
            self.sockets.append(sock)
        if self.expired:
            self._shut(sock)

    def arm(self, seconds: float) -> None:
        self.expired = False
        self.wake.clear()
        self.timer = threading.Timer(seconds, self.fire)
        self.timer.daemon = True
        self.timer.start()

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def fire(self) -> None:
        self.expired = True
        self.wake.set()
        with self.lock:
            sockets = list(self.sockets)
        for sock in sockets:
            self._shut(sock)

    @staticmethod
    def _shut(sock) -> None:
        import socket

        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _session(watchdog: _Watchdog):
    """A requests session whose connections report their sockets to ``watchdog``."""
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    class Tracked:
        def _new_conn(self):
            sock = super()._new_conn()
            watchdog.track(sock)
            return sock

    pools = {
        "http": type("TrackedHTTPPool", (HTTPConnectionPool,),
                     {"ConnectionCls": type("TrackedHTTP", (Tracked, HTTPConnection), {})}),
        "https": type("TrackedHTTPSPool", (HTTPSConnectionPool,),
                      {"ConnectionCls": type("TrackedHTTPS", (Tracked, HTTPSConnection), {})}),
    }

    class Adapter(HTTPAdapter):
        def init_poolmanager(self, *args, **kwargs):
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = pools

        def proxy_manager_for(self, proxy, **proxy_kwargs):
            manager = super().proxy_manager_for(proxy, **proxy_kwargs)
            if hasattr(manager, "pool_classes_by_scheme") and not proxy.lower().startswith("socks"):
                manager.pool_classes_by_scheme = pools
            return manager

    session = requests.Session()
    for prefix in ("https://", "http://"):
        session.mount(prefix, Adapter())
    return session


class _Inflater:
    """A Content-Encoding (identity, gzip, deflate) undone piece by piece."""

    def __init__(self, encoding: str | None, url: str):
        self.encoding = (encoding or "identity").strip().lower()
        if self.encoding in ("", "identity"):
            self.obj = None
        elif self.encoding in ("gzip", "x-gzip"):
            self.obj = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif self.encoding == "deflate":
            self.obj = zlib.decompressobj(zlib.MAX_WBITS)
        else:
            raise FetchError(f"{url}: unsupported Content-Encoding {ascii(self.encoding)}", unreachable=False)
        self.url = url
        self.started = False

    def feed(self, data: bytes):
        """The decoded bytes of ``data``, in pieces of at most ``CHUNK`` bytes (so a caller can stop
        early: a small compressed piece may expand to gigabytes)."""
        if self.obj is None:
            yield data
            return
        while data:
            try:
                piece = self.obj.decompress(data, CHUNK)
            except zlib.error:
                if self.encoding == "deflate" and not self.started:  # raw deflate, without the zlib header
                    self.obj, self.started = zlib.decompressobj(-zlib.MAX_WBITS), True
                    continue
                raise FetchError(f"{self.url}: the {self.encoding} body does not decompress", unreachable=False) from None
            self.started = True
            if piece:
                yield piece
            if self.obj.eof and self.obj.unused_data and self.encoding != "deflate":  # a multi-member gzip body
                data = self.obj.unused_data
                self.obj = zlib.decompressobj(16 + zlib.MAX_WBITS)
            else:
                data = self.obj.unconsumed_tail

    def complete(self) -> bool:
        return self.obj is None or self.obj.eof or not self.started


class Fetcher:
    def __init__(self, timeout: float = 30.0, retries: int = 3, backoff: float = 1.0, deadline: float | None = None,
                 progress: Progress | None = None, limits: Limits | None = None):
        import requests

        self.requests = requests
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.deadline = deadline if deadline is not None else DEADLINE_FACTOR * timeout
        self.progress = progress or SILENT
        self.limits = limits or Limits()
        self.limiter = _RateLimiter(RATE_PER_SECOND)
        self.watchdog = _Watchdog()
        self.session = _session(self.watchdog)
        self.session.headers["User-Agent"] = USER_AGENT
        self.session.headers["Accept-Encoding"] = "gzip, deflate"
        self.session.verify = True
        self.requests_made = 0

    def close(self) -> None:
        self.watchdog.disarm()
        self.session.close()

    def _late(self, url: str) -> FetchError:
        return FetchError(f"{url}: timed out: the download took longer than {self.deadline:g} s "
                          f"({DEADLINE_FACTOR} × the {self.timeout:g} s timeout)")

    def get(self, url: str, label: str, accept: str = "application/json", show_progress: bool = False,
            limits: Limits | None = None) -> bytes:
        """The body of a 200 response to GET ``url``, following safe redirects, retrying what may be
        retried, all within the deadline."""
        check_url(url)
        ends = time.monotonic() + self.deadline
        self.watchdog.arm(self.deadline)
        try:
            attempt = 0
            while True:
                try:
                    return self._once(url, label, accept, show_progress, limits or self.limits, ends)
                except _Retryable as exc:
                    if self.watchdog.expired:
                        raise self._late(url) from None
                    if attempt >= self.retries:
                        raise FetchError(exc.reason, status=exc.status) from None
                    delay = exc.delay if exc.delay is not None else self.backoff * (2 ** attempt) * (1 + random.random() / 4)
                    if time.monotonic() + delay >= ends:
                        raise FetchError(f"{exc.reason}; no time left to retry within {self.deadline:g} s",
                                         status=exc.status) from None
                    attempt += 1
                    if self.watchdog.wake.wait(delay):
                        raise self._late(url) from None
        finally:
            self.watchdog.disarm()

    def _once(self, url: str, label: str, accept: str, show_progress: bool, limits: Limits, ends: float) -> bytes:
        requests = self.requests
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            self.limiter.wait(urlsplit(current).netloc)
            self.requests_made += 1
            wait = max(0.01, min(self.timeout, ends - time.monotonic()))
            try:
                response = self.session.get(current, timeout=(wait, wait), stream=True,
                                            allow_redirects=False, verify=True, headers={"Accept": accept})
            except requests.exceptions.SSLError as exc:
                if self.watchdog.expired:
                    raise self._late(url) from None
                raise FetchError(f"{current}: TLS verification failed ({_short(exc)})") from None
            except requests.exceptions.Timeout:
                raise _Retryable(f"{current}: timed out after {wait:g} s") from None
            except requests.exceptions.ConnectionError as exc:
                raise _Retryable(_cannot_connect(current, exc)) from None
            except requests.exceptions.RequestException as exc:
                if self.watchdog.expired:
                    raise self._late(url) from None
                raise FetchError(f"{current}: {_short(exc)}") from None
            with response:
                if self.watchdog.expired:  # the headers were cut short by the watchdog
                    raise self._late(url)
                if response.is_redirect:
                    target = urljoin(current, response.headers.get("Location", ""))
                    check_url(target, came_from=current)
                    current = target
                    continue
                status = response.status_code
                if status != 200:
                    reason = f"{current}: HTTP {status} {response.reason or ''}".rstrip()
                    if status in RETRY_STATUSES:
                        delay = _retry_after(response.headers.get("Retry-After"))
                        if delay is not None and delay > MAX_RETRY_AFTER:
                            raise FetchError(f"{reason} (the server asks to retry after {delay:.0f} s)", status=status)
                        raise _Retryable(reason, delay, status)
                    raise FetchError(reason, status=status)
                return self._body(response, current, label, show_progress, limits, ends)
        raise FetchError(f"{url}: more than {MAX_REDIRECTS} redirects")

    def _body(self, response, url: str, label: str, show_progress: bool, limits: Limits, ends: float) -> bytes:
        from urllib3.exceptions import HTTPError as Urllib3Error
        from urllib3.exceptions import ReadTimeoutError

        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        inflater = _Inflater(response.headers.get("Content-Encoding"), url)
        if total is not None and inflater.obj is None and total > limits.max_bytes:
            raise FetchError(f"{url}: refused: {with_article(f'{total:,}-byte')} response (the limit is "
                             f"{limits.max_bytes:,})", unreachable=False)
        chunks: list[bytes] = []
        received = size = containers = 0
        if show_progress:
            self.progress.start(label, total)
        try:
            for piece in response.raw.stream(CHUNK, decode_content=False):
                received += len(piece)
                if show_progress:
                    self.progress.advance(len(piece))
                for data in inflater.feed(piece):
                    size += len(data)
                    if size > limits.max_bytes:
                        raise FetchError(f"{url}: refused: the response is larger than {limits.max_bytes:,} bytes"
                                         f"{' decompressed' if inflater.obj is not None else ''}", unreachable=False)
                    if limits.max_containers is not None:
                        containers += data.count(b"{") + data.count(b"[")
                        if containers > limits.max_containers:
                            raise FetchError(f"{url}: refused as implausible: more than {limits.max_containers:,} "
                                             "JSON objects and arrays", unreachable=False)
                    chunks.append(data)
                if time.monotonic() > ends:
                    raise self._late(url)
        except (Urllib3Error, OSError) as exc:
            if self.watchdog.expired:
                raise self._late(url) from None
            if isinstance(exc, (ReadTimeoutError, TimeoutError)):
                raise _Retryable(f"{url}: timed out mid-download after {received:,} bytes") from None
            raise _Retryable(f"{url}: connection dropped mid-download after {received:,} bytes ({_short(exc)})") from None
        finally:
            if show_progress:
                self.progress.done()
        if self.watchdog.expired:
            raise self._late(url)
        if (total is not None and received != total) or not inflater.complete():
            raise _Retryable(f"{url}: connection dropped mid-download ({received:,} of {total or '?'} bytes)")
        return b"".join(chunks)


class _Retryable(Exception):
    def __init__(self, reason: str, delay: float | None = None, status: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.delay = delay
        self.status = status


_NO_NETWORK = ("NameResolutionError", "Failed to resolve", "Name or service not known", "nodename nor servname",
               "Temporary failure in name resolution", "getaddrinfo failed", "Network is unreachable",
               "No route to host")


def _cannot_connect(url: str, exc: Exception) -> str:
    """Why a connection failed, as a person says it: the host, and "no network?" when no name could be
    resolved or no route found (urllib3's nested reprs are no reason to show)."""
    host = urlsplit(url).hostname or url
    text = str(exc)
    if any(marker in text for marker in _NO_NETWORK):
        return f"cannot reach {host} (no network?)"
    if "Connection refused" in text:
        return f"cannot reach {host}: connection refused"
    return f"cannot reach {host} ({_short(exc)})"


def _short(exc: Exception) -> str:
    """An exception as a short single line (requests nests urllib3 errors in long reprs)."""
    text = str(exc).replace("\n", " ")
    for marker in ("Caused by ", "(Caused by "):
        if marker in text:
            text = text.split(marker, 1)[1].rstrip(")")
    for noise in ("NewConnectionError(", "ProtocolError(", "<urllib3.connection.HTTPConnection object at ",
                  "<urllib3.connection.HTTPSConnection object at "):
        text = text.replace(noise, "")
    return (text[:160] + "…") if len(text) > 160 else text
