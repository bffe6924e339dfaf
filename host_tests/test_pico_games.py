"""One heap per game on the emulated board (CircuitPython 10.3, .mpy).

From a board fresh from the UF2, as a table plays an evening: Prime
Climb, a turn, "Save and quit", Continue, "Save and quit"; then Prime
Daifugo and Ring Climb the same way, each replacing the save.  Every
start and every leave starts the VM again (App.switch), so:

- the panel after each step is the simulator's, which makes a new App
  at each switch as the board does (``sim.Sim(restarts=True)``);
- the press that leaves a game is answered within 100 ms by a frame
  saying where it goes, and the main menu follows (the cost of the
  restart, reported);
- nothing of a game stays behind: the free heap at the main menu is the
  same after every leave.

The three games in every order, twice over, are played on CircuitPython's
VM at the board's heap (test_fresh_heap.py): on the board one evening
costs minutes of emulation.
"""

import pytest

import soak

import pico
import sim

SEED = 3
# (what the step is, keys).  Each game from the main menu with P1 human
# against the default computer: a whole turn each, so the game is saved.
CLIMB = "A,A,A,A,WAIT:2000,A,A,A,WAIT:12000"
# Each game saved adds its Continue row at the top (Prime Climb's, then
# Prime Daifugo's): a new game of another game asks nothing.  P1 picks
# [3] and plays it (UP to the actions, A on Play).
DAIFUGO = "DOWN,DOWN,A,A,RIGHT,RIGHT,A,UP,A,A,WAIT:6000"
RINGS = "DOWN,DOWN,DOWN,DOWN,A,A,A,A,A,A,A,RIGHT,A,UP,A,A,A,A,A,WAIT:9000,A,A"
# Continue of the game just left: its row among the Continue rows.
CONTINUE = {"climb": "A,WAIT:1500", "daifugo": "DOWN,A,WAIT:1500",
            "rings": "DOWN,DOWN,A,WAIT:1500"}
QUIT = {"climb": "B,DOWN,A", "daifugo": "B,UP,A", "rings": "B,B,B,DOWN,A"}
# make test starts Prime Daifugo and Ring Climb and leaves them at once:
# both save as a turn starts, so the leave replaces the save all the same,
# and their turns are played on the board by test_pico_daifugo.py and
# test_pico_rings.py (a turn here was a minute of emulation each).
#
# make test plays Prime Climb between two humans (P2 set to human in the
# setup): P1's turn is saved as it ends, and Continue comes back to P2's
# roll, a still panel.  Against a computer, Continue came back to its
# pause before its roll (BOT_MS), and where that pause ended against the
# settle's windows, a restart taking the board a second and the
# simulator none, decided which panel each showed; the computer's turn
# itself (some 5 s awake on the board; test_pico.py plays one) cost 40 s
# of emulation.
if not soak.FULL:
    CLIMB = "A,DOWN,DOWN,DOWN,DOWN,LEFT,LEFT,UP,UP,UP,UP,A,A,A,WAIT:2000,A,A,A"
    CONTINUE = {"climb": "A"}
    DAIFUGO = "DOWN,DOWN,A,A"
    RINGS = "DOWN,DOWN,DOWN,DOWN,A,A"
EVENING = []
# make test continues Prime Climb only (each step is seconds of
# emulation); make soak continues every game (soak.py).
for _game, _keys in (("climb", CLIMB), ("daifugo", DAIFUGO), ("rings", RINGS)):
    EVENING += [(_game, _keys), ("quit " + _game, QUIT[_game])]
    if soak.FULL or _game == "climb":
        EVENING += [("continue " + _game, CONTINUE[_game]),
                    ("quit " + _game, QUIT[_game])]
LEAVES = len([s for s, _ in EVENING if s.startswith("quit")])

_missing = pico.missing_pieces()
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))

PLAY = {"climb": "ClimbPlay", "daifugo": "DaifugoPlay", "rings": "RingsPlay"}
# Each key settles for this long, not a key's full 600 ms (as
# test_pico_flash.py): the same panels, in less emulation.
KEY_MS = 300


def sim_evening():
    """The simulator through EVENING: (step, panel text, screen name) after
    each step's keys have settled."""
    s = sim.Sim(seed=SEED, board="pico_ref", storage=sim.MemoryStorage(),
                restarts=True)
    out = []
    for step, keys in EVENING:
        s.run_keys(keys, KEY_MS, settle=True)
        out.append((step, s.frame_text(), type(s.app.screen).__name__,
                    [k for k in s.app.saves if s.app.saves[k] is not None]))
    return out, s.reloads


def test_the_evening_plays_as_scripted_in_the_simulator():
    # The script does what it says before the board is asked to: each
    # game is in play after its keys, the main menu offers Continue after
    # each "Save and quit", and Continue goes back into the game.
    steps, reloads = sim_evening()
    for step, _text, screen, saved in steps:
        if step.startswith("quit"):
            assert screen == "MainMenu", step
            # Left with its save: the main menu offers it as Continue,
            # beside the games left before it.
            assert step.split()[-1] in saved, (step, saved)
        else:
            assert screen == PLAY[step.split()[-1]], step
    # A new VM for each start, Continue and leave.
    assert reloads == len(EVENING)


@soak.mark
def test_every_game_leaves_and_continues_on_a_fresh_heap_on_the_board():
    want, _ = sim_evening()
    leaves = []         # (game, ms to the answer, ms to the main menu)
    menus = []          # heap free at the main menu after each leave
    starts = {}         # game -> free heap at its first frame, per VM
    with pico.Pico(board="pico_ref", seed=SEED) as board:
        for (step, keys), (_, text, _, _) in zip(EVENING, want):
            tokens = list(pico.sim_tokens(keys))
            last = len(tokens) - 1
            for i, token in enumerate(tokens):
                if token[0] == "WAIT":
                    board.run(token[1])
                    continue
                if step.startswith("quit") and i == last:
                    # "Save and quit": the Loading frame, then the VM
                    # starts again and shows the main menu.
                    count = len(board.frames)
                    at = board.press(token[0])
                    answer = board.run_until_frame(2000, since=count)
                    board.settle(KEY_MS)
                    leaves.append((step.split()[-1], answer.t_ms - at,
                                   board.frames[-1].t_ms - at))
                    menus.append(board.frames[-1].free)
                    continue
                count = len(board.frames)
                board.press(token[0])
                board.settle(KEY_MS)
                if step in PLAY or step.startswith("continue"):
                    game = step.split()[-1]
                    restarted = [f for f in board.frames[count:] if f.number == 1]
                    if restarted:
                        starts.setdefault(game, []).append(restarted[0].free)
            assert board.metrics()["tracebacks"] == 0, board.console[-2000:]
            assert board.frames[-1].text() == text, "panel after %r differs" % step
    print("leaves (game, answer ms, menu ms):", leaves)
    print("free at the main menu:", menus, "at each game's first frame:", starts)
    assert len(leaves) == LEAVES
    for game, answer, menu in leaves:
        assert answer <= 100, (game, answer)
        assert menu < 3000, (game, menu)
    # Every leave lands on the same main menu heap but for the saves it
    # reads: nothing of a game stays behind (before, leaving kept ~90 KB
    # of the old game's modules).  Prime Climb's leaves (one save each
    # time) land alike; each game saved takes some (its record, and the
    # names its entry module interned for its "turn 3": 2-6.4 KB on the
    # board).  With all three saved the main menu keeps 92 KB free for the
    # judge and the explorer (93.5 KB measured, issue 22: the figure is
    # now the heap at rest, after the loop's own collection, when the
    # Dimmer and the battery reading made after the first frame are
    # there too; 99 KB right after the frame before); issue 6's 100 KB is
    # the fresh board's first frame (test_pico.py).
    assert abs(menus[0] - menus[1]) <= 1024, menus
    assert min(menus) >= 92_000, menus
