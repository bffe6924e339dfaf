"""tools/bundle.py (make bundle): the zip a maker unzips onto CIRCUITPY.

Its CIRCUITPY/ folder must be exactly what tools/deploy.py copies,
compiled for CircuitPython 10, the same bytes on every build; and the
unzipped folder, as it is, must boot on the emulated Pico and play a turn
of each game (frames as the simulator draws them, no traceback).
"""

import subprocess
import sys
import zipfile

import pytest

import soak

import bundle
import cpbuilds
import deploy
import pico
from test_pico import SEED, sim_settled

MPY_CROSS = cpbuilds.mpy_cross()
pytestmark = pytest.mark.skipif(MPY_CROSS is None,
                                reason=cpbuilds.missing("CircuitPython's mpy-cross"))
_board_missing = pico.missing_pieces()

# From a fresh boot at the main menu (seed 3, pico_ref), each game's
# first move by P1 (human) against a computer, as the board tests play it:
GAMES = {
    # Setup, Start, the start roll's news, roll, a move.
    "Prime Climb": "A,A,A,A,A",
    # Prime Daifugo, Start, pick [3], up to the actions, Play.
    "Prime Daifugo": "DOWN,A,A,RIGHT,RIGHT,A,UP,A",
    # Ring Climb, Start, then P1 enters a pawn.
    "Ring Climb": "DOWN,DOWN,A,A,A,A,A",
}
# A key has been answered once no frame came for this long with the core
# mostly asleep (the simulator settles the same way).  Shorter than the
# board tests' 600 ms: three boards' wall time is the test's cost.
QUIET_MS = 300
# A screen that keeps the core awake (animating, loading) is left after
# this long; a game loads within about a second.
KEY_LIMIT_MS = 4000


def read_zip(path):
    with zipfile.ZipFile(path) as z:
        return z.infolist(), {i.filename: z.read(i) for i in z.infolist()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    paths = bundle.build(out, "1.2.3-test", MPY_CROSS, log=lambda line: None)
    assert [p.name for p in paths] == ["primeplay-1.2.3-test-circuitpython-10.zip"]
    return paths[0]


def drive_of(path):
    """CIRCUITPY path -> bytes, as unzipping the bundle's folder gives it."""
    _, files = read_zip(path)
    top = path.name[:-len(".zip")] + "/" + bundle.DRIVE_DIR + "/"
    return {name[len(top):]: data for name, data in files.items() if name.startswith(top)}


def test_one_top_folder_with_the_drive_and_a_readme(built):
    _, files = read_zip(built)
    top = "primeplay-1.2.3-test-circuitpython-10/"
    assert all(name.startswith(top) for name in files)
    rest = {name[len(top):].split("/")[0] for name in files}
    assert rest == {"README.txt", "CIRCUITPY"}
    text = files[top + "README.txt"].decode()
    assert "CircuitPython 10" in text and "CIRCUITPY/" in text
    assert "PRIMEPLAY_BOARD" in text
    for name in ("pico_ref", "pico_pad", "feather_rp2040"):
        assert "\n    %s " % name in text


def test_the_drive_is_the_deploy_plan_compiled_for_circuitpython_10(built):
    drive = drive_of(built)
    want = {rel: src.read_bytes() for src, rel in deploy.plan(mpy_cross=MPY_CROSS)}
    assert sorted(drive) == sorted(list(want) + ["settings.toml"])
    for rel, data in want.items():
        assert drive[rel] == data, rel
    assert drive["settings.toml"] == (deploy.FIRMWARE / "settings.toml").read_bytes()
    assert drive["code.py"] == (deploy.FIRMWARE / "code.py").read_bytes()
    assert drive["boot.py"] == (deploy.FIRMWARE / "boot.py").read_bytes()
    modules = [rel for rel in drive if rel.endswith(".mpy")]
    assert "lib/neopixel.mpy" in modules and "ssd1306.mpy" in modules
    # The OLED is driven by our own ssd1306.py: no display library.
    assert not any("displayio" in rel for rel in modules)
    assert "lib/primeplay/climb/rules.mpy" in modules
    # Each game's How to play pages, as they are in lib/.
    for game in ("climb", "daifugo", "rings"):
        rel = "lib/primeplay/%s/howto.txt" % game
        assert drive[rel] == (deploy.ROOT / rel).read_bytes()
    assert not [rel for rel in drive if rel.endswith(".py") and rel not in deploy.SOURCE_ONLY]
    # CircuitPython's .mpy header, version 6.
    assert all(drive[rel][:2] == b"C\x06" for rel in modules)


def test_the_zip_is_reproducible(built, tmp_path):
    again = bundle.build(tmp_path, "1.2.3-test", MPY_CROSS, log=lambda line: None)[0]
    assert again.read_bytes() == built.read_bytes()
    infos, _ = read_zip(built)
    names = [i.filename for i in infos]
    assert names == sorted(names)
    assert len({i.date_time for i in infos}) == 1
    assert {i.external_attr for i in infos} == {0o100644 << 16}


def test_the_version_is_gits():
    proc = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"],
                          cwd=str(bundle.ROOT), capture_output=True, text=True, timeout=30)
    if proc.returncode != 0:
        pytest.skip("not a git checkout")
    assert bundle.version() == proc.stdout.strip()
    assert bundle.name(bundle.version()).startswith("primeplay-")


def test_cli_writes_the_zip(tmp_path):
    proc = subprocess.run([sys.executable, str(bundle.ROOT / "tools" / "bundle.py"),
                           "--out", str(tmp_path), "--version", "cli",
                           "--mpy-cross", str(MPY_CROSS)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    path = tmp_path / "primeplay-cli-circuitpython-10.zip"
    assert proc.stdout.startswith("wrote %s (" % path)
    assert zipfile.is_zipfile(path)


@pytest.mark.skipif(bool(_board_missing), reason="emulated Pico: " + "; ".join(_board_missing))
# A minute of emulation a game: make test plays Ring Climb's turn, make
# soak every game's (soak.py).
@pytest.mark.parametrize("game", [
    pytest.param(g, marks=soak.mark if g == "Ring Climb" else soak.only)
    for g in GAMES])
def test_the_unzipped_bundle_plays_a_turn_on_the_board(built, game):
    files = drive_of(built)
    # Report frames (the debug line) and play the seed the simulator plays.
    files["settings.toml"] += b"PRIMEPLAY_DEBUG = 1\nPRIMEPLAY_SEED = %d\n" % SEED
    image = pico.flash_image(cpbuilds.pico_uf2(), files)
    keys = GAMES[game]
    want = [text for text, _ in sim_settled(keys, QUIET_MS)]
    got = []
    with pico.Pico(board="pico_ref", flash=image) as board:
        menu = board.frames[-1].text()
        for (key,) in pico.sim_tokens(keys):
            board.press(key)
            board.settle(QUIET_MS, limit_ms=KEY_LIMIT_MS)
            got.append(board.frames[-1].text())
        console = board.console
        tracebacks = board.metrics()["tracebacks"]
        print("%s: %d emulated ms from reset" % (game, board.t_ms))
    assert tracebacks == 0, console[-2000:]
    assert "Incompatible .mpy" not in console
    assert menu == sim_settled("WAIT:1")[0][0]          # the main menu
    assert len(got) == len(want)
    for i, (frame, text) in enumerate(zip(got, want)):
        assert frame == text, "%s: frame after token %d differs" % (game, i)
    # The game moved on: the last frame is neither the menu nor the first.
    assert got[-1] != menu and got[-1] != got[0]
