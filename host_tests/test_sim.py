"""The simulator's parts: the SSD1306 decoder on its own (hand-made command
streams), the device adapter on fakes, the Sim driver and the headless CLI."""

import os
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import fake_ssd1306 as fk  # noqa: E402
import sim  # noqa: E402
from primeplay.app.scene import Scene  # noqa: E402
import render  # noqa: E402

INIT = bytes([0xAE, 0x20, 0x00, 0x81, 0xCF, 0xA1, 0xA6, 0xC8, 0xA8, 0x3F,
              0xD5, 0x80, 0xD9, 0xF1, 0xDA, 0x12, 0xDB, 0x40, 0x8D, 0x14, 0xAF])


def bus_with(*chunks):
    bus = fk.FakeI2C()
    assert bus.try_lock()
    for chunk in chunks:
        bus.writeto(0x3C, bytes(chunk))
    bus.unlock()
    return bus


def cmds(*b):
    return bytes([0x00]) + bytes(b)


def data(*b):
    return bytes([0x40]) + bytes(b)


def lit(bus):
    return {(x, y) for y, row in enumerate(bus.pixels()) for x, p in enumerate(row) if p}


# -- the decoder ----------------------------------------------------------------
def test_power_on_panel_is_dark_until_initialised():
    bus = bus_with(data(0xFF, 0xFF))
    assert bus.panel.ram[0] == 0xFF and not lit(bus)  # display off, no pump
    bus = bus_with(data(0xFF), cmds(0xAF))
    assert not lit(bus)  # charge pump still off
    bus = bus_with(cmds(*INIT), cmds(0x21, 0, 127, 0x22, 0, 7), data(0x01))
    assert lit(bus) == {(0, 0)}


def test_control_bytes_continuation_and_streams():
    # Co=1 pairs (as Blinka sends commands), args split across pairs and
    # across transactions, then a Co=1 data byte and a Co=0 data stream
    bus = fk.FakeI2C()
    bus.try_lock()
    bus.writeto(0x3C, bytes([0x80, 0x8D, 0x80, 0x14, 0x80, 0xAF, 0x80, 0x21]))
    bus.writeto(0x3C, bytes([0x80, 0x05, 0x80, 0x06]))  # 0x21 args: 5..6
    bus.writeto(0x3C, bytes([0xC0, 0x80, 0x80, 0x20, 0x80, 0x00, 0x40, 0x01, 0x02]))
    panel = bus.panel
    assert panel.col_start == 5 and panel.col_end == 6
    assert panel.ram[5] == 0x80  # the Co=1 data byte
    # 0x20 0x00 switched to horizontal mode: 0x01 -> col 6, 0x02 wraps to
    # col 5 of the next page
    assert panel.ram[6] == 0x01 and panel.ram[128 + 5] == 0x02
    assert panel.data_bytes == 3 and panel.unknown == []


def test_horizontal_addressing_wraps_in_the_window():
    bus = bus_with(cmds(*INIT), cmds(0x21, 10, 12, 0x22, 2, 3),
                   data(*range(1, 7)))
    ram = bus.panel.ram
    assert [ram[2 * 128 + c] for c in (10, 11, 12)] == [1, 2, 3]
    assert [ram[3 * 128 + c] for c in (10, 11, 12)] == [4, 5, 6]
    assert ram[2 * 128 + 13] == 0 and ram[4 * 128 + 10] == 0
    # a 7th byte wraps to the window's start
    bus.try_lock()
    bus.writeto(0x3C, data(7))
    assert ram[2 * 128 + 10] == 7


def test_vertical_addressing():
    bus = bus_with(cmds(*INIT), cmds(0x20, 0x01, 0x21, 0, 1, 0x22, 0, 2),
                   data(1, 2, 3, 4, 5, 6))
    ram = bus.panel.ram
    assert [ram[p * 128] for p in range(3)] == [1, 2, 3]
    assert [ram[p * 128 + 1] for p in range(3)] == [4, 5, 6]


def test_page_addressing_with_nibble_commands():
    bus = bus_with(cmds(*INIT), cmds(0x20, 0x02, 0xB3, 0x0A, 0x17),
                   data(0xAA, 0xBB))
    ram = bus.panel.ram
    assert ram[3 * 128 + 0x7A] == 0xAA and ram[3 * 128 + 0x7B] == 0xBB
    # the column wraps at 127 and the page stays
    bus = bus_with(cmds(*INIT), cmds(0x20, 0x02, 0xB1, 0x0F, 0x17), data(1, 2))
    assert bus.panel.ram[128 + 127] == 1 and bus.panel.ram[128 + 0] == 2


def test_glass_mapping_remap_scan_invert_and_friends():
    base = (cmds(*INIT), cmds(0x21, 0, 127, 0x22, 0, 7), data(0x01))
    assert lit(bus_with(*base)) == {(0, 0)}
    assert lit(bus_with(*base, cmds(0xA0))) == {(127, 0)}  # no segment remap
    assert lit(bus_with(*base, cmds(0xC0))) == {(0, 63)}  # COM scan flipped
    assert lit(bus_with(*base, cmds(0x41))) == {(0, 63)}  # start line 1
    assert lit(bus_with(*base, cmds(0xD3, 0x3F))) == {(0, 1)}  # offset 63
    inverted = lit(bus_with(*base, cmds(0xA7)))
    assert len(inverted) == 128 * 64 - 1 and (0, 0) not in inverted
    assert len(lit(bus_with(*base, cmds(0xA5)))) == 128 * 64  # entire on
    assert lit(bus_with(*base, cmds(0xA5, 0xA4))) == {(0, 0)}
    assert not lit(bus_with(*base, cmds(0xAE)))  # display off
    assert not lit(bus_with(*base, cmds(0x8D, 0x10)))  # charge pump off
    # multiplex 32: rows 32.. stay dark
    bus = bus_with(cmds(*INIT), cmds(0x21, 0, 0, 0x22, 4, 4), data(0xFF),
                   cmds(0xA8, 0x1F))
    assert not lit(bus)
    p = bus_with(*base, cmds(0x81, 0x10, 0xD5, 0xF0, 0xDA, 0x02)).panel
    assert (p.contrast, p.clock, p.com_pins) == (0x10, 0xF0, 0x02)


def test_unknown_commands_are_recorded():
    bus = bus_with(cmds(0xE3, 0xFC, 0x2F, 0x2E, 0x26, 0, 0, 0, 0, 0, 0xFF))
    assert bus.panel.unknown == [0xFC]
    assert not bus.panel.scrolling


def test_counters_lock_and_address():
    bus = fk.FakeI2C(address=0x3D)
    with pytest.raises(RuntimeError):
        bus.writeto(0x3D, b"\x00\xaf")  # not locked
    assert bus.try_lock() and not bus.try_lock()
    with pytest.raises(OSError):
        bus.writeto(0x3C, b"\x00\xaf")
    bus.writeto(0x3D, b"\x00\xaf\xa6")
    bus.writeto(0x3D, bytearray(b"xx\x40\x01\x02yy"), start=2, end=5)
    assert (bus.bytes, bus.writes, bus.wire_bytes()) == (6, 2, 8)
    bus.reset_counters()
    bus.writeto(0x3D, b"\x40\x00")
    assert (bus.bytes, bus.bytes_total, bus.writes_total) == (2, 8, 3)
    assert bus.scan() == [0x3D]
    bus.unlock()
    bus.deinit()
    assert bus.deinited
    assert bus.frame_text().count("\n") == 64


# -- device adapter on fakes -------------------------------------------------------
PROFILE = {"name": "t", "width": 128, "height": 64, "rotation": 0,
           "oled_address": 0x3C, "pixel_count": 4,
           "buttons": {"B": "P5", "DIV": "P9", "A": "P4", "UP": "P0",
                       "DOWN": "P1", "LEFT": "P2", "RIGHT": "P3"}}


@pytest.fixture(scope="module")
def dev():
    import device  # pylint: disable=import-outside-toplevel
    keys = sim.FakeKeys(7)
    pixels = sim.FakePixels(4)
    d = device.Device(PROFILE, i2c=fk.FakeI2C(), pixels=pixels, keys=keys)
    yield d
    d.deinit()


def test_button_order_is_canonical(dev):
    assert dev.button_names == ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "DIV")


def test_poll_maps_key_events_to_names(dev):
    assert dev.poll() == []
    dev.keys.tap(4)
    dev.keys.tap(6)
    dev.keys.events._events.append(sim.FakeEvent(0, True))  # held, no release yet
    assert dev.poll() == ["A", "DIV", "UP"]
    dev.keys.events._events.append(sim.FakeEvent(0, False))
    assert dev.poll() == []


def test_show_writes_led_colours(dev):
    pixels = dev.pixels
    dev.show(Scene([("text", 0, 0, "hi", 1, 1)], [(255, 0, 0), [0, 255, 0]]))
    assert pixels.shown == [(255, 0, 0), (0, 255, 0), (0, 0, 0), (0, 0, 0)]
    shows = pixels.shows
    dev.show(Scene([("text", 0, 0, "ho", 1, 1)], [(255, 0, 0), (0, 255, 0)]))
    assert pixels.shows == shows  # nothing changed on the ring
    dev.show(Scene([], [(1, 2, 3)] * 9))  # extra colours are ignored
    assert pixels.shown == [(1, 2, 3)] * 4 and pixels.shows == shows + 1


def test_device_builds_hardware_from_the_profile(monkeypatch):
    """Without injected parts, Device asks board/busio/neopixel/keypad for
    them by the profile's pin names."""
    made = {}
    board = types.ModuleType("board")
    for pin in ("GP4", "GP5", "GP16", "GP10", "GP11", "GP12", "GP13", "GP14", "GP15"):
        setattr(board, pin, "pin:" + pin)
    busio = types.ModuleType("busio")

    def i2c(scl, sda, frequency):
        made["i2c"] = (scl, sda, frequency)
        return fk.FakeI2C(address=0x3D)
    busio.I2C = i2c
    neopixel = types.ModuleType("neopixel")

    def neo(pin, n, brightness, auto_write, pixel_order):
        made["pixels"] = (pin, n, brightness, auto_write, pixel_order)
        return sim.FakePixels(n)
    neopixel.NeoPixel = neo
    keypad = types.ModuleType("keypad")

    def keys(pins, value_when_pressed, pull, interval):
        made["keys"] = (pins, value_when_pressed, pull, interval)
        return sim.FakeKeys(len(pins))
    keypad.Keys = keys
    for mod in (board, busio, neopixel, keypad):
        monkeypatch.setitem(sys.modules, mod.__name__, mod)
    import device  # pylint: disable=import-outside-toplevel
    profile = {"i2c_scl": "GP5", "i2c_sda": "GP4", "i2c_frequency": 100000,
               "oled_address": 0x3D, "width": 128, "height": 64,
               "rotation": 180, "pixel_pin": "GP16", "pixel_count": 12,
               "pixel_order": "GRBW", "brightness": 0.3,
               "buttons": {"A": "GP14", "B": "GP15", "UP": "GP10",
                           "DOWN": "GP11", "LEFT": "GP12", "RIGHT": "GP13"}}
    d = device.Device(profile)
    assert made["i2c"] == ("pin:GP5", "pin:GP4", 100000)
    assert made["pixels"] == ("pin:GP16", 12, 0.3, False, "GRBW")
    assert made["keys"] == (("pin:GP10", "pin:GP11", "pin:GP12", "pin:GP13",
                             "pin:GP14", "pin:GP15"), False, True, device.KEY_SCAN_S)
    # The module is mounted upside down: the controller scans the other
    # way (segment remap A0h, COM scan C0h).
    panel = d.i2c.panel
    assert panel.display_on and not panel.segment_remap and not panel.com_remap
    d.deinit()


# -- the Sim driver ---------------------------------------------------------------
class StandIn:
    """The App's interface, minimal: counts presses, shows time."""

    def __init__(self):
        self.presses = []
        self.now = 0

    def press(self, name):
        self.presses.append(name)

    def tick(self, now_ms):
        self.now = now_ms

    def scene(self):
        s = Scene()
        s.text(0, 0, "presses %d" % len(self.presses), 1, 1)
        s.text(0, 20, "t=%d" % (self.now // 1000), 2, 1)
        s.leds = [(0, 0, 255)] * 12
        return s


def test_sim_drives_an_app_through_the_fakes():
    app = StandIn()
    s = sim.Sim(app=app, board="pico_ref")
    assert s.i2c_bytes_last_frame == render.FULL_FRAME_BYTES  # first frame: whole
    s.press("a")
    assert app.presses == ["A"]
    assert 0 < s.i2c_bytes_last_frame < 200
    with pytest.raises(ValueError):
        s.press("ROLL")  # pico_ref has no ROLL button
    frames = s.frames
    s.advance(500)
    assert s.frames == frames and s.now == 500  # nothing changed on screen
    s.advance(600)
    assert s.frames == frames + 1 and app.now == 1100
    assert s.leds == [(0, 0, 255)] * 12
    rows = s.frame()
    assert len(rows) == 64 and all(len(r) == 128 for r in rows)
    assert "#" in rows[2] and set(rows[63]) == {"."}
    assert s.frame_text() == "\n".join(rows) + "\n"


def test_sim_shows_rotated_boards_upright():
    a = sim.Sim(app=StandIn(), board="pico_ref")  # rotation 0
    b = sim.Sim(app=StandIn(), board="pico_pad")  # rotation 180
    assert b.rotation == 180 and a.frame() == b.frame()
    assert a.i2c.pixels() != b.i2c.pixels()


def test_parse_keys():
    assert sim.parse_keys("A, right,WAIT:250,wait,+,ROLL") == [
        ("A",), ("RIGHT",), ("WAIT", 250), ("WAIT", sim.MS_PER_KEY),
        ("ADD",), ("ROLL",)]


def test_frame_bytes_for_bench():
    out = sim.frame_bytes("DOWN,RIGHT,A,WAIT:700", app=sim.DemoApp())
    assert out["full"] == render.FULL_FRAME_BYTES
    assert out["frames"] == len(out["per_frame"]) >= 3
    assert 0 < out["mean"] < out["full"] and out["init"] > 0


def test_terminal_view():
    s = sim.Sim(app=sim.DemoApp(), board="pico_pad")
    lines = sim.terminal_lines(s, colour=False)
    assert len(lines) == 32 + 2 + 3
    body = lines[1:33]
    assert all(len(line) == 130 for line in body)
    for y in range(32):
        for x in (0, 5, 77, 127):
            top, bottom = s.panel()[2 * y][x], s.panel()[2 * y + 1][x]
            want = {(True, True): "\u2588", (True, False): "\u2580",
                    (False, True): "\u2584", (False, False): " "}[(top, bottom)]
            assert body[y][1 + x] == want
    assert "##" in lines[34]


def _decode(view, body):
    """Pixels back from a terminal view's characters."""
    rows = [[False] * 128 for _ in range(64)]
    cw, ch = {"quarter": (2, 2), "braille": (2, 4)}[view]
    for cy, line in enumerate(body):
        for cx, c in enumerate(line):
            for dy in range(ch):
                for dx in range(cw):
                    if view == "quarter":
                        bit = (1, 2, 4, 8)[dy * 2 + dx]
                        on = bool(sim.QUARTERS.index(c) & bit)
                    else:
                        bits = 0 if c == " " else ord(c) - 0x2800
                        on = bool(bits & sim.BRAILLE[(dx, dy)])
                    rows[cy * ch + dy][cx * cw + dx] = on
    return rows


@pytest.mark.parametrize("size,view", [((80, 24), "braille"),
                                       ((100, 40), "quarter"),
                                       ((66, 21), "braille"),
                                       ((130, 37), "half")])
def test_terminal_view_fits_the_terminal_and_keeps_every_pixel(size, view):
    # 130x37 wrapped into garbage in an 80x24 terminal: the view now fits
    # the size it is given, and loses no pixel doing so.
    s = sim.Sim(seed=3)
    s.run_keys("DOWN,DOWN,DOWN,A,RIGHT,UP")          # the explorer: busy
    lines = sim.terminal_lines(s, colour=False, size=size)
    assert len(lines) <= size[1]
    assert all(len(line) <= size[0] for line in lines)
    assert sim.pick_view(*size) == view
    body = [line[1:-1] for line in lines[1:-4]]
    assert len(body) == 64 // {"half": 2, "quarter": 2, "braille": 4}[view]
    if view != "half":
        want = [[bool(p) for p in row] for row in s.panel()]
        assert _decode(view, body) == want


def test_a_too_small_terminal_is_told_the_size_it_needs():
    s = sim.Sim(seed=3)
    lines = sim.terminal_lines(s, colour=False, size=(60, 20))
    text = " ".join(lines)
    assert "60x20" in text and "66x21" in text and "130x37" in text
    assert all(len(line) <= 60 for line in lines) and len(lines) <= 20


def test_default_board_is_the_reference_build():
    # The device's default (settings.toml) is pico_ref: six buttons.
    s = sim.Sim(seed=1)
    assert s.profile["name"] == "pico_ref"
    assert s.buttons == ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")


@pytest.mark.parametrize("board", ["pico_ref", "pico_pad"])
def test_help_lists_only_the_boards_buttons(board):
    s = sim.Sim(seed=1, board=board)
    for line in (sim.terminal_lines(s, colour=False)[-1],
                 sim.terminal_lines(s, colour=False, size=(80, 24))[-1],
                 sim.help_text(s.buttons, wide=True)):
        assert "z/Enter: A" in line and "x/Esc: B" in line and "q: quit" in line
        assert ("ROLL" in line) == ("ROLL" in s.buttons)
        assert ("+ - * /: ops" in line) == ("ADD" in s.buttons)


def test_q_asks_before_quitting():
    q = sim.QuitQuestion()
    assert q.answer(False) is None          # an ordinary key
    assert q.answer(True) == "ask" and q.asked
    assert q.answer(False) == "no" and not q.asked
    assert q.answer(True) == "ask"
    assert q.answer(True) == "quit"


def test_the_question_says_whether_the_game_is_saved():
    s = sim.Sim(seed=3)
    assert "saved" not in sim.quit_question(s)
    s.run_keys("A,A,A,WAIT:800,A,A,A,A,A,A")          # a Prime Climb turn
    assert s.app.saves.get("climb") is not None
    assert "saved as of its last turn" in sim.quit_question(s)
    lines = sim.terminal_lines(s, colour=False, size=(80, 24),
                               question=sim.quit_question(s))
    assert lines[-2].strip().startswith("Quit? q: yes")


def test_terminal_keys_name_quit_and_ctrl_c():
    assert sim._terminal_names("zq\x1b[Bx\x03", None, None) == [
        "A", "QUIT", "DOWN", "B", "INTERRUPT"]


def test_demo_lists_only_games_that_exist():
    from primeplay.app.games import GAMES
    demo = sim.DemoApp()
    texts = demo.scene().texts()
    names = [e[1] for e in GAMES]
    listed = [t for t in texts if t not in ("primeplay demo", "A: roll")
              and not t.isdigit()]
    assert listed and all(t in names for t in listed)


def _png_size(path):
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def _run_cli(tmp_path, *args):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, str(ROOT / "tools" / "sim.py"),
                           "--headless", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


def test_headless_cli_writes_png_and_frame(tmp_path):
    png, txt = tmp_path / "out.png", tmp_path / "out.txt"
    run = _run_cli(tmp_path, "--demo", "--board", "pico_pad", "--seed", "5",
                   "--keys", "DOWN,ROLL,WAIT:100,ADD", "--screenshot", str(png),
                   "--frame", str(txt))
    assert run.returncode == 0, run.stderr
    assert "I2C bytes" in run.stdout
    assert _png_size(png) == (sim.Face.W, sim.Face.H)
    rows = txt.read_text().splitlines()
    assert len(rows) == 64 and all(len(r) == 128 and set(r) <= {"#", "."} for r in rows)
    # the same run in-process draws the same frame
    s = sim.Sim(seed=5, app=sim.DemoApp(seed=5), board="pico_pad")
    s.run_keys("DOWN,ROLL,WAIT:100,ADD")
    assert s.frame() == rows


def test_headless_cli_rejects_a_missing_button(tmp_path):
    # The default board is pico_ref: no ROLL.
    run = _run_cli(tmp_path, "--demo", "--keys", "ROLL")
    assert run.returncode == 2 and "no ROLL button on pico_ref" in run.stderr


def test_headless_cli_runs_the_app(tmp_path):
    png = tmp_path / "app.png"
    save = ROOT / ".sim-save.bin"
    existed = save.exists()
    run = _run_cli(tmp_path, "--seed", "1", "--keys", "A,DOWN,A,WAIT:1000",
                   "--screenshot", str(png))
    assert run.returncode == 0, run.stderr
    assert _png_size(png) == (sim.Face.W, sim.Face.H)
    assert save.exists() == existed  # headless runs keep saves in memory


def test_window_loop_takes_keys_and_clicks_and_quits(monkeypatch):
    # The pygame window on SDL's dummy video driver: keys and a mouse click
    # on a drawn button reach the app; Q asks, a key other than Q takes
    # the question back (and is no press), Q then Q quits.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame
    app = StandIn()
    s = sim.Sim(app=app, board="pico_ref")
    pygame.display.init()
    face = sim.Face(s.buttons)
    a_button = next((x, y) for x in range(0, face.W, 4)
                    for y in range(0, face.H, 4) if face.button_at((x, y)) == "A")
    q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, unicode="q")
    for ev in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode=""),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=a_button),
               q, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, unicode=""),
               pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, unicode=""),
               q, q):
        pygame.event.post(ev)
    sim.run_window(s)
    assert app.presses == ["DOWN", "A", "UP"]


def test_terminal_session_in_80x24_asks_before_q_quits(tmp_path):
    # The whole terminal front end on a pseudo-terminal of 80x24: the
    # panel is drawn within it, q asks, q again quits.
    import fcntl
    import pty
    import select
    import termios
    import time
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "sim.py"),
                             "--terminal", "--seed", "3", "--save",
                             str(tmp_path / "save.bin")],
                            stdin=slave, stdout=slave, stderr=slave,
                            cwd=tmp_path, env=env, close_fds=True)
    os.close(slave)
    seen = []

    def read_for(seconds, until=None):
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until and until in "".join(seen)):
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    seen.append(os.read(master, 65536).decode("utf-8", "replace"))
                except OSError:
                    return
    try:
        read_for(15, until="q: quit")
        text = "".join(seen)
        assert "arrows: D-pad" in text and "r: ROLL" not in text
        assert any(0x2800 < ord(c) <= 0x28FF for c in text)
        os.write(master, b"q")
        read_for(5, until="Quit? q: yes")
        assert proc.poll() is None and "Quit? q: yes" in "".join(seen)
        os.write(master, b"q")
        proc.wait(timeout=5)
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
