"""Where the CircuitPython builds used off the board are found.

The project never ships CircuitPython binaries.  They live beside the
repo, in ``../shared/circuitpython/`` (``pico/``: the UF2 and the RP2040
boot ROM; ``unix/``: CircuitPython's VM as a Linux program and its
mpy-cross), or wherever ``PRIMEPLAY_CIRCUITPYTHON`` points.  A maker can
point single pieces elsewhere: ``PRIMEPLAY_UF2`` (an official UF2 from
circuitpython.org), ``PRIMEPLAY_BOOTROM``, ``PRIMEPLAY_MPY_CROSS``.

Every finder returns a Path or None; callers say what is missing with
``missing(what)`` so every skip and error reads the same.
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def circuitpython_dir():
    env = os.environ.get("PRIMEPLAY_CIRCUITPYTHON")
    return Path(env) if env else ROOT.parent / "shared" / "circuitpython"


def _existing(path):
    return path if path is not None and path.is_file() else None


def _env_or(name, default):
    env = os.environ.get(name)
    return _existing(Path(env)) if env else _existing(default)


def unix_vm(bits=32):
    """CircuitPython's core as a unix program: ``circuitpython-cp32``
    (the RP2040 object model, the nearest heap to a board's) or ``-cp64``."""
    return _existing(circuitpython_dir() / "unix" / ("circuitpython-cp%d" % bits))


def mpy_cross():
    """CircuitPython's mpy-cross (MicroPython's writes .mpy CircuitPython rejects)."""
    return _env_or("PRIMEPLAY_MPY_CROSS", circuitpython_dir() / "unix" / "mpy-cross-cp")


def _pico_build(env, suffix):
    """The Pico build's file ending in ``suffix`` (its newest, by name),
    or the one the environment variable ``env`` names."""
    path = os.environ.get(env)
    if path:
        return _existing(Path(path))
    found = sorted((circuitpython_dir() / "pico").glob("*raspberry_pi_pico" + suffix))
    return found[-1] if found else None


def pico_uf2():
    """The CircuitPython UF2 for a Raspberry Pi Pico."""
    return _pico_build("PRIMEPLAY_UF2", ".uf2")


def pico_elf():
    """The ELF of that build (its symbols name a profile's addresses)."""
    return _pico_build("PRIMEPLAY_ELF", ".elf")


def bootrom():
    """The RP2040 B1 boot ROM, loaded at address 0 by the emulator."""
    return _env_or("PRIMEPLAY_BOOTROM", circuitpython_dir() / "pico" / "rp2040-bootrom-b1.bin")


def missing(what):
    """One line saying what is missing and how to provide it."""
    return ("%s not found (looked in %s; set PRIMEPLAY_CIRCUITPYTHON or the "
            "PRIMEPLAY_* path variables, see tools/cpbuilds.py)"
            % (what, circuitpython_dir()))
