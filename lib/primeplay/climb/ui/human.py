"""Prime Climb's play screen (``play``) answering a human: the
presses of roll, move and action mode, and the warnings a preview gives
the player choosing ("bumps P2", "draws a card").

Imported with a human's first press or preview: a game of computers alone
(the one the board's heap budget is measured with) does without it.
The play screen hands itself in; a press moves its cursor
(``play.Cursor``) or calls its methods (``make``, ``sync``, ``pause``,
``start_roll``, ``hint_row``), so nothing here imports the play
screen's module or writes its fields.
"""

from primeplay.climb import rules
from primeplay.climb.game import PAWN
from primeplay.climb.track import to_space, ADD, SUB, MUL, DIV

# Boards with + - x / buttons: each jumps to its operation.
OP_BUTTONS = {"ADD": ADD, "SUB": SUB, "MUL": MUL, "DIV": DIV}


def press(play, name):
    """A human's press in roll, move or action mode."""
    mode = play.mode
    cur = play.cursor
    d = 1 if name in ("RIGHT", "DOWN") else -1
    if cur.showing_board(mode):
        if name in ("LEFT", "RIGHT"):
            cur.turn_page(d, play.state.settings.players + 1)
            return
        if name == "B":
            # B is back everywhere: from the board to the play screen (the
            # dice in move mode), never the pause menu or an undo unseen.
            if mode == "move":
                cur.default()
            else:
                cur.show_board(False)
            return
    if mode == "move":
        _press_move(play, cur, name, d)
    elif name in ("UP", "DOWN"):
        cur.show_board(not cur.board)
    elif name == "B":
        play.pause()
    elif mode == "roll":
        if name in ("A", "ROLL"):
            play.start_roll()
    elif mode == "action":
        if name == "A" and cur.board:
            cur.show_board(False)
        elif name in ("LEFT", "RIGHT"):
            cur.step(d, mode)
        elif name == "A":
            play.make(cur.move(mode))


def _press_move(play, cur, name, d):
    if name in ("UP", "DOWN"):
        cur.step_row(d)
    elif name in ("LEFT", "RIGHT"):
        cur.step(d, "move")
    elif name in OP_BUTTONS:
        cur.to_op(OP_BUTTONS[name])
    elif name == "A":
        m = cur.move("move")
        if m is None:
            if cur.on_hint():
                play.hint_row().press(play)
            else:
                cur.default()     # the board: back to the dice
        else:
            play.make(m)
    elif name == "B":
        if play.game.can_undo():
            play.game.undo()
            play.sync()
        else:
            play.pause()


def note(s, move):
    """The warning under ``move``'s preview, or None: "bumps P2" when the
    pawn would end the turn on another; on End turn, what ending it does
    ("bumps P2, draws a card")."""
    k = move[0]
    if k == "commit":
        return _commit_note(s)
    if k == "die" or (k == "keeper" and s.cards[move[1]][1] == "addsub"):
        probe = s.copy()
        rules.apply_legal(probe, move)  # from the legal list
        return _bumps(probe, s.current, move[2])
    return None


def _bumps(probe, p, i):
    """"bumps P2" when pawn i of player p, where ``probe`` has it, shares
    its space with another pawn (the bump at the end of the turn, or at
    once in Double Time); None when it is alone, home or on 0 or 101."""
    for e in probe.events:
        if e[0] == "bump":      # Double Time bumps at once
            return "bumps own %s" % PAWN[e[2]] if e[1] == p else \
                "bumps P%d" % (e[1] + 1)
    v = probe.pos[2 * p + i]
    if v == probe.end:
        return None
    goal = probe.settings.goal
    sp = to_space(goal, v)
    if sp == 0 or sp == 101:
        return None
    for k in range(len(probe.pos)):
        w = probe.pos[k]
        if k != 2 * p + i and w != probe.end and to_space(goal, w) == sp:
            q = k >> 1
            return "bumps own %s" % PAWN[k & 1] if q == p else \
                "bumps P%d" % (q + 1)
    return None


def _commit_note(s):
    """What ending the turn in ``s`` does: "bumps P2, draws a card"; the
    card drawn is worked out on a copy and not told."""
    probe = s.copy()
    rules.apply_legal(probe, ("commit",))
    parts = []
    for e in probe.events:
        if e[0] == "bump":
            who = "own %s" % PAWN[e[2]] if e[1] == s.current else \
                "P%d" % (e[1] + 1)
            parts.append("bumps " + who)
        elif e[0] == "draw":
            parts.append("draws a card")
        elif e[0] == "station":
            parts.append("Way Station")
    if not parts:
        return None
    return ", ".join(parts)
