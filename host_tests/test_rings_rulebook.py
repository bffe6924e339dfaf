"""Ring Climb: each rule of the rulebook (/work/shared/rules/
ring-climb-rulebook.txt) as its own test, the rule quoted.

Positions are built by setting the state's fields directly.  Face 0 (the
rainbow): ring space s shows "ROYGBP"[s % 6] on every ring, so at set-up
(every ring turned 0) wedge w shows that colour on every level.  Player 0
plays red pawns, player 1 blue, player 2 yellow (board.PLAYER_COLOURS).
"""

import pytest

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.rules import PLAY, OVER
from primeplay.rings.settings import Settings

from rings_rules_helpers import (card, P, game, all_cards, give, dests,
                                 legal, illegal)

RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE = range(6)
TOP, TABLE = B.TOP, B.TABLE
WILD, SPIN = 36, 39


R1, R2, R3 = card(RED, 1), card(RED, 2), card(RED, 3)
O1, Y1, Y2, G1, G3 = (card(ORANGE, 1), card(YELLOW, 1), card(YELLOW, 2),
                      card(GREEN, 1), card(GREEN, 3))
B1, P1 = card(BLUE, 1), card(PURPLE, 1)


# --------------------------------------------------------------- the cards

def test_the_deck_of_42():
    """'Deck of 42 Playing Cards: 36 cards in 6 different colors, numbered
    1, 2 or 3; 3 any-color no-spin wild cards; 3 unlimited-spin any-color
    wild cards'; 'Shuffle the cards and deal 3 to each player.'"""
    colours = [B.card_colour(c) for c in range(36)]
    assert sorted(colours) == sorted(list(range(6)) * 6)
    for col in range(6):
        assert sorted(B.card_number(c) for c in range(36)
                      if B.card_colour(c) == col) == [1, 1, 2, 2, 3, 3]
    assert [B.card_number(c) for c in range(36, 42)] == [0] * 3 + [-1] * 3
    assert [B.card_colour(c) for c in range(36, 42)] == [-1] * 6
    for n in range(2, 7):
        s = game(n, seed=n)
        assert [len(h) for h in s.hands] == [3] * n
        assert all_cards(s) == list(range(42))
        assert s.discard == []


# ----------------------------------------------------------------- jumping

def test_jump_onto_the_board_over_a_level1_pawn():
    """'Jumping can begin with the first move onto the board'; 'as long as
    the color of the card played is the same color as the space that the
    pawn lands on.'"""
    s = game()
    s.pawns[3] = P(1, 2)               # blue pawn on a yellow space
    give(s, 0, [Y1, R1, G1])
    ys = dests(s, Y1, 0)
    assert ys == {P(2, 2), P(1, 8)}    # over it, or the other yellow space
    # The red card cannot land on the yellow level-2 space over it.
    assert P(2, 2) not in dests(s, R1, 0)
    illegal(s, (PLAY, R1, 0, 0, P(2, 2)))
    R.apply(s, (PLAY, Y1, 0, 0, P(2, 2)))
    assert s.pawns[0] == P(2, 2) and s.pawns[3] == P(1, 2)


def test_jump_onto_the_board_over_a_line_of_pawns():
    """'A pawn can jump over one or more pawns': entering over a level-1
    and a level-2 pawn lands on level 3 (own pawns are jumped too)."""
    s = game()
    s.pawns[3] = P(1, 3)
    s.pawns[1] = P(2, 3)
    give(s, 0, [G1, R1, B1])
    assert P(3, 3) in dests(s, G1, 0)
    assert P(2, 3) not in dests(s, G1, 0)
    R.apply(s, (PLAY, G1, 0, 0, P(3, 3)))
    assert s.pawns[:4] == [P(3, 3), P(2, 3), TABLE, P(1, 3)]


@pytest.mark.parametrize("cid,ok", [(R1, True), (WILD, True), (SPIN, True),
                                    (B1, False), (G1, False), (O1, False)])
def test_jump_onto_the_top_from_level5_over_a_level6_pawn(cid, ok):
    """'You can jump over other pawns and up to the 7th safe level'; the
    top takes 'any numbered color card that matches the color of your
    pawns or any of the wild cards'.  Player 0's pawns are red."""
    s = game()
    s.pawns[0] = P(5, 0)
    s.pawns[3] = P(6, 0)
    give(s, 0, [cid])
    move = (PLAY, cid, 0, 0, TOP)
    assert (TOP in dests(s, cid, 0)) == ok
    if ok:
        R.apply(s, move)
        assert s.pawns[0] == TOP and s.pawns[3] == P(6, 0)
    else:
        illegal(s, move)


def test_jump_along_a_ring_over_several_pawns():
    """'A pawn can jump over one or more pawns, as long as the color of the
    card played is the same color as the space that the pawn lands on.'"""
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[3] = P(3, 1)     # theirs
    s.pawns[1] = P(3, 2)     # own
    s.pawns[4] = P(3, 3)     # theirs
    give(s, 0, [B1, G1, card(BLUE, 2)])
    assert P(3, 4) in dests(s, B1, 0)          # the first free space
    illegal(s, (PLAY, B1, 0, 0, P(3, 10)))     # not a line's end
    # Landing in the line is no jump (and no bump: not adjacent).
    illegal(s, (PLAY, G1, 0, 0, P(3, 3)))
    R.apply(s, (PLAY, B1, 0, 0, P(3, 4)))
    assert s.pawns[:5] == [P(3, 4), P(3, 2), TABLE, P(3, 1), P(3, 3)]


def test_jump_needs_the_landing_colour():
    """'...as long as the color of the card played is the same color as
    the space that the pawn lands on.'"""
    s = game()
    s.pawns[0] = P(2, 0)
    s.pawns[3] = P(3, 0)
    give(s, 0, [O1, Y1, G1])
    for c in (O1, Y1, G1):       # level 4 space 0 is red
        assert P(4, 0) not in dests(s, c, 0)
        illegal(s, (PLAY, c, 0, 0, P(4, 0)))


# ----------------------------------------------------------------- bumping

def test_bump_drops_the_pawn_two_levels():
    """'If the space above, below or adjacent to a pawn you are about to
    move is occupied by another player's pawn, you may bump that pawn down
    two levels by playing a card whose color matches the space and then
    moving your own pawn onto that space.'"""
    for mine, theirs in ((P(3, 0), P(4, 0)),     # above
                         (P(5, 0), P(4, 0)),     # below
                         (P(4, 11), P(4, 0)),    # beside
                         (P(4, 1), P(4, 0))):
        s = game()
        s.pawns[0] = mine
        s.pawns[3] = theirs
        give(s, 0, [R1, O1, B1])
        assert P(4, 0) in dests(s, R1, 0)
        illegal(s, (PLAY, O1, 0, 0, P(4, 0)))
        R.apply(s, (PLAY, R1, 0, 0, P(4, 0)))
        assert s.pawns[0] == P(4, 0) and s.pawns[3] == P(2, 0)


def test_cascade_own_pawn_included():
    """'If another pawn occupies the space that you just bumped your
    opponent's pawn down to, then that pawn will also be bumped down two
    levels (even if it is your own pawn).'"""
    s = game(3)
    s.pawns[0] = P(4, 0)
    s.pawns[3] = P(5, 0)     # player 1's, bumped
    s.pawns[1] = P(3, 0)     # player 0's own, where it drops
    s.pawns[6] = P(1, 1)     # not in the line: stays
    give(s, 0, [R1, O1, Y1])
    R.apply(s, (PLAY, R1, 0, 0, P(5, 0)))
    assert s.pawns[0] == P(5, 0)
    assert s.pawns[3] == P(3, 0)
    assert s.pawns[1] == P(1, 0)
    assert s.pawns[6] == P(1, 1)
    bumps = [e for e in s.events if e[0] == "bump"]
    assert bumps == [("bump", 3, P(5, 0), P(3, 0)),
                     ("bump", 1, P(3, 0), P(1, 0))]


def test_cascade_knocks_a_level1_pawn_off_the_board():
    """'Pawns may be bumped completely off the board. ... a pawn may be
    bumped off the bottom level if and only if this is the result of a
    cascading effect of bumping from above.'  The drops run down the
    wedge (the rings below are turned here), and the pawn knocked off
    goes back to its owner's table."""
    s = game(3)
    s.rot[2] = 4             # level 3 turned
    s.rot[0] = 7             # level 1 turned
    s.pawns[0] = P(4, 0)     # wedge 0
    s.pawns[3] = P(5, 0)     # wedge 0
    s.pawns[1] = P(3, 8)     # (8 + 4) % 12: wedge 0
    s.pawns[6] = P(1, 5)     # (5 + 7) % 12: wedge 0
    give(s, 0, [R1, O1, Y1])
    R.apply(s, (PLAY, R1, 0, 0, P(5, 0)))
    assert s.pawns[0] == P(5, 0)
    assert s.pawns[3] == P(3, 8)
    assert s.pawns[1] == P(1, 5)
    assert s.pawns[6] == TABLE
    # Back on the table, it enters again like any pawn of player 2.
    assert s.pawns[6:9] == [TABLE, TABLE, TABLE]


def test_no_bump_on_level_1():
    """'Other players cannot be bumped off the bottom first level'."""
    s = game()
    s.pawns[0] = P(1, 0)
    s.pawns[1] = P(2, 1)
    s.pawns[3] = P(1, 1)     # orange space, level 1
    give(s, 0, [O1, R1, Y1])
    assert P(1, 1) not in dests(s, O1, 0)   # sideways
    assert P(1, 1) not in dests(s, O1, 1)   # from above
    illegal(s, (PLAY, O1, 0, 0, P(1, 1)), "level 1")
    illegal(s, (PLAY, O1, 1, 0, P(1, 1)), "level 1")
    # The same pawn one level up is bumped (off the board).
    s.pawns[3] = P(2, 2)
    s.pawns[0] = P(2, 3)
    give(s, 0, [Y1, R1, O1])
    R.apply(s, (PLAY, Y1, 0, 0, P(2, 2)))
    assert s.pawns[3] == TABLE


def test_no_bump_on_the_top():
    """'...or from the top central level (pawns here are considered
    'safe')'; 'Your pawns cannot be removed, once they reach the top
    level.'"""
    s = game()
    s.pawns[3] = TOP
    s.pawns[0] = P(6, 0)
    give(s, 0, [R1, O1, Y1])
    R.apply(s, (PLAY, R1, 0, 0, TOP))
    assert s.pawns[0] == TOP and s.pawns[3] == TOP
    assert not [e for e in s.events if e[0] == "bump"]


def test_never_jump_and_bump_in_one_move():
    """'You cannot jump over a pawn to bump another (you may never jump
    and bump in the same move).'"""
    s = game()
    s.pawns[0] = P(2, 0)
    s.pawns[3] = P(3, 0)
    s.pawns[4] = P(4, 0)
    give(s, 0, [R1, O1, Y1])
    assert dests(s, R1, 0) >= {P(3, 0), P(5, 0)}   # bump or jump both
    assert P(4, 0) not in dests(s, R1, 0)
    illegal(s, (PLAY, R1, 0, 0, P(4, 0)), "jumping and bumping")
    R.apply(s, (PLAY, R1, 0, 0, P(5, 0)))
    assert s.pawns[3:5] == [P(3, 0), P(4, 0)]       # jumped, not bumped


def test_no_bump_when_entering():
    """'When first placing a pawn onto the board, you may place it on an
    empty space or jump other pawns, but you may not bump pawns sitting on
    the first level.'"""
    s = game()
    s.pawns[3] = P(1, 0)
    give(s, 0, [R1, O1, Y1])
    assert dests(s, R1, 0) == {P(1, 6), P(2, 0)}
    illegal(s, (PLAY, R1, 0, 0, P(1, 0)), "no bumping when entering")
    R.apply(s, (PLAY, R1, 0, 0, P(1, 6)))
    assert s.pawns[0] == P(1, 6) and s.pawns[3] == P(1, 0)


def test_two_pawns_never_share_a_space():
    """'two pawns may never occupy the same space.'"""
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[1] = P(3, 1)
    give(s, 0, [O1, R1, Y1])
    illegal(s, (PLAY, O1, 0, 0, P(3, 1)), "own pawn")


# ------------------------------------------------------------------- wilds

def test_wild_card_any_colour_no_rotation():
    """'ANY COLOR WILD CARDS allow you to move a single pawn up, down or to
    an adjacent space, regardless of the color of the space. ... You may
    not rotate a ring when playing this card.'"""
    s = game()
    s.pawns[0] = P(2, 0)
    give(s, 0, [WILD, R1, Y1])
    assert dests(s, WILD, 0) == {P(3, 0), P(1, 0), P(2, 1), P(2, 11)}
    assert [m for m in R.legal_moves(s)
            if m[0] == PLAY and m[1] == WILD and m[3]] == []
    for r in (1, -1, 2, 6):
        illegal(s, (PLAY, WILD, 0, r, -1), "turns no ring")
        illegal(s, (PLAY, WILD, 0, r, P(3, r % 12)))
    R.apply(s, (PLAY, WILD, 0, 0, P(2, 11)))
    assert s.pawns[0] == P(2, 11) and s.rot == [0] * 6


def test_wild_card_reaches_the_top():
    """'...as well as allowing you to reach the final 7th level.'"""
    s = game()
    s.pawns[0] = P(6, 4)
    give(s, 0, [WILD, O1, Y1])
    assert TOP in dests(s, WILD, 0)
    assert TOP not in dests(s, O1, 0)


def test_unlimited_spin_wild_any_rotation_then_move():
    """'UNLIMITED SPIN, ANY COLOR WILD CARDS allow you to rotate one ring
    (optionally) any number of spaces in either direction, provided that
    you have a pawn on that ring. You may then move your pawn'."""
    s = game()
    s.pawns[0] = P(2, 0)
    give(s, 0, [SPIN, O1, Y1])
    for r in range(-11, 12):
        assert legal(s, (PLAY, SPIN, 0, r, -1)), r
    spins = set(m[3] for m in R.legal_moves(s)
                if m[0] == PLAY and m[1] == SPIN and m[4] == -1 and m[3])
    assert spins == set(range(-5, 7)) - {0}       # every turn, once
    # Turned 5: the pawn stands on wedge 5; up is level 3 over wedge 5,
    # any colour.
    assert dests(s, SPIN, 0, 5) == {P(3, 5), P(1, 5), P(2, 1), P(2, 11)}
    R.apply(s, (PLAY, SPIN, 0, 5, P(3, 5)))
    assert s.rot[1] == 5 and s.pawns[0] == P(3, 5)


def test_unlimited_spin_wild_without_spin_is_a_wild():
    """'If you do not wish to rotate a ring, you may still play this card
    as if it were an any color wild card'."""
    s = game()
    s.pawns[0] = P(2, 0)
    give(s, 0, [SPIN, O1, Y1])
    assert dests(s, SPIN, 0) == {P(3, 0), P(1, 0), P(2, 1), P(2, 11)}
    R.apply(s, (PLAY, SPIN, 0, 0, P(2, 1)))
    assert s.rot == [0] * 6


def test_spin_wild_needs_a_pawn_on_the_ring():
    """'...provided that you have a pawn on that ring': a pawn on the
    table turns nothing."""
    s = game()
    give(s, 0, [SPIN, O1, Y1])
    illegal(s, (PLAY, SPIN, 0, 3, -1))
    illegal(s, (PLAY, SPIN, 0, 3, P(1, 3)))


# --------------------------------------------------------------- rotation

def test_colour_card_rotates_exactly_either_way():
    """'You may rotate the ring in either direction, and you must rotate the
    exact number of spaces shown on the card that was played.'"""
    s = game()
    s.pawns[0] = P(1, 0)
    give(s, 0, [Y2, O1, R1])
    for r in (2, -2):
        assert legal(s, (PLAY, Y2, 0, r, -1))
    for r in (1, -1, 3, -3, 4, 10, 14):
        illegal(s, (PLAY, Y2, 0, r, -1), "exactly 2")
    R.apply(s, (PLAY, Y2, 0, -2, -1))
    assert s.rot == [10, 0, 0, 0, 0, 0]
    # The pawn keeps its ring space; its wedge changed.
    assert s.pawns[0] == P(1, 0) and R.wedge(s.rot, s.pawns[0]) == 10


def test_rotation_is_optional_and_before_the_move():
    """'Rotating is optional, but if you choose to rotate, you must do so
    before moving your pawn.'  The ring turned is the one the pawn stands
    on before it moves; the destination is judged on the turned ring."""
    s = game()
    s.pawns[0] = P(1, 0)
    give(s, 0, [Y2, R2, O1])
    # Not turning: red up (level 2 space 0).
    assert legal(s, (PLAY, R2, 0, 0, P(2, 0)))
    # Turned +2 the pawn is over wedge 2: level 2 space 0 is no longer up.
    illegal(s, (PLAY, R2, 0, 2, P(2, 0)))
    R.apply(s, (PLAY, Y2, 0, 2, P(2, 2)))
    assert s.rot == [2, 0, 0, 0, 0, 0]     # level 1 turned, not level 2
    assert s.pawns[0] == P(2, 2)


def test_rotation_turns_the_pawns_with_the_ring():
    """A ring turns with every pawn on it (the issue's model): spaces kept,
    wedges changed; no other ring moves."""
    s = game()
    s.pawns[0] = P(3, 0)
    s.pawns[3] = P(3, 5)
    s.pawns[4] = P(4, 5)
    give(s, 0, [R3, O1, Y1])
    R.apply(s, (PLAY, R3, 0, -3, -1))
    assert s.pawns[0] == P(3, 0) and s.pawns[3] == P(3, 5)
    assert R.wedge(s.rot, s.pawns[3]) == 2
    assert R.wedge(s.rot, s.pawns[4]) == 5
    assert s.rot == [0, 0, 9, 0, 0, 0]


# -------------------------------------------------------- the sixth level

@pytest.mark.parametrize("p,cid,ok", [
    (0, R1, True), (0, WILD, True), (0, SPIN, True),
    (0, G1, False), (0, B1, False),
    (1, B1, True), (1, R1, False), (1, WILD, True)])
def test_level_6_to_the_top_own_colour_or_wild(p, cid, ok):
    """'From the 6th ring level, play any numbered color card that matches
    the color of your pawns or any of the wild cards to move up to the 7th
    safe level at the center of the game board.'  The pawn stands on a
    green space: the space's colour does not matter."""
    s = game()
    s.current = p
    pawn = 3 * p
    s.pawns[pawn] = P(6, 3)
    give(s, p, [cid])
    assert (TOP in dests(s, cid, pawn)) == ok
    if ok:
        R.apply(s, (PLAY, cid, pawn, 0, TOP))
        assert s.pawns[pawn] == TOP
    else:
        illegal(s, (PLAY, cid, pawn, 0, TOP))


def test_level_6_discard_offered_without_a_card_to_the_top():
    """'If you cannot play a card at the sixth level, discard your hand and
    draw a new set of three cards for your next turn.'"""
    s = game()
    s.pawns[0] = P(6, 0)
    give(s, 0, [O1, Y1, G1])
    assert ("swap",) in R.legal_moves(s)
    old = list(s.hands[0])
    R.apply(s, ("swap",))
    assert s.discard[-3:] == old
    assert len(s.hands[0]) == 3 and not set(old) & set(s.hands[0])
    assert s.current == 1 and s.played == 0
    assert s.pawns[0] == P(6, 0)
    assert all_cards(s) == list(range(42))


@pytest.mark.parametrize("hand,pawn_pos,played", [
    ([R1, O1, Y1], P(6, 0), 0),     # a red card takes it up
    ([WILD, O1, Y1], P(6, 0), 0),   # so does a wild
    ([O1, Y1, G1], P(5, 0), 0),     # no pawn on level 6
    ([O1, Y1, G1], TABLE, 0),
])
def test_level_6_discard_not_offered(hand, pawn_pos, played):
    """The discard is for 'If you cannot play a card at the sixth level'
    only."""
    s = game()
    s.pawns[0] = pawn_pos
    give(s, 0, hand)
    assert ("swap",) not in R.legal_moves(s)
    illegal(s, ("swap",))


def test_level_6_discard_not_after_a_card():
    """The discard is instead of a turn ('draw a new set of three cards
    for your next turn'), not after playing a card."""
    s = game()
    s.pawns[0] = P(6, 0)
    give(s, 0, [O1, Y1, G1])
    R.apply(s, (PLAY, O1, -1, 0, -1))
    assert s.current == 0
    assert ("swap",) not in R.legal_moves(s)
    illegal(s, ("swap",))


# --------------------------------------------------------- end of the game

def _nearly_done(s, p, cid):
    base = 3 * p
    s.pawns[base:base + 3] = [TOP, TOP, P(6, 0)]
    s.current = p
    give(s, p, [cid, O1 + 1 if p else G1, Y1 + 1])


def test_all_three_on_top_first_place_others_play_on():
    """'When all three pawns are at the top, you're done, and if you're the
    first to accomplish this you win the game.'  'The remaining players
    may continue playing to see who gets 2nd, 3rd and 4th place.'"""
    s = game(3)
    _nearly_done(s, 0, R1)
    R.apply(s, (PLAY, R1, 2, 0, TOP))
    assert R.winner(s) == 0 and s.finished == [0]
    assert s.phase != OVER
    assert s.current == 1            # done: the turn passes at once
    assert s.hands[0] == []          # ruling 8: hand to the discards
    assert all_cards(s) == list(range(42))
    # Player 1 finishes second; the turn skips player 0 after player 2.
    _nearly_done(s, 1, B1)
    R.apply(s, (PLAY, B1, 5, 0, TOP))
    assert s.finished == [0, 1]
    # Two done out of three: the last one is last.
    assert s.phase == OVER
    assert R.places(s) == [0, 1, 2]


def test_turns_skip_a_finished_player():
    s = game(3)
    _nearly_done(s, 0, R1)
    R.apply(s, (PLAY, R1, 2, 0, TOP))
    assert s.current == 1
    give(s, 1, [O1, Y1, G1])
    for c in (O1, Y1, G1):
        R.apply(s, (PLAY, c, -1, 0, -1))
    assert s.current == 2
    for c in list(s.hands[2]):
        R.apply(s, (PLAY, c, -1, 0, -1))
    assert s.current == 1 and s.hands[0] == []


def test_without_play_on_the_game_stops_at_the_first_winner():
    """Settings(play_on=False): the game ends when 'one player is the first
    to move all three of their pawns to the topmost central level.'"""
    s = game(3, play_on=False)
    _nearly_done(s, 0, R1)
    s.pawns[6] = P(4, 0)          # player 2 ahead of player 1
    R.apply(s, (PLAY, R1, 2, 0, TOP))
    assert s.phase == OVER and R.winner(s) == 0
    assert R.places(s) == [0, 2, 1]
    assert R.legal_moves(s) == []
    illegal(s, (PLAY, s.hands[1][0], -1, 0, -1), "over")


# --------------------------------------------------------------- the turn

def test_turn_ends_after_three_cards_hand_redrawn():
    """'On your turn, you will play a card ... Then, you may play a second
    card and even a third.'  'After you have played as many of your three
    cards as you can play, your turn ends and you draw new cards for a
    total of three cards in your hand. Then the next player takes a
    turn.'"""
    s = game()
    s.pawns[0] = P(1, 0)
    give(s, 0, [O1, R1, Y1])
    R.apply(s, (PLAY, O1, 0, 0, P(1, 1)))
    assert s.current == 0 and len(s.hands[0]) == 2
    R.apply(s, (PLAY, R1, -1, 0, -1))
    assert s.current == 0 and len(s.hands[0]) == 1
    assert ("stop",) in R.legal_moves(s)
    R.apply(s, (PLAY, Y1, -1, 0, -1))
    assert s.current == 1 and s.played == 0 and s.turn == 1
    assert len(s.hands[0]) == 3
    assert not set(s.hands[0]) & {O1, R1, Y1}
    assert all_cards(s) == list(range(42))


def test_stop_after_one_card_refills_the_hand():
    """'Then, you may play a second card and even a third' (may)."""
    s = game()
    give(s, 0, [O1, R1, Y1])
    R.apply(s, (PLAY, O1, 0, 0, P(1, 1)))
    R.apply(s, ("stop",))
    assert s.current == 1 and len(s.hands[0]) == 3
    assert R1 in s.hands[0] and Y1 in s.hands[0]


def test_one_card_house_rule():
    """'Deal three cards, but play only one card per turn, replenishing up
    to three each time, for a faster game.'"""
    s = game(one_card=True)
    assert [len(h) for h in s.hands] == [3, 3]
    give(s, 0, [O1, R1, Y1])
    R.apply(s, (PLAY, O1, 0, 0, P(1, 1)))
    assert s.current == 1 and s.played == 0
    assert len(s.hands[0]) == 3 and O1 not in s.hands[0]
    assert R1 in s.hands[0] and Y1 in s.hands[0]
    assert ("stop",) not in R.legal_moves(s)


def test_deck_reshuffles_its_discards_when_empty():
    """An empty deck: the discards are shuffled into a new one (the
    rulebook has players 'draw new cards' at every turn's end)."""
    s = game()
    give(s, 0, [O1, R1, Y1])
    s.discard.extend(s.deck)
    s.deck = []
    R.apply(s, (PLAY, O1, -1, 0, -1))
    R.apply(s, ("stop",))
    assert len(s.hands[0]) == 3
    assert any(e[0] == "reshuffle" for e in s.events)
    assert s.discard == []
    assert len(s.deck) == 42 - 6
    assert all_cards(s) == list(range(42))


@pytest.mark.parametrize("n,first", [(2, 0), (2, 1), (3, 2), (6, 5)])
def test_who_starts(n, first):
    """'The youngest player goes first.'  The device asks (Settings.first);
    the deal begins with that player too."""
    s = R.new_game(Settings(players=n, first=first), seed=9)
    assert s.current == first and s.events == [("turn", first)]
    deck = list(range(42))
    from primeplay.rng import Rng
    Rng(9).shuffle(deck)
    assert s.hands[first][0] == deck[-1]
    assert s.hands[(first + 1) % n][0] == deck[-2]


def test_who_starts_must_be_a_seat():
    with pytest.raises(ValueError):
        R.new_game(Settings(players=3, first=3))


def test_setup_colours_line_up_both_faces():
    """'Arrange the game board rings on the plastic base, so that the colors
    line up'; 'Choose either side of the rings.'"""
    for face in (0, 1):
        for w in range(12):
            cols = set(B.colour_of_space(face, R.at([0] * 6, lvl, w))
                       for lvl in range(1, 7))
            assert len(cols) == 1
        assert sorted(B.colour_of_space(face, P(1, sp))
                      for sp in range(12)) == sorted(list(range(6)) * 2)
