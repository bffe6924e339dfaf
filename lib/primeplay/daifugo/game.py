"""A Prime Daifugo game for the UI and bots: rules plus history and replay.

``Game`` keeps the seed and every move made, so a game is replayed (and
can be saved) as seed + settings + moves.  The history is packed eight
bytes a move (``encode_move``): kind, card count, three card ids, three
values.
"""

from primeplay.daifugo import rules
from primeplay.daifugo.rules import IllegalMove, TURN, DISCARD, OVER
from primeplay.daifugo.settings import Settings
# After the rules: run from source, the rules (the largest module to
# compile) compile while the heap holds the least.
from primeplay import game as shell

KINDS = ("draw", "dcard", "discard", "play", "skip", "pass")


def encode_move(move):
    """A move as 8 bytes: kind, count, card ids (3), values (3)."""
    out = bytearray(8)
    kind = move[0]
    out[0] = KINDS.index(kind)
    if kind == "play":
        cids, values = move[1], move[2]
        out[1] = len(cids)
        for i in range(len(cids)):
            out[2 + i] = cids[i]
            out[5 + i] = values[i]
    elif len(move) == 2:
        out[1] = 1
        out[2] = move[1]
    return out


def decode_move(b, i=0):
    """The move packed at b[i:i+8] (see encode_move)."""
    kind = KINDS[b[i]]
    k = b[i + 1]
    if kind == "play":
        return ("play", tuple([b[i + 2 + j] for j in range(k)]),
                tuple([b[i + 5 + j] for j in range(k)]))
    if k:
        return (kind, b[i + 2])
    return (kind,)


class Game(shell.Game):
    RULES = rules
    SETTINGS = Settings
    SIZE = 8
    encode = staticmethod(encode_move)
    decode = staticmethod(decode_move)

    def text(self, move):
        return move_text(self.state.cards, move)


def move_text(cards, move):
    """'draw', 'D 44', 'discard [12]', 'play [3][10] = 310', 'skip', 'pass'."""
    k = move[0]
    if k == "play":
        parts = []
        for i in range(len(move[1])):
            card = cards[move[1][i]]
            if len(card[1]) > 1:
                parts.append("%s=%d" % (card[4], move[2][i]))
            else:
                parts.append(card[4])
        return "play %s = %d (cards %s)" % (
            "".join(parts), rules.concat(move[2]),
            " ".join([str(c) for c in move[1]]))
    if len(move) == 2:
        return "%s %s (card %d)" % (k, cards[move[1]][4], move[1])
    return k


__all__ = ["Game", "IllegalMove", "move_text", "encode_move", "decode_move",
           "TURN", "DISCARD", "OVER"]
