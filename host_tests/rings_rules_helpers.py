"""Positions for Ring Climb's rules tests: cards by colour and number,
places, hands dealt on purpose with the 42 cards kept whole."""

import pytest

from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.rules import PLAY, IllegalMove
from primeplay.rings.settings import Settings


def card(colour, number, copy=0):
    return colour * 6 + (number - 1) * 2 + copy


def P(lvl, spc):
    return B.place(lvl, spc)


def game(players=2, seed=1, **kw):
    s = R.new_game(Settings(players=players, **kw), seed)
    assert s.pawns == [B.TABLE] * (3 * players) and s.rot == [0] * 6
    return s


def all_cards(s):
    cards = list(s.deck) + list(s.discard)
    for h in s.hands:
        cards += h
    return sorted(cards)


def give(s, p, cids):
    """Player p holds exactly ``cids``; every other card stays somewhere
    (a card taken from another hand is replaced from the deck)."""
    s.deck.extend(s.hands[p])
    s.hands[p] = []
    for c in cids:
        if c in s.deck:
            s.deck.remove(c)
        elif c in s.discard:
            s.discard.remove(c)
        else:
            for h in s.hands:
                if c in h:
                    spare = [d for d in s.deck if d not in cids][0]
                    s.deck.remove(spare)
                    h[h.index(c)] = spare
        s.hands[p].append(c)
    assert all_cards(s) == list(range(B.DECK))


def plays_of(s, cid=None, pawn=None):
    return [m for m in R.legal_moves(s) if m[0] == PLAY
            and (cid is None or m[1] == cid)
            and (pawn is None or m[2] == pawn)]


def dests(s, cid, pawn, r=0):
    """Where legal_moves lets ``pawn`` go with ``cid`` after turning r."""
    return set(m[4] for m in plays_of(s, cid, pawn)
               if m[3] == r and m[4] >= 0)


def legal(s, move):
    return R.why_not(s, move) is None


def illegal(s, move, words=None):
    """The move is refused (with ``words`` in its reason), with the state
    exactly as it was."""
    before = s.snapshot()
    reason = R.why_not(s, move)
    assert reason is not None, move
    if words is not None:
        assert words in reason, reason
    with pytest.raises(IllegalMove):
        R.apply(s, move)
    assert s.snapshot() == before
