"""The numbers a set of cards can form: concatenation in any order.

The rulebook: "You arrange the 2 cards to form a single Number ... [3]
and [10] ... Pattern 1: [310], Pattern 2: [103]"; 3 cards the same way,
but "Restriction 1: All cards must be a single digit card (1 ~ 9)" ([0]
joins them in the advanced game, "used like any other number card");
"0 cannot be added as the highest digit. So, you cannot use [0] and [2]
to form [2]".  A multi-number card is played as the number declared for
it; the optional rule ("don't use this card when forming a number using
3 cards", ``Settings.multi_in_three`` False) keeps it out of 3-card plays.
"""


def concat(values):
    """The number the card values form in this order: (3, 10) -> 310.

    Returns -1 when a [0] card leads (no number: the rulebook forbids 0 as
    the highest digit, and a lone [0] is its own highest digit)."""
    if values[0] == 0:
        return -1
    n = 0
    for v in values:
        m = 10
        while m <= v:
            m *= 10
        n = n * m + v
    return n


# Every order of 1, 2 and 3 positions.
_ORDERS = {
    1: ((0,),),
    2: ((0, 1), (1, 0)),
    3: ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)),
}


# The multi-number cards there are (cards.TABLE), by their numbers.
_MULTI = ((5, 9), (4, 6, 8))


def _value_ok(v):
    return isinstance(v, int) and not isinstance(v, bool) and (
        0 <= v <= 13 or v == 17 or v == 19)


def form_numbers(values, multi_in_three=False):
    """The set of numbers 1-3 cards can form under the rules, the "3 cards
    allowed" icon aside (the rules check that): every order, [0] never
    leading, and a 3-card number only of single-digit cards (0-9).

    ``values`` lists the cards: a number card as its number (0-13, 17,
    19), a multi-number card as the tuple of its numbers, (5, 9) or
    (4, 6, 8), each declaration counted.  ``multi_in_three`` is the
    setting of that name: False (the default, the optional rule in force)
    keeps multi-number cards out of 3-card plays.  The same cards and
    setting give the numbers ``rules.legal_moves`` lets a lead of exactly
    these cards form."""
    values = list(values)
    orders = _ORDERS.get(len(values))
    if orders is None:
        raise ValueError("a play is 1 to 3 cards, got %d" % len(values))
    choices = []
    k = len(values)
    refused = False
    for v in values:
        if isinstance(v, tuple):
            if v not in _MULTI:
                raise ValueError("no multi-number card shows %r" % (v,))
            if k == 3 and not multi_in_three:
                refused = True
            choices.append(v)
        elif _value_ok(v):
            choices.append((v,))
        else:
            raise ValueError("no number card shows %r" % (v,))
    out = set()
    if refused:
        return out
    picked = [0] * k
    # Every declaration of the multi-number cards (an odometer of
    # indices: no itertools), then every order of it.
    idx = [0] * k
    while True:
        ok = True
        for i in range(k):
            picked[i] = choices[i][idx[i]]
            if k == 3 and picked[i] > 9:
                ok = False
        if ok:
            for order in orders:
                n = concat([picked[i] for i in order])
                if n >= 0:
                    out.add(n)
        i = 0
        while i < k:
            idx[i] += 1
            if idx[i] < len(choices[i]):
                break
            idx[i] = 0
            i += 1
        if i == k:
            return out
