"""Every legal move of Prime Climb can be made with the buttons.

Positions come from seeded games (one to four players, every variant and
the disputed rulings both ways, with and without Prime Cards), taken in
the Move phase (dice to use, Keepers to play, End turn) and at an Action
card's choice.  For each position and each of its legal moves, the play
screen is opened on that position for a human, as it opens at the start
of the player's move (the cursor where it opens), and the buttons are
pressed: UP/DOWN to the row that holds the move, LEFT/RIGHT to it (in
action mode LEFT/RIGHT alone), A.  The preview shows the move before A,
and the game's state after A is the one ``rules.apply`` gives.  Every
move the screen offers is legal, and each legal move is offered once.
"""

import pytest

from primeplay.app import App
from primeplay.climb.ui.play import ClimbPlay, move_preview
from primeplay.climb import rules
from primeplay.climb.bot import random_move
from primeplay.climb.game import Game
from primeplay.climb.rules import MOVE, ACTION
from primeplay.climb.settings import Settings
from primeplay.climb.track import ADD, SUB, MUL, DIV
from primeplay.rng import Rng

# (variant, players, Settings keywords): every variant, one to four
# players, each disputed ruling both ways, cards off once.
CONFIGS = [
    ("standard", 2, {}),
    ("standard", 4, {"start_roll": False}),
    ("standard", 3, {"cards": False}),
    ("double_time", 3, {}),
    ("way_stations", 2, {"way_stations": (31, 53, 79)}),
    ("way_stations", 3, {"station_mid_move": True}),
    ("prime_sprint", 4, {}),
    ("prime_decline", 3, {}),
    ("prime_decline", 2, {"curse_mirror": False}),
    ("there_and_back", 2, {}),
    ("there_and_back", 4, {"both_out": False, "curse_mirror": False}),
    ("solitaire1", 1, {}),
    ("solitaire2", 1, {}),
]
SEEDS = (1, 2)
PLAIN = 3               # Move-phase positions taken from each game
SPECIAL = 3             # and positions with a Keeper to play or an Action
EVERY = 23              # a plain position every so many moves


_POSITIONS = {}


def positions(variant, players, kw, seed):
    """Move-phase and Action positions of a seeded game of random
    players (copies of the state): a few along the game, and a few where
    a Keeper can be played or an Action card waits."""
    key = (variant, players, tuple(sorted(kw.items())), seed)
    if key not in _POSITIONS:
        _POSITIONS[key] = _positions(variant, players, kw, seed)
    return [s.copy() for s in _POSITIONS[key]]


def _positions(variant, players, kw, seed):
    settings = Settings.preset(variant, None if variant.startswith(
        "solitaire") else players, **kw)
    g = Game(settings, seed, record=False)
    rng = Rng(seed * 31 + players)
    plain = []
    special = []
    end = []            # all dice used: End turn (and Keepers) left
    n = 0
    while g.state.winner is None and n < 4000 and (
            len(plain) < PLAIN or len(special) < SPECIAL or not end):
        s = g.state
        n += 1
        legal = g.legal_moves()
        if s.phase == ACTION or s.phase == MOVE and any(
                m[0] == "keeper" for m in legal):
            if len(special) < SPECIAL and n % 3 == 0:
                special.append(s.copy())
        elif s.phase == MOVE and not s.dice and not end:
            end.append(s.copy())
        elif s.phase == MOVE and n % EVERY == 0 and len(plain) < PLAIN:
            plain.append(s.copy())
        g.apply(random_move(s, rng))
    return plain + special + end


def snapshot(s):
    """Everything of a state, to compare two."""
    out = []
    for k in rules.State.__slots__:
        v = getattr(s, k)
        if k == "rng":
            v = v.state
        elif k == "settings":
            v = v.to_dict()
        out.append((k, v))
    return out


def screen_on(state, buttons=None):
    """The play screen on ``state`` for a human at every seat, as it opens
    at the start of a player's move."""
    app = App(seed=1) if buttons is None else App(seed=1, buttons=buttons)
    seats = [0] * state.settings.players
    play = ClimbPlay(app, state.settings, 5, seats,
                     Game.from_state(state.copy(), 5, record=False))
    app.go(play)
    app.scene()
    assert play.mode in ("move", "action") and not play.peeking()
    return app, play


def press_to(app, play, move):
    """The buttons a player presses to bring ``move`` under the cursor:
    UP/DOWN to its row, LEFT/RIGHT along it (action mode: LEFT/RIGHT);
    the presses made."""
    pressed = []
    if play.mode == "move":
        rows = play.cursor.rows()
        where = [i for i in range(len(rows)) if move in rows[i][1]]
        assert len(where) == 1, (move, rows)
        for _ in range(len(rows)):
            if play.cursor.group == where[0]:
                break
            app.press("DOWN")
            pressed.append("DOWN")
        assert play.cursor.group == where[0]
    for _ in range(len(play.game.legal_moves())):
        if play.cursor.move(play.mode) == move:
            break
        app.press("RIGHT")
        pressed.append("RIGHT")
    return pressed


def check_position(state):
    """Every legal move of ``state`` by the buttons; the kinds made."""
    legal = rules.legal_moves(state)
    app, play = screen_on(state)
    if play.mode == "move":
        offered = [m for r in play.cursor.rows() for m in r[1]]
        assert sorted(offered) == sorted(legal), (offered, legal)
        assert len(set(offered)) == len(offered)
    kinds = set()
    for move in legal:
        app, play = screen_on(state)
        pressed = press_to(app, play, move)
        assert play.cursor.move(play.mode) == move, (move, pressed)
        # What the panel previews is this move.
        texts = " ".join(app.scene().texts())
        want = "End turn" if move[0] == "commit" else \
            move_preview(play.state, move)[0]
        assert want in texts, (move, want, texts)
        app.press("A")
        expected = _applied(state, move)
        assert snapshot(play.state) == snapshot(expected), (move, pressed)
        kinds.add(move[0] if move[0] != "keeper" else
                  "keeper " + state.cards[move[1]][1])
    return kinds


def _applied(state, move):
    s = state.copy()
    rules.apply(s, move)
    return s


@pytest.mark.parametrize("config", CONFIGS,
                         ids=["%s-%dp%s" % (c[0], c[1], "-" + "-".join(
                             sorted(c[2])) if c[2] else "") for c in CONFIGS])
def test_every_legal_move_is_made_by_the_buttons(config):
    variant, players, kw = config
    kinds = set()
    count = 0
    for seed in SEEDS:
        for s in positions(variant, players, kw, seed):
            kinds |= check_position(s)
            count += 1
    assert count >= 2 * len(SEEDS) - 1, count
    assert "die" in kinds and "commit" in kinds, kinds


def test_the_seeded_positions_hold_every_kind_of_move():
    # Over all the configurations: dice, End turn, each kind of Keeper
    # and of Action choice; the Keepers and Actions of the positions the
    # test above presses through.
    kinds = set()
    for variant, players, kw in CONFIGS:
        for seed in SEEDS:
            for s in positions(variant, players, kw, seed):
                for m in rules.legal_moves(s):
                    kinds.add(m[0] if m[0] != "keeper" else
                              "keeper " + s.cards[m[1]][1])
    assert {"die", "commit", "keeper addsub", "keeper send_start",
            "keeper curse", "pawn"} <= kinds, kinds
    assert kinds & {"switch", "steal"}, kinds


def test_a_lost_die_is_made_by_the_buttons_too():
    # Ruling 2's example: Prime Decline, pawns on 3 and 7 under a Curse
    # as printed (- and / only), a roll of 9 and 8: no pawn can take
    # either die (0 is the goal), so each is lost, a row of its own.
    s = rules.new_game(Settings.preset("prime_decline", 2,
                                       curse_mirror=False,
                                       start_roll=False), 1)
    s.pos[0], s.pos[1] = 101 - 3, 101 - 7
    s.cursed[0] = True
    rules.apply(s, ("roll", 9, 8))
    assert rules.legal_moves(s) == [("lose", 9), ("lose", 8)]
    assert check_position(s) == {"lose"}
    rules.apply(s, ("lose", 9))
    rules.apply(s, ("lose", 8))
    assert check_position(s) == {"commit"}


def test_the_operation_buttons_jump_to_their_operation():
    # Boards with + - x / buttons: on a die's row, each goes to a move of
    # that operation (the same pawn when it has one).
    ops = {"ADD": ADD, "SUB": SUB, "MUL": MUL, "DIV": DIV}
    tried = 0
    for variant, players, kw in CONFIGS[:6]:
        for s in positions(variant, players, kw, 1):
            if s.phase != MOVE:
                continue
            app, play = screen_on(s, buttons=("UP", "DOWN", "LEFT", "RIGHT",
                                              "A", "B", "ROLL", "ADD",
                                              "SUB", "MUL", "DIV"))
            rows = play.cursor.rows()
            for gi in range(1, len(rows)):
                moves = rows[gi][1]
                if not moves or moves[0][0] != "die":
                    continue
                play.cursor.group = gi
                for name, op in ops.items():
                    play.cursor.default()
                    play.cursor.group = gi
                    play.cursor.option = 0
                    pawn = play.cursor.move(play.mode)[2]
                    app.press(name)
                    have = [m for m in moves if m[3] == op]
                    cur = play.cursor.move(play.mode)
                    if not have:
                        assert cur == moves[0]
                        continue
                    tried += 1
                    assert cur[3] == op, (name, cur, moves)
                    if [m for m in have if m[2] == pawn]:
                        assert cur[2] == pawn
    assert tried > 20
