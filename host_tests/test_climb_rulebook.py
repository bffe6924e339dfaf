"""Every worked example and FAQ answer of the Prime Climb rulebook, each as
its own test, played through the Game API."""

import pytest

from primeplay.climb import IllegalMove, Settings, Game
from primeplay.climb.rules import ROLL, ACTION, OVER
from climb_helpers import (ADD, SUB, MUL, DIV, game, place, stack, give,
                           no_cards_top, play)


def die_moves_for(g, d, pawn):
    return [m for m in g.legal_moves() if m[0] == "die" and m[1] == d
            and m[2] == pawn]


# --- Move ---------------------------------------------------------------

def test_move_example_14_minus_3_times_9_is_99():
    g = game()
    place(g, 0, 14, 0)
    g.roll((3, 9))
    play(g, ("die", 3, 0, SUB), ("die", 9, 0, MUL))
    assert g.state.space(0, 0) == 99


def test_dice_are_used_one_at_a_time_never_combined():
    g = game()
    place(g, 0, 14, 0)
    g.roll((3, 9))
    values = {m[1] for m in g.legal_moves() if m[0] == "die"}
    assert values == {3, 9}           # no 12 and no 27
    with pytest.raises(IllegalMove):
        g.apply(("die", 27, 0, ADD))


def test_doubles_give_four_uses():
    g = game()
    g.roll((2, 2))
    assert g.state.dice == [2, 2, 2, 2]


def test_a_zero_on_the_die_counts_as_ten():
    seen = set()
    for seed in range(300):
        g = Game(Settings(), seed)
        g.roll()
        seen.update(g.state.rolled)
    assert seen == set(range(1, 11))


def test_all_rolls_must_be_used_before_the_turn_ends():
    g = game()
    g.roll((3, 5))
    g.apply(("die", 3, 0, ADD))
    assert ("commit",) not in g.legal_moves()
    with pytest.raises(IllegalMove):
        g.apply(("commit",))


# --- Bump ---------------------------------------------------------------

def test_bump_example_31_passes_33_and_lands_on_37():
    g = game()
    place(g, 0, 31, 0)
    place(g, 1, 33, 37)
    g.roll((2, 4))
    play(g, ("die", 2, 0, ADD), ("die", 4, 0, ADD), ("commit",))
    assert g.state.spaces(1) == (33, 0)
    assert g.state.spaces(0) == (37, 0)


def test_you_can_bump_your_own_pawn():
    g = game()
    place(g, 0, 20, 24)
    g.roll((4, 1))
    play(g, ("die", 4, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.spaces(0) == (24, 0)


def test_bump_happens_only_at_the_end_of_the_move_phase():
    g = game()
    place(g, 0, 10, 0)
    place(g, 1, 12, 0)
    g.roll((2, 3))
    g.apply(("die", 2, 0, ADD))           # on 12 now, but mid-turn
    assert g.state.space(1, 0) == 12
    play(g, ("die", 3, 0, ADD), ("commit",))
    assert g.state.space(1, 0) == 12


# --- Draw ---------------------------------------------------------------

def test_ending_on_an_all_red_space_draws_one_card():
    g = game()
    place(g, 0, 10, 0)
    cid = no_cards_top(g)
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.keepers[0] == [cid]


def test_faq_26_has_some_red_but_draws_no_card():
    g = game()
    place(g, 0, 20, 0)
    n = len(g.state.deck)
    g.roll((6, 1))
    play(g, ("die", 6, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 26
    assert len(g.state.deck) == n and g.state.keepers[0] == []


def test_faq_both_pawns_on_primes_draw_just_one_card():
    g = game()
    place(g, 0, 10, 20)
    no_cards_top(g)
    n = len(g.state.deck)
    g.roll((3, 9))
    play(g, ("die", 3, 0, ADD), ("die", 9, 1, ADD), ("commit",))
    assert g.state.spaces(0) == (13, 29)
    assert len(g.state.deck) == n - 1


def test_no_card_for_a_pawn_that_began_the_turn_on_that_space():
    g = game()
    place(g, 0, 13, 0)
    n = len(g.state.deck)
    g.roll((1, 1))
    play(g, *([("die", 1, 0, MUL)] * 4 + [("commit",)]))
    assert g.state.space(0, 0) == 13
    assert len(g.state.deck) == n


def test_faq_no_card_when_a_pawn_lands_on_101():
    g = game()
    place(g, 0, 99, 0)
    n = len(g.state.deck)
    g.roll((2, 5))
    play(g, ("die", 2, 0, ADD), ("die", 5, 1, ADD), ("commit",))
    assert g.state.is_home(0, 0)
    assert len(g.state.deck) == n


def test_keeper_cannot_be_played_the_turn_it_is_drawn_but_can_later():
    g = game(players=1)
    place(g, 0, 10, 0)
    cid = stack(g, "addsub", 2)
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    g.roll((1, 2))
    assert any(m[0] == "keeper" and m[1] == cid for m in g.legal_moves())


def test_keepers_may_be_played_before_between_and_after_the_dice():
    g = game()
    cid = give(g, 0, "addsub", 5)
    g.roll((3, 4))
    assert ("keeper", cid, 0, ADD) in g.legal_moves()        # before
    g.apply(("die", 3, 0, ADD))
    assert ("keeper", cid, 0, ADD) in g.legal_moves()        # between
    g.apply(("die", 4, 0, ADD))
    assert ("keeper", cid, 0, ADD) in g.legal_moves()        # after
    play(g, ("keeper", cid, 0, ADD), ("commit",))
    assert g.state.space(0, 0) == 12
    assert cid in g.state.discard


def test_action_applies_to_the_pawn_that_landed_on_red():
    g = game()
    place(g, 0, 8, 30)
    stack(g, "goto", 64)
    g.roll((3, 2))
    play(g, ("die", 3, 0, ADD), ("die", 2, 1, MUL), ("commit",))
    # 11 is red; 60 is not: the card moves the pawn that was on 11.
    assert g.state.spaces(0) == (64, 60)


def test_faq_both_pawns_on_red_the_player_chooses_the_action_pawn():
    g = game()
    place(g, 0, 10, 20)
    stack(g, "goto", 64)
    g.roll((3, 9))
    play(g, ("die", 3, 0, ADD), ("die", 9, 1, ADD), ("commit",))
    assert g.phase == ACTION
    assert sorted(g.legal_moves()) == [("pawn", 0), ("pawn", 1)]
    g.apply(("pawn", 1))
    assert g.state.spaces(0) == (13, 64)
    assert g.phase == ROLL and g.current == 1


def test_an_action_move_bumps_and_never_draws_again():
    g = game()
    place(g, 0, 10, 0)
    place(g, 1, 31, 0)
    cid = stack(g, "reverse_digits")
    n = len(g.state.deck)
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.space(0, 0) == 31        # 13 reversed, a new red space
    assert g.state.space(1, 0) == 0         # bumped
    assert len(g.state.deck) == n - 1       # only the one card
    assert cid in g.state.discard


def test_empty_deck_reshuffles_the_discards():
    g = game(seed=3)
    s = g.state
    addsub = [c for c in range(24) if s.cards[c][1] == "addsub"]
    others = [c for c in range(24) if c not in addsub]
    s.deck, s.discard, s.keepers[1] = [], list(addsub), others
    place(g, 0, 10, 0)
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert "reshuffle" in [e[0] for e in g.state.events]
    assert len(s.keepers[0]) == 1 and s.keepers[0][0] in addsub
    assert sorted(s.deck + s.keepers[0]) == sorted(addsub)
    assert s.discard == []


# --- 101 and winning ------------------------------------------------------

def test_98_with_a_7_can_only_go_to_91_or_14():
    g = game()
    place(g, 0, 98, 101)                   # the other pawn is home
    g.roll((7, 3))
    targets = set()
    for m in die_moves_for(g, 7, 0):
        h = Game.replay(g.settings, g.seed, [])
        h.state = g.state.copy()
        h.apply(m)
        targets.add(h.state.space(0, 0))
    assert targets == {91, 14}


def test_first_pawn_home_leaves_the_board_and_the_rest_goes_to_the_other():
    g = game()
    place(g, 0, 99, 50)
    g.roll((2, 5))
    g.apply(("die", 2, 0, ADD))
    assert g.state.is_home(0, 0)
    assert {m[2] for m in g.legal_moves() if m[0] == "die"} == {1}


def test_faq_99_with_2_and_5_wins_at_once_without_the_5():
    g = game()
    place(g, 0, 99, 101)
    g.roll((2, 5))
    g.apply(("die", 2, 0, ADD))
    assert g.phase == OVER and g.winner == 0
    assert g.legal_moves() == []


def test_winning_by_a_keeper():
    g = game()
    place(g, 0, 96, 101)
    cid = give(g, 0, "addsub", 5)
    g.roll((3, 4))
    g.apply(("keeper", cid, 0, ADD))
    assert g.winner == 0


def test_cannot_move_past_101_or_bounce():
    g = game()
    place(g, 0, 95, 0)
    g.roll((9, 9))
    assert ("die", 9, 0, ADD) not in g.legal_moves()


# --- Examples 1-3 ---------------------------------------------------------

def test_example_1_three_ways_with_4_and_26():
    for moves, want, draws in (
        ([("die", 3, 0, ADD), ("die", 9, 0, MUL)], (63, 26), False),
        ([("die", 3, 1, MUL), ("die", 9, 1, ADD)], (4, 87), False),
        ([("die", 9, 0, ADD), ("die", 3, 1, MUL)], (13, 78), True),
    ):
        g = game()
        place(g, 0, 4, 26)
        no_cards_top(g)
        n = len(g.state.deck)
        g.roll((3, 9))
        play(g, *(moves + [("commit",)]))
        assert g.state.spaces(0) == want
        assert (len(g.state.deck) == n - 1) == draws


def test_example_1_cannot_go_off_the_board_midway():
    g = game()
    place(g, 0, 4, 26)
    g.roll((3, 9))
    g.apply(("die", 9, 1, ADD))            # 35
    assert ("die", 3, 1, MUL) not in g.legal_moves()   # 105


def test_example_2_double_2s_from_78():
    cases = (
        ([ADD, DIV, ADD, ADD], 44, 42, False),
        ([ADD, ADD, ADD, DIV], 42, 0, False),
        ([DIV, ADD, ADD, SUB], 41, 42, True),
    )
    for ops, end, opp, draws in cases:
        g = game()
        place(g, 0, 78, 0)
        place(g, 1, 42, 0)
        no_cards_top(g)
        n = len(g.state.deck)
        g.roll((2, 2))
        play(g, *[("die", 2, 0, op) for op in ops] + [("commit",)])
        assert g.state.space(0, 0) == end
        assert g.state.space(1, 0) == opp
        assert (len(g.state.deck) == n - 1) == draws


def test_example_3_dividing_64():
    for second, end, draws in ((("die", 3, 0, SUB), 29, True),
                               (("die", 3, 0, MUL), 96, False)):
        g = game()
        place(g, 0, 64, 0)
        no_cards_top(g)
        n = len(g.state.deck)
        g.roll((2, 3))
        play(g, ("die", 2, 0, DIV), second, ("commit",))
        assert g.state.space(0, 0) == end
        assert (len(g.state.deck) == n - 1) == draws


# --- FAQ ------------------------------------------------------------------

def test_faq_division_must_be_exact():
    g = game()
    place(g, 0, 7, 0)
    g.roll((2, 3))
    assert ("die", 2, 0, DIV) not in g.legal_moves()


def test_faq_forced_below_zero_stays_at_zero():
    g = game()
    place(g, 1, 3, 101)
    g.state.cursed[1] = True
    no_cards_top(g)
    play(g, ("roll", 1, 2), ("die", 1, 0, MUL), ("die", 2, 0, ADD),
         ("commit",))
    g.roll((5, 7))
    # Cursed: only - or /; 3 - 5 < 0 and 5 does not divide 3.
    assert die_moves_for(g, 5, 0) == [("die", 5, 0, SUB)]
    g.apply(("die", 5, 0, SUB))
    assert g.state.space(1, 0) == 0


def test_faq_move_one_pawn_or_both():
    g = game()
    place(g, 0, 4, 26)
    g.roll((3, 9))
    pawns = {m[2] for m in g.legal_moves() if m[0] == "die"}
    assert pawns == {0, 1}


def test_faq_reverse_to_nearest_pawn_behind_can_bump_your_own():
    g = game()
    place(g, 0, 8, 5)
    place(g, 1, 3, 40)
    stack(g, "reverse_bump")
    g.roll((3, 1))
    play(g, ("die", 3, 0, ADD), ("die", 1, 0, MUL), ("commit",))
    assert g.state.spaces(0) == (5, 0)
    assert g.state.spaces(1) == (3, 40)
