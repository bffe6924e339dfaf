"""Ring Climb's moves in words, in phrases of at most 8 characters (the
play screen's panel lines): "L1 2 ccw", "up to L2", "bumps P1"."""

# Its own module: compiled from source on the board, Ring Climb's play
# screen in one module needed more room at once than the board has left
# with the game's rules and computer player loaded.

from primeplay.rings import board as B
from primeplay.rings import rules as R

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def seat_name(p):
    return "P%d" % (p + 1)


def turn_text(lvl, r):
    """'L1 2 ccw', 'L3 1 cw'."""
    return "L%d %d %s" % (lvl, r if r > 0 else -r, "cw" if r > 0 else "ccw")


def level_text(pos):
    if pos == B.TOP:
        return "top"
    if pos == B.TABLE:
        return "table"
    return "L%d" % (pos // B.SPACES)


def adjacent(rot, a, b):
    for d in R.DIRECTIONS:
        if R.neighbour(rot, a, d) == b:
            return True
    return False


def step_words(rot, src, dst):
    # A pawn's move from ``src`` to ``dst`` (the rings ``rot`` as it
    # moves) in phrases of at most 8 characters: 'enters' 'on L1',
    # 'jumps in' 'to L3', 'enters' 'the top', 'up to L2', 'jumps' 'to L4',
    # 'to top', 'down L2', 'along L3'.
    if src == B.TABLE:
        if dst == B.TOP:
            return ["enters", "the top"]
        if dst < 2 * B.SPACES:
            return ["enters", "on L1"]
        return ["jumps in", "to " + level_text(dst)]
    if not adjacent(rot, src, dst) and \
            not (dst == B.TOP and src // B.SPACES == B.LEVELS):
        return ["jumps", "to " + level_text(dst)]
    if dst == B.TOP:
        return ["to top"]
    if dst // B.SPACES > src // B.SPACES:
        return ["up to " + level_text(dst)]
    if dst // B.SPACES < src // B.SPACES:
        return ["down " + level_text(dst)]
    return ["along " + level_text(dst)]


def event_words(rot, events, out):
    """Append the move, bumps and finish among ``events`` as phrases."""
    bumped = False
    for e in events:
        k = e[0]
        if k == "move":
            out += step_words(rot, e[2], e[3])
        elif k == "bump":
            who = seat_name(R.owner(e[1]))
            if not bumped:
                out.append("bumps " + who)
                bumped = True
            out.append(who + (" off" if e[3] == B.TABLE else
                              " to " + level_text(e[3])))
        elif k == "finish":
            out.append("%s done!" % seat_name(e[1]))
    return out


def move_words(state, move, events):
    # What a move did, in phrases of at most 8 characters (the panel's
    # lines): 'L1 2 ccw', 'up to L2', 'bumps P1', 'P1 to L1', 'enters'
    # 'the top'.  ``state`` is the state after the move (its rings as the
    # move left them).
    if move[0] == "stop":
        return ["stops"]
    if move[0] == "swap":
        return ["new hand"]
    if move[2] < 0:
        return ["throws", "it away"]
    out = []
    for e in events:
        if e[0] == "rotate":
            out.append(turn_text(e[1], e[2]))
    event_words(state.rot, events, out)
    if not out:
        out.append("no move")
    return out
