"""Ring Climb's game play example from the rulebook, from set-up, on both
faces of the rings (board.py chose the colour orders for it)."""

import pytest

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.settings import Settings

from rings_rules_helpers import give


YELLOW1, RED2, GREEN3 = 2 * 6 + 0, 0 * 6 + 2, 3 * 6 + 4


@pytest.mark.parametrize("face", [0, 1])
def test_rulebook_game_play_example(face):
    s = R.new_game(Settings(players=2, face=face), seed=3)
    give(s, 0, [YELLOW1, RED2, GREEN3])
    assert B.card_text(YELLOW1) == "Y1" and B.card_text(RED2) == "R2" \
        and B.card_text(GREEN3) == "G3"
    # 1. "Play the yellow card, placing your pawn on one of the bottom
    # yellow spaces"
    yellow = [m[4] for m in R.legal_moves(s)
              if m[1] == YELLOW1 and m[2] == 0]
    assert len(yellow) == 2    # a rainbow shows yellow twice
    for d in yellow:
        assert d // B.SPACES == 1
        assert B.colour_of_space(face, d) == B.YELLOW
    R.apply(s, (R.PLAY, YELLOW1, 0, 0, yellow[0]))
    # 2. "Play the red card and rotate the bottom level ring two spaces
    # counter-clockwise to move that same pawn up to the red space"
    w = R.wedge(s.rot, s.pawns[0])
    red = R.at(s.rot, 2, (w - 2) % B.SPACES)
    assert B.colour_of_space(face, red) == B.RED
    R.apply(s, (R.PLAY, RED2, 0, -2, red))
    assert s.pawns[0] == red and s.rot[0] == 10
    # 3. "play the green card, rotate the second level ring three spaces
    # clockwise, giving that pawn a third move and landing on a third
    # level green space."
    green = R.at(s.rot, 3, (R.wedge(s.rot, red) + 3) % B.SPACES)
    assert B.colour_of_space(face, green) == B.GREEN
    R.apply(s, (R.PLAY, GREEN3, 0, 3, green))
    # "At this point your turn is done, you have one pawn on the third
    # level and two pawns not yet in play."
    assert s.pawns[:3] == [green, B.TABLE, B.TABLE]
    assert green // B.SPACES == 3
    assert s.current == 1 and len(s.hands[0]) == 3


def test_a_move_with_floats_or_bools_is_refused_not_half_made():
    # Game.apply's cache of legal moves compares with ==, where 1.0 and
    # True equal 1: such a move must still be refused, state unchanged.
    from primeplay.rings.game import Game
    g = Game(Settings(players=2), 5)
    legal = g.legal_moves()
    m = [x for x in legal if x[0] == R.PLAY and x[2] == -1][0]
    before = g.state.snapshot()
    for bad in ((m[0], float(m[1]), m[2], m[3], m[4]),
                (m[0], m[1], m[2], 0.0, m[4])):
        g.legal_moves()
        with pytest.raises(R.IllegalMove):
            g.apply(bad)
        assert g.state.snapshot() == before and g.moves_made == 0


def test_a_card_that_turns_and_moves_nothing_is_recorded_as_for_nothing():
    from primeplay.rings.game import Game
    g = Game(Settings(players=2), 5)
    g.state.pawns[0] = B.place(2, 4)
    cid = g.state.hands[0][0]
    g.apply((R.PLAY, cid, 0, 0, -1))
    assert g.history == [(R.PLAY, cid, -1, 0, -1)]


def test_first_player_must_be_a_seat_number_not_a_bool():
    with pytest.raises(ValueError):
        R.new_game(Settings(players=2, first=True))


def test_the_preview_board_and_one_cards_plays_agree_with_the_rules():
    # The screen previews with board_after and lists a picked card's
    # plays with plays(only=): both must say what apply_legal and
    # legal_moves say, over seeded games of every size.
    from primeplay.rings import bot
    from primeplay.rng import Rng
    for seed in range(12):
        s = R.new_game(Settings(players=2 + seed % 5), seed)
        rng = Rng(seed)
        while s.phase != R.OVER and s.turn < 40:
            legal = R.legal_moves(s)
            for cid in s.hands[s.current]:
                kind = B.card_kind(cid)
                mine = R.plays(s, only=cid)
                want = [m for m in legal if m[0] == R.PLAY
                        and B.card_kind(m[1]) == kind]
                assert [m[2:] for m in mine] == [m[2:] for m in want]
                assert all(m[1] == cid for m in mine)
            for m in legal:
                if m[0] != R.PLAY:
                    continue
                full = s.copy()
                R.apply_legal(full, m)
                light = R.board_after(s, m)
                assert light.pawns == full.pawns and light.rot == full.rot
                assert [e for e in full.events if e[0] in
                        ("rotate", "move", "bump", "finish")] == light.events
            R.apply_legal(s, bot.choose(s, rng.randbelow(2) + 1))
