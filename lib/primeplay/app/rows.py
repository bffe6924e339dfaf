"""Rows of text with a cursor: a menu's drawing, and the pause menu's.

Five rows fit the panel; longer lists scroll, with a scroll bar at the
right edge saying so.  Its own module: a game's pause menu draws rows
without importing the menus (primeplay.app.menus), which a game in play
has dropped (games.MENUS) and would import again, some 20 ms and a
collection on the board, for one press.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT

ROWS = 5
ROW_H = CHAR_H + 1
# The scroll bar at the right edge, when rows are hidden: a 1-pixel track
# with a thumb over it, clear of the lit bar by two dark columns.  Rows
# then take 20 characters (the font leaves a cell's last column dark, so
# the 20th ends at x=118).
BAR_X = WIDTH - 5
BAR_W = 5
SCROLL_CHARS = (BAR_X - 2) // CHAR_W


def draw_rows(sc, rows, cursor, top, shown=ROWS):
    """Rows of text from ``top``, ``shown`` of them at most, the chosen
    one dark on a lit bar; a scroll bar at the right edge when some rows
    are hidden above or below."""
    n = len(rows)
    scrolls = n > shown
    chars = SCROLL_CHARS if scrolls else WIDTH // CHAR_W
    bar = BAR_X - 2 if scrolls else WIDTH
    for i in range(top, min(n, top + shown)):
        # Five rows of 13 pixels are 65: the text sits at the top of its
        # row and the lit bar starts a pixel above it (the font's first
        # line is blank), so the fifth row's descenders reach y=63, not
        # off the panel.
        y = (i - top) * ROW_H
        text = rows[i][:chars]
        if i == cursor:
            by = max(0, y - 1)
            sc.rect(0, by, bar, min(ROW_H, HEIGHT - by), 1)
            sc.text(0, y, text, 1, 0)
        else:
            sc.text(0, y, text)
    if scrolls:
        h = min(shown * ROW_H, HEIGHT)
        # The thumb is the part of the list on screen, never shorter than
        # a few pixels: it must be seen on a small OLED.
        th = max(4, h * shown // n)
        # Top and bottom of the list put it at the ends of the track.
        ty = (h - th) * min(top, n - shown) // (n - shown)
        sc.rect(BAR_X + BAR_W // 2, 0, 1, h, 1)
        sc.rect(BAR_X, ty, BAR_W, th, 1)


def first_row(cursor, top, shown, n):
    """The top row that keeps ``cursor`` in a window of ``shown`` rows,
    moving ``top`` as little as it can."""
    if cursor < top:
        top = cursor
    elif cursor >= top + shown:
        top = cursor - shown + 1
    if top > max(0, n - shown):
        top = max(0, n - shown)
    return max(0, top)
