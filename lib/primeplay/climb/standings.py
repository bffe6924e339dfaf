"""Prime Climb's places once a game has a winner (rules.py's ruling 14):
loaded when asked, so a game in play does not hold it on the board's
heap."""


def places(state):
    """Players best first once there is a winner (else []): the winner,
    then the rest by the progress of their two pawns, ties in seat order
    (ruling 14)."""
    if state.winner is None:
        return []
    pos = state.pos
    rest = [q for q in range(state.settings.players) if q != state.winner]
    # Insertion sort (stable): at most 4 players.
    for i in range(1, len(rest)):
        j = i
        while j > 0 and pos[2 * rest[j]] + pos[2 * rest[j] + 1] > \
                pos[2 * rest[j - 1]] + pos[2 * rest[j - 1] + 1]:
            rest[j], rest[j - 1] = rest[j - 1], rest[j]
            j -= 1
    return [state.winner] + rest
