"""Every legal Ring Climb move can be made with the buttons, and no key is
a dead end.

Positions come from seeded games of the computer players (2 to 6
players, both faces of the rings, the one-card house rule, another first
player, stopping at the first winner), sampled every few moves, and
positions sought out for the rarer kinds of move.  For each position and
each move of ``rules.legal_moves``, the play screen is put at that
position (the human's card stage) and the buttons are pressed as a
player would (the card, the pawn, the ring's turn, the way to the
place, A): the state after must be ``rules.apply``'s, field for field.

And at every stage a human passes through on the way, each key either
changes the picture, moves on, or says why not (no key does nothing
silently).
"""

import pytest

from rings_app_helpers import table_at, Table, rbot
from primeplay.app.scene import Scene
from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.game import Game
from primeplay.rings.rules import PLAY
from primeplay.rings.settings import Settings


def kinds(state, move):
    """The kinds of move ``move`` is, for the coverage check."""
    if move[0] != PLAY:
        return [move[0]]
    cid, pawn, r, dest = move[1:]
    out = []
    if cid >= B.SPIN:
        out.append("spin wild")
    elif cid >= B.WILD:
        out.append("wild")
    if pawn < 0:
        return out + ["throw"]
    src = state.pawns[pawn]
    if r:
        out.append("turn")
    if dest < 0:
        return out + ["turn only"]
    if src == B.TABLE:
        out.append("enter the top" if dest == B.TOP else
                   "enter by a jump" if dest >= 2 * B.SPACES else "enter")
    elif dest == B.TOP:
        out.append("to the top")
    else:
        after = R.board_after(state, move)
        if [e for e in after.events if e[0] == "bump"]:
            out.append("bump")
        elif dest // B.SPACES > src // B.SPACES:
            out.append("climb")
        else:
            out.append("step")
    return out


ALL_KINDS = {"stop", "swap", "throw", "wild", "spin wild", "turn",
             "turn only", "enter", "enter by a jump", "enter the top",
             "to the top", "bump", "climb", "step"}

# (players, settings, seed, every n-th position): one game each.
GAMES = [
    (2, {}, 1, 9),
    (2, {"face": 1, "one_card": True}, 2, 7),
    (3, {"first": 2}, 3, 13),
    (4, {"play_on": False}, 4, 9),
    (5, {"face": 1}, 5, 11),
    (6, {"first": 1, "one_card": True}, 6, 7),
]


def settings(players, extra):
    kw = dict(extra)
    return Settings(players=players, **kw)


def sampled(players, extra, seed, every):
    """Positions of one seeded game, every ``every`` moves (mixed
    levels: seat i strong when seed + i is even)."""
    st = settings(players, extra)
    g = Game(st, seed)
    out = []
    levels = [rbot.STRONG if (seed + i) % 2 == 0 else rbot.NORMAL
              for i in range(players)]
    while g.state.phase != R.OVER and g.moves_made < 3000:
        if g.moves_made % every == 0:
            out.append(g.state.copy())
        g.apply(rbot.choose(g.state, levels[g.state.current]))
    return out


def sought(want, players=6, seeds=range(60), level=rbot.STRONG):
    """The first position of seeded games where some legal move is of
    kind ``want``."""
    st = Settings(players=players)
    for seed in seeds:
        g = Game(st, seed)
        while g.state.phase != R.OVER and g.moves_made < 3000:
            s = g.state
            for m in g.legal_moves():
                if want in kinds(s, m):
                    return s.copy()
            g.apply(rbot.choose(s, level))
    raise AssertionError("no position with a move of kind " + want)


def press_every_move(state, seen):
    """Each legal move of ``state`` made through the buttons from the
    card stage; the state after compared with rules.apply's."""
    p = state.current
    seats = [2] * state.settings.players
    seats[p] = 0
    t = table_at(state, seats)
    t.lean = True
    play = t.play
    moves = R.legal_moves(state)
    for m in moves:
        t.reset_to(state)
        assert play.mode == "human" and play.choice.stage == "card"
        t.human_move(m)
        want = state.copy()
        R.apply(want, m)
        assert play.state.snapshot() == want.snapshot(), m
        for k in kinds(state, m):
            seen[k] = seen.get(k, 0) + 1
    return len(moves)


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_legal_move_of_sampled_positions_is_made_by_the_buttons(game):
    players, extra, seed, every = GAMES[game]
    seen = {}
    n = 0
    for s in sampled(players, extra, seed, every):
        n += press_every_move(s, seen)
    assert n > 100
    assert {"turn", "climb", "enter", "throw"} <= set(seen), seen


def test_every_kind_of_move_is_made_by_the_buttons():
    # The rarer kinds, each from a position sought for it (six strong
    # computers: the crowded boards), then all of that position's moves.
    seen = {}
    for want in ("enter the top", "swap", "to the top", "bump",
                 "enter by a jump", "stop", "spin wild", "wild", "climb",
                 "step", "turn only", "throw", "enter"):
        if want not in seen:
            press_every_move(sought(want), seen)
    assert set(seen) == ALL_KINDS, ALL_KINDS - set(seen)


# ------------------------------------------------ no key does nothing

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")


def picture(app):
    sc = app.scene()
    return (type(app.screen).__name__, sc.items)


def answered(t, key, play):
    """Press ``key``: True when the picture changed (a choice moved, a
    stage, a page) or a reason is shown."""
    before = picture(t.app)
    t.app.press(key)
    return picture(t.app) != before or play.overlay is not None


def one_of_each_stage(state, moves):
    """A few moves whose key paths pass through every stage: a ring
    pawn's turn and step, an entry, a throw, a stop."""
    out = []
    got = set()
    for m in moves:
        if m[0] != PLAY:
            k = m[0]
        elif m[2] < 0:
            k = "throw"
        elif state.pawns[m[2]] == B.TABLE:
            k = "enter"
        else:
            k = "turn" if m[3] else "step" if m[4] >= 0 else "stay"
        if k not in got:
            got.add(k)
            out.append(m)
    return out


def test_no_key_is_silent_in_any_stage_of_a_human_turn():
    stages = set()
    for seed in range(5):
        players = 2 + seed
        for s in sampled(players, {"face": seed % 2}, 40 + seed, 29)[:3]:
            seats = [2] * players
            seats[s.current] = 0
            t = table_at(s, seats)
            play = t.play
            for m in one_of_each_stage(s, R.legal_moves(s)):
                path = stage_path(t, s, m)
                for depth in range(len(path) + 1):
                    for key in KEYS:
                        t.reset_to(s)
                        for k in path[:depth]:
                            t.app.press(k)
                        stages.add(play.choice.stage)
                        assert answered(t, key, play), \
                            (m, path[:depth], key, play.choice.stage)
    assert {"card", "pawn", "rot", "step"} <= stages, stages


def stage_path(t, s, m):
    """The keys that make ``m`` from the card stage (as the table's
    driver presses them), without the final A."""
    t.reset_to(s)
    keys = []
    press = t.press

    def record(name):
        keys.append(name)
        press(name)

    t.press = record
    try:
        t.human_move(m)
    finally:
        del t.press
    return keys[:-1]
