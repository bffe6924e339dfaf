"""tools/deploy.py --mpremote end to end, on an emulated Pico fresh from the
UF2: CircuitPython formats CIRCUITPY at its first boot, the deploy talks to
the board's USB serial through a pseudo-terminal (pico.SerialPty), takes
the drive with storage.unsafe_disable_usb_drive(), copies the plan and
resets the board, which then boots to the main menu.  A second deploy
after a change copies only that file.  What the board wrote is read back
from its flash, file by file.

Measured on the machine that wrote this (emulated s / wall s): a fresh
install of the .mpy plan (76 files) 23.2 / 73; an update of one file
(every file hashed on the board, the drive taken, one file written, the
reset) 5.2 / 10.  ``pytest -s`` prints them.
"""

import subprocess
import sys
import time
from pathlib import Path

import pytest

import cpbuilds
import deploy
import fatimage
import pico

HERE = Path(__file__).resolve().parent
MPY_CROSS = cpbuilds.mpy_cross()
_missing = pico.missing_pieces()
if MPY_CROSS is None:
    _missing.append(cpbuilds.missing("CircuitPython's mpy-cross"))
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))

# Wall seconds: the emulator runs 3-6 wall seconds per emulated second
# while the board is busy.
DEPLOY_TIMEOUT = 400
BOOT_TIMEOUT = 120
CHANGED = "lib/primeplay/rng.mpy"


def panel_text(board):
    return "".join("".join("#" if p else "." for p in row) + "\n" for row in board.panel())


def main_menu():
    return (HERE / "golden" / "main_menu.txt").read_text()


def drive_of(image):
    return fatimage.read_files(image[pico.DRIVE_OFFSET:pico.DRIVE_OFFSET + pico.DRIVE_SIZE])


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """One fresh board: the CLI installs, the board restarts to its menu,
    an update with one file changed, the board restarts again."""
    tmp = tmp_path_factory.mktemp("mpremote")
    plan = deploy.plan(mpy_cross=MPY_CROSS)
    out = {"plan": plan}
    with pico.SerialPty(pico.fresh_flash()) as bridge:
        # The board comes up (USB enumerated) before the clock starts.
        assert bridge.wait_for(lambda: "Press any key" in bridge.pico.console
                               or ">>>" in bridge.pico.console, BOOT_TIMEOUT), \
            bridge.pico.console[-1000:]
        wall, emulated = time.monotonic(), bridge.elapsed_ms
        proc = subprocess.run(
            [sys.executable, str(deploy.ROOT / "tools" / "deploy.py"), "--mpremote",
             "--port", bridge.path, "--mpy-cross", str(MPY_CROSS), "--board", "pico_ref"],
            capture_output=True, text=True, timeout=DEPLOY_TIMEOUT)
        out["install"] = (proc, bridge.elapsed_ms - emulated, time.monotonic() - wall)
        out["menu_after_install"] = bridge.wait_for(
            lambda: bridge.resets == 1 and panel_text(bridge.pico) == main_menu(), BOOT_TIMEOUT)
        out["console_after_install"] = bridge.pico.console

        changed = tmp / "rng.mpy"
        changed.write_bytes(Path(dict((r, s) for s, r in plan)[CHANGED]).read_bytes() + b"\0")
        update = [(changed if rel == CHANGED else src, rel) for src, rel in plan]
        log = []
        wall, emulated = time.monotonic(), bridge.elapsed_ms
        summary = deploy.deploy_mpremote(update, port=bridge.path, log=log.append)
        out["update"] = (summary, log, bridge.elapsed_ms - emulated, time.monotonic() - wall)
        out["update_plan"] = update
        out["menu_after_update"] = bridge.wait_for(
            lambda: bridge.resets == 2 and panel_text(bridge.pico) == main_menu(), BOOT_TIMEOUT)
        out["image"] = bridge.stop()
    print("\nmpremote fresh install: %.1f emulated s, %.0f wall s; update of one file: "
          "%.1f emulated s, %.0f wall s" % (out["install"][1] / 1000, out["install"][2],
                                             out["update"][2] / 1000, out["update"][3]))
    return out


def test_a_fresh_board_gets_every_file_of_the_plan(session):
    proc, _, _ = session["install"]
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    plan = session["plan"]
    assert "taking CIRCUITPY from the computer" in proc.stdout
    assert "%d of %d files changed" % (len(plan), len(plan)) in proc.stdout
    assert "reset the board" in proc.stdout


def test_the_board_boots_to_the_main_menu_after_the_install(session):
    assert session["menu_after_install"], session["console_after_install"][-1500:]
    assert pico.TRACEBACK not in session["console_after_install"]


def test_an_update_copies_only_the_changed_file(session):
    summary, log, _, _ = session["update"]
    assert summary["copied"] == [CHANGED], log
    assert summary["unchanged"] == len(session["plan"]) - 1
    assert summary["took_drive"] and summary["hash"] == "crc32"
    assert summary["settings"] is None  # no --board: settings.toml untouched
    assert session["menu_after_update"]


def test_the_drive_holds_the_plan_byte_for_byte(session):
    files = drive_of(session["image"])
    for src, rel in session["update_plan"]:
        assert files.get(rel) == Path(src).read_bytes(), rel
    # No .py beside a .mpy: the importer would take the .py.
    for _, rel in session["plan"]:
        assert deploy.twin(rel) is None or deploy.twin(rel) not in files, rel


def test_settings_toml_is_the_firmwares_with_the_board_set(session):
    # CircuitPython's first boot leaves an empty settings.toml: it counts as
    # none, so the firmware's example (its comments too) goes there.
    text = drive_of(session["image"])[deploy.SETTINGS].decode()
    assert text == deploy.set_board_line(
        (deploy.FIRMWARE / deploy.SETTINGS).read_text(), "pico_ref")
