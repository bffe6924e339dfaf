"""Ring Climb's computer players (placeholder: greedy by own progress;
the two levels are built in issue 9's bot work)."""

from primeplay.rings import rules as R

NORMAL = 1
STRONG = 2


def choose(state, level=NORMAL):
    """A legal move for the player to move."""
    p = state.current
    moves = R.legal_moves(state)
    best = None
    best_score = R.score(state, p) if state.played else -1
    for m in moves:
        if m[0] != R.PLAY:
            continue
        s = state.copy()
        R.apply_legal(s, m)
        v = R.score(s, p)
        if v > best_score:
            best, best_score = m, v
    if best is not None:
        return best
    for m in moves:
        if m[0] != R.PLAY:
            return m
    return moves[0]
