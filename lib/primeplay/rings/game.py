"""A Ring Climb game for the UI and bots: rules plus history and replay.

``Game`` keeps the seed and every move made, so a game is replayed (and
saved) as seed + settings + moves, packed four bytes a move
(``encode_move``): kind and card, pawn, rotation, destination.
"""

from primeplay.rings import board as B
from primeplay.rings import rules
from primeplay.rings.rules import IllegalMove, PLAY, OVER
from primeplay.rings.settings import Settings
# After the rules: run from source, the rules (the largest module to
# compile) compile while the heap holds the least.
from primeplay import game as shell

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


class Game(shell.Game):
    RULES = rules
    SETTINGS = Settings
    SIZE = 4
    encode = staticmethod(encode_move)
    decode = staticmethod(decode_move)

    def text(self, move):
        return move_text(self.state, move)


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
