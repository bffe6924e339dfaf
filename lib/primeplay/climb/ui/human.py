"""Prime Climb's play screen (``play``) answering a human: the
presses of roll, move and action mode, and the warnings a preview gives
the player choosing ("bumps P2", "draws a card").

Imported with a human's first press or preview: a game of computers alone
(the one the board's heap budget is measured with) does without it.
The play screen imports this module and hands itself in; what a press
changes goes through its methods (``make``, ``default``, ``to_row``,
``sync``, ``pause``, ``start_roll``) and its cursor (``group``,
``option``), so nothing here imports the play screen's module.
"""

from primeplay.climb import rules
from primeplay.climb.game import PAWN
from primeplay.climb.track import to_space, ADD, SUB, MUL, DIV

# Boards with + - x / buttons: each jumps to its operation.
OP_BUTTONS = {"ADD": ADD, "SUB": SUB, "MUL": MUL, "DIV": DIV}


def press(play, name):
    """A human's press in roll, move or action mode."""
    mode = play.mode
    if name in ("LEFT", "RIGHT") and play.showing_board():
        n = play.state.settings.players + 1
        play.page = (play.page + (1 if name == "RIGHT" else -1)) % n
        return
    if name == "B" and play.showing_board():
        # B is back everywhere: from the board to the play screen (the
        # dice in move mode), never the pause menu or an undo unseen.
        if mode == "move":
            play.default()
        else:
            play.board = False
        return
    if mode == "roll":
        if name in ("A", "ROLL"):
            play.start_roll()
        elif name in ("UP", "DOWN"):
            _toggle_board(play)
        elif name == "B":
            play.pause()
    elif mode == "action":
        n = len(play.game.legal_moves())
        if name in ("UP", "DOWN"):
            _toggle_board(play)
        elif name == "A" and play.board:
            play.board = False
        elif name in ("LEFT", "RIGHT"):
            play.option = (play.option + (1 if name == "RIGHT" else -1)) % n
        elif name == "A":
            play.make(play.current_move())
        elif name == "B":
            play.pause()
    elif mode == "move":
        _press_move(play, name)


def _toggle_board(play):
    play.board = not play.board
    play.page = 0


def _press_move(play, name):
    rs = play.rows()
    if name in ("UP", "DOWN"):
        play.to_row((play.group + (1 if name == "DOWN" else -1)) % len(rs))
        play.page = 0
    elif name in ("LEFT", "RIGHT"):
        n = len(rs[play.group][1])
        if n:
            play.option = (play.option + (1 if name == "RIGHT" else -1)) % n
    elif name in OP_BUTTONS:
        if rs[play.group][1]:
            _jump_to_op(play, rs[play.group][1], OP_BUTTONS[name])
    elif name == "A":
        m = play.current_move()
        if m is None:
            if rs[play.group] is play.HINT_ROW:
                from primeplay.climb.ui.hint_page import press_hint
                press_hint(play)
            else:
                play.default()     # the board: back to the dice
        else:
            play.make(m)
    elif name == "B":
        if play.game.can_undo():
            play.game.undo()
            play.sync()
        else:
            play.pause()


def _jump_to_op(play, moves, op):
    """A + - x / button: that operation on the same pawn, if it can."""
    cur = moves[play.option]
    pawn = cur[2] if cur[0] == "die" else 0
    best = None
    for i in range(len(moves)):
        m = moves[i]
        if m[0] in ("die", "keeper") and len(m) == 4 and m[3] == op:
            if best is None or m[2] == pawn:
                best = i
                if m[2] == pawn:
                    break
    if best is not None:
        play.option = best


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
