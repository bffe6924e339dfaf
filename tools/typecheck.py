"""Type-check the board code against CircuitPython's own API stubs.

    python tools/typecheck.py            # firmware/*.py and boards/*.py
    python tools/typecheck.py FILE ...   # just these

mypy runs with the ``circuitpython-stubs`` package installed in the venv:
it ships PEP 561 stub packages (``board-stubs``, ``busio-stubs``,
``microcontroller-stubs``, ``keypad-stubs``, ``displayio-stubs``,
``i2cdisplaybus-stubs``, ``terminalio-stubs``, ``supervisor-stubs``,
``storage-stubs``, ``digitalio-stubs``, ...) that mypy prefers over the
same-named Blinka modules in site-packages, so a call the board does not
have fails here.  ``lib/`` (primeplay), ``firmware/`` (the modules runner.py
imports by bare name, as on the board) and the repo root (``boards``) are
on mypy's path.  Adafruit's pure-Python libraries (neopixel,
adafruit_pixelbuf) ship no type
information, so they are treated as Any.  Standard modules (os, time, sys,
traceback) come from typeshed: CircuitPython has subsets of them, which
the stubs do not describe.

Function bodies are checked even without annotations
(``check_untyped_defs``): the board code carries no annotations, since
CircuitPython has no ``typing`` at run time.

The cache lives in .venv/.mypy_cache-firmware, so re-runs take about a
second.  Exit status: mypy's (0 when clean).
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
LIB = ROOT / "lib"

# Untyped third-party libraries used by firmware: Any, not an error.
UNTYPED = ("neopixel", "adafruit_pixelbuf")

CONFIG = """\
[mypy]
python_version = 3.11
check_untyped_defs = True
warn_unused_ignores = True
warn_redundant_casts = True
no_implicit_optional = True
strict_equality = True
show_error_codes = True
# `x = {}` in unannotated board code: infer Any items, do not demand an
# annotation CircuitPython could not run anyway.
disable_error_code = var-annotated
namespace_packages = False

[mypy-%s]
ignore_missing_imports = True
follow_imports = skip

# lib/primeplay is read for its types (so firmware's calls into it are
# checked) but its own bodies are not this check's business: it is plain
# untyped Python tested on CPython and on MicroPython VMs.
[mypy-primeplay,primeplay.*]
follow_imports = silent
""" % ",".join(UNTYPED)


def default_targets():
    files = sorted(FIRMWARE.glob("*.py")) + sorted(BOARDS.glob("*.py"))
    return [str(p) for p in files]


def cache_dir():
    venv = Path(sys.prefix)
    base = venv if (venv / "pyvenv.cfg").exists() else Path("/tmp")
    return base / ".mypy_cache-firmware"


def command(targets):
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    config = cache / "mypy-firmware.ini"
    if not config.exists() or config.read_text() != CONFIG:
        config.write_text(CONFIG)
    return [sys.executable, "-m", "mypy", "--config-file", str(config),
            "--cache-dir", str(cache), "--no-error-summary"] + list(targets)


def run(targets=None):
    """Run mypy; return (exit status, output)."""
    targets = list(targets) if targets else default_targets()
    env = dict(os.environ)
    # firmware/ first: runner.py imports device, render, savestore by bare
    # name as on the board.  The repo root gives ``boards``.
    env["MYPYPATH"] = os.pathsep.join([str(FIRMWARE), str(LIB), str(ROOT)])
    proc = subprocess.run(command(targets), cwd=str(ROOT), env=env,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    status, output = run(argv)
    sys.stdout.write(output)
    if status == 0:
        print("typecheck: OK (%s)" % (" ".join(argv) if argv else "firmware/, boards/"))
    return status


if __name__ == "__main__":
    sys.exit(main())
