"""tools/wiring.py: the wiring diagrams are drawn from the board profiles,
and the committed pictures are what the profiles draw today."""

import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # for ``boards``
    sys.path.insert(0, str(ROOT))

import boards  # noqa: E402
import wiring  # noqa: E402  (tools/ is on pytest's pythonpath)

DRAWN = ("pico_ref", "pico_pad")


def profile_pins(profile):
    """GP name -> what the profile wires to it."""
    pins = {profile["i2c_sda"]: "SDA", profile["i2c_scl"]: "SCL",
            profile["pixel_pin"]: "DIN"}
    for button, pin in profile["buttons"].items():
        pins[pin] = button
    if profile.get("piezo_pin"):
        pins[profile["piezo_pin"]] = "PIEZO"
    return pins


def gp_labels(drawing):
    return [t for t in drawing.pin_labels if t.startswith("GP")]


@pytest.mark.parametrize("name", DRAWN)
def test_every_profile_pin_is_labelled_once_with_its_physical_pin(name):
    profile = boards.load_profile(name)
    labels = gp_labels(wiring.layout(profile))
    want = profile_pins(profile)
    assert sorted(labels) == sorted(labels_for(want))
    assert len(labels) == len(set(labels)) == len(want)
    # And the power the parts take: one 3V3, one VBUS, a GND per part group.
    others = [t for t in wiring.layout(profile).pin_labels if not t.startswith("GP")]
    assert "3V3(OUT) pin 36" in others and "VBUS pin 40" in others
    assert all(re.fullmatch(r"GND pin (3|8|13|18|23|28|38)", t)
               for t in others if t.startswith("GND"))


def labels_for(pins):
    # Written out from the Pico datasheet, not from wiring.PICO_PINS.
    physical = {"GP%d" % gp: n for gp, n in (
        (0, 1), (1, 2), (2, 4), (3, 5), (4, 6), (5, 7), (6, 9), (7, 10), (8, 11),
        (9, 12), (10, 14), (11, 15), (12, 16), (13, 17), (14, 19), (15, 20),
        (16, 21), (17, 22), (18, 24), (19, 25), (20, 26), (21, 27), (22, 29),
        (26, 31), (27, 32), (28, 34))}
    return ["%s pin %d" % (pin, physical[pin]) for pin in pins]


def test_a_changed_pin_changes_the_picture():
    ref = boards.load_profile("pico_ref")
    moved = dict(ref, buttons=dict(ref["buttons"], A="GP21"), pixel_pin="GP18",
                 name="moved")
    boards.validate(moved)
    labels = gp_labels(wiring.layout(moved))
    assert "GP21 pin 27" in labels and "GP18 pin 24" in labels
    assert "GP14 pin 19" not in labels and "GP16 pin 21" not in labels
    assert sorted(labels) == sorted(labels_for(profile_pins(moved)))
    assert wiring.render(wiring.layout(moved)) != wiring.png_for("pico_ref")


def test_the_oled_address_is_drawn_from_the_profile():
    ref = boards.load_profile("pico_ref")
    texts = [op[3] for op in wiring.layout(dict(ref, oled_address=0x3D)).ops
             if op[0] == "text"]
    assert "address 0x3D" in texts and "address 0x3C" not in texts


def test_a_board_without_a_pin_map_is_refused():
    with pytest.raises(wiring.WiringError, match="feather_rp2040.*no pin map"):
        wiring.layout(boards.load_profile("feather_rp2040"))
    bad = dict(boards.load_profile("pico_ref"), pixel_pin="GP99")
    with pytest.raises(wiring.WiringError, match="'GP99', not a pin"):
        wiring.layout(bad)
    assert set(wiring.drawable()) == set(DRAWN)


def png_pixels(data):
    """(width, height, rows of RGB bytes) of an RGB PNG without filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat = data.index(b"IDAT")
    size = struct.unpack(">I", data[idat - 4:idat])[0]
    raw = zlib.decompress(data[idat + 4:idat + 4 + size])
    stride = width * 3 + 1
    return width, height, [raw[y * stride + 1:(y + 1) * stride] for y in range(height)]


def test_the_png_decodes_and_shows_the_wires():
    data = wiring.png_for("pico_ref")
    width, height, rows = png_pixels(data)
    assert (width, height) == (wiring.WIDTH, wiring.row_y(19) + 190)
    # The SDA wire's colour runs level with GP4's pad (physical pin 6).
    y = wiring.row_y(5)
    sda = bytes(wiring.WIRE["SDA"])
    row = rows[y]
    xs = [x for x in range(width) if row[3 * x:3 * x + 3] == sda]
    assert len(xs) > 150


@pytest.mark.parametrize("name", DRAWN)
def test_the_committed_picture_is_a_fresh_render(name):
    path = ROOT / "docs" / ("wiring-%s.png" % name)
    assert path.read_bytes() == wiring.png_for(name), (
        "%s is out of date: run python tools/wiring.py" % path.name)


def test_the_command_line_checks_and_refuses(tmp_path):
    run = [sys.executable, str(ROOT / "tools" / "wiring.py")]
    ok = subprocess.run(run + ["--check"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    out = tmp_path / "w.png"
    made = subprocess.run(run + ["--out", str(out), "pico_ref"], capture_output=True,
                          text=True, timeout=60)
    assert made.returncode == 0 and out.read_bytes() == wiring.png_for("pico_ref")
    out.write_bytes(b"stale")
    stale = subprocess.run(run + ["--check", "--out", str(out), "pico_ref"],
                           capture_output=True, text=True, timeout=60)
    assert stale.returncode == 1 and "out of date" in stale.stderr
    refused = subprocess.run(run + ["feather_rp2040"], capture_output=True, text=True,
                             timeout=60)
    assert refused.returncode == 2 and "no pin map" in refused.stderr
