"""Whole Prime Daifugo games by the computer players: 1,000 seeded games
over 2 and 3 players and every advanced rule on and off, each card in
exactly one place after every move, a winner and places at the end, the
seed and moves replaying to the same position; and a batch of them
giving the same transcripts on MicroPython (unix and WASI) and on
CircuitPython's VM (cp32, cp64) as on CPython.

The 1,000 games take some 25 s on CPython, so ``make test`` plays them
all; ``PRIMEPLAY_SOAK=1`` plays 5,000 (as test_pico_flash.py soaks).
"""

import os

import pytest

from vm_games import VMS, on_cpython, on_vm
from primeplay.daifugo import rules
from primeplay.daifugo.bot import Bot, NORMAL, STRONG, play_bots, digest
from primeplay.daifugo.game import Game
from primeplay.daifugo.settings import Settings

SOAK = bool(os.environ.get("PRIMEPLAY_SOAK"))
GAMES = 5000 if SOAK else 1000

# Basic and advanced, 2 and 3 players, each advanced set alone and all of
# them, the optional multi rule off and on, the Q7 hand limit.
CONFIGS = [
    Settings(),
    Settings(players=3),
    Settings.advanced(2),
    Settings.advanced(3),
    Settings(players=2, zero=True, multi59=True, multi468=True),
    Settings.advanced(3, multi_in_three=True),
    Settings(players=2, hand_limit=13),
    Settings.advanced(3, hand_limit=13),
    Settings(players=3, zero=True),
    Settings(players=3, skip=True, multi59=True),
]


def seats(settings, seed):
    """normal and strong seats from the seed's bits: every mix occurs."""
    lv = (NORMAL, STRONG)
    return [Bot(lv[(seed >> (i + 1)) & 1]) for i in range(settings.players)]


def check_cards(state, seen):
    """Every card in exactly one of hands, deck, discard pile, play area."""
    for i in range(len(seen)):
        seen[i] = 0
    for h in state.hands:
        for c in h:
            seen[c] += 1
    for c in state.deck:
        seen[c] += 1
    for c in state.discard:
        seen[c] += 1
    for play in state.area:
        for c in play[1]:
            seen[c] += 1
    if seen.count(1) != len(seen):
        bad = [c for c in range(len(seen)) if seen[c] != 1]
        raise AssertionError("cards %r are in %r places: %r" % (
            bad, [seen[c] for c in bad], [rules.where(state, c) for c in bad]))


def play_checked(settings, seed, kinds):
    """The game of ``seed``, checked after every move; the kinds of event
    it had are added to ``kinds``."""
    g = Game(settings, seed)
    sts = seats(settings, seed)
    seen = bytearray(len(g.state.cards))
    check_cards(g.state, seen)
    while g.winner is None:
        assert g.moves_made < 20000, "seed %d does not end" % seed
        for e in g.apply(sts[g.current].choose(g.state)):
            kinds.add(e[0])
        check_cards(g.state, seen)
    return g


@pytest.mark.parametrize("which", range(len(CONFIGS)))
def test_seeded_games_keep_every_card_and_replay(which):
    st = CONFIGS[which]
    n = len(CONFIGS)
    kinds = set()
    for seed in range(which, GAMES, n):
        g = play_checked(st, seed, kinds)
        s = g.state
        assert s.phase == rules.OVER
        assert s.hands[g.winner] == []
        places = g.places()
        assert places[0] == g.winner
        assert sorted(places) == list(range(st.players))
        left = [len(s.hands[p]) for p in places]
        assert left == sorted(left) and all(k > 0 for k in left[1:])
        r = Game.replay(st, seed, g.history)
        assert r.state.snapshot() == s.snapshot(), seed
        if (seed // n) % 10 == 0:
            # play_bots (what the VMs run) plays the same game; one seed
            # in ten, as it costs a whole game again.
            assert digest(play_bots(st, seed, seats(st, seed))) == digest(g)
    # The games went through every part of the rules the settings have.
    want = {"draw", "dcard", "discard", "play", "pass", "draw2", "stop",
            "round", "reshuffle", "win"}
    if st.skip:
        want.add("skip")
    assert want <= kinds, want - kinds


# ------------------------------------------------------------ every VM

# Both player counts, basic and advanced, all-normal, all-strong, mixed.
BATCH = [
    ("Settings()", 2),
    ("Settings(players=3)", 3),
    ("Settings.advanced(2)", 2),
    ("Settings.advanced(3)", 3),
]
LEVELS = ((NORMAL,) * 3, (STRONG,) * 3, (STRONG, NORMAL, STRONG))

GUEST = """
from primeplay.daifugo import Settings
from primeplay.daifugo.bot import Bot, play_bots, digest
for k, (text, players) in enumerate(%r):
    st = eval(text)
    for j, lv in enumerate(%r):
        seed = 7 * k + j
        g = play_bots(st, seed, [Bot(lv[i]) for i in range(players)])
        print(text, seed, g.winner, g.moves_made, digest(g))
""" % (BATCH, LEVELS)


@pytest.fixture(scope="module")
def cpython_lines():
    here = on_cpython(GUEST)
    assert len(here) == 12
    return here


@pytest.fixture(params=VMS)
def vm(request):
    return request.param


def test_same_games_on_every_vm(vm, cpython_lines):
    assert on_vm(vm, GUEST) == cpython_lines
