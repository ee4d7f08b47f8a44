"""Careful HTTP GETs for the updater: requests, with every safety the update promises.

- TLS verification always on (requests' default CA bundle, or ``REQUESTS_CA_BUNDLE``); there is
  no option to turn it off.
- Only ``https://`` URLs, redirects included; plain ``http://`` only to this machine
  (127.0.0.1, ::1, localhost), so tests and local mirrors work. A remote server may not redirect
  to this machine.
- Connect and read timeouts, and a deadline for the whole body.
- Bounded retries with exponential backoff for connection errors, timeouts, dropped
  connections and HTTP 429/500/502/503/504; ``Retry-After`` is honoured (up to a cap).
- At most 20 requests per second per host (YGOPRODeck's published limit), retries included.
- ``User-Agent: deckcheck/<version>``; a cap on the body size.
Every failure is a :class:`FetchError` with a one-line reason.
"""

from __future__ import annotations

import ipaddress
import random
import threading
import time
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit

from .. import __version__
from ..words import with_article

USER_AGENT = f"deckcheck/{__version__}"
RATE_PER_SECOND = 20
RETRY_STATUSES = {429, 500, 502, 503, 504}
MAX_REDIRECTS = 5
MAX_RETRY_AFTER = 60.0  # seconds; a server asking for longer makes the update fail now
MAX_BYTES = 512 * 1024 * 1024
CHUNK = 256 * 1024
LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


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


def check_url(url: str, came_from: str | None = None) -> None:
    """Refuse anything but https (or http to this machine); a redirect may not leave for this machine."""
    parts = urlsplit(url)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise FetchError(f"{url}: not an http(s) URL", unreachable=False)
    if parts.scheme == "http" and not is_loopback(parts.hostname):
        what = "redirected to" if came_from else "refusing"
        raise FetchError(f"{what} plain-http URL {url}: only https is allowed (http only to 127.0.0.1/localhost)",
                         unreachable=False)
    if came_from and is_loopback(parts.hostname) and not is_loopback(urlsplit(came_from).hostname):
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


class Progress:
    """What the fetcher reports to; the default shows nothing."""

    def start(self, label: str, total: int | None) -> None: ...

    def advance(self, n: int) -> None: ...

    def done(self) -> None: ...


class Fetcher:
    def __init__(self, timeout: float = 30.0, retries: int = 3, backoff: float = 1.0, deadline: float = 900.0,
                 progress: Progress | None = None, max_bytes: int = MAX_BYTES, sleep=time.sleep):
        import requests

        self.requests = requests
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.deadline = deadline
        self.progress = progress or Progress()
        self.max_bytes = max_bytes
        self.sleep = sleep
        self.limiter = _RateLimiter(RATE_PER_SECOND)
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        self.session.verify = True
        self.requests_made = 0

    def close(self) -> None:
        self.session.close()

    def get(self, url: str, label: str, accept: str = "application/json", show_progress: bool = False) -> bytes:
        """The body of a 200 response to GET ``url``, following safe redirects, retrying what may be retried."""
        check_url(url)
        attempt = 0
        while True:
            try:
                return self._once(url, label, accept, show_progress)
            except _Retryable as exc:
                if attempt >= self.retries:
                    raise FetchError(exc.reason, status=exc.status) from None
                delay = exc.delay if exc.delay is not None else self.backoff * (2 ** attempt) * (1 + random.random() / 4)
                attempt += 1
                self.sleep(delay)

    def _once(self, url: str, label: str, accept: str, show_progress: bool) -> bytes:
        requests = self.requests
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            self.limiter.wait(urlsplit(current).netloc)
            self.requests_made += 1
            try:
                response = self.session.get(current, timeout=(self.timeout, self.timeout), stream=True,
                                            allow_redirects=False, verify=True, headers={"Accept": accept})
            except requests.exceptions.SSLError as exc:
                raise FetchError(f"{current}: TLS verification failed ({_short(exc)})") from None
            except requests.exceptions.Timeout:
                raise _Retryable(f"{current}: timed out after {self.timeout:g} s") from None
            except requests.exceptions.ConnectionError as exc:
                raise _Retryable(_cannot_connect(current, exc)) from None
            except requests.exceptions.RequestException as exc:
                raise FetchError(f"{current}: {_short(exc)}") from None
            with response:
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
                return self._body(response, current, label, show_progress)
        raise FetchError(f"{url}: more than {MAX_REDIRECTS} redirects")

    def _body(self, response, url: str, label: str, show_progress: bool) -> bytes:
        requests = self.requests
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        if total is not None and total > self.max_bytes:
            raise FetchError(f"{url}: refusing {with_article(f'{total:,}-byte')} response (limit {self.max_bytes:,})",
                             unreachable=False)
        started = time.monotonic()
        chunks: list[bytes] = []
        received = 0
        if show_progress:
            self.progress.start(label, total)
        try:
            for chunk in response.iter_content(CHUNK):
                chunks.append(chunk)
                received += len(chunk)
                if show_progress:
                    self.progress.advance(len(chunk))
                if received > self.max_bytes:
                    raise FetchError(f"{url}: response larger than {self.max_bytes:,} bytes; refused", unreachable=False)
                if time.monotonic() - started > self.deadline:
                    raise FetchError(f"{url}: timed out: the download took longer than {self.deadline:g} s")
        except (requests.exceptions.ChunkedEncodingError, requests.exceptions.ConnectionError) as exc:
            raise _Retryable(f"{url}: connection dropped mid-download after {received:,} bytes ({_short(exc)})") from None
        except requests.exceptions.Timeout:
            raise _Retryable(f"{url}: timed out mid-download after {received:,} bytes") from None
        except requests.exceptions.RequestException as exc:  # e.g. a body that does not decompress
            raise FetchError(f"{url}: {_short(exc)}", unreachable=False) from None
        finally:
            if show_progress:
                self.progress.done()
        encoded = response.headers.get("Content-Encoding", "identity") not in ("", "identity")
        if total is not None and not encoded and received != total:
            raise _Retryable(f"{url}: connection dropped mid-download ({received:,} of {total:,} bytes)")
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
