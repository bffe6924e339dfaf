"""Sound cues: the app says what to play (``App.cue``), the firmware's
piezo player (firmware/sound.py, stepped by runner.py's loop) and the
simulator say how.  The board's own square wave is checked on the
emulated board (test_pico_sound.py); here the names, the settings, the
games' moments and the loop's timing.
"""

import os
import re

import pytest

import sim
from primeplay.app import App
from primeplay.app.cues import CUES, DUTY, length_ms
from primeplay.daifugo.ui.play import cue_of as daifugo_cue
from primeplay.rings.ui.play import cue_of as rings_cue

from test_firmware import Clock, load_firmware

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
firmware_code = load_firmware("runner", "primeplay_runner")
Piezo = load_firmware("sound", "primeplay_sound").Piezo


def test_every_cue_the_code_asks_for_has_notes():
    # Each quoted word on a line that asks for a cue (``cue(...)``, or
    # picks one in a ``cue_of``/``cue = ...``) is a cue with notes.
    asked = set()
    for top, _dirs, files in os.walk(os.path.join(ROOT, "lib", "primeplay")):
        for f in files:
            if not f.endswith(".py") or f == "cues.py":
                continue
            inside = False
            for line in open(os.path.join(top, f)):
                if line.startswith("def "):
                    inside = line.startswith("def cue_of")
                code_part = line.split("#")[0]
                if "cue(" in code_part or re.search(r"\bcue = ", code_part) \
                        or inside and "return \"" in code_part:
                    # (Less the event kind a cue_of compares with, and
                    # the settings' key.)
                    asked.update(w for w in re.findall(r'"(\w+)"', code_part)
                                 if w not in ("play", "sound"))
    assert asked >= {"roll", "move", "bump", "prime", "not_prime", "turn",
                     "win"}, asked
    assert asked <= set(CUES), asked - set(CUES)
    for name, notes in CUES.items():
        assert notes and all(ms > 0 and (hz == 0 or 200 <= hz <= 5000)
                             for hz, ms in notes), name
        assert length_ms(name) <= 600, name      # a cue, not a tune


def test_a_verdict_is_told_by_its_shape_not_its_colour():
    up = [hz for hz, _ in CUES["prime"] if hz]
    down = [hz for hz, _ in CUES["not_prime"] if hz]
    assert up == sorted(up) and down == sorted(down, reverse=True)
    assert length_ms("not_prime") > length_ms("prime")


def test_the_last_cue_asked_wins_and_sound_off_takes_none():
    app = App()
    assert app.take_cue() is None
    app.cue("move")
    app.cue("bump")
    assert app.take_cue() == ("bump", 2)
    assert app.take_cue() is None
    app.prefs["sound"] = 1
    app.cue("move")
    assert app.take_cue() == ("move", 1)
    app.prefs["sound"] = 0
    app.cue("win")
    assert app.take_cue() is None


def test_the_sound_setting_is_remembered_and_a_bad_one_is_on():
    from primeplay import save
    from test_app import MemoryStorage
    st = MemoryStorage()
    app = App(st)
    app.prefs["sound"] = 1
    app.store()
    assert App(st).prefs["sound"] == 1
    save.write(st.nvm, {"prefs": {"sound": 7}})
    assert App(st).prefs["sound"] == 2


def test_the_piezo_plays_each_note_then_falls_silent():
    pwm = sim.FakePWM()
    p = Piezo(None, pwm=pwm)
    assert p.play(CUES["turn"], DUTY[2], 1000) == 50
    assert (pwm.frequency, pwm.duty_cycle) == (1760, DUTY[2])
    assert p.step(1049) == 1
    assert p.step(1050) == 40 and pwm.duty_cycle == 0     # the rest
    assert p.step(1090) == 50 and pwm.duty_cycle == DUTY[2]
    assert p.step(1140) is None and pwm.duty_cycle == 0
    assert pwm.notes == [(1760, DUTY[2]), (1760, DUTY[2])]
    # A new cue cuts the last one short.
    p.play(CUES["win"], DUTY[1], 2000)
    p.play(CUES["move"], DUTY[1], 2010)
    assert p.step(2039) == 1 and p.step(2040) is None
    assert pwm.notes[-1] == (2000, DUTY[1])


def test_the_simulator_plays_the_judges_verdict_through_the_piezo_player():
    s = sim.Sim(seed=3, board="pico_pad")
    s.run_keys("DOWN,DOWN,DOWN,DOWN,A,WAIT:500,UP,UP,UP,UP,A,WAIT:1000")
    assert [c[1:] for c in s.cues] == [("prime", 2)]
    assert s.piezo.pwm.notes == [(hz, DUTY[2]) for hz, _ in CUES["prime"] if hz]
    assert s.piezo.pwm.duty_cycle == 0          # and silent after
    # pico_ref has no piezo: the cue is still taken (and said), not played.
    r = sim.Sim(seed=3)
    r.run_keys("DOWN,DOWN,DOWN,DOWN,A,WAIT:500,UP,UP,UP,UP,A")
    assert [c[1] for c in r.cues] == ["prime"] and r.piezo is None
    assert "sound: prime" in sim.status_line(r)


def test_prime_climb_rolls_and_moves_are_heard():
    s = sim.Sim(seed=3)
    s.run_keys("A,A,A,A,WAIT:2000,A,A")
    names = [c[1] for c in s.cues]
    assert names[0] == "roll" and "move" in names


@pytest.mark.parametrize("events, cue", [
    ([("play", 0, (1,), (7,), 7)], "prime"),
    ([("not_prime", 0, (1, 2), (1, 5), 15, [3, 5]), ("draw", 0, 3)],
     "not_prime"),
    ([("play", 0, (1,), (7,), 7), ("win", 0)], "win"),
    ([("pass", 0)], "move"),
])
def test_daifugo_hears_the_tables_verdict(events, cue):
    assert daifugo_cue(events) == cue


def test_ring_climb_hears_a_bump_and_the_win():
    class S:
        phase = "play"
    assert rings_cue(S(), [("bump", 3, 1, 0)]) == "bump"
    assert rings_cue(S(), [("move",)]) == "move"
    S.phase = "over"
    assert rings_cue(S(), [("bump", 3, 1, 0)]) == "win"


def test_the_loop_wakes_for_each_note_whatever_the_frame_took():
    # A press asks for "turn" (50 ms, a 40 ms rest, 50 ms); drawing its
    # frame takes 35 ms.  Each note still changes within a poll of its
    # time, and the loop then rests (no pass a frame for nothing).
    clock = Clock()
    changes = []

    class Device:
        def __init__(self):
            self.piezo = Piezo(None, pwm=sim.FakePWM())
            self.polls = 0

        def poll(self):
            self.polls += 1
            return ["A"] if self.polls == 2 else []

        def show(self, scene):
            clock.now += 35

        def cue(self, cue, now):
            changes.append(now)
            return self.piezo.play(CUES[cue[0]], DUTY[cue[1]], now)

        def sound_step(self, now):
            left = self.piezo.step(now)
            changes.append(now)
            return left

    class A:
        def __init__(self):
            self.t = 0
            self.asked = None

        def press(self, name):
            self.asked = ("turn", 2)

        def tick(self, now):
            self.t = now

        def take_cue(self):
            c, self.asked = self.asked, None
            return c

        def scene(self):
            from primeplay.app.scene import Scene
            sc = Scene()
            sc.text(0, 0, "x" if self.asked is None else "y")
            return sc

        def next_change(self):
            return None

    d = Device()
    firmware_code.run(d, A(), clock, clock.sleep, lambda: None, frames=12)
    start = changes[0]
    steps = [t - start for t in changes[1:]]
    # The rest at 50, the second note at 90, silence at 140: each within
    # the keypad's poll (10 ms) of its time.
    for want in (50, 90, 140):
        assert any(want <= t < want + 11 for t in steps), (want, steps)
    assert d.piezo.pwm.duty_cycle == 0
