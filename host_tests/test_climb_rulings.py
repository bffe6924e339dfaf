"""The house rulings of rules.py, the variants, the cards, and bad input."""

import pytest

from primeplay.climb import IllegalMove, Settings, Game
from primeplay.climb import cards as C
from primeplay.climb.cards_file import parse_custom_cards as parse_cards
from primeplay.climb.rules import ROLL, ACTION, OVER
from primeplay.climb.settings import PRESETS
from climb_helpers import (ADD, SUB, MUL, DIV, game, place, stack, give,
                           play)


# --- the cards table --------------------------------------------------------

def test_the_24_cards():
    cards = C.BASE_CARDS
    assert len(cards) == 24
    keepers = [c for c in cards if c[0] == C.KEEPER]
    assert sorted(c[2] for c in keepers if c[1] == "addsub") == list(range(1, 10))
    assert [c[1] for c in keepers].count("send_start") == 2
    assert [c[1] for c in keepers].count("curse") == 2
    actions = [c[1] for c in cards if c[0] == C.ACTION]
    assert actions.count("roll_again") == 3
    assert sorted(set(actions)) == sorted(
        ["roll_again", "swing50", "back10_double", "advance_bump",
         "reverse_bump", "reverse_digits", "switch", "goto", "steal"])
    assert len(actions) == 11
    assert [c for c in cards if c[1] == "goto"][0][2] == 64


def test_fill_in_the_blanks_cards_from_a_settings_file():
    text = """# our own cards
keeper addsub 11 Add or subtract 11
action goto 37 Go to 37
"""
    extra = parse_cards(text)
    assert extra == [("keeper", "addsub", 11, "Add or subtract 11"),
                     ("action", "goto", 37, "Go to 37")]
    g = Game(Settings(custom_cards=extra), 1)
    assert len(g.state.cards) == 26
    assert sorted(g.state.deck) == list(range(26))


@pytest.mark.parametrize("line", [
    "joker addsub 3 x", "keeper fly 3 x", "action addsub 3 x",
    "keeper addsub three x", "action goto 0 nowhere", "keeper",
    # Arabic-Indic three: CPython's int() reads it, CircuitPython's does not.
    "keeper addsub \u0663 x", "keeper addsub - x"])
def test_bad_custom_cards_name_the_line(line):
    with pytest.raises(ValueError) as e:
        parse_cards("\n" + line)
    assert "line 2" in str(e.value)


def test_at_most_four_blank_cards():
    with pytest.raises(ValueError):
        parse_cards("action goto 5 a\n" * 5)


def test_solitaire_deck_is_the_nine_add_subtract_keepers():
    g = Game(Settings.preset("solitaire1"), 1)
    assert sorted(c[2] for c in g.state.cards) == list(range(1, 10))
    assert all(c[1] == "addsub" for c in g.state.cards)


# --- rulings ------------------------------------------------------------

def test_ruling_1_times_one_and_zero_times_anything_are_legal_moves():
    g = game()
    g.roll((1, 7))
    assert ("die", 7, 0, MUL) in g.legal_moves()     # 0 x 7 = 0
    assert ("die", 1, 0, DIV) in g.legal_moves()     # 0 / 1 = 0


def test_ruling_2_a_die_lost_when_even_zero_is_blocked():
    s = Settings(goal="decline", way_stations=(53,), start_roll=False,
                 curse_mirror=False)
    g = Game(s, 1)
    place(g, 0, 98, 98)                   # both on space 3
    g.state.curse_now = True
    g.state.cursed[0] = True
    g.roll((5, 7))
    assert g.legal_moves()[0] == ("lose", 5)
    g.apply(("lose", 5))
    assert g.state.dice == [7]


def test_ruling_3_curse_limits_dice_and_keepers_to_minus_and_divide():
    g = game()
    cid = give(g, 1, "addsub", 4)
    curse = give(g, 0, "curse")
    place(g, 1, 30, 0)
    g.roll((5, 6))
    assert ("keeper", curse, 1, 0) in g.legal_moves()
    g.apply(("keeper", curse, 1, 0))
    play(g, ("die", 5, 0, ADD), ("die", 6, 0, ADD), ("commit",))
    g.roll((5, 3))
    ops = {m[3] for m in g.legal_moves() if m[0] in ("die", "keeper")}
    assert ops <= {SUB, DIV}
    assert ("keeper", cid, 0, SUB) in g.legal_moves()
    assert ("keeper", cid, 0, ADD) not in g.legal_moves()
    play(g, ("die", 3, 0, DIV), ("die", 5, 0, SUB), ("commit",))
    g.roll((1, 2))                         # player 0
    play(g, ("die", 1, 0, MUL), ("die", 2, 0, MUL), ("commit",))
    g.roll((5, 3))                         # the curse is over
    assert ("die", 5, 0, ADD) in g.legal_moves()


def test_ruling_3_curse_not_on_a_cursed_player_nor_alone():
    g = game()
    give(g, 0, "curse")
    g.state.cursed[1] = True
    g.roll((1, 2))
    assert not [m for m in g.legal_moves() if m[0] == "keeper"]
    solo = Game(Settings(players=1), 1)
    give(solo, 0, "curse")
    solo.roll((1, 2))
    assert not [m for m in solo.legal_moves() if m[0] == "keeper"]


def test_ruling_4_send_any_pawn_to_start_including_your_own():
    g = game()
    cid = give(g, 0, "send_start")
    place(g, 0, 40, 0)
    place(g, 1, 70, 0)
    g.roll((1, 2))
    targets = {m[2:] for m in g.legal_moves() if m[0] == "keeper"}
    assert targets == {(0, 0), (1, 0)}     # pawns on Start are not offered
    g.apply(("keeper", cid, 1, 0))
    assert g.state.space(1, 0) == 0


def test_ruling_5_both_pawns_onto_one_space_the_last_arrival_stays():
    g = game()
    place(g, 0, 30, 20)
    g.roll((10, 2))
    play(g, ("die", 10, 0, ADD), ("die", 2, 1, MUL), ("commit",))
    assert g.state.spaces(0) == (0, 40)


def test_ruling_5_start_and_101_never_bump():
    g = game()
    place(g, 0, 3, 0)
    place(g, 1, 98, 101)
    g.roll((3, 3))
    play(g, ("die", 3, 0, SUB), ("die", 3, 0, MUL), ("die", 3, 0, DIV),
         ("die", 3, 1, MUL), ("commit",))
    assert g.state.spaces(0) == (0, 0)
    assert g.state.space(1, 0) == 98


@pytest.mark.parametrize("effect,start,end", [
    ("swing50", 71, 21), ("swing50", 23, 73),
    ("back10_double", 71, 61), ("back10_double", 23, 46),
    ("reverse_digits", 71, 17), ("goto", 23, 64), ("swing50", 47, 97),
    ("reverse_digits", 11, 11),
])
def test_action_cards_move_the_pawn(effect, start, end):
    g = game()
    place(g, 0, start - 1, 0)
    stack(g, effect)
    g.roll((1, 1))
    play(g, ("die", 1, 0, ADD), ("die", 1, 0, MUL), ("die", 1, 0, MUL),
         ("die", 1, 0, DIV), ("commit",))
    assert g.state.space(0, 0) == end


def test_ruling_7_advance_to_nearest_pawn_ahead_and_bump_it():
    g = game()
    place(g, 0, 12, 60)
    place(g, 1, 40, 90)
    stack(g, "advance_bump")
    g.roll((1, 1))
    play(g, ("die", 1, 0, ADD), ("die", 1, 0, MUL), ("die", 1, 0, MUL),
         ("die", 1, 0, MUL), ("commit",))
    assert g.state.spaces(0) == (40, 60)
    assert g.state.spaces(1) == (0, 90)


def test_ruling_7_nothing_ahead_means_no_effect():
    g = game()
    place(g, 0, 96, 0)
    stack(g, "advance_bump")
    g.roll((1, 1))
    play(g, ("die", 1, 0, ADD), ("die", 1, 0, MUL), ("die", 1, 0, MUL),
         ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 97
    assert ("no_effect", 0, g.state.discard[-1]) in g.state.events


def test_ruling_7_switch_offers_every_pawn_on_the_board_and_bumps_nobody():
    g = game()
    place(g, 0, 12, 0)
    place(g, 1, 80, 5)
    stack(g, "switch")
    g.roll((1, 1))
    play(g, *([("die", 1, 0, MUL)] * 3 + [("die", 1, 0, ADD), ("commit",)]))
    assert g.phase == ACTION
    assert sorted(g.legal_moves()) == [("switch", 0, 1, 0), ("switch", 0, 1, 1)]
    g.apply(("switch", 0, 1, 0))
    assert g.state.spaces(0) == (80, 0)
    assert g.state.spaces(1) == (13, 5)
    assert g.phase == ROLL and g.current == 1


def test_ruling_7_steal_a_keeper_not_playable_that_turn():
    g = game(players=3)
    a = give(g, 1, "addsub", 3)
    b = give(g, 2, "addsub", 4)
    place(g, 0, 12, 0)
    stack(g, "steal")
    g.roll((1, 1))
    play(g, *([("die", 1, 0, MUL)] * 3 + [("die", 1, 0, ADD), ("commit",)]))
    assert sorted(g.legal_moves()) == [("steal", 1, a), ("steal", 2, b)]
    g.apply(("steal", 2, b))
    assert g.state.keepers[0] == [b] and g.state.keepers[2] == []


def test_roll_again_gives_the_same_player_another_turn():
    g = game()
    place(g, 0, 12, 0)
    stack(g, "roll_again")
    g.roll((1, 1))
    play(g, *([("die", 1, 0, MUL)] * 3 + [("die", 1, 0, ADD), ("commit",)]))
    assert g.phase == ROLL and g.current == 0
    g.roll((1, 2))
    play(g, ("die", 1, 1, ADD), ("die", 2, 1, ADD), ("commit",))
    assert g.current == 1


def test_ruling_8_double_time_bumps_and_draws_after_each_move():
    g = game(double_time=True)
    place(g, 0, 10, 0)
    place(g, 1, 13, 0)
    first = stack(g, "addsub", 1)
    second = stack(g, "addsub", 2)
    g.roll((3, 4))
    g.apply(("die", 3, 0, ADD))          # 13: bumps at once, draws
    assert g.state.space(1, 0) == 0
    assert g.state.keepers[0] == [second]
    assert not g.can_undo()                # a card was seen: no take-back
    assert not [m for m in g.legal_moves() if m[0] == "keeper"]
    g.apply(("die", 4, 0, ADD))          # 17: a second card
    assert g.state.keepers[0] == [second, first]


def test_ruling_9_way_stations_block_101_until_visited():
    g = game(way_stations=(53,))
    place(g, 0, 99, 50)
    g.roll((2, 3))
    assert ("die", 2, 0, ADD) not in g.legal_moves()
    play(g, ("die", 3, 1, ADD), ("die", 2, 0, SUB), ("commit",))
    assert g.state.visited[0] == 1
    play(g, ("roll", 1, 2), ("die", 1, 0, MUL), ("die", 2, 0, MUL),
         ("commit",))
    g.roll((4, 5))
    assert ("die", 4, 0, ADD) in g.legal_moves()      # 97 + 4 = 101


def test_ruling_10_there_and_back_turns_on_101_and_bumps_back_to_101():
    # Without cards: 89 is prime and a drawn card would change the turns.
    # Each pawn turns by itself here (both_out False).
    g = Game(Settings.preset("there_and_back", cards=False,
                             start_roll=False, both_out=False), 1)
    place(g, 0, 99, 0)
    g.roll((2, 1))
    play(g, ("die", 2, 0, ADD))
    assert g.state.space(0, 0) == 101 and not g.state.is_home(0, 0)
    play(g, ("die", 1, 1, MUL), ("commit",))
    g.roll((1, 2))
    play(g, ("die", 1, 0, ADD), ("die", 2, 0, ADD), ("commit",))
    g.roll((10, 2))
    play(g, ("die", 10, 0, SUB), ("die", 2, 0, SUB), ("commit",))
    assert g.state.space(0, 0) == 89
    place(g, 1, 86, 0)
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 101     # bumped on the way back: to 101
    assert not g.state.is_home(0, 0)
    place(g, 0, 200, 202)                 # space 2, other pawn home
    g.roll((2, 1))
    g.apply(("die", 2, 0, SUB))
    assert g.winner == 0


def test_prime_decline_starts_on_101_and_goes_to_0():
    g = Game(Settings.preset("prime_decline", start_roll=False), 1)
    assert g.state.spaces(0) == (101, 101)
    g.roll((10, 1))
    assert ("die", 10, 0, SUB) in g.legal_moves()
    play(g, ("die", 10, 0, SUB), ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 91
    g.roll((10, 1))
    play(g, ("die", 10, 0, SUB), ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 101     # bumped back to 101
    place(g, 0, 99, 101)                  # space 2, other pawn home
    g.roll((2, 1))
    g.apply(("die", 2, 0, SUB))
    assert g.winner == 0


def test_prime_sprint_first_pawn_home_wins():
    g = Game(Settings.preset("prime_sprint", start_roll=False), 1)
    place(g, 0, 99, 0)
    g.roll((2, 1))
    g.apply(("die", 2, 0, ADD))
    assert g.winner == 0 and g.phase == OVER


def test_solitaire_counts_rolls():
    g = Game(Settings.preset("solitaire1"), 4)
    place(g, 0, 99, 98)
    play(g, ("roll", 1, 1), *([("die", 1, 0, MUL)] * 4 + [("commit",)]))
    g.roll((2, 3))
    play(g, ("die", 2, 0, ADD), ("die", 3, 1, ADD))
    assert g.winner == 0 and g.state.rolls == [2]


def test_every_preset_builds():
    for name in PRESETS:
        Game(Settings.preset(name), 1)
    with pytest.raises(ValueError):
        Settings.preset("chess")


# --- bad input -----------------------------------------------------------

def snapshot(g):
    s = g.state
    return [repr(getattr(s, k)) for k in type(s).__slots__]


@pytest.mark.parametrize("bad", [
    ("die", 11, 0, ADD), ("die", 3, 2, ADD), ("die", 3, 0, 9), ("commit",),
    ("keeper", 0, 0, ADD), ("roll",), ("fly",), (), "die", None, 42,
    ("die", "3", 0, 0), ("die", 3.0, 0, 0),
])
def test_illegal_moves_raise_and_change_nothing(bad):
    g = game()
    g.roll((3, 9))
    before = snapshot(g)
    hist = list(g.history)
    with pytest.raises(IllegalMove) as e:
        g.apply(bad)
    assert str(e.value)
    assert snapshot(g) == before and g.history == hist


@pytest.mark.parametrize("dice", [(0, 3), (11, 2), (True, 2), ("3", 4)])
def test_bad_dice_raise(dice):
    g = game()
    with pytest.raises(IllegalMove):
        g.roll(dice)
    assert g.phase == ROLL


@pytest.mark.parametrize("kw", [dict(players=0), dict(players=5),
                                dict(goal="sideways"),
                                dict(way_stations=(29,)),
                                dict(way_stations=(31, 31)),
                                dict(solitaire=True, players=2)])
def test_bad_settings_raise(kw):
    with pytest.raises(ValueError):
        Settings(**kw)


def test_undo_within_the_move_phase_only():
    g = game()
    g.roll((3, 9))
    assert not g.can_undo()
    g.apply(("die", 3, 0, ADD))
    g.apply(("die", 9, 1, ADD))
    assert g.undo() and g.state.spaces(0) == (3, 0)
    assert g.undo() and g.state.spaces(0) == (0, 0)
    assert not g.undo()
    play(g, ("die", 3, 0, ADD), ("die", 9, 0, ADD), ("commit",))
    assert not g.undo()
