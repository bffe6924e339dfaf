"""tools/mpycross.py: CircuitPython's mpy-cross fetched the way the
CircuitPython ecosystem names it, checked, cached; and deploy's use of it.

The network is never asked: a small server on 127.0.0.1 plays Adafruit's
bucket, serving CircuitPython's own mpy-cross (tools/cpbuilds.py) under
the published name for this machine.
"""

import contextlib
import http.server
import threading
import time

import pytest

import cpbuilds
import deploy
import mpycross

MPY_CROSS = cpbuilds.mpy_cross()
needs_mpy_cross = pytest.mark.skipif(
    MPY_CROSS is None, reason=cpbuilds.missing("CircuitPython's mpy-cross"))
# The binary served is a Linux x86-64 program: elsewhere it would not run.
needs_linux_amd64 = pytest.mark.skipif(
    mpycross.platform_key() != "linux-amd64",
    reason="the served mpy-cross runs on Linux x86-64 only")


@contextlib.contextmanager
def bucket(files, max_requests=20, lifetime_s=60):
    """A server on 127.0.0.1 answering GET ``/path`` from ``files``
    ({path: bytes}) and 404 otherwise.  Yields (base URL, list of paths
    asked); stops after ``max_requests`` or ``lifetime_s``, or on exit."""
    asked = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            data = files.get(self.path)
            if data is None:
                self.send_error(404, "Not Found")
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    server.timeout = 0.2  # handle_request returns this often to look at the clock
    end = time.monotonic() + lifetime_s
    stop = threading.Event()

    def serve():
        while not stop.is_set() and len(asked) < max_requests and time.monotonic() < end:
            server.handle_request()
        server.server_close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/bin/mpy-cross/" % server.server_port, asked
    finally:
        stop.set()
        thread.join(5)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The user's cache folder, empty, and no mpy-cross configured."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "cache"))
    monkeypatch.delenv(mpycross.URL_ENV, raising=False)
    monkeypatch.delenv(mpycross.VERSION_ENV, raising=False)
    return tmp_path / "cache" / "primeplay" / "mpy-cross"


def published_path(version):
    return "/bin/mpy-cross/" + mpycross.PUBLISHED[mpycross.platform_key()] % version


@pytest.mark.parametrize("system, machine, name", [
    ("Linux", "x86_64", "linux-amd64/mpy-cross-linux-amd64-10.3.1.static"),
    ("Linux", "aarch64", "linux-aarch64/mpy-cross-linux-aarch64-10.3.1.static-aarch64"),
    ("Linux", "armv7l", "linux-raspbian/mpy-cross-linux-raspbian-10.3.1.static-raspbian"),
    ("Darwin", "arm64", "macos/mpy-cross-macos-10.3.1-universal"),
    ("Darwin", "x86_64", "macos/mpy-cross-macos-10.3.1-universal"),
    ("Windows", "AMD64", "windows/mpy-cross-windows-10.3.1.static.exe"),
])
def test_published_names(system, machine, name):
    key = mpycross.platform_key(system, machine)
    assert mpycross.url_for("10.3.1", key, base="https://example.test/bin/mpy-cross/") \
        == "https://example.test/bin/mpy-cross/" + name


def test_no_published_build_is_an_error(monkeypatch):
    assert mpycross.platform_key("Linux", "riscv64") is None
    assert mpycross.platform_key("FreeBSD", "amd64") is None
    monkeypatch.setattr(mpycross.platform, "system", lambda: "Linux")
    monkeypatch.setattr(mpycross.platform, "machine", lambda: "riscv64")
    with pytest.raises(mpycross.MpyCrossError,
                       match=r"publishes no mpy-cross for this machine \(Linux riscv64\)"):
        mpycross.url_for("10.3.1")


def test_versions_by_major(monkeypatch):
    monkeypatch.delenv(mpycross.VERSION_ENV, raising=False)
    assert mpycross.version_for(10) == mpycross.VERSIONS[10]
    assert mpycross.major_of(mpycross.VERSIONS[10]) == 10
    with pytest.raises(mpycross.MpyCrossError, match="no mpy-cross is known for "
                                                     "CircuitPython 8"):
        mpycross.version_for(8)
    monkeypatch.setenv(mpycross.VERSION_ENV, "10.4.2")
    assert mpycross.version_for(10) == "10.4.2"
    assert mpycross.major_of("CircuitPython 10.3.0-alpha.4-185-gcd3da4a5d8 on") == 10


def test_cache_folder_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if mpycross.os.name != "nt":
        assert mpycross.cached_path("10.3.1") == \
            tmp_path / "primeplay" / "mpy-cross" / "10.3.1" / "mpy-cross"


@needs_mpy_cross
@needs_linux_amd64
def test_fetch_checks_caches_and_asks_once(cache):
    version = mpycross.VERSIONS[10]
    served = {published_path(version): MPY_CROSS.read_bytes()}
    with bucket(served) as (url, asked):
        lines = []
        first = mpycross.fetch(version, base=url, log=lines.append)
        assert asked == [published_path(version)]
        assert first == cache / version / "mpy-cross"
        assert first.read_bytes() == MPY_CROSS.read_bytes()
        assert first.stat().st_mode & 0o111
        assert "CircuitPython" in mpycross.version_line(first)
        assert lines and url in lines[0]
        # The second call is the cache's: no request.
        assert mpycross.fetch(version, base=url) == first
        assert len(asked) == 1
    assert [p.name for p in first.parent.iterdir()] == ["mpy-cross"]


@needs_linux_amd64
def test_a_404_says_so_and_caches_nothing(cache):
    with bucket({}) as (url, asked):
        with pytest.raises(mpycross.MpyCrossError, match="answered 404"):
            mpycross.fetch("10.3.1", base=url)
        assert asked == [published_path("10.3.1")]
    assert not list(cache.rglob("mpy-cross*"))


@needs_linux_amd64
def test_micropythons_mpy_cross_is_refused_and_not_cached(cache):
    fake = b"#!/bin/sh\necho 'MicroPython v1.29.0 on 2026-08-29; mpy-cross emitting mpy v6.3'\n"
    with bucket({published_path("10.3.1"): fake}) as (url, _):
        with pytest.raises(mpycross.MpyCrossError, match="not CircuitPython's mpy-cross"):
            mpycross.fetch("10.3.1", base=url)
    assert not list(cache.rglob("mpy-cross*"))


@needs_mpy_cross
@needs_linux_amd64
def test_another_majors_mpy_cross_is_refused(cache):
    # The server's binary is CircuitPython 10's; asked for 9's, it is wrong.
    with bucket({published_path("9.2.9"): MPY_CROSS.read_bytes()}) as (url, _):
        with pytest.raises(mpycross.MpyCrossError, match="not 9.2.9's"):
            mpycross.fetch("9.2.9", base=url)
    assert not list(cache.rglob("mpy-cross*"))


def test_an_unreachable_server_is_an_error(cache):
    # Port 9 (discard) on 127.0.0.1: nothing listens, the refusal is at once.
    with pytest.raises(mpycross.MpyCrossError, match="could not download"):
        mpycross.fetch("10.3.1", base="http://127.0.0.1:9/", timeout=5)


# -- deploy, with nothing configured: it fetches for the board's version


@pytest.fixture
def bare(cache, tmp_path, monkeypatch):
    """A maker's machine: no CircuitPython builds beside the repo, no
    PRIMEPLAY_MPY_CROSS, compiled files cached in the test's folder."""
    monkeypatch.setenv("PRIMEPLAY_CIRCUITPYTHON", str(tmp_path / "nothing"))
    monkeypatch.delenv("PRIMEPLAY_MPY_CROSS", raising=False)
    monkeypatch.setattr(deploy, "MPY_CACHE", tmp_path / "mpy")
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.3.0 on 2026-08-21; Raspberry Pi Pico with rp2040\n"
        "Board ID:raspberry_pi_pico\n")
    return drive


@needs_mpy_cross
@needs_linux_amd64
def test_deploy_fetches_the_boards_mpy_cross_and_copies_mpy(bare, monkeypatch, capsys):
    version = mpycross.VERSIONS[10]
    with bucket({published_path(version): MPY_CROSS.read_bytes()}) as (url, asked):
        monkeypatch.setenv(mpycross.URL_ENV, url)
        assert deploy.main(["--drive", str(bare)]) == 0
        assert len(asked) == 1
    out = capsys.readouterr().out
    assert "fetching CircuitPython %s's mpy-cross" % version in out
    assert (bare / "lib" / "primeplay" / "climb" / "rules.mpy").is_file()
    assert not (bare / "lib" / "primeplay" / "climb" / "rules.py").exists()
    assert (bare / "code.py").is_file() and (bare / "boot.py").is_file()


@needs_linux_amd64
def test_deploy_without_mpy_cross_stops_and_says_what_to_do(bare, monkeypatch, capsys):
    with bucket({}) as (url, asked):
        monkeypatch.setenv(mpycross.URL_ENV, url)
        assert deploy.main(["--drive", str(bare)]) == 2
        assert asked == [published_path(mpycross.VERSIONS[10])]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "no mpy-cross for CircuitPython 10" in err[0] and "404" in err[0]
    assert "run with --py" in err[0] and "--mpy-cross PATH" in err[0]
    assert sorted(p.name for p in bare.iterdir()) == ["boot_out.txt"]  # nothing copied


def test_deploy_py_needs_no_mpy_cross(bare, monkeypatch):
    monkeypatch.setenv(mpycross.URL_ENV, "http://127.0.0.1:9/")
    assert deploy.main(["--drive", str(bare), "--py"]) == 0
    assert (bare / "lib" / "primeplay" / "climb" / "rules.py").is_file()


@needs_mpy_cross
def test_a_board_of_another_major_refuses_this_mpy_cross(bare, capsys):
    (bare / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; "
                                       "Raspberry Pi Pico with rp2040\n")
    assert deploy.main(["--drive", str(bare), "--mpy-cross", str(MPY_CROSS)]) == 2
    err = capsys.readouterr().err
    assert "CircuitPython 10's mpy-cross, but the board runs CircuitPython 9" in err
    assert "--py" in err


def test_boot_out_versions(tmp_path):
    (tmp_path / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.3.0-alpha.4 on 2026-08-21; Raspberry Pi Pico with rp2040\n")
    assert deploy.drive_version(tmp_path) == (10, 3, 0)
    (tmp_path / "boot_out.txt").write_text("something else\n")
    assert deploy.drive_version(tmp_path) is None
    assert deploy.drive_version(tmp_path / "absent") is None
