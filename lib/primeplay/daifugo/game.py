"""A Prime Daifugo game for the UI and bots: rules plus history and replay.

``Game`` keeps the seed and every move made, so a game is replayed (and
can be saved) as seed + settings + moves.  The history is packed eight
bytes a move (``encode_move``): kind, card count, three card ids, three
values.
"""

from primeplay.daifugo import rules
from primeplay.daifugo.rules import IllegalMove, TURN, DISCARD, OVER
from primeplay.daifugo.settings import Settings

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
        return [decode_move(self.log, i) for i in range(0, len(self.log), 8)]

    @property
    def moves_made(self):
        return len(self.log) >> 3

    @property
    def phase(self):
        return self.state.phase

    @property
    def current(self):
        return self.state.current

    @property
    def winner(self):
        return self.state.winner

    def places(self):
        return rules.places(self.state)

    def legal_moves(self):
        """The legal moves, worked out once per position (read-only list)."""
        if self._legal is None or self._legal_of is not self.state:
            self._legal = rules.legal_moves(self.state)
            self._legal_of = self.state
        return self._legal

    def edited(self):
        """The state was changed by hand: forget the cached legal moves."""
        self._legal = None

    def apply(self, move):
        """Make a move; IllegalMove leaves the game as it was.  Returns the
        events of the move."""
        legal = self._legal
        self._legal = None
        if legal is not None and move in legal:
            rules.apply_legal(self.state, move)
        else:
            move = rules.apply(self.state, move)
        self.log.extend(encode_move(move))
        return self.state.events

    def transcript(self):
        """The moves as short text, one a line: the game's record."""
        return [move_text(self.state.cards, m) for m in self.history]


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
