"""A Ring Climb game for the UI and bots: rules plus history and replay.

``Game`` keeps the seed and every move made, so a game is replayed (and
saved) as seed + settings + moves, packed four bytes a move
(``encode_move``): kind and card, pawn, rotation, destination.
"""

from primeplay.rings import board as B
from primeplay.rings import rules
from primeplay.rings.rules import IllegalMove, PLAY, OVER
from primeplay.rings.settings import Settings

KINDS = (PLAY, "stop", "swap")


def encode_move(move):
    """A move as 4 bytes: kind * 64 + card id, pawn + 1, rotation + 8,
    destination + 1."""
    out = bytearray(4)
    if move[0] == PLAY:
        out[0] = move[1]
        out[1] = move[2] + 1
        out[2] = move[3] + 8
        out[3] = move[4] + 1
    else:
        out[0] = KINDS.index(move[0]) * 64
    return out


def decode_move(b, i=0):
    """The move packed at b[i:i+4] (see encode_move)."""
    kind = b[i] >> 6
    if kind:
        return (KINDS[kind],)
    return (PLAY, b[i] & 63, b[i + 1] - 1, b[i + 2] - 8, b[i + 3] - 1)


class Game:
    __slots__ = ("settings", "seed", "state", "log", "_legal", "_legal_of")

    def __init__(self, settings=None, seed=0):
        if settings is None:
            settings = Settings()
        self.settings = settings
        self.seed = seed
        self.state = rules.new_game(settings, seed)
        self.log = bytearray()
        self._legal = None
        self._legal_of = None

    @classmethod
    def replay(cls, settings, seed, moves):
        """The game that ``moves`` lead to from ``seed``."""
        g = cls(settings, seed)
        for m in moves:
            g.apply(m)
        return g

    @property
    def history(self):
        return [decode_move(self.log, i) for i in range(0, len(self.log), 4)]

    @property
    def moves_made(self):
        return len(self.log) >> 2

    @property
    def phase(self):
        return self.state.phase

    @property
    def current(self):
        return self.state.current

    @property
    def winner(self):
        return rules.winner(self.state)

    def places(self):
        return rules.places(self.state)

    def legal_moves(self):
        """The legal moves, worked out once per position (read-only)."""
        if self._legal is None or self._legal_of is not self.state:
            self._legal = rules.legal_moves(self.state)
            self._legal_of = self.state
        return self._legal

    def apply(self, move):
        """Make a move; IllegalMove leaves the game as it was.  Returns the
        events of the move."""
        legal = self._legal
        self._legal = None
        # The cache is compared with ==, for which 1.0 and True are 1: only
        # a move of plain ints may take the short way (else rules.apply
        # refuses it, state unchanged).
        if legal is not None and _plain(move) and move in legal:
            rules.apply_legal(self.state, move)
        else:
            move = rules.apply(self.state, move)
        self.log.extend(encode_move(move))
        return self.state.events

    def transcript(self):
        """The moves as short text, one a line: the game's record."""
        return [move_text(self.state, m) for m in self.history]


def _plain(move):
    if type(move) is not tuple:
        return False
    for f in move[1:]:
        if type(f) is not int:
            return False
    return True


def place_text(pos):
    """'L3s7' (level 3, ring space 7), 'top', 'table'."""
    if pos == B.TOP:
        return "top"
    if pos == B.TABLE:
        return "table"
    return "L%ds%d" % (pos // B.SPACES, pos % B.SPACES)


def move_text(state, move):
    """'R2 p1 +2 L2s0', 'W p0 L1s4', 'Y1 -', 'stop', 'swap'."""
    if move[0] != PLAY:
        return move[0]
    cid, pawn, r, dest = move[1], move[2], move[3], move[4]
    out = B.card_text(cid)
    if pawn < 0:
        return out + " -"
    out += " p%d" % pawn
    if r:
        out += " %+d" % r
    if dest >= 0:
        out += " " + place_text(dest)
    return out


__all__ = ["Game", "IllegalMove", "move_text", "encode_move", "decode_move",
           "place_text", "PLAY", "OVER"]
