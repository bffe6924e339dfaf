"""Rulings 2, 3 and 10 of rules.py: the Curse's forced die and its
mirror in Prime Decline and on the way back, and There and Back Again's
101 (no bounce, both pawns in before either turns)."""

import pytest

from primeplay.climb import Game, Settings, IllegalMove
from primeplay.climb.rules import ROLL, OVER
from climb_helpers import ADD, SUB, MUL, DIV, place, give, play, quoted

FAQ_FORCED = quoted(
    "Q: Do I have to move? If the only thing I can do is subtract, do you "
    "have to move backwards? A: You do have to move. That may mean moving "
    "backwards. In the unlikely event that you are forced to go below 0, "
    "you stay at 0.")
CURSE_CARD = "An opponent may only subtract or divide next turn"
BOUNCE = quoted(
    "When your first pawn reaches the 101 circle exactly, remove it from "
    "the board. You cannot move to a number past 101, or \"bounce off\" 101.")
THERE_AND_BACK = quoted(
    "Get both pawns in to 101, and then back to start.")
SOLITAIRE_2 = quoted(
    "Same as Variation 1, except you have to get your two pawns to 101, "
    "and then back to 0.")
DECLINE = quoted("Instead of starting at 0, both pawns start at 101, and "
                 "must get to 0.")


def cursed_game(goal, pos, dice, **kw):
    """Player 1 (index 0), cursed, pawns at progress ``pos``, ``dice``
    rolled; no cards so nothing is drawn."""
    kw.setdefault("cards", False)
    g = Game(Settings(players=2, goal=goal, start_roll=False, **kw), 1)
    place(g, 0, *pos)
    g.state.cursed[0] = True
    g._mark = g.state.copy()
    g.roll(dice)
    assert g.state.curse_now
    return g


def ops_of(g, pawn):
    return {m[3] for m in g.legal_moves() if m[0] == "die" and m[2] == pawn}


def test_the_curse_card_says_subtract_or_divide():
    from primeplay.climb.cards import BASE_CARDS
    curses = [c for c in BASE_CARDS if c[1] == "curse"]
    assert curses and all(CURSE_CARD in c[3] for c in curses)


# --- ruling 2: a forced die never brings a pawn home ---------------------------

def test_forced_below_0_stays_at_0_in_the_standard_game():
    # FAQ_FORCED, as printed: pawns on 3 and 4, a Curse, 6 and 6.
    g = cursed_game("standard", (3, 4), (6, 6))
    assert g.legal_moves() == [("die", 6, 0, SUB), ("die", 6, 1, SUB)]
    g.apply(("die", 6, 0, SUB))
    assert g.state.spaces(0) == (0, 4)


def test_prime_decline_curse_never_carries_a_pawn_home():
    # The case: Prime Decline, pawns on 3 and 7, roll 9 and 8,
    # the Curse as printed (- and /).  Going below 0 would be "stay at 0",
    # which is home there: the dice are lost instead.
    g = cursed_game("decline", (98, 94), (9, 8), curse_mirror=False)
    assert g.state.spaces(0) == (3, 7)
    assert g.legal_moves() == [("lose", 9), ("lose", 8)]
    with pytest.raises(IllegalMove):
        g.apply(("die", 9, 0, SUB))
    events = play(g, ("lose", 9)).state.events
    assert events == [("lost_die", 0, 9)]
    play(g, ("lose", 8), ("commit",))
    assert g.state.spaces(0) == (3, 7) and g.winner is None
    assert g.phase == ROLL and g.current == 1


def test_a_forced_die_goes_to_the_pawn_that_can_take_it():
    # One pawn on 3 of the way back (forced "below 0" would be home), one
    # on 5 of the way out (it stays at 0): only the second is forced.
    g = cursed_game("there_and_back", (199, 5), (9, 7), curse_mirror=False)
    assert g.state.spaces(0) == (3, 5)
    assert g.legal_moves() == [("die", 9, 1, SUB), ("die", 7, 1, SUB)]
    g.apply(("die", 9, 1, SUB))
    assert g.state.spaces(0) == (3, 0) and g.state.pos[1] == 0
    assert g.legal_moves() == [("die", 7, 1, DIV)]       # 0 / 7 = 0


def test_the_way_back_curse_as_printed_loses_dice_rather_than_win():
    g = cursed_game("there_and_back", (199, 195), (9, 8), curse_mirror=False)
    assert g.state.spaces(0) == (3, 7)
    assert g.legal_moves() == [("lose", 9), ("lose", 8)]


# --- ruling 3: the mirrored Curse ------------------------------------------------

def test_prime_decline_curse_mirrored_allows_add_and_multiply():
    # 3 and 7 of Prime Decline: + and x lead away from 0, as - and / do
    # from 101 in the standard game.
    g = cursed_game("decline", (98, 94), (9, 8))
    assert ops_of(g, 0) == {ADD, MUL} and ops_of(g, 1) == {ADD, MUL}
    g.apply(("die", 9, 0, MUL))
    assert g.state.space(0, 0) == 27


def test_prime_decline_mirrored_curse_keeps_a_keeper_to_add():
    g = Game(Settings(goal="decline", start_roll=False, cards=False), 1)
    k = give(g, 0, "addsub", 4)
    place(g, 0, 50, 101)
    g.state.cursed[0] = True
    g._mark = g.state.copy()
    g.roll((2, 3))
    keepers = [m for m in g.legal_moves() if m[0] == "keeper"]
    assert keepers == [("keeper", k, 0, ADD)]


def test_mirrored_forced_die_stays_on_101():
    # Spaces 96 and 99 of Prime Decline, + and x only, 7 and 9: nothing
    # fits on the board.  The mirror of "you stay at 0": the pawn stays
    # on 101, its Start there.
    g = cursed_game("decline", (5, 2), (7, 9))
    assert g.state.spaces(0) == (96, 99)
    assert ("die", 7, 0, ADD) in g.legal_moves()
    assert all(m[3] == ADD for m in g.legal_moves() if m[0] == "die")
    g.apply(("die", 7, 0, ADD))
    assert g.state.spaces(0) == (101, 99)


def test_there_and_back_mirror_only_on_the_way_back():
    # Pawn a on 60 of the way out keeps - and /; pawn b on 97 of the way
    # back gets + and x.
    g = cursed_game("there_and_back", (60, 105), (2, 3))
    assert g.state.spaces(0) == (60, 97)
    assert ops_of(g, 0) == {SUB, DIV}
    assert ops_of(g, 1) == {ADD}            # 97 x 2 is off the board
    assert ("die", 2, 1, ADD) in g.legal_moves()


def test_curse_mirror_off_is_the_card_as_printed_everywhere():
    g = cursed_game("decline", (98, 94), (2, 3), curse_mirror=False)
    assert ops_of(g, 0) == {SUB, DIV} and ops_of(g, 1) == {SUB}
    g = cursed_game("there_and_back", (60, 105), (2, 3), curse_mirror=False)
    assert ops_of(g, 0) == {SUB, DIV} and ops_of(g, 1) == {SUB}


def test_the_standard_game_curse_is_unchanged_by_the_mirror():
    for mirror in (True, False):
        g = cursed_game("standard", (60, 40), (2, 5), curse_mirror=mirror)
        assert ops_of(g, 0) == {SUB, DIV} and ops_of(g, 1) == {SUB, DIV}


# --- ruling 10: There and Back Again's 101 ---------------------------------------

def tb(**kw):
    kw.setdefault("cards", False)
    return Game(Settings(goal="there_and_back", start_roll=False, **kw), 1)


@pytest.mark.parametrize("both_out", [True, False])
def test_no_bouncing_off_101(both_out):
    # BOUNCE: 98 + 3 = 101 and then - 4 = 97 is what it forbids.
    g = tb(both_out=both_out)
    place(g, 0, 98, 20)
    g.roll((3, 4))
    g.apply(("die", 3, 0, ADD))
    assert g.state.space(0, 0) == 101
    assert all(m[2] == 1 for m in g.legal_moves() if m[0] == "die")
    with pytest.raises(IllegalMove):
        g.apply(("die", 4, 0, SUB))
    play(g, ("die", 4, 1, ADD), ("commit",))
    assert g.state.spaces(0) == (101, 24)


def test_a_pawn_coming_back_up_to_101_stays_there_too():
    # On the way back, 97 + 4 = 101 and then - 3 would be a bounce as well.
    g = tb()
    place(g, 0, 105, 150)               # spaces 97 and 52, both turned
    g.roll((4, 3))
    g.apply(("die", 4, 0, ADD))
    assert g.state.space(0, 0) == 101 and g.state.pos[0] == 101
    assert all(m[2] == 1 for m in g.legal_moves() if m[0] == "die")


def test_a_pawn_starting_its_turn_on_101_may_move():
    g = tb()
    place(g, 0, 101, 101)
    g.roll((4, 3))
    assert ("die", 4, 0, SUB) in g.legal_moves()
    g.apply(("die", 4, 0, SUB))
    assert g.state.space(0, 0) == 97 and g.state.pos[0] == 105


def test_both_out_a_pawn_on_101_waits_for_the_other():
    # THERE_AND_BACK: both in, then back.
    g = tb()
    place(g, 0, 101, 60)
    g.roll((4, 3))
    assert all(m[2] == 1 for m in g.legal_moves() if m[0] == "die")
    play(g, ("die", 4, 1, ADD), ("die", 3, 1, ADD), ("commit",))
    assert g.state.spaces(0) == (101, 67)


def test_both_out_the_second_arrival_ends_the_turn_dice_lost():
    # Like the standard game's winning move: the pawn waiting on 101 does
    # not start back in the turn the second one arrives.
    g = tb()
    place(g, 0, 101, 99)
    g.roll((2, 5))
    g.apply(("die", 2, 1, ADD))
    assert g.state.spaces(0) == (101, 101)
    assert g.legal_moves() == [("lose", 5)]
    play(g, ("lose", 5), ("commit",))
    g.roll((1, 2))                       # player 2
    play(g, ("die", 1, 0, ADD), ("die", 2, 0, ADD), ("commit",))
    g.roll((4, 3))                       # both in: either may start back
    assert {m[2] for m in g.legal_moves() if m[0] == "die"} == {0, 1}


def test_each_pawn_turns_by_itself_without_both_out():
    g = tb(both_out=False)
    place(g, 0, 101, 60)
    g.roll((4, 3))
    assert {m[2] for m in g.legal_moves() if m[0] == "die"} == {0, 1}
    play(g, ("die", 4, 0, SUB), ("die", 3, 1, ADD), ("commit",))
    assert g.state.spaces(0) == (97, 63) and g.state.pos[0] == 105


def test_both_pawns_arriving_in_one_turn_lose_the_rest():
    g = tb()
    place(g, 0, 99, 99)
    g.roll((2, 2))
    play(g, ("die", 2, 0, ADD), ("die", 2, 1, ADD))
    assert g.state.spaces(0) == (101, 101)
    assert g.legal_moves() == [("lose", 2)]
    play(g, ("lose", 2), ("lose", 2), ("commit",))
    assert g.winner is None and g.current == 1


def test_solitaire_2_waits_on_101_too():
    g = Game(Settings.preset("solitaire2"), 1)
    assert g.settings.both_out
    place(g, 0, 101, 30)
    g.roll((4, 3))
    assert all(m[2] == 1 for m in g.legal_moves() if m[0] == "die")


def test_there_and_back_still_wins_home_on_0():
    g = tb()
    place(g, 0, 200, 202)                # space 2, the other home
    g.roll((2, 1))
    g.apply(("die", 2, 0, SUB))
    assert g.winner == 0 and g.phase == OVER


def test_end_positions_know_the_101_rules():
    # The search (hints, the computer) and the rules agree.
    g = tb()
    place(g, 0, 101, 99)
    g.roll((2, 5))
    ends = set(g.end_positions())
    assert (101, 101) in ends                      # 99 + 2, the 5 lost
    assert all(a == 101 for a, _ in ends)          # the waiting pawn stays
    g = tb(both_out=False)
    place(g, 0, 98, 20)
    g.roll((3, 4))
    ends = set(g.end_positions())
    assert (101, 24) in ends and (101, 16) in ends
    assert (105, 20) not in ends         # 98 + 3 - 4: the bounce
