"""Small helpers to set up Prime Climb positions in tests."""

from primeplay.climb import Game, Settings
from primeplay.climb.track import ADD, SUB, MUL, DIV  # noqa: F401 (re-export)


def game(players=2, seed=1, **kw):
    """A game where player 1 (index 0) moves first: positions in tests are
    set up for them, so the start roll (ruling 12) is off unless asked."""
    kw.setdefault("start_roll", False)
    return Game(Settings(players=players, **kw), seed)


def place(g, player, a, b=None):
    """Put player's pawns on progress values a (and b)."""
    s = g.state
    s.pos[2 * player] = a
    if b is not None:
        s.pos[2 * player + 1] = b
    g._mark = s.copy()


def card_id(g, effect, n=None):
    for cid, c in enumerate(g.state.cards):
        if c[1] == effect and (n is None or c[2] == n):
            return cid
    raise LookupError(effect)


def stack(g, effect, n=None):
    """Put the card with this effect on top of the deck (drawn next)."""
    cid = card_id(g, effect, n)
    s = g.state
    for pile in [s.deck, s.discard] + s.keepers:
        if cid in pile:
            pile.remove(cid)
    s.deck.append(cid)
    g._mark = s.copy()
    return cid


def give(g, player, effect, n=None):
    """Move the card with this effect into player's Keepers."""
    cid = card_id(g, effect, n)
    s = g.state
    for pile in [s.deck, s.discard] + s.keepers:
        if cid in pile:
            pile.remove(cid)
    s.keepers[player].append(cid)
    g._mark = s.copy()
    return cid


def no_cards_top(g):
    """Put a plain add-or-subtract Keeper on top so a draw changes no pawn."""
    return stack(g, "addsub", 5)


def play(g, *moves):
    for m in moves:
        g.apply(m)
    return g


RULEBOOK = "/work/shared/rules/prime-climb-rulebook.txt"


def quoted(text):
    """``text``, checked to be the rulebook's words (spacing and quote
    marks aside) when the rulebook is on this machine."""
    import os
    if os.path.exists(RULEBOOK):
        with open(RULEBOOK, encoding="utf-8") as f:
            book = f.read()
        def norm(t):
            for a, b in (("\u201c", '"'), ("\u201d", '"'), ("\u2019", "'")):
                t = t.replace(a, b)
            return " ".join(t.split())
        assert norm(text) in norm(book), text
    return text
