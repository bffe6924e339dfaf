"""Rulings 8 and 9 of rules.py: what Double Time draws, and Way Stations
(several of them, saved, and whether a landing mid-move counts)."""

import pytest

from primeplay.rng import Rng
from primeplay.save import SaveError
from primeplay.climb import Game, Settings, IllegalMove
from primeplay.climb import saves
from primeplay.climb.rules import ROLL
from climb_helpers import ADD, SUB, MUL, DIV, game, place, stack, play, quoted

DRAW_A = quoted("At least one of your pawns is on an entirely red space "
                "(i.e., a prime number greater than 10), and")
DRAW_B = quoted("That pawn did not begin its turn on that space.")
DOUBLE_TIME = quoted(
    "In normal game play, Bump and Draw Phases happen after all your moves "
    "are completed. In Double Time, you bump and draw after each move of a "
    "pawn. You can draw two or more Prime cards per turn in Double Time.")
WAY_STATIONS = quoted(
    "Choose one or more prime number(s) between 30 and 80. Before a player "
    "can move any pawn to 101, they need to land a pawn on the chosen "
    "space(s).")
PASSED_THROUGH = quoted(
    "Note that even though you passed through a spot where an opponent had "
    "a pawn, you do not bump it back to start, because you did not end "
    "your Move Phase on 42.")


def dt_game(start):
    """Double Time, player 1's pawn a on ``start``, plain Keepers on top of
    the deck (so draws move nothing)."""
    g = game(double_time=True)
    place(g, 0, start, 0)
    for n in (1, 2, 3, 4):
        stack(g, "addsub", n)
    return g


def drawn(events):
    return len([e for e in events if e[0] == "draw"])


# --- ruling 8: Double Time ------------------------------------------------------

def test_double_time_draws_after_each_move_onto_a_red_space():
    # 10 + 1 = 11 draws at once (DRAW_A, DRAW_B); 11 + 1 = 12 does not.
    g = dt_game(10)
    g.roll((1, 1))
    assert drawn(g.apply(("die", 1, 0, ADD))) == 1
    assert drawn(g.apply(("die", 1, 0, ADD))) == 0
    # 12 - 1 = 11: a move of the pawn onto a red space it did not begin
    # the turn on - "two or more Prime cards per turn".
    assert drawn(g.apply(("die", 1, 0, SUB))) == 1
    assert len(g.state.keepers[0]) == 2


@pytest.mark.parametrize("op", [MUL, DIV])
def test_double_time_times_or_divided_by_1_is_no_move_and_draws_nothing(op):
    g = dt_game(10)
    g.roll((1, 1))
    assert drawn(g.apply(("die", 1, 0, ADD))) == 1          # 11
    for _ in range(3):
        assert drawn(g.apply(("die", 1, 0, op))) == 0       # still 11
    assert g.state.space(0, 0) == 11
    assert len(g.state.keepers[0]) == 1


def test_double_time_no_draw_back_on_the_space_the_turn_began():
    g = dt_game(11)
    g.roll((1, 1))
    assert drawn(g.apply(("die", 1, 0, ADD))) == 0          # 12
    assert drawn(g.apply(("die", 1, 0, SUB))) == 0          # 11 again
    assert g.state.keepers[0] == []


def test_without_double_time_one_card_a_turn():
    g = game()
    place(g, 0, 10, 0)
    stack(g, "addsub", 1)
    stack(g, "addsub", 2)
    play(g, ("roll", 1, 1), ("die", 1, 0, ADD), ("die", 1, 0, ADD),
         ("die", 1, 0, SUB), ("die", 1, 0, MUL))
    assert drawn(g.apply(("commit",))) == 1


# --- ruling 9: Way Stations -----------------------------------------------------

def test_two_and_three_stations_all_needed():
    g = game(way_stations=(31, 53, 79))
    place(g, 0, 53, 99)
    g.state.visited[0] = 0b011              # 31 and 53, not 79
    g._mark = g.state.copy()
    g.roll((2, 3))
    assert ("die", 2, 1, ADD) not in g.legal_moves()      # 101: blocked
    g.state.visited[0] = 0b111
    g.edited()
    assert ("die", 2, 1, ADD) in g.legal_moves()


def test_stations_count_in_any_order_and_each_once():
    g = game(way_stations=(31, 53, 79), cards=False)
    place(g, 0, 30, 0)
    play(g, ("roll", 1, 1), ("die", 1, 0, ADD), ("die", 1, 0, MUL),
         ("die", 1, 0, MUL), ("die", 1, 0, MUL), ("commit",))
    assert g.state.visited[0] == 0b001
    assert ("station", 0, 31) in g.state.events
    play(g, ("roll", 1, 2), ("die", 1, 0, MUL), ("die", 2, 0, MUL),
         ("commit",))                        # player 2 moves nothing
    place(g, 0, 77, 0)
    play(g, ("roll", 2, 3), ("die", 2, 0, ADD), ("die", 3, 1, MUL),
         ("commit",))
    assert g.state.visited[0] == 0b101


def test_a_die_passing_through_a_station_does_not_count_by_default():
    # The rulebook calls a space a die only went through "passed through"
    # (PASSED_THROUGH); the Way Station needs a landing.
    g = game(way_stations=(53,), cards=False)
    place(g, 0, 50, 97)
    g.roll((3, 4))
    g.apply(("die", 3, 0, ADD))              # on 53, mid-move
    assert g.state.visited[0] == 0
    assert ("die", 4, 1, ADD) not in g.legal_moves()       # 101 still shut
    play(g, ("die", 4, 0, ADD), ("commit",))               # on to 57
    assert g.state.visited[0] == 0


def test_station_mid_move_counts_a_landing_at_once():
    # "Your pawns may land on any space" (Move): each use lands.
    g = game(way_stations=(53,), cards=False, station_mid_move=True)
    place(g, 0, 50, 97)
    g.roll((3, 4))
    assert ("die", 4, 1, ADD) not in g.legal_moves()
    events = g.apply(("die", 3, 0, ADD))
    assert ("station", 0, 53) in events and g.state.visited[0] == 1
    assert ("die", 4, 1, ADD) in g.legal_moves()           # 97 + 4 = 101
    g.apply(("die", 4, 1, ADD))
    assert g.state.is_home(0, 1)


def test_station_mid_move_counts_a_station_only_passed_through():
    g = game(way_stations=(53,), cards=False, station_mid_move=True)
    place(g, 0, 50, 0)
    play(g, ("roll", 3, 4), ("die", 3, 0, ADD), ("die", 4, 0, ADD),
         ("commit",))
    assert g.state.space(0, 0) == 57 and g.state.visited[0] == 1


@pytest.mark.parametrize("mid", [False, True])
def test_end_positions_follow_the_station_setting(mid):
    g = game(way_stations=(53,), cards=False, station_mid_move=mid)
    place(g, 0, 50, 97)
    g.roll((3, 4))
    ends = set(g.end_positions())
    assert (53, 101) in ends if mid else (53, 101) not in ends
    assert (53, 93) in ends                               # 97 - 4


def test_prime_decline_stations_block_0():
    g = game(goal="decline", way_stations=(41, 43), cards=False)
    place(g, 0, 98, 60)                      # spaces 3 and 41
    g.state.visited[0] = 0b01
    g._mark = g.state.copy()
    g.roll((3, 1))
    assert ("die", 3, 0, SUB) not in g.legal_moves()      # 3 - 3 = 0


def _to_turn(g, rng, turns):
    while g.state.turn < turns or g.phase != ROLL:
        if g.winner is not None:
            break
        g.apply(rng.choice(g.legal_moves()))


@pytest.mark.parametrize("stations", [(37, 61), (31, 53, 79)])
@pytest.mark.parametrize("mid", [False, True])
def test_several_stations_whole_games_and_saves(stations, mid):
    for seed in range(4):
        cfg = Settings(players=2, way_stations=stations,
                       station_mid_move=mid)
        g = Game(cfg, seed)
        rng = Rng(seed)
        _to_turn(g, rng, 30)
        s = saves.restore(saves.snapshot(g.state))
        assert s.settings.way_stations == stations
        assert s.visited == g.state.visited
        # Go on from the save and from the game alike: the same moves.
        h = Game.from_state(s, seed)
        rng2 = rng.copy()
        while g.winner is None:
            m = rng.choice(g.legal_moves())
            assert rng2.choice(h.legal_moves()) == m
            g.apply(m)
            h.apply(m)
            for q in range(2):
                if g.state.pos[2 * q] == 101 or g.state.pos[2 * q + 1] == 101:
                    assert g.state.visited[q] == (1 << len(stations)) - 1
        assert h.state.pos == g.state.pos and h.winner == g.winner


def test_a_save_with_more_stations_visited_than_chosen_is_refused():
    g = Game(Settings(players=2, way_stations=(31, 53)), 1)
    snap = saves.snapshot(g.state)
    snap["visited"] = [4, 0]
    with pytest.raises(SaveError):
        saves.restore(snap)
    snap["visited"] = [3, 1]
    assert saves.restore(snap).visited == [3, 1]
