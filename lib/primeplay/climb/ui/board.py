"""Prime Climb's board view: what the play screen does not show.

Page 0 has every pawn, a line a player; page 1 + q is player q: its two
pawns in words (start, home, and in There and Back Again going out or
coming back), whether it is cursed, its Keepers by name and the Way
Stations it has still to visit.  The deck's size is on page 0's title
(under the pawns in There and Back Again, when a line is free).  Every
title ends in "B:back": B goes back to the play screen, LEFT/RIGHT turn
the pages.
How the play screen reaches it (one press from roll, move and action
mode; by itself after each roll) is in ``play``'s docstring.

Imported the first time the board is shown: a game that never looks at
it does without the code.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, wrap
from primeplay.app import colours
from primeplay.climb.game import PAWN, keeper_name
from primeplay.climb.settings import THERE_AND_BACK
from primeplay.climb.track import TOP

COLS = WIDTH // CHAR_W
ROWS = 5


def pawn_text(state, q, i, words):
    """Where pawn i of player q is: "start", "home" or its space; in There
    and Back Again with its way, ">"/"<" (``words``: "going out" /
    "coming back")."""
    v = state.pos[2 * q + i]
    if v == state.end:
        return "home"
    if v == 0:
        return "start"
    sp = state.space(q, i)
    if state.settings.goal != THERE_AND_BACK:
        return "%d" % sp
    back = v >= TOP
    if words:
        return "%d, %s" % (sp, "coming back" if back else "going out")
    return "%d%s" % (sp, "<" if back else ">")


# At the right of every page's title: B goes back to the play screen.
BACK = "B:back"


def _title(left, right=BACK):
    return left + " " * max(1, COLS - len(left) - len(right)) + right


def lines(state, page, bots=None):
    """The page's lines of text (the first is its title, "B:back" at its
    right)."""
    s = state
    n = s.settings.players
    tb = s.settings.goal == THERE_AND_BACK
    out = []
    if page == 0:
        title = ">out <back" if tb else "Pawns"
        deck = None
        if s.settings.cards:
            deck = "deck %d" % len(s.deck)
            if len(title) + 2 + len(deck) + 1 + len(BACK) <= COLS:
                title = title + "  " + deck
                deck = None
        out.append(_title(title))
        for q in range(n):
            out.append("P%d a:%s b:%s%s" % (
                q + 1, pawn_text(s, q, 0, False), pawn_text(s, q, 1, False),
                " C" if s.cursed[q] else ""))
        if deck is not None and n < ROWS - 1:
            # Not in the title (There and Back's legend is there): under
            # the pawns, when a line is free.
            out.append(deck)
        return out
    q = page - 1
    title = "P%d %s" % (q + 1, colours.SEAT_NAMES[q])
    if bots is not None and bots[q] is not None:
        title += " CPU"
    out.append(_title(title))
    for i in (0, 1):
        out.append("%s: %s" % (PAWN[i], pawn_text(s, q, i, True)))
    if s.cursed[q]:
        out.append("cursed next turn")
    names = [keeper_name(s.cards[c]) for c in s.keepers[q]]
    wrap("Keepers: %s" % (", ".join(names) if names else "none"), COLS, out)
    st = s.settings.way_stations
    if st:
        left = [str(st[b]) for b in range(len(st))
                if not s.visited[q] >> b & 1]
        out.append("Stations: %s" % (" ".join(left) if left
                                     else "all visited"))
    if len(out) > ROWS:
        # Many Keepers: both pawns share a line, so nothing is cut.
        out[1:3] = ["a: %s  b: %s" % (pawn_text(s, q, 0, False),
                                      pawn_text(s, q, 1, False))]
    return out


def draw_board(sc, state, page, bots, pixels):
    """The page on the whole panel, the LEDs in the colour of whose it
    is (page 0: whose turn it is)."""
    ls = lines(state, page, bots)
    sc.text(0, 0, ls[0][:COLS])
    sc.rect(0, CHAR_H, WIDTH, 1, 1)
    y = CHAR_H + 2
    for k in range(1, min(ROWS, len(ls))):
        sc.text(0, y, ls[k][:COLS])
        y += CHAR_H
    seat = state.current if page == 0 else page - 1
    sc.leds = colours.seat_ring(seat, pixels)
