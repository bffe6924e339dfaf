"""The one Game shell (primeplay/game.py) as each game uses it: a game
replays from its seed and its packed moves to the same position, the
cached legal moves never let a move through that the rules' own apply
refuses, and a state taken from a save starts with none cached."""

import pytest
from hypothesis import given, settings, strategies as st

from primeplay import game as shell
from primeplay.rng import Rng
from primeplay.climb.game import Game as ClimbGame
from primeplay.climb.rules import IllegalMove as ClimbIllegal
from primeplay.climb.settings import Settings as ClimbSettings
from primeplay.daifugo.game import Game as DaifugoGame
from primeplay.daifugo.rules import IllegalMove as DaifugoIllegal
from primeplay.daifugo.settings import Settings as DaifugoSettings
from primeplay.rings.game import Game as RingsGame
from primeplay.rings.rules import IllegalMove as RingsIllegal
from primeplay.rings.settings import Settings as RingsSettings


def climb_settings(players):
    return ClimbSettings(players=players)


def daifugo_settings(players):
    s = DaifugoSettings(min(players, 3))
    s.zero = s.multi59 = s.multi468 = True
    s.skip = s.players == 3      # the rulebook's SKIP: 3 players only
    return s


def rings_settings(players):
    return RingsSettings(players)


GAMES = {
    "climb": (ClimbGame, climb_settings, ClimbIllegal),
    "daifugo": (DaifugoGame, daifugo_settings, DaifugoIllegal),
    "rings": (RingsGame, rings_settings, RingsIllegal),
}


def position(state):
    """Every field of a state, the Rng by its state: two equal positions
    give equal tuples."""
    out = []
    for name in type(state).__slots__:
        v = getattr(state, name)
        if isinstance(v, Rng):
            v = v.getstate()
        elif name == "settings":
            v = repr(v.__dict__) if hasattr(v, "__dict__") else repr(
                [getattr(v, k) for k in type(v).__slots__])
        out.append(repr(v))
    return tuple(out)


def play(key, seed, players, moves):
    """A game of random legal moves (at most ``moves``), from the shell's
    cached list."""
    cls, make, _ = GAMES[key]
    g = cls(make(players), seed)
    pick = Rng(seed ^ 0x5A5A)
    while g.phase != "over" and g.moves_made < moves:
        legal = g.legal_moves()
        g.apply(legal[pick.randrange(len(legal))])
    return g


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       moves=st.integers(0, 120))
def test_a_game_replays_from_its_seed_and_moves_to_the_same_position(
        key, seed, players, moves):
    g = play(key, seed, players, moves)
    h = g.history
    assert len(h) == g.moves_made == len(g.transcript())
    again = type(g).replay(g.settings, seed, h)
    assert position(again.state) == position(g.state)
    assert again.log == g.log
    # The packed log gives back the very moves made.
    assert [type(g).decode(type(g).encode(m)) for m in h] == h


def first_int_move(legal):
    for m in legal:
        if len(m) > 1 and type(m[1]) is int:
            return m
    return None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_move_of_floats_or_bools_is_refused_even_with_the_moves_cached(key):
    """1.0 == 1 and True == 1: a move that only compares equal to a
    legal one is the rules' to refuse, not the cache's to wave through."""
    cls, make, illegal = GAMES[key]
    g = play(key, 7, 2, 3)
    while first_int_move(g.legal_moves()) is None:
        g.apply(g.legal_moves()[0])
    move = first_int_move(g.legal_moves())
    before = position(g.state)
    made = g.moves_made
    for bad in ((move[0], float(move[1])) + move[2:],
                (move[0], bool(move[1]) if move[1] in (0, 1) else
                 float(move[1])) + move[2:]):
        assert bad in g.legal_moves()       # the list would take it
        with pytest.raises(illegal):
            g.apply(bad)
        assert position(g.state) == before and g.moves_made == made


@pytest.mark.parametrize("key", sorted(GAMES))
def test_resume_takes_a_state_and_forgets_the_moves_cached_for_another(key):
    g = play(key, 3, 3, 0)
    other = play(key, 4, 3, 40)
    g.legal_moves()
    g.resume(other.state.copy())
    assert g.legal_moves() == other.legal_moves()
    assert type(g).from_state(other.state.copy(), 4).legal_moves() == \
        other.legal_moves()


def test_plain_takes_names_and_ints_and_tuples_of_ints_only():
    assert shell.plain(("die", 3, 0, 0))
    assert shell.plain(("play", (1, 2), (3, 4)))
    assert shell.plain(("stop",))
    assert not shell.plain(("die", 3.0, 0, 0))
    assert not shell.plain(("play", (1, True), (3, 4)))
    assert not shell.plain(["die", 3, 0, 0])
    assert not shell.plain(())


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4),
       moves=st.integers(0, 2000))
def test_every_game_ranks_every_player_once_its_winner_first(key, seed, players, moves):
    # Prime Climb's rules had no places: the shell's places() raised.
    g = play(key, seed, players, moves)
    places = g.places()
    if g.winner is None:
        # Ring Climb ranks the race as it stands (its ruling 8).
        assert places == [] or key == "rings" and sorted(places) == list(
            range(g.state.settings.players))
    else:
        assert sorted(places) == list(range(g.state.settings.players))
        assert places[0] == g.winner


def test_prime_climb_ranks_the_rest_by_their_pawns_progress():
    g = ClimbGame(ClimbSettings(players=4), 1)
    s = g.state
    s.pos[0:8] = [101, 101, 10, 30, 50, 2, 10, 30]
    s.winner = 0
    # P4 ties P2 (40 each): seat order.
    assert g.places() == [0, 2, 1, 3]
    s.winner = None
    assert g.places() == []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_whole_game_ends_with_every_player_placed(key):
    g = play(key, 5, 3, 100000)
    assert g.phase == "over" and g.winner is not None
    assert g.places()[0] == g.winner and sorted(g.places()) == [0, 1, 2]
