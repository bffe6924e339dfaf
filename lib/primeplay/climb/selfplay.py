"""Whole games of computer players, for tests and tools/bench.py: every
seat a Bot (or a random player), from a seed, to the end.  Not loaded on
the handheld, where the app plays a game move by move."""

from primeplay.rng import Rng
from primeplay.climb.game import Game, move_text, decode_move
from primeplay.climb.bot import Bot, random_move


def play_random(settings, seed, max_moves=200000):
    """A whole game of random players from ``seed``; returns the Game.

    The players draw from their own Rng (seeded from ``seed``), so the
    game's dice and shuffles stay those of the seed alone.
    """
    return play_bots(settings, seed, [None] * settings.players, max_moves)


def play_bots(settings, seed, seats=None, max_moves=20000):
    """A whole game from ``seed``: ``seats`` lists a Bot, or None for a
    random player, per seat (default: all Bots).  Returns the Game."""
    n_players = settings.players
    if seats is None:
        seats = [Bot() for _ in range(n_players)]
    g = Game(settings, seed)
    rng = Rng(seed * 7919 + 17)
    n = 0
    while g.state.winner is None:
        if n >= max_moves:
            raise RuntimeError("game from seed %d not over after %d moves"
                               % (seed, max_moves))
        bot = seats[g.state.current]
        m = bot.choose(g.state) if bot is not None else \
            random_move(g.state, rng)
        g.apply(m)
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
