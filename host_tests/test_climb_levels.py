"""Prime Climb's computer levels: NORMAL unchanged, HARD's bump threats,
EASY's one-die-at-a-time play, and the bench commands that measure them."""

import os
import subprocess
import sys

import pytest

import mpvm
from primeplay.climb import Settings, Game
from primeplay.climb.bot import (Bot, plan_turn, NORMAL, HARD, EASY, LEVELS,
                                 THREATS_PATH, _risk)
from primeplay.climb.selfplay import play_bots, digest
from primeplay.climb.rules import MOVE, legal_moves
from primeplay.climb.track import apply_op, ADD, SUB, MUL, DIV, TOP
from climb_helpers import place, give

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        Bot(7)


def test_normal_is_the_default_computer():
    # Level 1 is what saves stored before levels: the same moves.
    for seed in range(6):
        a = play_bots(Settings(players=3), seed)
        b = play_bots(Settings(players=3), seed,
                      [Bot(NORMAL) for _ in range(3)])
        assert digest(a) == digest(b)
    g = Game(Settings(players=2), 3)
    g.roll((4, 7))
    assert plan_turn(g.state) == plan_turn(g.state, NORMAL)


def ends_of(y, dice):
    """Every space a lone pawn at y can end on using a non-empty part of
    the roll's uses, by trying every order (independent of reach.py)."""
    out = set()

    def walk(v, left, moved):
        if moved:
            out.add(v)
        if v == TOP:
            return          # home: takes no more uses
        for i in range(len(left)):
            if left[i] in left[:i]:
                continue
            rest = left[:i] + left[i + 1:]
            for op in (ADD, SUB, MUL, DIV):
                w = apply_op(v, op, left[i])
                if w >= 0:
                    walk(w, rest, True)
    walk(y, list(dice), False)
    return out


@pytest.mark.parametrize("y", [0, 1, 7, 30, 64, 99, 100])
def test_threats_table_counts_the_rolls_that_reach_a_space(y):
    with open(THREATS_PATH, "rb") as f:
        f.seek(y * (TOP + 1))
        row = f.read(TOP + 1)
    want = [0] * (TOP + 1)
    for d1 in range(1, 11):
        for d2 in range(1, 11):
            dice = [d1] * 4 if d1 == d2 else [d1, d2]
            for x in ends_of(y, dice):
                want[x] += 1
    assert list(row) == want


def test_risk_sums_the_opponents_rows_and_caps_at_100():
    g = Game(Settings(players=3), 1)
    place(g, 0, 10, 20)
    place(g, 1, 30, 101)      # home: threatens nothing
    place(g, 2, 30, 33)
    risk = _risk(g.state, 0)
    with open(THREATS_PATH, "rb") as f:
        rows = {}
        for y in (30, 33):
            f.seek(y * (TOP + 1))
            rows[y] = f.read(TOP + 1)
    for x in range(1, TOP):
        assert risk[x] == min(100, 2 * rows[30][x] + rows[33][x])
    assert risk[0] == 0 and risk[TOP] == 0


def test_hard_shuns_a_space_the_opponent_reaches_easily():
    # From 0 and 0 with 3 and 5, the solitaire table's choice is one pawn
    # on 15 (3 x 5), but an opponent pawn on 12 lands on 15 with any 3 in
    # its roll.  With the same position minus that opponent pawn, HARD
    # plays as NORMAL; with it, HARD's end must be less exposed.
    def ends(level, opp):
        g = Game(Settings(players=2, cards=False, start_roll=False), 1)
        place(g, 0, 0, 0)
        place(g, 1, opp, 101)
        g.roll((3, 5))
        s = g.state
        for m in plan_turn(s, level):
            g.apply(m)
        return sorted(g.state.pos[:2]), _risk(s, 0)
    normal, risk = ends(NORMAL, 12)
    hard, _ = ends(HARD, 12)
    assert normal != hard
    assert max(risk[v] for v in hard) < max(risk[v] for v in normal)


def test_easy_uses_one_die_at_a_time_and_no_keepers():
    seen = 0
    for seed in (5, 6, 7):      # whole games against NORMAL, a Keeper held
        g = Game(Settings(players=2), seed)
        give(g, 0, "addsub", 4)
        bot = Bot(EASY)
        while g.state.winner is None:
            s = g.state
            m = bot.choose(s) if s.current == 0 else Bot().choose(s)
            if s.current == 0 and s.phase == MOVE:
                assert m[0] in ("die", "lose", "commit")
                assert m in legal_moves(s)
                seen += 1
            g.apply(m)
    assert seen > 40


def test_each_level_beats_the_one_below_over_seeded_games():
    # Measured over 2,000 games (tools/bench.py tournament --game climb):
    # normal beats easy ~0.93.  Over 60 games it must still win >= 40.
    wins = 0
    for i in range(60):
        seats = [Bot(EASY), Bot(EASY)]
        seats[i % 2] = Bot(NORMAL)
        g = play_bots(Settings(players=2), 500 + i, seats)
        wins += g.winner == i % 2
    assert wins >= 40


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_every_variant(level):
    from primeplay.climb.settings import PRESETS
    for name in PRESETS:
        players = None if name.startswith("solitaire") else 3
        for seed in range(2):
            seats = [Bot(level) for _ in range(players or 1)]
            g = play_bots(Settings.preset(name, players), seed, seats)
            assert g.winner is not None


def test_levels_play_the_same_games_on_micropython():
    code = ("from primeplay.climb import Settings\n"
            "from primeplay.climb.bot import Bot\n"
            "from primeplay.climb.selfplay import play_bots, digest\n"
            "for seed in range(3):\n"
            "    seats = [Bot(2), Bot(3), Bot(2)]\n"
            "    print(digest(play_bots(Settings(players=3), seed, seats)))\n")
    want = [str(digest(play_bots(Settings(players=3), s,
                                 [Bot(HARD), Bot(EASY), Bot(HARD)])))
            for s in range(3)]
    assert mpvm.run_unix(code, heapsize="2M").split() == want


def bench(*args):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools",
                                                       "bench.py")] +
                         list(args), capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return dict(line.split(": ", 1) for line in out.stdout.splitlines()
                if ": " in line)


def test_bench_tournament_climb_prints_the_win_rate_and_interval():
    got = bench("tournament", "--game", "climb", "--games", "12",
                "--seed", "4")
    rate = float(got["win_rate"])
    lo, hi = map(float, got["win_rate_95ci"].split())
    assert lo <= rate <= hi
    assert int(got["hard_wins"]) == round(rate * 12)
    got = bench("tournament", "--game", "climb", "--games", "6",
                "--levels", "normal,easy")
    assert "normal_wins" in got


def test_bench_solitaire_prints_the_mean_rolls():
    got = bench("solitaire", "--games", "8", "--seed", "2")
    rolls = [play_bots(Settings(players=1, cards=False), 2 + i,
                       [Bot(HARD)]).state.rolls[0] for i in range(8)]
    assert float(got["mean_turns"]) == pytest.approx(sum(rolls) / 8.0,
                                                     abs=1e-4)
