"""Computer players for Prime Climb.

``random_move`` picks uniformly among the legal moves: the baseline for
soak tests and the parity runs on MicroPython.
"""

from primeplay.rng import Rng
from primeplay.climb.game import Game, move_text, decode_move
from primeplay.climb.rules import legal_moves


def random_move(state, rng):
    return rng.choice(legal_moves(state))


def play_random(settings, seed, max_moves=200000):
    """A whole game of random players from ``seed``; returns the Game.

    The players draw from their own Rng (seeded from ``seed``), so the
    game's dice and shuffles stay those of the seed alone.
    """
    g = Game(settings, seed)
    rng = Rng(seed * 7919 + 17)
    n = 0
    while g.state.winner is None:
        if n >= max_moves:
            raise RuntimeError("game from seed %d not over after %d moves"
                               % (seed, max_moves))
        g.apply(random_move(g.state, rng))
        n += 1
    return g


def digest(game):
    """A 32-bit FNV-1a hash of the transcript and the final position: the
    same on every VM when the games are the same.  Hashed move by move, so
    a long game needs no transcript in memory."""
    h = 0x811C9DC5
    log = game.log
    for i in range(0, len(log), 4):
        h = _fnv(h, move_text(decode_move(log, i)) + "\n")
    return _fnv(h, "|%r|%r" % (game.state.pos, game.state.winner))


def _fnv(h, text):
    for ch in text:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h


__all__ = ["random_move", "play_random", "digest", "move_text"]
