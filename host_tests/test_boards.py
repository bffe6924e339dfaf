"""boards/: every profile validates, its pins exist on the boards it names,
and load_profile's errors name the bad key."""

import copy
import re
import sysconfig
from pathlib import Path

import pytest

import mpvm

ROOT = Path(__file__).resolve().parent.parent

import sys  # noqa: E402
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import boards  # noqa: E402
from boards import ProfileError, load_profile, validate  # noqa: E402

NAMES = boards.available()
STUB_BOARDS = Path(sysconfig.get_paths()["purelib"]) / "board_definitions"


def board_pins(board_id):
    """Pin names of one CircuitPython board, from circuitpython-stubs."""
    text = (STUB_BOARDS / board_id / "__init__.pyi").read_text()
    return set(re.findall(r"^(\w+): microcontroller\.Pin", text, re.M))


def profile_pins(profile):
    return [profile["i2c_scl"], profile["i2c_sda"], profile["pixel_pin"]] + \
        [profile[k] for k in ("piezo_pin", "vsys_pin", "vbus_pin")
         if k in profile] + list(profile["buttons"].values())


def test_the_builds_are_there():
    assert {"pico_ref", "pico_pad", "feather_rp2040"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_profile_validates(name):
    profile = load_profile(name)
    assert profile["name"] == name
    assert profile["width"] == 128 and profile["height"] == 64
    assert boards.button_names(profile)[:6] == boards.REQUIRED_BUTTONS


@pytest.mark.parametrize("name", NAMES)
def test_profile_pins_exist_on_its_boards(name):
    profile = load_profile(name)
    assert profile.get("board_ids"), "name the CircuitPython board_ids"
    for board_id in profile["board_ids"]:
        pins = board_pins(board_id)
        missing = [p for p in profile_pins(profile) if p not in pins]
        assert not missing, "%s: %s has no %s" % (name, board_id, missing)


def test_reference_build():
    p = load_profile("pico_ref")
    assert (p["i2c_sda"], p["i2c_scl"]) == ("GP4", "GP5")  # I2C0
    assert p["i2c_frequency"] == 400_000 and p["oled_address"] == 0x3C
    assert (p["pixel_pin"], p["pixel_count"], p["pixel_order"]) == ("GP16", 12, "GRB")
    assert sorted(p["buttons"].values()) == ["GP1%d" % i for i in range(6)]
    assert p["rotation"] == 0 and 0 < p["brightness"] <= 0.3


def test_readme_wiring_matches_reference_profile():
    readme = (ROOT / "boards" / "README.md").read_text()
    p = load_profile("pico_ref")
    for button, pin in p["buttons"].items():
        assert re.search(r"\|\s*%s\s*\|.*\b%s\b" % (pin, button), readme), (pin, button)
    for pin in (p["i2c_sda"], p["i2c_scl"], p["pixel_pin"]):
        assert re.search(r"\|\s*%s\s*\|" % pin, readme), pin


def test_extra_buttons_in_canonical_order():
    assert boards.button_names(load_profile("pico_pad")) == (
        "UP", "DOWN", "LEFT", "RIGHT", "A", "B", "ROLL", "ADD", "SUB", "MUL", "DIV")


def broken(**changes):
    p = copy.deepcopy(load_profile("pico_ref"))
    for key, value in changes.items():
        if value is KeyError:
            del p[key]
        else:
            p[key] = value
    return p


@pytest.mark.parametrize("changes, words", [
    ({"i2c_scl": KeyError}, ["'i2c_scl'", "missing"]),
    ({"i2c_frequency": "fast"}, ["'i2c_frequency'", "wrong type"]),
    ({"i2c_frequency": 5_000_000}, ["'i2c_frequency'"]),
    ({"pixel_count": True}, ["'pixel_count'", "wrong type"]),
    ({"rotation": 90}, ["'rotation'", "0 or 180"]),
    ({"width": 64}, ["'width'"]),
    ({"oled_address": 0x100}, ["'oled_address'"]),
    ({"pixel_order": "BGR"}, ["'pixel_order'"]),
    ({"brightness": 1.5}, ["'brightness'"]),
    ({"i2c_sdl": "GP4"}, ["'i2c_sdl'", "typo"]),
    ({"pixel_pin": "GP4"}, ["'pixel_pin'", "GP4", "i2c_sda"]),
    ({"board_ids": ("raspberry_pi_pico", 3)}, ["'board_ids'"]),
])
def test_bad_profile_errors_name_the_key(changes, words):
    with pytest.raises(ProfileError) as info:
        validate(broken(**changes), "x")
    message = str(info.value)
    assert "pico_ref" in message
    for word in words:
        assert word in message


@pytest.mark.parametrize("buttons, words", [
    ({"UP": "GP10", "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13", "A": "GP14"},
     ["'B'"]),
    ({"UP": "GP10", "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13", "A": "GP14",
      "B": "GP15", "START": "GP17"}, ["'START'"]),
    ({"UP": "GP10", "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13", "A": "GP14",
      "B": "GP14"}, ["'B'", "GP14", "'A'"]),
    ({"UP": "GP10", "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13", "A": "GP14",
      "B": 15}, ["'B'", "pin name"]),
])
def test_bad_buttons_name_the_button(buttons, words):
    with pytest.raises(ProfileError) as info:
        validate(broken(buttons=buttons))
    for word in ["'buttons'"] + words:
        assert word in str(info.value)


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(ProfileError) as info:
        load_profile("pico_nope")
    assert "pico_nope" in str(info.value) and "pico_ref" in str(info.value)
    with pytest.raises(ProfileError):
        load_profile("../code")
    assert isinstance(ProfileError("x"), ValueError)


def test_profiles_load_on_micropython():
    # The package runs on the board: no CPython-only syntax or modules.
    out = mpvm.run_unix(
        "import boards\n"
        "for n in ('pico_ref', 'pico_pad', 'feather_rp2040'):\n"
        "    p = boards.load_profile(n)\n"
        "    print(n, p['pixel_count'], ' '.join(boards.button_names(p)))\n"
        "try:\n"
        "    boards.load_profile('nope')\n"
        "except ValueError as e:\n"
        "    print('error', 'nope' in str(e))\n",
        path=str(ROOT))
    assert out.splitlines() == [
        "pico_ref 12 UP DOWN LEFT RIGHT A B",
        "pico_pad 12 UP DOWN LEFT RIGHT A B ROLL ADD SUB MUL DIV",
        "feather_rp2040 12 UP DOWN LEFT RIGHT A B",
        "error True",
    ]
