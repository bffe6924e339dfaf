"""The firmware's main loop survives a MemoryError (issue 7, part 4): the
error screen, the heap collected, then the main menu again with the saved
game intact, without restarting the board."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))


def _firmware_runner():
    # Under another name: firmware/ stays off the module names of later
    # tests (see test_firmware.load_firmware).
    spec = importlib.util.spec_from_file_location(
        "primeplay_runner_recovery", ROOT / "firmware" / "runner.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


firmware = _firmware_runner()
from savestore import NvmStorage  # noqa: E402

from primeplay.app import App  # noqa: E402
from primeplay.climb.ui.play import ClimbPlay  # noqa: E402
from primeplay.climb import bot as bot_module  # noqa: E402

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")


class Clock:
    def __init__(self, now=1000):
        self.now = now

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += max(1, int(seconds * 1000))


class Device:
    """Shows scenes; presses A at the times in ``a_at`` (ms)."""

    def __init__(self, clock, a_at=()):
        self.clock = clock
        self.a_at = sorted(a_at)
        self.shown = []

    def poll(self):
        if self.a_at and self.clock.now >= self.a_at[0]:
            self.a_at.pop(0)
            return ["A"]
        return []

    def show(self, scene):
        self.shown.append(scene)


def frame(app, now):
    app.tick(now)
    return app.scene()


def a_game_at_the_computers_turn(storage):
    """A two-seat game (you and the computer), your first turn played and
    saved; the computer is about to decide."""
    app = App(storage=storage, seed=3, pixels=12, buttons=BUTTONS)
    now = 0
    for key in ("A", "A"):  # setup, Start (where it opens)
        app.press(key)
        now += 50
        frame(app, now)
    frame(app, now + 50)  # the Loading frame's job: the game
    scr = app.screen
    assert isinstance(scr, ClimbPlay) and not scr.is_bot()
    while not scr.is_bot():
        app.press("A")  # roll, every first option, end the turn, read the news
        for _ in range(20):  # let the dice roll and the save reach storage
            now += 50
            frame(app, now)
    assert storage.read(), "the finished turn was saved"
    return app, now


def test_a_memory_error_in_a_decision_leads_back_to_the_menu_with_the_save(monkeypatch):
    storage = NvmStorage(bytearray(b"\xff" * 4096))
    app, now = a_game_at_the_computers_turn(storage)
    saved = bytes(storage.read())

    def no_room(self, state):
        raise MemoryError("memory allocation failed, allocating 1632 bytes")
    monkeypatch.setattr(bot_module.Bot, "choose", no_room)

    clock = Clock(now)
    device = Device(clock, a_at=[now + 3000])
    made = []

    def make_app():
        made.append(App(storage=storage, seed=4, pixels=12, buttons=BUTTONS))
        return made[-1]

    restarts = []
    firmware.run(device, app, clock, clock.sleep, lambda: restarts.append(clock.now),
                 pixels=12, frames=400, make_app=make_app)

    assert restarts == []  # survived: no board restart
    texts = [s.texts() for s in device.shown]
    error = [t for t in texts if t and t[0] == "MemoryError:"]
    assert error and error[0][-1] == "A: menu"
    assert device.shown[texts.index(error[0])].leds == [firmware.RED] * 12
    # After A: a new app, at the main menu, offering the saved game.
    assert len(made) == 1
    assert texts[-1][0] == "Continue Prime Climb"
    assert bytes(storage.read()) == saved


class Greedy:
    """An app whose every tick runs out of memory."""

    def press(self, name):
        pass

    def tick(self, ms):
        raise MemoryError()

    def scene(self):
        raise AssertionError("never drawn")


def test_a_memory_error_without_a_way_back_restarts_as_before():
    clock = Clock()
    device = Device(clock, a_at=[clock.now + 2000])

    restarts = []
    firmware.run(device, Greedy(), clock, clock.sleep, lambda: restarts.append(clock.now),
                 pixels=12, frames=10)
    assert len(restarts) == 1
    assert device.shown[-1].texts()[-1] == "A: restart"


def test_a_memory_error_while_starting_again_restarts_the_board():
    clock = Clock()
    device = Device(clock, a_at=[clock.now + 2000, clock.now + 5000])

    def make_app():
        raise MemoryError("still no room")

    restarts = []
    firmware.run(device, Greedy(), clock, clock.sleep, lambda: restarts.append(clock.now),
                 pixels=12, frames=10, make_app=make_app)
    assert len(restarts) == 1
    assert [s.texts()[-1] for s in device.shown] == ["A: menu", "A: restart"]
