"""The updater's HTTP: URLs judged as requests reads them, a deadline kept on the clock, bodies bounded.

Real servers on 127.0.0.1: the fake API (tests/fixtures/update) and, here, a raw-socket server
that trickles its headers or its body a byte at a time.
"""

from __future__ import annotations

import gzip
import json
import socket
import subprocess
import sys
import threading
import time
import zlib

import pytest

from deckcheck.update.http import DEADLINE_FACTOR, FetchError, Fetcher, Limits, check_url

from .fixtures.update import fakeapi as F
from .fixtures.update.harness import env, standard_body  # noqa: F401

CARDINFO = "/api/cardinfo.php?misc=yes"


class Trickle:
    """An HTTP server that answers checkDBVer.php at once and everything else one byte at a time."""

    def __init__(self, interval: float, headers: bool = False):
        self.interval = interval
        self.headers = headers
        self.stopped = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/api/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn:
            try:
                request = b""
                while b"\r\n\r\n" not in request:
                    request += conn.recv(4096) or b"\r\n\r\n"
                if b"checkDBVer" in request:
                    body = F.db_version("999.0")
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                                 % (len(body), body))
                    return
                head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n"
                if self.headers:
                    stream = head + b"X-Slow: " + b"y" * 10_000_000
                else:
                    conn.sendall(head + b"\r\n")
                    stream = b'{"data": [' + b" " * 10_000_000
                for i in range(len(stream)):
                    if self.stopped.is_set():
                        return
                    conn.sendall(stream[i:i + 1])
                    time.sleep(self.interval)
            except OSError:
                return

    def close(self) -> None:
        self.stopped.set()
        self.listener.close()


@pytest.fixture
def trickle():
    servers = []

    def start(interval: float = 0.05, headers: bool = False) -> Trickle:
        servers.append(Trickle(interval, headers))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


# ------------------------------------------------------------------------------------------- URLs

TRICKY = [
    "http://evil.example\\@127.0.0.1/api/",  # urllib: 127.0.0.1; requests: evil.example
    "http://127.0.0.1\\@evil.example/api/",  # the other way round
    "https://127.0.0.1\\@evil.example/",
    "http://evil.example%5C@127.0.0.1/",  # a user name
    "http://user:secret@127.0.0.1/",
    "http://127.0.0.1:80@evil.example/",
    "http://[::1]@evil.example/",
    "http://127.0.0.1%2f@evil.example/",
    "http://evil.example\t@127.0.0.1/",
    "http://evil.example @127.0.0.1/",
    "http://evil.example\u3002@127.0.0.1/",
    "http:\\\\evil.example\\x",
    "http://evil.example#@127.0.0.1/",  # both parsers: evil.example, plain http
    "http://evil.example?@127.0.0.1/",
    "http://0x7f000001/",  # not a loopback address as written
    "http://127.0.0.1\x00.evil.example/",
    'http://127.0.0.1"@evil.example/',
    "ftp://127.0.0.1/x",
    "file:///etc/passwd",
]


@pytest.mark.parametrize("url", TRICKY)
def test_tricky_urls_are_refused(url):
    with pytest.raises(FetchError) as info:
        check_url(url)
    assert "\n" not in str(info.value) and "\x00" not in str(info.value) and "\t" not in str(info.value)


@pytest.mark.parametrize("url", [
    "https://db.ygoprodeck.com/api/v7/cardinfo.php?misc=yes",
    "https://raw.githubusercontent.com/DawnbrandBots/yaml-yugi-limit-regulation/master/data/tcg/current.vector.json",
    "https://mirror.example.org:8443/a/b?c=d&e=%20#frag",
    "http://127.0.0.1:8000/x",
    "http://localhost/x",
    "http://[::1]:80/x",
    "HTTP://127.0.0.1/x",
])
def test_ordinary_urls_pass(url):
    check_url(url)


def test_a_redirect_to_an_ambiguous_url_is_refused():
    with pytest.raises(FetchError, match="refusing URL"):
        check_url("https://127.0.0.1\\@mirror.example.org/", came_from="https://mirror.example.org/x")
    with pytest.raises(FetchError, match="redirected to this machine"):
        check_url("https://127.0.0.1/x", came_from="https://mirror.example.org/x")


def test_the_backslash_url_never_connects(env):
    env.serve()
    port = env.server.url.rsplit(":", 1)[1]
    for url in (f"http://evil.example\\@127.0.0.1:{port}/api/", f"http://evil.example%5C@127.0.0.1:{port}/api/"):
        proc = env.cli("update", "--cards-url", url, "--lists-url", env.lists, "--retries", "0")
        assert proc.returncode == 2, proc.stderr
        assert "refusing URL" in proc.stderr and len(proc.stderr.splitlines()) == 1
        assert "evil.example" in proc.stderr and "resolve" not in proc.stderr
    assert env.server.log == []  # not one request, to either host
    assert not (env.data_dir / "state.json").exists()


def test_a_redirect_to_a_url_with_credentials_is_refused(env):
    env.serve(version="148.0")
    port = env.server.url.rsplit(":", 1)[1]
    env.server.set(CARDINFO, F.Reply(302, headers={"Location": f"http://me:pw@127.0.0.1:{port}/mirror"}))
    with pytest.raises(Exception, match="user name or password"):
        env.update()


# ------------------------------------------------------------------------------------------- the deadline


@pytest.mark.slow  # 6 s of real time through the command line (the Fetcher's own deadline tests stay quick)
def test_a_trickled_body_fails_at_the_deadline(env, trickle):
    """1 byte every 50 ms never trips the 0.2 s read timeout; the deadline (30 × 0.2 s = 6 s) does."""
    server = trickle(interval=0.05)
    env.serve()
    started = time.monotonic()
    proc = env.cli("update", "--cards-url", server.url, "--lists-url", env.lists, "--timeout", "0.2", "--retries", "3")
    elapsed = time.monotonic() - started
    assert proc.returncode == 2, proc.stderr
    assert f"took longer than {DEADLINE_FACTOR * 0.2:g} s" in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "the installed data is unchanged" in proc.stderr
    assert DEADLINE_FACTOR * 0.2 <= elapsed < DEADLINE_FACTOR * 0.2 + 4  # start-up included, no retry after it
    assert not (env.data_dir / "state.json").exists()


def test_trickled_headers_fail_at_the_deadline(trickle):
    server = trickle(interval=0.02, headers=True)
    fetcher = Fetcher(timeout=0.5, retries=3, deadline=2.0)
    started = time.monotonic()
    with pytest.raises(FetchError, match="took longer than 2 s"):
        fetcher.get(server.url + "cardinfo.php?misc=yes", "cards")
    assert 2.0 <= time.monotonic() - started < 3.0
    fetcher.close()


def test_retries_and_their_waits_stay_within_the_deadline(env):
    env.server.set(CARDINFO, F.Reply(503, b"busy", headers={"Retry-After": "1"}))
    fetcher = Fetcher(timeout=0.1, retries=10, backoff=0.01)  # deadline 3 s
    started = time.monotonic()
    with pytest.raises(FetchError, match="HTTP 503.*no time left to retry within 3 s"):
        fetcher.get(env.server.url + CARDINFO, "cards")
    assert time.monotonic() - started < 3.5
    assert 2 <= env.server.hits(CARDINFO) <= 4
    fetcher.close()


def test_a_normal_download_is_not_cut_short(env):
    env.serve()
    fetcher = Fetcher(timeout=5, retries=0, limits=Limits(max_bytes=64 * 1024 * 1024, max_containers=None))
    assert fetcher.get(env.server.url + CARDINFO, "cards") == standard_body()
    fetcher.close()


# ------------------------------------------------------------------------------------------- bodies


@pytest.mark.parametrize("encoding, encode", [
    ("gzip", lambda b: gzip.compress(b)),
    ("x-gzip", lambda b: gzip.compress(b[:1000]) + gzip.compress(b[1000:])),  # two gzip members
    ("deflate", zlib.compress),
    ("deflate", lambda b: zlib.compress(b)[2:-4]),  # raw deflate, as some servers send it
    ("identity", lambda b: b),
])
def test_compressed_bodies_decode(env, encoding, encode):
    body = json.dumps({"data": list(range(50_000))}).encode()
    env.server.set("/x", F.Reply(body=encode(body), headers={"Content-Encoding": encoding}))
    fetcher = Fetcher(timeout=5, retries=0)
    assert fetcher.get(env.server.url + "/x", "x") == body
    fetcher.close()


def test_broken_or_unknown_encodings_are_refused(env):
    fetcher = Fetcher(timeout=5, retries=0)
    env.server.set("/br", F.Reply(body=b"\x0b\x02\x80{}\x03", headers={"Content-Encoding": "br"}))
    with pytest.raises(FetchError, match="unsupported Content-Encoding 'br'"):
        fetcher.get(env.server.url + "/br", "x")
    env.server.set("/bad", F.Reply(body=b"not gzip at all", headers={"Content-Encoding": "gzip"}))
    with pytest.raises(FetchError, match="does not decompress"):
        fetcher.get(env.server.url + "/bad", "x")
    env.server.set("/cut", F.Reply(body=gzip.compress(b"x" * 100_000)[:-20], headers={"Content-Encoding": "gzip"}))
    with pytest.raises(FetchError, match="connection dropped"):
        fetcher.get(env.server.url + "/cut", "x")
    fetcher.close()


def _peak(env, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    """Run deckcheck from a small launcher process and return its result and peak RSS in MB (the
    launcher keeps the test process's memory out of the child's high-water mark)."""
    launcher = ("import json, resource, subprocess, sys\n"
                "p = subprocess.run(sys.argv[1:], capture_output=True)\n"
                "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
                "print(json.dumps({'rc': p.returncode, 'stderr': p.stderr.decode(), 'peak': peak}))\n")
    proc = subprocess.run([sys.executable, "-c", launcher, sys.executable, "-m", "deckcheck", *args], cwd=F.REPO,
                          env=env.env, capture_output=True, text=True, timeout=300)
    result = json.loads(proc.stdout)
    return subprocess.CompletedProcess(args, result["rc"], "", result["stderr"]), result["peak"]


def gzip_stream(head: bytes, block: bytes, times: int, tail: bytes) -> bytes:
    """gzip of ``head + block * times + tail``, made quickly: one gzip member per part (a gzip body
    may have several; they decompress to the parts joined)."""
    member = gzip.compress(block, 9)
    return gzip.compress(head) + member * times + gzip.compress(tail)


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="peak memory is read with the resource module")


@posix_only
def test_a_gzip_bomb_is_refused_in_little_memory(env):
    """505 KB of gzip expanding to 520 MB of {"data":[{},{},…]} (173 million objects; it took 13 GB)."""
    env.serve()
    legit, legit_peak = _peak(env, "update", "--cards-url", env.api, "--lists-url", env.lists, "--retries", "0")
    assert legit.returncode == 0, legit.stderr
    bomb = gzip_stream(b'{"data":[', b"{}," * 1_000_000, 173, b"{}]}")
    assert 400_000 < len(bomb) < 600_000
    env.serve(version="148.0")
    env.server.set(CARDINFO, F.Reply(body=bomb, headers={"Content-Encoding": "gzip"}))
    proc, peak = _peak(env, "update", "--cards-url", env.api, "--lists-url", env.lists, "--retries", "0")
    assert proc.returncode == 2 and "refused as implausible: more than" in proc.stderr and "JSON objects" in proc.stderr
    assert peak < legit_peak and peak < 200, (peak, legit_peak)  # the real update reads a 13.5 MB response


@posix_only
def test_a_bomb_of_whitespace_stops_at_the_size_cap(env):
    env.serve(version="148.0")
    bomb = gzip_stream(b'{"data":[', b" " * 3_000_000, 200, b"]}")
    env.server.set(CARDINFO, F.Reply(body=bomb, headers={"Content-Encoding": "gzip"}))
    proc, peak = _peak(env, "update", "--cards-url", env.api, "--lists-url", env.lists, "--retries", "0")
    assert proc.returncode == 2 and "refused: the response is larger than" in proc.stderr and "bytes decompressed" in proc.stderr, proc.stderr
    assert peak < 300, peak
