"""The numbers a set of cards can form: concatenation in any order.

The rulebook: "You arrange the 2 cards to form a single Number ... [3]
and [10] ... Pattern 1: [310], Pattern 2: [103]"; 3 cards the same way;
"0 cannot be added as the highest digit. So, you cannot use [0] and [2]
to form [2]".  A card is a number here; multi-number cards are played
as the number declared for them, so they never reach this module.
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


def form_numbers(values):
    """The set of numbers cards with these values (1-3 of 0-13, 17, 19)
    can form, in any order, [0] never leading; the "3 cards allowed"
    icon is not checked here (the rules do that)."""
    values = list(values)
    orders = _ORDERS.get(len(values))
    if orders is None:
        raise ValueError("a play is 1 to 3 cards, got %d" % len(values))
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not (
                0 <= v <= 13 or v == 17 or v == 19):
            raise ValueError("no number card shows %r" % (v,))
    out = set()
    for order in orders:
        n = concat([values[i] for i in order])
        if n >= 0:
            out.add(n)
    return out
