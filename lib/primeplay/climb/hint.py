"""The Hint button: the best way to use the rest of the roll from here.

``hint(state)`` returns the moves (dice, and at most one add-or-subtract
Keeper) that finish the current Move phase the way the computer player
would plan it, in the order to make them; [] when there is nothing to
suggest (not a Move phase, no dice left, or a Curse, under which the
computer steps by trial).  Every move in the list is legal in turn when
the ones before it have been made.
"""

from primeplay.climb.rules import MOVE, is_legal, apply


def hint(state):
    if state.phase != MOVE or not state.dice:
        return []
    from primeplay.climb.bot import plan_turn
    moves = plan_turn(state)
    # The plan is made to be legal; a hint must never suggest a move the
    # rules refuse, so check it on a copy and stop at the first that is not.
    s = state.copy()
    good = []
    for m in moves:
        if not is_legal(s, m):
            break
        apply(s, m)
        good.append(m)
    return good
