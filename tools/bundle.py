"""A zip a maker unzips onto the CIRCUITPY drive, no tools needed.

    python tools/bundle.py                    # dist/primeplay-<version>-circuitpython-10.zip
    python tools/bundle.py --out DIR --version 1.0 --mpy-cross PATH
    make bundle

Inside, as Adafruit's project bundles lay theirs out, one top folder
named like the zip, holding a README.txt for makers and ``CIRCUITPY/``:
exactly what ``tools/deploy.py`` copies (``deploy.plan``, every module
but code.py and boot.py compiled to .mpy for CircuitPython 10, the
Adafruit libraries included) and settings.toml from firmware/.

Only CircuitPython 10 is built.  CircuitPython 9's .mpy header is the
same ("C", version 6), but the firmware has been run on 10 alone (the
emulated Pico, host_tests/test_bundle.py), so a 9 bundle would be a
guess.

The version is ``git describe --tags --always --dirty`` (a commit with
local changes says so), or ``--version``.  The zip is reproducible: the
entries sorted, every timestamp ``SOURCE_DATE_EPOCH`` or else the
commit's time, fixed permissions.  The mpy-cross is found as deploy
finds it (``--mpy-cross``, ``PRIMEPLAY_MPY_CROSS``, tools/cpbuilds.py,
else fetched by tools/mpycross.py).
"""

import argparse
import io
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import deploy

ROOT = deploy.ROOT
DIST = ROOT / "dist"
MAJORS = (10,)
DRIVE_DIR = "CIRCUITPY"
# The earliest time a zip entry can hold (MS-DOS dates start at 1980).
DOS_EPOCH = 315532800


def version():
    """This tree's version: ``git describe --tags --always --dirty``, or
    "unknown" outside a git checkout."""
    try:
        proc = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"],
                              cwd=str(ROOT), capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    out = proc.stdout.strip()
    return out if proc.returncode == 0 and out else "unknown"


def timestamp():
    """Seconds since 1970 that every entry carries."""
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env:
        return max(int(env), DOS_EPOCH)
    try:
        proc = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=str(ROOT),
                              capture_output=True, text=True, timeout=30)
        return max(int(proc.stdout.strip()), DOS_EPOCH)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return DOS_EPOCH


def name(ver, major=10):
    return "primeplay-%s-circuitpython-%d" % (ver, major)


def drive_files(tool):
    """CIRCUITPY path -> bytes: deploy's plan compiled with ``tool`` (an
    MpyCross), and settings.toml."""
    files = {rel: Path(src).read_bytes() for src, rel in deploy.plan(mpy_cross=tool)}
    files[deploy.SETTINGS] = deploy.settings_text().encode()
    return files


def profiles():
    """(name, description) of every board profile, pico_ref first."""
    sys.path.insert(0, str(ROOT))
    try:
        import boards
        names = sorted(p.stem for p in (ROOT / "boards").glob("*.py")
                       if p.stem != "__init__")
        names.sort(key=lambda n: n != "pico_ref")
        return [(n, boards.load_profile(n).get("description", "")) for n in names]
    finally:
        sys.path.remove(str(ROOT))


def readme(ver, major=10):
    rows = "\n".join("    %-16s %s" % row for row in profiles())
    return """primeplay %(ver)s for CircuitPython %(major)d
%(rule)s

Prime Climb, Prime Daifugo and Ring Climb on a Raspberry Pi Pico (or
another RP2040 board) with an SSD1306 OLED, a NeoPixel ring and buttons.

1. Put CircuitPython %(major)d on the board (circuitpython.org/downloads):
   hold BOOTSEL while plugging it in and drop the .uf2 on the RPI-RP2
   drive.  The board comes back as a drive named CIRCUITPY.
2. Copy everything inside the folder %(drive)s/ of this zip onto that
   drive, replacing what is there.  If the drive already holds
   lib/primeplay or boards/ from an older copy, delete those two folders
   first: the board loads a .py before a .mpy of the same name.
   settings.toml: if yours holds Wi-Fi or other settings, keep yours and
   add our PRIMEPLAY_BOARD and CIRCUITPY_HEAP_START_SIZE lines to it
   instead.
3. Pick the board profile, the wiring you built, in settings.toml on the
   drive (any text editor):

       PRIMEPLAY_BOARD = "pico_ref"

   where the name is one of

%(rows)s

4. Eject the drive.  The board restarts into the main menu.

The modules are compiled (.mpy) for CircuitPython %(major)d only: on
another version the board stops with "Incompatible .mpy file"; put
CircuitPython %(major)d on it.  Wiring, buttons, the games' rules and how
to build from source: README.md and boards/README.md in primeplay's
source, version %(ver)s.
""" % {"ver": ver, "major": major, "rule": "=" * len("primeplay %s for CircuitPython %d"
                                                          % (ver, major)),
       "drive": DRIVE_DIR, "rows": rows}


def zip_bytes(entries, when):
    """A zip of ``entries`` ({path: bytes}) in sorted order, every entry
    dated ``when`` with the same permissions: the same bytes every time."""
    stamp = time.gmtime(max(when, DOS_EPOCH))[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for path in sorted(entries):
            info = zipfile.ZipInfo(path, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whichever host made it
            info.external_attr = 0o100644 << 16
            z.writestr(info, entries[path], compresslevel=9)
    return out.getvalue()


def build(out_dir=DIST, ver=None, mpy_cross=None, log=print):
    """Write the bundle for each of MAJORS; the paths written."""
    ver = ver or version()
    when = timestamp()
    written = []
    for major in MAJORS:
        tool = deploy.mpy_cross_for(argparse.Namespace(py=False, mpy_cross=mpy_cross),
                                    major, log=log)
        top = name(ver, major)
        entries = {"%s/%s/%s" % (top, DRIVE_DIR, rel): data
                   for rel, data in drive_files(tool).items()}
        entries["%s/README.txt" % top] = readme(ver, major).encode()
        path = Path(out_dir) / (top + ".zip")
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp%d" % os.getpid())
        tmp.write_bytes(zip_bytes(entries, when))
        os.replace(tmp, path)
        log("wrote %s (%d files, %d bytes)" % (path, len(entries), path.stat().st_size))
        written.append(path)
    return written


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(DIST), help="folder for the zip (default: dist/)")
    p.add_argument("--version", help="version in the name (default: git describe)")
    p.add_argument("--mpy-cross", metavar="PATH",
                   help="CircuitPython 10's mpy-cross (default: as deploy finds it)")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        build(args.out, args.version, args.mpy_cross)
    except deploy.DeployError as exc:
        print("bundle: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
