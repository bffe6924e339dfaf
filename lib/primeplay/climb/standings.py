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
    # The seat in the key: MicroPython's sort is not stable.
    rest.sort(key=lambda q: (-pos[2 * q] - pos[2 * q + 1], q))
    return [state.winner] + rest
