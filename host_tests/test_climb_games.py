"""Whole seeded games of random players: they end, with a winner, and the
same seed always gives the same game.

A random player picks uniformly among ``legal_moves()`` with its own
``primeplay.rng.Rng`` (seeded per game, apart from the game's own seed so
the choices do not mirror the dice).  Random play is slow to land exactly
on 101, so games run to thousands of moves; the cap is far above anything
seen (about 10,000 moves in There and Back Again).
"""

import os
import subprocess
import sys
import time
import zlib
from collections import Counter

import pytest

import soak

import primeplay
from primeplay.rng import Rng
from primeplay.climb import Game, Settings
from primeplay.climb.rules import OVER, ROLL
from primeplay.climb.settings import PRESETS

MOVE_CAP = 200000
# make test: 120 a player count and 40 a preset; make soak: 1,000 and
# 100 (soak.py).
GAMES_PER_PLAYER_COUNT = soak.size(1000, 120)
GAMES_PER_PRESET = soak.size(100, 40)


def player_rng(seed):
    return Rng(seed * 7919 + 17)


def play(settings, seed):
    """A whole game of random players; returns (game, moves made)."""
    g = Game(settings, seed)
    rng = player_rng(seed)
    n = 0
    try:
        while g.winner is None:
            assert n < MOVE_CAP, "seed %d: no winner after %d moves" % (
                seed, MOVE_CAP)
            moves = g.legal_moves()
            assert moves, "seed %d: no legal move in phase %s" % (seed,
                                                                 g.phase)
            g.apply(rng.choice(moves))
            n += 1
    except Exception as e:
        e.add_note("while playing %r, seed %d, move %d" % (settings, seed, n))
        raise
    return g, n


def check_finished(g, settings):
    s = g.state
    assert s.phase == OVER
    assert g.legal_moves() == []
    w = g.winner
    assert 0 <= w < settings.players
    home = [s.is_home(w, 0), s.is_home(w, 1)]
    assert any(home) if settings.sprint else all(home)
    # Nobody else finished before the winner.
    for q in range(settings.players):
        if q != w:
            others = [s.is_home(q, 0), s.is_home(q, 1)]
            assert not (any(others) if settings.sprint else all(others))
    assert s.rolls[w] >= 1


# ------------------------------------------------------------ volume

@soak.mark
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_per_player_count(players):
    settings = Settings(players=players)
    wins = Counter()
    lengths = []
    t0 = time.perf_counter()
    for seed in range(GAMES_PER_PLAYER_COUNT):
        g, n = play(settings, seed)
        check_finished(g, settings)
        wins[g.winner] += 1
        lengths.append(n)
    elapsed = time.perf_counter() - t0
    print("\n%d players: %d games in %.1f s, moves mean %.0f max %d, wins %s"
          % (players, GAMES_PER_PLAYER_COUNT, elapsed,
             sum(lengths) / len(lengths), max(lengths), dict(sorted(
                 wins.items()))))
    assert sum(wins.values()) == GAMES_PER_PLAYER_COUNT
    # Random play is long enough that moving first matters little: every
    # seat wins a fair share (loose: 60% of an equal share).
    for q in range(players):
        assert wins[q] >= 0.6 * GAMES_PER_PLAYER_COUNT / players, wins


def preset_settings(name):
    return Settings.preset(name, players=None if name.startswith(
        "solitaire") else 2)


@soak.mark
@pytest.mark.parametrize("name", PRESETS)
def test_random_games_per_preset(name):
    settings = preset_settings(name)
    if name.startswith("solitaire"):
        assert settings.players == 1 and settings.solitaire
    else:
        assert settings.players == 2
    for seed in range(GAMES_PER_PRESET):
        g, n = play(settings, 10000 + seed)
        check_finished(g, settings)


@pytest.mark.parametrize("kw", [
    {"double_time": True, "way_stations": (31, 79)},
    {"goal": "decline", "double_time": True, "players": 3},
    {"goal": "there_and_back", "sprint": True, "players": 4},
    {"cards": False, "players": 3},
    # The rulings' switches turned from their defaults.
    {"goal": "there_and_back", "both_out": False, "players": 3},
    {"goal": "decline", "curse_mirror": False, "players": 3},
    {"way_stations": (31, 53, 79), "station_mid_move": True},
    {"goal": "there_and_back", "way_stations": (41, 67),
     "station_mid_move": True, "double_time": True},
    {"start_roll": False, "players": 4},
], ids=["dt+ws", "decline+dt-3p", "there_back+sprint-4p", "no-cards-3p",
        "there_back-each-3p", "decline-curse-as-printed-3p",
        "3-stations-mid-move", "there_back+2-stations-mid-move+dt",
        "no-start-roll-4p"])
def test_combined_variants_finish(kw):
    settings = Settings(**kw)
    for seed in range(25):
        g, n = play(settings, 20000 + seed)
        check_finished(g, settings)


# ------------------------------------------------------------ determinism

def test_same_seed_same_game():
    for name in PRESETS:
        settings = preset_settings(name)
        for seed in (0, 1, 7):
            a, na = play(settings, seed)
            b, nb = play(settings, seed)
            assert na == nb
            assert a.transcript() == b.transcript()
            assert a.state.pos == b.state.pos
            assert a.winner == b.winner
            assert a.state.rng.getstate() == b.state.rng.getstate()


def test_different_seeds_different_games():
    for name in ("standard", "double_time", "prime_decline", "solitaire1"):
        settings = preset_settings(name)
        seen = {}
        for seed in range(40):
            g = Game(settings, seed)
            rolls = []
            for _ in range(10):          # the first ten rolls of the game
                assert g.winner is None
                g.apply(("roll",))
                rolls.append(g.state.rolled)
                while g.phase != ROLL and g.winner is None:
                    g.apply(g.legal_moves()[0])
            key = (tuple(rolls), tuple(g.state.deck))
            assert key not in seen, (name, seed, seen.get(key))
            seen[key] = seed
        transcripts = set()
        for seed in range(15):
            transcripts.add(tuple(play(settings, seed)[0].transcript()))
        assert len(transcripts) == 15


def test_the_deck_order_depends_on_the_seed():
    decks = {tuple(Game(Settings(), seed).state.deck) for seed in range(200)}
    assert len(decks) == 200


_CHILD = r"""
import sys, zlib
sys.path[:0] = %r
from primeplay.rng import Rng
from primeplay.climb import Game, Settings
for name, seed in %r:
    s = Settings.preset(name, players=None if name.startswith("solitaire")
                        else 2)
    g = Game(s, seed)
    r = Rng(seed * 7919 + 17)
    while g.winner is None:
        g.apply(r.choice(g.legal_moves()))
    t = g.transcript()
    print(name, seed, g.winner, len(t), zlib.crc32("\n".join(t).encode()))
"""


def test_same_games_in_a_fresh_interpreter_with_other_hash_seeds():
    # Determinism must not hang on dict/set iteration order or anything
    # else of one interpreter run: replay a few games in child processes
    # with different PYTHONHASHSEEDs and compare with this process.
    # The child imports the very primeplay this process runs.
    paths = [os.path.dirname(os.path.dirname(os.path.abspath(
        primeplay.__file__)))]
    cases = [(name, seed) for name in PRESETS for seed in (3, 4)]
    want = []
    for name, seed in cases:
        g, _ = play(preset_settings(name), seed)
        t = g.transcript()
        want.append("%s %d %d %d %d" % (name, seed, g.winner, len(t),
                                        zlib.crc32("\n".join(t).encode())))
    for hashseed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", _CHILD % (paths, cases)],
                             env=env, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == want


@pytest.mark.parametrize("seed", range(4))
def test_cached_legal_moves_follow_every_apply_and_undo(seed):
    # Game.legal_moves() is worked out once per position; it must always
    # be what the rules say, through moves, undos and new turns.
    from primeplay.climb import rules
    g = Game(Settings(players=3), seed, record=False)
    r = Rng(seed + 100)
    undos = 0
    for _ in range(600):
        assert g.legal_moves() == rules.legal_moves(g.state)
        if g.winner is not None:
            break
        if g.can_undo() and r.randbelow(4) == 0:
            g.undo()
            undos += 1
        else:
            g.apply(r.choice(g.legal_moves()))
    assert undos > 5


@pytest.mark.parametrize("seed", range(3))
def test_apply_legal_does_what_apply_does_for_every_legal_move(seed):
    # The unchecked path (moves taken from legal_moves) must be apply itself.
    from primeplay.climb import rules

    def fields(s):
        out = {}
        for name in type(s).__slots__:
            value = getattr(s, name, None)
            out[name] = value.getstate() if name == "rng" else value
        return out
    g = Game(Settings.preset("double_time", 3), seed, record=False)
    r = Rng(seed + 7)
    checked = 0
    for _ in range(300):
        if g.winner is not None:
            break
        for m in g.legal_moves():
            a, b = g.state.copy(), g.state.copy()
            rules.apply(a, m)
            rules.apply_legal(b, m)
            assert fields(a) == fields(b), m
            checked += 1
        g.apply(r.choice(g.legal_moves()))
    assert checked > 300
