"""Small helpers to set up Prime Daifugo positions in tests."""

from primeplay.daifugo import cards as C
from primeplay.daifugo.forms import concat
from primeplay.daifugo.game import Game
from primeplay.daifugo.rules import TURN
from primeplay.daifugo.settings import Settings


def table(hands, top=(), current=0, discard=(), area=None, **kw):
    """A game with these hands (card names as cards.card_text writes
    them), ``top`` the first cards of the deck (top first), the rest of the
    deck below them, ``discard`` the discard pile, and optionally ``area``
    = (player, [card names], number) as the last play."""
    kw.setdefault("players", len(hands))
    g = Game(Settings(**kw), 0)
    s = g.state
    pool = list(range(len(s.cards)))

    def pick(name):
        for c in pool:
            if C.card_text(s.cards[c]) == name:
                pool.remove(c)
                return c
        raise AssertionError("no card %s left" % name)

    s.hands = [[pick(n) for n in h] for h in hands]
    tops = [pick(n) for n in top]
    disc = [pick(n) for n in discard]
    played = None
    if area is not None:
        who, names, number = area
        ids = tuple(pick(n) for n in names)
        played = (who, ids, tuple(s.cards[c][1][0] for c in ids), number)
        assert concat(played[2]) == number
    tops.reverse()
    s.deck = pool + tops
    s.discard = disc
    s.area = [played] if played else []
    s.last = played[0] if played else -1
    s.current = s.leader = current
    s.phase = TURN
    s.drawn = False
    g.edited()
    return g
