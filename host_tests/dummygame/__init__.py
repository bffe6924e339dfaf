"""A dummy game for the shell's tests, built by the recipe in
docs/architecture.md ("Adding a game"): a rules package that imports no
screen, and a ``ui`` package that is its entry in the registry.

The game: two players take turns to add 1 or 2 to a count; who reaches
10 wins.
"""

GOAL = 10


def new_state():
    return {"count": 0, "current": 0, "winner": None}


def legal_moves(state):
    if state["winner"] is not None:
        return []
    return [n for n in (1, 2) if state["count"] + n <= GOAL]


def apply(state, n):
    if n not in legal_moves(state):
        raise ValueError("cannot add %r" % (n,))
    state["count"] += n
    if state["count"] == GOAL:
        state["winner"] = state["current"]
    else:
        state["current"] = 1 - state["current"]
