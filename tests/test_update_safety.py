"""Nothing that goes wrong during an update leaves the user worse off.

Each failure — HTTP 404/500/429, a timeout, truncated JSON, an HTML error page, the wrong schema,
an implausibly small card list, a connection dropped mid-download, a redirect to plain http, a
TLS failure, a full disk — must keep the installed data byte for byte, and exit 2 with a one-line
reason from the command line.
"""

from __future__ import annotations

import errno
import json
import time

import pytest

from deckcheck import datastore
from deckcheck.update import UpdateError
from deckcheck.update.http import FetchError, Fetcher, check_url

from .fixtures.update import fakeapi as F
from .fixtures.update.harness import (  # noqa: F401
    NEW_LIST_NAME, env, install_baseline, standard_body, standard_cards)

CARDINFO = "/api/cardinfo.php?misc=yes"


@pytest.fixture
def installed(env):
    """An environment with a first successful update installed and a newer database version on offer."""
    install_baseline(env)
    env.serve(version="148.0")
    datastore.forget_state()
    return env


def fails(env, match: str, **options) -> str:
    before = env.snapshot()
    with pytest.raises(UpdateError) as info:
        env.update(**options)
    reason = str(info.value)
    assert match in reason, reason
    assert "\n" not in reason
    assert env.snapshot() == before  # the installed data, byte for byte
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "downloaded"
    return reason


def test_http_404(installed):
    installed.server.set(CARDINFO, F.Reply(404, b'{"error": "not found"}'))
    fails(installed, "HTTP 404")
    assert installed.server.hits(CARDINFO) == 1  # 404 is not retried


def test_http_500_is_retried_then_fails(installed):
    installed.server.set(CARDINFO, F.Reply(500, b"oops"))
    fails(installed, "HTTP 500", retries=2)
    assert installed.server.hits(CARDINFO) == 3


def test_http_500_then_success(installed):
    installed.server.set(CARDINFO, F.Reply(500, b"oops"), F.Reply(body=standard_body()))
    result = installed.update(retries=2)
    assert result.cards["changed"] and result.cards["source"]["database_version"] == "148.0"


def test_http_429_honours_retry_after(installed):
    installed.server.set(CARDINFO, F.Reply(429, b"slow down", headers={"Retry-After": "1"}),
                         F.Reply(body=standard_body()))
    started = time.monotonic()
    result = installed.update(retries=1, backoff=0.0)
    assert time.monotonic() - started >= 1.0
    assert result.cards["changed"]
    times = [t for t, p, _ in installed.server.log if p == CARDINFO]
    assert times[-1] - times[-2] >= 1.0


def test_http_429_persisting_fails(installed):
    installed.server.set(CARDINFO, F.Reply(429, b"slow down", headers={"Retry-After": "0"}))
    fails(installed, "HTTP 429", retries=2)
    installed.server.set(CARDINFO, F.Reply(429, b"slow down", headers={"Retry-After": "3600"}))
    reason = fails(installed, "retry after 3600 s", retries=2)
    assert "HTTP 429" in reason


def test_timeout(installed):
    installed.server.set(CARDINFO, F.Reply(body=standard_body(), delay=2.0))
    fails(installed, "timed out after 0.5 s", timeout=0.5, retries=0)


def test_truncated_json(installed):
    body = standard_body()
    installed.server.set(CARDINFO, F.Reply(body=body[: len(body) // 2]))
    reason = fails(installed, "invalid JSON")
    assert "truncated" in reason


def test_html_error_page(installed):
    page = b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>cloudflare</body></html>"
    installed.server.set(CARDINFO, F.Reply(body=page, content_type="text/html"))
    fails(installed, "got an HTML page, not JSON")


@pytest.mark.parametrize("doc, match", [
    ({"cards": []}, "unexpected schema (expected an object with a \"data\" list"),
    ([1, 2, 3], "unexpected schema"),
    ({"data": [{"name": "Dark Magician", "type": "Normal Monster"}]}, "card #1: \"id\""),
    ({"data": [{"id": 46986414, "type": "Normal Monster"}]}, "\"name\" missing"),
    ({"error": "Invalid parameter"}, "the API says: Invalid parameter"),
])
def test_wrong_schema(installed, doc, match):
    installed.server.set(CARDINFO, F.Reply(body=json.dumps(doc).encode()))
    fails(installed, match)


def test_wrong_schema_of_check_db_ver(installed):
    installed.server.set("/api/checkDBVer.php", F.Reply(body=b'{"version": 1}'))
    fails(installed, "checkDBVer.php: unexpected schema")


def test_implausibly_small_card_list(installed):
    cards = list(standard_cards()[:500])
    installed.server.set(CARDINFO, F.Reply(body=F.cardinfo_body(cards)))
    reason = fails(installed, "refused as implausible")
    assert "500 cards" in reason


def test_connection_dropped_mid_download(installed):
    installed.server.set(CARDINFO, F.Reply(body=standard_body(), drop_after=200_000))
    fails(installed, "connection dropped mid-download", retries=1)
    assert installed.server.hits(CARDINFO) == 2  # retried once


def test_connection_dropped_then_success(installed):
    installed.server.set(CARDINFO, F.Reply(body=standard_body(), drop_after=1000), F.Reply(body=standard_body()))
    assert installed.update(retries=1).cards["changed"]


def test_invalid_list_refuses_the_whole_update(installed):
    installed.server.set("/lists/tcg/current.vector.json",
                         F.Reply(body=json.dumps({"date": "2026-11-01", "regulation": {"424242": 0}}).encode()))
    fails(installed, "Konami ID 424242")  # the new cards are not installed either
    installed.server.set("/lists/tcg/current.vector.json", F.Reply(body=b'{"regulation": []}'))
    fails(installed, "unexpected schema")


def test_redirect_to_plain_http_is_refused(installed):
    installed.server.set(CARDINFO, F.Reply(302, headers={"Location": "http://example.com/cardinfo.php"}))
    fails(installed, "redirected to plain-http URL http://example.com/cardinfo.php")


def test_redirect_on_the_same_local_server_is_followed(installed):
    installed.server.set(CARDINFO, F.Reply(301, headers={"Location": "/mirror/cardinfo.json"}))
    installed.server.set("/mirror/cardinfo.json", F.Reply(body=standard_body()))
    assert installed.update().cards["changed"]


def test_only_https_or_local_http():
    check_url("https://db.ygoprodeck.com/api/v7/cardinfo.php")
    check_url("http://127.0.0.1:8000/x")
    check_url("http://localhost/x")
    check_url("http://[::1]:80/x")
    for url in ("http://db.ygoprodeck.com/api/v7/", "ftp://example.com/x", "file:///etc/passwd"):
        with pytest.raises(FetchError):
            check_url(url)
    with pytest.raises(FetchError, match="redirected to this machine"):
        check_url("http://127.0.0.1/admin", came_from="https://mirror.example.org/x")


def test_tls_is_verified(env):
    env.serve()
    fetcher = Fetcher(timeout=2, retries=0)
    with pytest.raises(FetchError, match="TLS verification failed"):
        fetcher.get(env.server.url.replace("http://", "https://") + "/api/checkDBVer.php", "x")
    assert fetcher.session.verify is True


def test_full_disk_keeps_the_installed_data(installed, monkeypatch):
    from deckcheck.update import install

    def full(target, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(install, "install_bytes", full)
    fails(installed, "No space left on device")


def test_cli_failure_is_one_line_exit_2(installed):
    before = installed.snapshot()
    installed.server.set(CARDINFO, F.Reply(500, b"oops"))
    proc = installed.cli_update("--retries", "0")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deckcheck: error: update failed: ")
    assert "HTTP 500" in lines[0] and "the installed data is unchanged" in lines[0]
    assert installed.snapshot() == before
    proc = installed.cli("data", "-o", "json")
    assert json.loads(proc.stdout)["cards"]["source"]["database_version"] == "147.23"
    assert json.loads(proc.stdout)["banlists"]["newest"]["tcg"]["name"] == NEW_LIST_NAME


def test_the_fake_server_never_writes_to_stderr(env, capfd):
    """A client resetting its connection made the server's request thread print a traceback to sys.stderr,
    which an in-process command's captured stderr could take as its own (test_cli_failure_is_one_line_exit_2
    failed so with 20 lines): the server records it instead."""
    import socket
    import struct

    address = env.server.httpd.server_address[:2]
    for _ in range(20):  # a reset the server thread sees while it reads the request line
        with socket.create_connection(address) as client:
            client.sendall(b"GET /api/checkDBVer.php HTTP/1.1\r\nHost: x")
            time.sleep(0.05)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
        waited = time.monotonic() + 1
        while not env.server.errors and time.monotonic() < waited:
            time.sleep(0.01)
        if env.server.errors:
            break
    assert env.server.errors and all(isinstance(e, ConnectionResetError) for e in env.server.errors)
    assert capfd.readouterr().err == ""


def test_cli_timeout_and_connection_refused(env):
    env.serve()
    env.server.set(CARDINFO, F.Reply(body=standard_body(), delay=3))
    proc = env.cli_update("--timeout", "0.5", "--retries", "0")
    assert proc.returncode == 2 and "timed out" in proc.stderr
    proc = env.cli("update", "--cards-url", "http://127.0.0.1:9/api/", "--retries", "0")
    assert proc.returncode == 2 and "cannot reach 127.0.0.1: connection refused" in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "urllib3" not in proc.stderr and "HTTPConnection" not in proc.stderr
    assert not (env.data_dir / "state.json").exists()


def test_cli_offline_says_no_network(env):
    # a name that cannot be resolved, as on a machine without a network (.invalid never resolves, RFC 6761)
    proc = env.cli("update", "--cards-url", "https://db.ygoprodeck.invalid/api/v7/", "--retries", "0")
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert "cannot reach db.ygoprodeck.invalid (no network?)" in proc.stderr
    assert "NameResolutionError" not in proc.stderr and "urllib3" not in proc.stderr
