"""Whole Ring Climb games by the computer players: seeded games for every
player count 2-6, all finishing (every player but the last with
three pawns on top, the places a permutation of the seats, the game
over), each move one of the rules' legal moves, the seed and moves
replaying to the same position.

Seats are mostly the normal level: a seat plays strong when three bits of
the seed say so (one seat in eight), so every mix occurs; even so the
5,000 games (with the rules' legal_moves checked every move) take about
two minutes of CPU on CPython (a normal game 8-20 ms, a strong seat's
decisions four times a normal one's);
``make soak`` plays 5,000 per player count, ``make test`` 150.
"""

import pytest

import soak

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.bot import choose, NORMAL, STRONG
from primeplay.rings.game import Game
from primeplay.rings.settings import Settings

# make test: 150 a player count; make soak: 5,000 (soak.py).
GAMES = soak.size(5000, 150)
pytestmark = soak.mark


def levels(players, seed):
    """Seat i strong when bits 3i..3i+2 of the seed are 0: one in eight."""
    return [STRONG if (seed >> (3 * i)) & 7 == 0 else NORMAL
            for i in range(players)]


def play_checked(settings, seed, kinds):
    g = Game(settings, seed)
    lv = levels(settings.players, seed)
    while g.phase != R.OVER:
        assert g.moves_made < 3000, "seed %d does not end" % seed
        s = g.state
        m = choose(s, lv[s.current])
        assert m in g.legal_moves(), (seed, m)
        for e in g.apply(m):
            kinds.add(e[0])
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seeded_games_all_finish(players):
    st = Settings(players=players)
    kinds = set()
    for seed in range(GAMES):
        g = play_checked(st, seed, kinds)
        s = g.state
        assert s.phase == R.OVER
        places = g.places()
        assert sorted(places) == list(range(players))
        assert len(s.finished) == players - 1
        assert places[:players - 1] == s.finished
        for p in s.finished:
            assert s.pawns[p * B.PAWNS:(p + 1) * B.PAWNS] == [B.TOP] * 3
        last = places[-1]
        assert s.pawns[last * B.PAWNS:(last + 1) * B.PAWNS].count(B.TOP) < 3
        if seed % 50 == 0:
            r = Game.replay(st, seed, g.history)
            assert r.state.snapshot() == s.snapshot(), seed
    # The games went through every part of the rules.
    assert {"card", "rotate", "move", "bump", "draw", "turn", "finish",
            "over", "reshuffle"} <= kinds, kinds


def test_one_card_house_rule_and_first_player_games_finish():
    kinds = set()
    for seed in range(100):
        st = Settings(players=2 + seed % 5, face=seed % 2, one_card=True,
                      first=seed % 2)
        g = play_checked(st, seed, kinds)
        assert len(g.state.finished) == st.players - 1
    assert "swap" in kinds or "bump" in kinds
