"""Clues: which cards make a prime with which, as the printed cards tell.

The rulebook, "7. Anatomy of Cards": every number card shows "Clues when
playing 2 cards" (cards it "can be combined with ... to create a prime
number") and "the number of other cards ... that can form a prime
number"; "This doesn't tell you in which order you should play the card".
On the device the clue is worked out from the deck actually in play
(``state.cards``: the advanced sets change it) and says more than the
card: the order that is prime, and for a selection of 2-3 cards every
prime it forms.

* ``partners(cards, value, cid=None)``: the values a card of ``value``
  makes a 2-card prime with, as ``(other, first, second, copies)``:
  ``first`` is True when value-then-other is prime ([3] then [10]: 310,
  no), ``second`` when other-then-value is (103, yes), ``copies`` the
  cards of the deck, the held card ``cid`` left out, that can be played
  as ``other``.  A multi-number card partners through any of its
  numbers: a [5/9] is counted as a copy of 5 and as a copy of 9, so one
  card can be in two entries (the held card itself never is).
* ``partner_count(cards, cid)``: the other cards of the deck that make a
  2-card prime with card ``cid`` in some order and declaration, each
  card once (the printed card's count, "a total of 11 including [5] and
  [10]"; a held [5/9] counts partners of 5 and of 9 together).
* ``primes_of(cards, cids, settings)``: every prime the 1-3 cards
  ``cids`` form in any order and declaration, ascending, each once.  The
  play itself is checked by the rules (``rules.check_play``: single-digit
  cards and the icon for 3, the optional multi-number rule, no leading
  [0]), but as a lead: the play area and its card count are ignored.
* ``clue_lines(cards, cids, settings)``: the clue as short lines for the
  128x64 screen (at most ``WIDTH`` = 21 characters each): with the card
  hints (``settings.clues``) what the printed card shows, with the
  learner's check (``settings.learner``) the primes themselves; [] with
  neither.
* ``about(card)``: what a card does, in words (its power, the icon).
* ``help_lines(state, cids, cid)`` and ``table_lines(state, score,
  match)``: what the play screen's "?" and its pause menu's Table show
  (here, loaded when they are asked for, not with the play screen).

Pure functions of the card tuple: nothing here looks at hands, so a
clue never tells where the other cards are.
"""

from primeplay.daifugo import cards as C
from primeplay.daifugo.forms import concat
from primeplay.numbers import is_prime
from primeplay.daifugo.rules import IllegalMove, State, check_play

WIDTH = 21      # characters a line of the 128x64 screen holds (6x8 font)

# Every order of 1, 2 and 3 positions (forms.form_numbers has the same).
_ORDERS = (
    None,
    ((0,),),
    ((0, 1), (1, 0)),
    ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)),
)


def _prime(values):
    """Do these card values, in this order, form a prime?"""
    return is_prime(concat(values))     # -1 ([0] leading) is not


def _formable(card):
    return card[0] == C.NUMBER or card[0] == C.MULTI


def _held(cards, value):
    """The card a clue of ``value`` is for when none is named: the first
    number card of that value, else the first multi card showing it."""
    for want in (C.NUMBER, C.MULTI):
        for c in range(len(cards)):
            if cards[c][0] == want and value in cards[c][1]:
                return c
    return -1


def deck_values(cards):
    """The values the cards can be played as, ascending, each once."""
    out = []
    for card in cards:
        if _formable(card):
            for v in card[1]:
                if v not in out:
                    out.append(v)
    out.sort()
    return out


def copies(cards, value, cid=-1):
    """How many cards other than ``cid`` can be played as ``value``."""
    n = 0
    for c in range(len(cards)):
        if c != cid and _formable(cards[c]) and value in cards[c][1]:
            n += 1
    return n


def _counts(cards, cid):
    """{value: cards other than ``cid`` that can be played as it}, in one
    pass over the deck."""
    out = {}
    for c in range(len(cards)):
        card = cards[c]
        if c != cid and _formable(card):
            for v in card[1]:
                out[v] = out.get(v, 0) + 1
    return out


def _pairs(value, w):
    """(value-then-w prime, w-then-value prime)."""
    return _prime((value, w)), _prime((w, value))


def partners(cards, value, cid=None):
    """[(other, first, second, copies)] for a card played as ``value``,
    ``other`` ascending; only values with a prime in some order and at
    least one card left.  ``cid`` is the held card, left out of the
    counts; None means one card of ``value`` (see ``_held``)."""
    if cid is None:
        cid = _held(cards, value)
    counts = _counts(cards, cid)
    out = []
    for w in deck_values(cards):
        k = counts.get(w, 0)
        if not k:
            continue
        first, second = _pairs(value, w)
        if first or second:
            out.append((w, first, second, k))
    return out


def partner_count(cards, cid):
    """The other cards that make a 2-card prime with card ``cid``, each
    once (a multi card through any of its numbers, on either side)."""
    mine = cards[cid][1]
    good = []       # the values some number of the held card pairs with
    for w in deck_values(cards):
        for v in mine:
            first, second = _pairs(v, w)
            if first or second:
                good.append(w)
                break
    n = 0
    for c in range(len(cards)):
        card = cards[c]
        if c == cid or not _formable(card):
            continue
        for w in card[1]:
            if w in good:
                n += 1
                break
    return n


def _probe(cards, cids, settings):
    """A State holding just what rules.check_play reads: the cards, one
    hand of ``cids``, an empty area (a lead), the settings."""
    s = object.__new__(State)
    s.cards = cards
    s.settings = settings
    s.hands = [list(cids)]
    s.current = 0
    s.area = []
    return s


def _arrangements(cards, cids):
    """(ordered cids, values) for every order and declaration."""
    k = len(cids)
    for order in _ORDERS[k]:
        ids = tuple([cids[i] for i in order])
        choices = [cards[c][1] for c in ids]
        # Every declaration: an odometer over the cards' values.
        at = [0] * k
        while True:
            yield ids, tuple([choices[i][at[i]] for i in range(k)])
            i = k - 1
            while i >= 0:
                at[i] += 1
                if at[i] < len(choices[i]):
                    break
                at[i] = 0
                i -= 1
            if i < 0:
                break


def _check(cards, cids, settings):
    if not 1 <= len(cids) <= 3:
        raise ValueError("a play is 1 to 3 cards, got %d" % len(cids))
    for i in range(len(cids)):
        c = cids[i]
        if not isinstance(c, int) or not 0 <= c < len(cards):
            raise ValueError("no card %r" % (c,))
        if c in cids[i + 1:]:
            raise ValueError("card %d is selected twice" % c)


def primes_of(cards, cids, settings):
    """Every prime the cards ``cids`` form as a lead, ascending, each
    once: any order, any declaration of multi-number cards, the rules'
    checks of a play (3-card restrictions, no leading [0]); the play
    area and its card count are not looked at."""
    out, _ = _primes_and_refusal(cards, cids, settings)
    return out


def _primes_and_refusal(cards, cids, settings):
    """(primes, why): ``why`` is the rules' refusal when no arrangement
    is a legal play at all, else None."""
    _check(cards, cids, settings)
    for c in cids:
        if not _formable(cards[c]):
            # D and SKIP never form a number; say it as the rules do.
            return [], "%s does not form a number" % cards[c][4]
    s = _probe(cards, cids, settings)
    out = []
    why = None
    legal = False
    for ids, values in _arrangements(cards, cids):
        try:
            n = check_play(s, ids, values)
        except IllegalMove as e:
            if why is None:
                why = str(e)
            continue
        legal = True
        if n not in out and is_prime(n):
            out.append(n)
    out.sort()
    return out, (None if legal else why)


# ------------------------------------------------------------ text

def _pack(items, sep, out):
    """Append ``items`` to ``out`` as lines of at most WIDTH characters."""
    line = ""
    for it in items:
        if line and len(line) + len(sep) + len(it) > WIDTH:
            out.append(line)
            line = ""
        line = line + sep + it if line else it
    if line:
        out.append(line)


def wrap(text, out=None):
    """``text`` in lines of at most WIDTH characters, broken at spaces
    (the app's word wrap, at this module's width)."""
    from primeplay.app.scene import wrap as scene_wrap
    return scene_wrap(text, WIDTH, out)


def _entry(value, p):
    """'1:71 17': the partner's value, then the primes, value first."""
    w, first, second = p[0], p[1], p[2]
    nums = []
    if first:
        nums.append(str(concat((value, w))))
    if second and not (first and w == value):     # [1][1]: 11 once
        nums.append(str(concat((w, value))))
    return str(w) + ":" + " ".join(nums)


def _names(cards, cids):
    return "".join([C.card_text(cards[c]) for c in cids])


def _one(cards, cid, out, learner):
    card = cards[cid]
    name = C.card_text(card)
    if not _formable(card):
        wrap("%s is not a number card: no clue" % name, out)
        return
    n = partner_count(cards, cid)
    if not n:
        out.append(name + ": no 2-card prime")
    else:
        out.append(name + " primes with:")
        multi = len(card[1]) > 1
        for v in card[1]:
            ps = partners(cards, v, cid)
            if not ps:
                continue
            if multi:
                out.append("as %d:" % v)
            if learner:
                _pack([_entry(v, p) for p in ps], "  ", out)
            else:
                # The printed card: the partners, not the order.
                _pack([str(p[0]) for p in ps], " ", out)
        if not learner:
            out.append("in some order.")
        out.append("%d partner card%s" % (n, "" if n == 1 else "s"))
    if card[0] == C.NUMBER:
        v = card[1][0]
        # The printed card's colour: green is prime, orange is not.
        out.append("Green: %d is prime" % v if is_prime(v) else
                   "Orange: %d not prime" % v)


# What each kind of card does, for the player who asks (about()).
_ABOUT = {
    C.DRAW: "D: instead of drawing, draw 2 cards, then discard 1. "
            "A on it plays it.",
    C.SKIP: "SKIP: the next player is skipped. Play it on its own, "
            "never as your last card.",
}


def about(card):
    """What ``card`` does, as lines of at most WIDTH characters: its
    power, the 3-cards icon, a multi-number card's numbers."""
    text = _ABOUT.get(card[0])
    if text is None:
        vs = card[1]
        name = C.card_text(card)
        if len(vs) > 1:
            text = "%s: play it as %s. A on it again changes it." % (
                name, ", ".join([str(v) for v in vs[:-1]]) + " or " +
                str(vs[-1]))
        elif vs[0] == C.DRAW_TWO:
            text = name + ": Draw 2. While it is on top, whoever passes " \
                          "must draw 2 cards."
        elif vs[0] == C.STOP:
            text = name + ": Stop. In a prime it ends the round: you " \
                          "start the next."
        elif vs[0] == 0:
            text = "[0] is never the first digit: use it in 3 cards."
        elif card[2]:
            text = name + ":"
        else:
            text = "%s: a number card." % name
        if card[2]:
            text += " * lets you play 3 cards (single digits)."
    return wrap(text)


def clue_lines(cards, cids, settings):
    """The clue for the selected cards ``cids`` (1-3 ids of ``cards``) as
    lines of at most WIDTH characters; [] when the settings give none.

    One card, with the card hints (``settings.clues``): what the printed
    card shows, its partners (all of them) and their count, and whether
    its number is prime (its colour), never the order::

        [7] primes with:
        1 3 4 6 9 10 12 13 19
        in some order.
        25 partner cards
        Green: 7 is prime

    With the learner's prime check (``settings.learner``) the partners
    come with the primes they make, the held card's value first (a
    multi card gets an "as 5:" line for each of its numbers)::

        [7] primes with:
        1:71 17  3:73 37
        4:47  6:67  9:79 97
        ...

    Two or three cards, with the learner's check only: every prime they
    form as a lead, or why none::

        [3][9]*[7] make:
        379 397 739 937
    """
    hints = settings is None or getattr(settings, "clues", True)
    learner = settings is not None and getattr(settings, "learner", False)
    out = []
    if len(cids) == 1:
        _check(cards, cids, settings)
        if hints or learner:
            _one(cards, cids[0], out, learner)
        return out
    if not learner:
        return out
    primes, why = _primes_and_refusal(cards, cids, settings)
    head = _names(cards, cids)
    for tail in (" make:", ":", ""):
        if len(head) + len(tail) <= WIDTH:
            out.append(head + tail)
            break
    else:
        wrap(head, out)
    if primes:
        _pack([str(n) for n in primes], " ", out)
    elif why is not None:
        wrap(why, out)
    else:
        out.append("no prime in any order")
    return out


# ------------------------------------------------------------ the views

def help_lines(state, cids, cid):
    """The play screen's "?": with 2-3 cards picked and the learner's
    check, what they make; else what card ``cid`` (under the cursor)
    does and its hints: a plain number card's hints say it all."""
    settings = state.settings
    cards = state.cards
    if len(cids) > 1 and settings.learner:
        return clue_lines(cards, cids, settings)
    card = cards[cid]
    hints = []
    if _formable(card):
        hints = clue_lines(cards, (cid,), settings)
    if hints and card[0] == C.NUMBER and not card[2] and \
            card[1][0] not in (0, C.DRAW_TWO, C.STOP):
        return hints
    return about(card) + hints


def table_lines(state, score, match):
    """The public table (the pause menu's Table): the area and who played
    on top, every hand's size, the deck, the discard pile's top (Q8: the
    only card of it anyone may see), the games won."""
    top = state.top()
    out = ["Area: " + " ".join([str(p[3]) for p in state.area[-3:]])
           if top else "Area empty"]
    if top:
        out.append("Played last: P%d" % (top[0] + 1))
    hands = " ".join(["P%d:%d" % (q + 1, len(state.hands[q]))
                      for q in range(len(state.hands))])
    out.append(("Hands: " + hands) if len(hands) <= WIDTH - 7 else hands)
    k = len(state.deck)
    out.append("Deck: %d card%s" % (k, "" if k == 1 else "s"))
    out.append("Discard: " + (state.cards[state.discard[-1]][4]
                              if state.discard else "none"))
    out.append("Games won: " + "-".join([str(x) for x in score]))
    out.append("First to %d wins" % match)
    return out
