"""A Prime Climb game for the UI and bots: the shared game shell
(``primeplay.game``: seed, move log, replay, cached legal moves) plus
undo.  Undo works inside the current Move phase only: it stops at the
roll, at a card drawn (Double Time) and at the commit, so nobody can peek
at a card and take the move back.

A move packs into four bytes (``encode_move``).

The words for moves, pawns and Keepers are here too (``move_text``,
``move_preview``, ``keeper_name``, ``PAWN``): the play screen and the
views it opens (board, Hint) all write them, and import them from here,
below every screen, rather than from each other.
"""

from primeplay.climb import rules
from primeplay.climb.rules import IllegalMove, ROLL, MOVE, ACTION, OVER
from primeplay.climb.settings import Settings
from primeplay.climb.track import OP_SYMBOLS, to_space
# After the rules: run from source, the rules (the largest module to
# compile) compile while the heap holds the least.
from primeplay import game as shell


# The pawns' names, as every screen and the record write them.
PAWN = "ab"

KINDS = ("roll", "die", "lose", "keeper", "commit", "pawn", "switch",
         "steal")


def encode_move(move):
    """A move as 4 bytes: kind index, then up to three fields 0..255."""
    out = bytearray(4)
    out[0] = KINDS.index(move[0])
    for i in range(1, len(move)):
        out[i] = move[i]
    return out


def decode_move(b, i=0):
    """The move packed at b[i:i+4] (see encode_move)."""
    kind = KINDS[b[i]]
    if kind == "roll":
        return ("roll",) if b[i + 1] == 0 else ("roll", b[i + 1], b[i + 2])
    if kind == "commit":
        return ("commit",)
    if kind == "lose":
        return ("lose", b[i + 1])
    if kind == "pawn":
        return ("pawn", b[i + 1])
    if kind == "steal":
        return ("steal", b[i + 1], b[i + 2])
    return (kind, b[i + 1], b[i + 2], b[i + 3])


class Game(shell.Game):
    """A Prime Climb game; undo works inside the current Move phase."""
    __slots__ = ("_mark", "_since", "_legal_before")

    RULES = rules
    SETTINGS = Settings
    encode = staticmethod(encode_move)
    decode = staticmethod(decode_move)

    def __init__(self, settings=None, seed=0, record=True):
        shell.Game.__init__(self, settings, seed, record)
        self._mark = self.state.copy()   # undo barrier
        self._since = []                 # moves since the barrier
        self._legal_before = []          # legal lists before each of _since

    def resume(self, state):
        shell.Game.resume(self, state)
        self._mark = state.copy()
        self._since = []

    def text(self, move):
        return move_text(move)

    def edited(self):
        """The state was changed by hand: forget the cached legal moves."""
        self._legal = None
        self._legal_before = [None] * len(self._legal_before)

    def moved(self, move, legal):
        s = self.state
        barrier = move[0] in ("roll", "commit") or s.phase in (ROLL, OVER)
        if not barrier:
            for e in s.events:
                if e[0] in ("draw", "reshuffle"):
                    barrier = True
                    break
        if barrier:
            self._mark = s.copy()
            self._since = []
            self._legal_before = []
        else:
            self._since.append(move)
            # An undo comes back to this position: keep its moves for it.
            self._legal_before.append(legal)

    def roll(self, dice=None):
        """Roll (from the seed) or take a table's real dice (d1, d2)."""
        if dice is None:
            return self.apply(("roll",))
        return self.apply(("roll", dice[0], dice[1]))

    def can_undo(self):
        return bool(self._since)

    def undo(self):
        """Take back the last move of this Move phase; False if none."""
        if not self._since:
            return False
        back = self._legal_before.pop() if self._legal_before else None
        moves = self._since[:-1]
        s = self._mark.copy()
        for m in moves:
            # Each was legal from this same start the first time.
            rules.apply_legal(s, m)
        self.state = s
        self._since = moves
        # The position is the one before the last move: its moves again.
        self._legal = back
        self._legal_of = s if back is not None else None
        if self.record:
            # MicroPython's bytearray has no slice deletion.
            self.log = self.log[:-4]
        return True

    def end_positions(self):
        return rules.end_positions(self.state)


def move_text(move):
    """Short notation: 'roll 3 9', 'die 3 a+', 'keeper 4 b-', 'commit'."""
    k = move[0]
    if k == "roll":
        return "roll" if len(move) == 1 else "roll %d %d" % (move[1], move[2])
    if k == "die":
        return "die %d %s%s" % (move[1], PAWN[move[2]], OP_SYMBOLS[move[3]])
    return " ".join([k] + [str(x) for x in move[1:]])


def move_preview(s, move):
    """(big text, number whose colours the ring shows) of ``move``, legal
    in ``s``."""
    p = s.current
    goal = s.settings.goal
    k = move[0]
    if k == "die" or (k == "keeper" and s.cards[move[1]][1] == "addsub"):
        i = move[2]
        d = move[1] if k == "die" else s.cards[move[1]][2]
        frm = s.space(p, i)
        probe = s.copy()
        rules.apply_legal(probe, move)  # from the legal list
        to = to_space(goal, probe.pos[2 * p + i])
        text = "%s %d%s%d=%d" % (PAWN[i], frm, OP_SYMBOLS[move[3]], d, to)
        return text, to
    if k == "lose":
        return "lose %d" % move[1], -1
    if k == "commit":
        return "End turn", -1
    if k == "keeper":
        effect = s.cards[move[1]][1]
        if effect == "send_start":
            return "P%d%s to start" % (move[2] + 1, PAWN[move[3]]), \
                s.space(move[2], move[3])
        return "Curse P%d" % (move[2] + 1), -1
    if k == "pawn":
        return "card: pawn %s" % PAWN[move[1]], s.space(p, move[1])
    if k == "switch":
        return "%s<>P%d%s" % (PAWN[move[1]], move[2] + 1,
                              PAWN[move[3]]), s.space(move[2], move[3])
    if k == "steal":
        return "take P%d's" % (move[1] + 1), -1
    return k, -1


def keeper_name(card):
    """A Keeper as its tile and the board name it: "+-7", "Start",
    "Curse"."""
    e = card[1]
    if e == "addsub":
        return "+-%d" % card[2]
    return "Start" if e == "send_start" else "Curse" if e == "curse" else e


__all__ = ["Game", "IllegalMove", "move_text", "ROLL", "MOVE", "ACTION",
           "OVER"]
