"""Ring Climb: one test per house ruling in rules.py's docstring (1-10).

Face 0 (the rainbow): ring space s shows "ROYGBP"[s % 6]; at set-up
every ring is turned 0.  Player 0's pawns are red, player 1's blue,
player 2's yellow, player 3's green.
"""

import pytest

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.rules import PLAY, OVER
from primeplay.rings.settings import Settings
from primeplay.rng import Rng

from rings_rules_helpers import (card, P, game, all_cards, give,
                                 plays_of, dests, illegal)

RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE = range(6)
TOP, TABLE = B.TOP, B.TABLE
WILD, SPIN = 36, 39


R1, R2 = card(RED, 1), card(RED, 2)
O1, Y1, Y2, G1, G2, B1, P1 = (card(ORANGE, 1), card(YELLOW, 1),
                              card(YELLOW, 2), card(GREEN, 1),
                              card(GREEN, 2), card(BLUE, 1),
                              card(PURPLE, 1))


# ------------------------------------------------------------- ruling 1

def test_ruling_1_one_pawn_per_card():
    """The ring turned is the one the moving pawn stands on, and the pawn
    that moves is that pawn; a card may turn a ring and move nothing."""
    s = game()
    s.pawns[0] = P(1, 0)
    s.pawns[1] = P(3, 0)
    give(s, 0, [R2, Y2, O1])
    # Turning with pawn 1 turns level 3, not level 1.
    before = list(s.pawns)
    R.apply(s, (PLAY, R2, 1, 2, -1))
    assert s.rot == [0, 0, 2, 0, 0, 0] and s.pawns == before
    # One card moves one pawn: pawn 0 cannot take pawn 1's step.
    illegal(s, (PLAY, O1, 0, 0, P(3, 1)))
    # Rotation-only plays exist for rings with an own pawn only.
    rings = set(m[2] for m in plays_of(s, Y2) if m[3] and m[4] == -1)
    assert rings == {0, 1}


def test_ruling_1_spin_wild_turns_only_the_moving_pawns_ring():
    s = game()
    s.pawns[0] = P(2, 0)
    s.pawns[3] = P(4, 0)      # player 1's: player 0 cannot turn level 4
    give(s, 0, [SPIN, O1, Y1])
    for m in plays_of(s, SPIN):
        if m[3]:
            assert m[2] == 0
    R.apply(s, (PLAY, SPIN, 0, 4, -1))
    assert s.rot == [0, 4, 0, 0, 0, 0]


# ------------------------------------------------------------- ruling 2

def test_ruling_2_entering_takes_the_whole_card_and_turns_nothing():
    """A pawn on the table stands on no ring: entering turns nothing, with
    any card; it enters on level 1 or jumps up a line; it never bumps."""
    s = game()
    give(s, 0, [Y2, SPIN, O1])
    for cid in (Y2, SPIN):
        for r in (2, -2, 1):
            illegal(s, (PLAY, cid, 0, r, P(1, 2)), "no ring")
    assert all(m[3] == 0 for m in plays_of(s))
    # Every level-1 yellow space, nothing else.
    assert dests(s, Y2, 0) == {P(1, 2), P(1, 8)}
    assert dests(s, SPIN, 0) == set(P(1, sp) for sp in range(12))
    illegal(s, (PLAY, Y2, 0, 0, -1), "where the pawn enters")
    illegal(s, (PLAY, Y2, 0, 0, P(2, 2)))      # nothing to jump


def test_ruling_2_entering_jumps_up_a_line_never_bumps():
    s = game()
    s.pawns[3] = P(1, 0)
    s.pawns[4] = P(2, 0)
    s.pawns[5] = P(3, 0)
    give(s, 0, [R1, O1, Y1])
    assert dests(s, R1, 0) == {P(4, 0), P(1, 6)}
    for d in (P(1, 0), P(2, 0), P(3, 0)):
        illegal(s, (PLAY, R1, 0, 0, d))
    R.apply(s, (PLAY, R1, 0, 0, P(4, 0)))
    assert s.pawns[3:6] == [P(1, 0), P(2, 0), P(3, 0)]


def test_ruling_2_entering_over_a_full_wedge_reaches_the_top():
    """A jump up a wedge's line of six pawns lands on the top, which takes
    the player's colour or a wild (ruling 7)."""
    s = game(3)
    for lvl, pawn in zip(range(1, 7), (3, 4, 5, 6, 7, 8)):
        s.pawns[pawn] = P(lvl, 1)
    give(s, 0, [R1, O1, WILD])
    assert TOP in dests(s, R1, 0) and TOP in dests(s, WILD, 0)
    assert TOP not in dests(s, O1, 0)
    R.apply(s, (PLAY, R1, 0, 0, TOP))
    assert s.pawns[0] == TOP


# ------------------------------------------------------------- ruling 3

def test_ruling_3_a_card_played_for_nothing():
    """A card may be played for nothing (discarded); a turn may stop after
    one or two cards; a turn plays at least one card."""
    s = game()
    give(s, 0, [R1, O1, Y1])
    kinds = set(m[1] for m in R.legal_moves(s)
                if m[0] == PLAY and m[2:] == (-1, 0, -1))
    assert kinds == {R1, O1, Y1}
    illegal(s, ("stop",), "play a card first")
    illegal(s, (PLAY, R1, -1, 1, -1), "moves nothing")
    illegal(s, (PLAY, R1, -1, 0, P(1, 0)), "moves nothing")
    R.apply(s, (PLAY, R1, -1, 0, -1))
    assert s.discard == [R1] and s.hands[0] == [O1, Y1]
    assert s.pawns == [TABLE] * 6 and s.rot == [0] * 6
    assert ("stop",) in R.legal_moves(s)
    R.apply(s, (PLAY, O1, -1, 0, -1))
    assert s.current == 0
    R.apply(s, ("stop",))
    assert s.current == 1 and Y1 in s.hands[0] and len(s.hands[0]) == 3


def test_ruling_3_stop_takes_no_arguments():
    s = game()
    R.apply(s, (PLAY, s.hands[0][0], -1, 0, -1))
    illegal(s, ("stop", 1), "not a move")
    illegal(s, ("swap", 1), "not a move")


# ------------------------------------------------------------- ruling 4

def test_ruling_4_jump_in_a_straight_line_to_the_first_free_space():
    s = game()
    s.pawns[0] = P(4, 0)
    s.pawns[3] = P(3, 0)      # theirs
    s.pawns[1] = P(2, 0)      # own: jumped like any
    give(s, 0, [R1, O1, Y1])
    # Down the wedge, over both, to level 1.
    assert P(1, 0) in dests(s, R1, 0)
    R.apply(s, (PLAY, R1, 0, 0, P(1, 0)))
    assert s.pawns[:4] == [P(1, 0), P(2, 0), TABLE, P(3, 0)]


def test_ruling_4_no_jump_off_the_board_downward():
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[3] = P(2, 0)
    s.pawns[1] = P(1, 0)
    give(s, 0, [WILD, O1, Y1])
    below = set(d for d in dests(s, WILD, 0) if d < P(3, 0))
    assert below == {P(2, 0)}          # the bump only, no jump
    illegal(s, (PLAY, WILD, 0, 0, TABLE))


def test_ruling_4_jump_up_from_level_6_lands_on_the_top():
    s = game()
    s.pawns[0] = P(4, 2)
    s.pawns[3] = P(5, 2)
    s.pawns[4] = P(6, 2)
    give(s, 0, [R1, Y1, WILD])
    assert TOP in dests(s, R1, 0) and TOP in dests(s, WILD, 0)
    assert TOP not in dests(s, Y1, 0)
    assert P(6, 2) not in dests(s, Y1, 0)    # jump-and-bump
    R.apply(s, (PLAY, WILD, 0, 0, TOP))
    assert s.pawns[0] == TOP and s.pawns[3:5] == [P(5, 2), P(6, 2)]


def test_ruling_4_a_move_down_from_level_1_is_no_move():
    s = game()
    s.pawns[0] = P(1, 0)
    give(s, 0, [WILD, O1, Y1])
    assert dests(s, WILD, 0) == {P(2, 0), P(1, 1), P(1, 11)}
    illegal(s, (PLAY, WILD, 0, 0, TABLE))


def test_ruling_4_a_jump_round_a_full_ring_goes_nowhere():
    s = game(4)
    s.pawns[0] = P(3, 0)
    others = [p for p in range(12) if p != 0]
    for sp, pawn in zip(range(1, 12), others):
        s.pawns[pawn] = P(3, sp)
    give(s, 0, [WILD, O1, Y1])
    # Up, down, and a bump of player 3's pawn on space 11; no jump (the
    # line runs back to the start), no bump of the own pawn on space 1.
    assert dests(s, WILD, 0) == {P(4, 0), P(2, 0), P(3, 11)}


# ------------------------------------------------------------- ruling 5

def test_ruling_5_bump_adjacent_other_player_above_level_1():
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[3] = P(3, 1)      # theirs, orange
    s.pawns[1] = P(3, 11)     # own, purple
    give(s, 0, [O1, P1, WILD])
    assert P(3, 1) in dests(s, O1, 0)
    # Own pawns are jumped, never bumped directly.
    assert P(3, 11) not in dests(s, P1, 0)
    assert P(3, 11) not in dests(s, WILD, 0)
    assert P(3, 10) in dests(s, WILD, 0)
    illegal(s, (PLAY, P1, 0, 0, P(3, 11)), "own pawn")
    R.apply(s, (PLAY, O1, 0, 0, P(3, 1)))
    assert s.pawns[3] == P(1, 1)


def test_ruling_5_bumped_from_level_2_goes_to_its_owners_table():
    s = game()
    s.pawns[0] = P(3, 4)
    s.pawns[3] = P(2, 4)
    give(s, 0, [card(BLUE, 1), O1, Y1])
    R.apply(s, (PLAY, card(BLUE, 1), 0, 0, P(2, 4)))
    assert s.pawns[0] == P(2, 4) and s.pawns[3] == TABLE
    assert ("bump", 3, P(2, 4), TABLE) in s.events


def test_ruling_5_the_drop_follows_the_wedge_on_turned_rings():
    """The bumped pawn drops two levels on its wedge (the base's line),
    not onto the same ring space."""
    s = game()
    s.pawns[0] = P(4, 3)
    s.pawns[3] = P(4, 4)
    s.rot[3] = 2              # level 4: space 4 over wedge 6
    s.rot[1] = 9              # level 2: wedge 6 is space 9
    give(s, 0, [card(BLUE, 1), O1, Y1])
    R.apply(s, (PLAY, card(BLUE, 1), 0, 0, P(4, 4)))
    assert s.pawns[3] == P(2, 9)


def test_ruling_5_bump_needs_the_space_colour():
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[3] = P(4, 0)      # red space
    give(s, 0, [O1, Y1, WILD])
    assert P(4, 0) not in dests(s, O1, 0)
    assert P(4, 0) in dests(s, WILD, 0)
    illegal(s, (PLAY, O1, 0, 0, P(4, 0)))


# ------------------------------------------------------------- ruling 6

@pytest.mark.parametrize("seed", range(12))
def test_ruling_6_level_6_discard_exactly_without_a_card_to_the_top(seed):
    """Offered at the start of a turn, as the whole turn, when a pawn of
    yours stands on level 6 and no card in your hand can take a pawn to
    the top."""
    rng = Rng(seed)
    s = game(3, seed=seed)
    p = rng.randbelow(3)
    s.current = p
    hand = []
    while len(hand) < 3:
        c = rng.randbelow(42)
        if c not in hand:
            hand.append(c)
    give(s, p, hand)
    on6 = rng.randbelow(2)
    s.pawns[3 * p] = P(6, rng.randbelow(12)) if on6 else P(5, 0)
    up = [c for c in hand
          if c >= 36 or B.card_colour(c) == B.PLAYER_COLOURS[p]]
    offered = ("swap",) in R.legal_moves(s)
    assert offered == bool(on6 and not up)
    assert (R.why_not(s, ("swap",)) is None) == offered
    if offered:
        R.apply(s, ("swap",))
        assert s.discard[-3:] == hand and s.current == (p + 1) % 3
        assert len(s.hands[p]) == 3


# ------------------------------------------------------------- ruling 7

def test_ruling_7_the_ring_may_still_be_turned_first():
    s = game()
    s.pawns[0] = P(6, 0)
    give(s, 0, [R2, O1, Y1])
    assert TOP in dests(s, R2, 0, 2) and TOP in dests(s, R2, 0, -2)
    R.apply(s, (PLAY, R2, 0, -2, TOP))
    assert s.pawns[0] == TOP and s.rot[5] == 10


def test_ruling_7_pawns_on_top_never_move_again():
    s = game()
    s.pawns[0] = TOP
    s.pawns[1] = P(2, 0)
    give(s, 0, [SPIN, WILD, R2])
    assert plays_of(s, pawn=0) == []
    for m in ((PLAY, SPIN, 0, 0, P(6, 0)), (PLAY, WILD, 0, 0, P(6, 0)),
              (PLAY, SPIN, 0, 3, -1), (PLAY, R2, 0, 2, -1),
              (PLAY, WILD, 0, 0, TOP)):
        illegal(s, m, "top")


# ------------------------------------------------------------- ruling 8

def test_ruling_8_a_finished_player_is_skipped_and_discards():
    s = game(3)
    s.pawns[0:3] = [TOP, TOP, P(6, 0)]
    give(s, 0, [R1, O1, Y1])
    R.apply(s, (PLAY, R1, 2, 0, TOP))
    assert s.finished == [0] and s.hands[0] == []
    assert O1 in s.discard and Y1 in s.discard
    assert s.current == 1 and s.phase != OVER
    seen = []
    for _ in range(4):
        seen.append(s.current)
        R.apply(s, (PLAY, s.hands[s.current][0], -1, 0, -1))
        R.apply(s, ("stop",))
        assert s.hands[0] == []
    assert seen == [1, 2, 1, 2]
    assert all_cards(s) == list(range(42))


def test_ruling_8_two_players_the_game_ends_at_the_first():
    s = game(2)
    s.pawns[0:3] = [TOP, TOP, P(6, 0)]
    give(s, 0, [R1, O1, Y1])
    R.apply(s, (PLAY, R1, 2, 0, TOP))
    assert s.phase == OVER and R.places(s) == [0, 1]


def test_ruling_8_play_on_until_one_is_left():
    s = game(4)
    for p in (0, 1, 2):
        s.current = p
        base = 3 * p
        s.pawns[base:base + 3] = [TOP, TOP, P(6, p)]
        own = card(B.PLAYER_COLOURS[p], 1)
        give(s, p, [own])
        R.apply(s, (PLAY, own, base + 2, 0, TOP))
        assert s.finished == list(range(p + 1))
        assert (s.phase == OVER) == (p == 2)
    assert R.places(s) == [0, 1, 2, 3] and R.winner(s) == 0


def test_ruling_8_unfinished_ranked_by_top_then_levels_then_seat():
    s = game(5, first=3, play_on=False)
    s.finished = [1]
    s.pawns[0:3] = [TOP, TABLE, TABLE]           # one on top: 107
    s.pawns[6:9] = [P(4, 0), P(3, 0), P(3, 1)]   # 10 levels
    s.pawns[9:12] = [P(5, 0), P(5, 1), TABLE]    # 10 levels
    s.pawns[12:15] = [P(6, 0), P(6, 1), P(6, 2)]  # 18 levels, none on top
    # Ties go in seat order from the first player (3, 4, 0, 1, 2).
    assert R.places(s) == [1, 0, 4, 3, 2]


# ------------------------------------------------------------- ruling 9

def test_ruling_9_who_starts_is_a_setting_default_player_1():
    assert Settings().first == 0
    assert game(3).current == 0
    s = game(3, first=1)
    assert s.current == 1 and s.turn == 0
    R.apply(s, (PLAY, s.hands[1][0], -1, 0, -1))
    R.apply(s, ("stop",))
    assert s.current == 2


# ------------------------------------------------------------ ruling 10

def test_ruling_10_empty_deck_is_the_discard_pile_shuffled():
    s = game()
    give(s, 0, [R1, O1, Y1])
    s.discard.extend(s.deck[1:])
    last = s.deck[0]
    s.deck = [last]
    pile = sorted(s.discard + [R1, O1])
    twin = s.copy()
    for c in (R1, O1):
        R.apply(s, (PLAY, c, -1, 0, -1))
        R.apply(twin, (PLAY, c, -1, 0, -1))
    # What the draw must be: the deck's last card, then the discard pile
    # shuffled by the state's Rng.
    pre = s.copy()
    R.apply(s, ("stop",))
    R.apply(twin, ("stop",))
    pile_order = list(pre.discard)
    shuffled = list(pile_order)
    pre.rng.shuffle(shuffled)
    assert shuffled != pile_order
    assert s.hands[0][2] == shuffled[-1] and s.deck == shuffled[:-1]
    # The last card first, then the reshuffled discards.
    assert s.hands[0][:2] == [Y1, last]
    assert s.discard == []
    assert sorted(s.deck + s.hands[0][2:]) == pile
    # The shuffle is the state's own Rng: the same state, the same deck.
    assert s.snapshot() == twin.snapshot()


def test_ruling_10_only_the_player_whose_turn_ended_refills():
    s = game(3)
    give(s, 1, [R1, O1])           # short hand of a player not to move
    assert all_cards(s) == list(range(42))
    c = s.hands[0][0]
    R.apply(s, (PLAY, c, -1, 0, -1))
    assert len(s.hands[0]) == 2    # no refill in the middle of a turn
    R.apply(s, ("stop",))
    assert len(s.hands[0]) == 3
    assert s.hands[1] == [R1, O1] and len(s.hands[2]) == 3
