"""Scene -> the SSD1306's GDDRAM: draws what the app asks for on the OLED.

The renderer keeps the panel's picture in a frame buffer laid out as the
controller's memory is (8 pages of 128 bytes; a byte is a column of 8
rows, bit 0 on top), draws scene items into it and sends the changed
window to the panel (firmware/ssd1306.py) as it is.  The same code runs
on the board and in the simulator, whose fake panel decodes the same I2C
bytes (tools/fake_ssd1306.py).

What each scene item becomes (see lib/primeplay/app/scene.py); later
items are drawn over earlier ones:

* text  -> terminalio's 6x12 glyphs (firmware/font6x12.py), ink in
           ``colour``, background left as it is (dark text on a lit bar
           works), ``scale`` 1-3.  Only printable ASCII is drawn: any other
           character shows as "?", as the board's built-in font would.
* rect  -> its area, all ink.
* frame -> a one-pixel outline of ink, inside left as it is.
* die   -> an opaque 18x18 square: outline and number in ``colour``,
           inside in the other colour; value 0 is a blank face.

Why not displayio: on the board displayio works out every pixel of a
dirty area through its layers, about 6 us a pixel on an RP2040 running
from flash (emulated, with the XIP cache modelled), so a full frame took
70 ms before its 23 ms on the I2C bus, and a menu's highlight moving
two rows about 60 ms (issue 22).  Here a change costs Python work per
item and page, not per pixel: a text line's page rows are the glyph
columns of the whole line joined, as integers (shifted to its row with
big-integer operations), kept while the line stays on the screen; each
changed page is one integer that every item touching it is ORed into
(ink) or cleared from (dark), stored into the buffer once.  On the board
that is about 8 ms for a menu's highlight moving two rows and 20 ms for
five new lines of text (it was 14 and 30 ms drawing each item's bytes
into the buffer on its own), before the bytes on the bus.

What changes: the items that left the scene or came into it (as
multisets of equal tuples, or place by place when the scene kept its
length), and the items that kept their place but changed their drawing
order.  The columns their boxes cover, page by page, are drawn again
from every item that touches them (items elsewhere are not drawn at
all).  Neighbouring changed pages go to the panel as one window (those
pages, the columns that changed in any of them) while that costs fewer
bytes than windows of their own, each window in one I2C transaction.
"""

from font6x12 import TOP, LOW

try:
    from primeplay.app.scene import CHAR_W, CHAR_H, DIE_SIZE
except ImportError:  # a board without lib/primeplay on the path
    CHAR_W, CHAR_H, DIE_SIZE = 6, 12, 18

SCREEN_W = 128
SCREEN_H = 64
PAGES = SCREEN_H // 8
# A whole frame on the wire: the window commands (control byte, 21h with
# two columns, 22h with two pages) in one transaction, then the DATA
# control byte and 1024 bytes of GDDRAM.
WINDOW_BYTES = 7
FULL_FRAME_BYTES = WINDOW_BYTES + 1 + SCREEN_W * PAGES
ZEROS = memoryview(bytes(SCREEN_W))
# A window's own cost in bytes' time: its commands, and the start, the
# address and the stop of its two transactions, and the calls.
WINDOW_COST = 16
# Scaled glyphs the renderer keeps between frames (a glyph's pages: the
# judge's and a move's big digits come back; a few KB at most, as a
# game's heap is tight).
GLYPHS_KEPT = 16
# The font's planes as views: a glyph's columns are taken from them
# without a copy of their own.
_TOP = memoryview(TOP)
_LOW = memoryview(LOW)


def item_box(item):
    """(x, y, w, h) that ``item`` covers."""
    kind = item[0]
    if kind == "text":
        scale = item[4]
        return item[1], item[2], len(item[3]) * CHAR_W * scale, CHAR_H * scale
    if kind == "die":
        return item[1], item[2], DIE_SIZE, DIE_SIZE
    return item[1], item[2], item[3], item[4]


def _on_screen(x, y, w, h):
    """The box (x, y, w, h) cut to the screen: (x0, y0, x1, y1), or None
    when nothing of it is on the screen."""
    x0 = x if x > 0 else 0
    y0 = y if y > 0 else 0
    x1 = x + w if x + w < SCREEN_W else SCREEN_W
    y1 = y + h if y + h < SCREEN_H else SCREEN_H
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def _valid(item):
    kind = item[0]
    if kind in ("rect", "frame"):
        return item[3] > 0 and item[4] > 0
    return kind in ("text", "die")


def _ascii(text):
    """The text's character codes (bytes) as the board's font can draw
    them: printable ASCII, anything else "?".  Through its bytes, not its
    characters: each character of a str taken on its own is a new string
    that MicroPython first looks for among its interned ones (about 20 us
    a character on the board)."""
    text = str(text)
    data = text.encode()
    for c in data:
        if c < 32 or c > 126:
            break
    else:
        return data
    return bytes(ord(ch) if " " <= ch <= "~" else 63 for ch in text)


class Renderer:
    """``Renderer(panel)``: ``render(scene)`` draws ``scene`` (a Scene or a
    list of items) and sends what changed to ``panel`` (an ssd1306.SSD1306,
    or anything with its ``write``).  After a render, ``cost`` is the bytes
    it sent over I2C (0: nothing changed), ``window`` the last window sent
    (x0, x1, p0, p1) or None, and ``full`` whether the render sent the
    whole frame as one window."""

    def __init__(self, panel):
        self.panel = panel
        # The picture as the panel holds it, page by page, after one spare
        # byte: a window goes to the panel straight from here, the byte
        # before it lent for the DATA control byte.
        self.fb = bytearray(1 + SCREEN_W * PAGES)
        # Drawing stores into a page's own view: a slice store into a
        # bytearray also moves every byte after the slice (MicroPython's
        # mp_seq_replace_slice_no_grow memmoves the tail, even when the
        # lengths match), so a store near the top of the buffer moved
        # about a kilobyte, byte by byte: 65 us a store on the board.
        view = memoryview(self.fb)
        self._page = [view[1 + q * SCREEN_W:1 + (q + 1) * SCREEN_W] for q in range(PAGES)]
        self._vals = [0] * PAGES  # type: list  # per page: its changed columns drawn
        self._cols = [None] * PAGES  # type: list  # per page: changed columns
        self._items = None      # the last scene's items (valid ones)
        self._big = {}          # (glyph, scale, row) -> its page rows
        # (text, row in its page, scale) -> the line's ink per page, as
        # integers: a screen's texts come back frame after frame (menu rows,
        # labels), and building a line's rows is most of drawing it (a
        # whole screen draws in half the time with them kept).  Kept:
        # those the last render drew, so what they hold is a screen's
        # lines, however many screens went by.
        self._lines = {}
        self._older = {}
        # Per row in a page, the masks that keep a shifted line's bits in
        # their columns.
        self._keep = {}
        self.full = False
        self.cost = 0
        self.window = None

    # -- public -----------------------------------------------------------
    def render(self, scene):
        """Show ``scene``; True when the whole frame was sent."""
        items = getattr(scene, "items", scene)
        self.full = False
        self.cost = 0
        self.window = None
        old = self._items
        if old is not None and items == old:
            return False
        items = [it for it in items if _valid(it)]
        self._items = items
        self._older = self._lines
        self._lines = {}
        if old is None:
            cols = [(0, SCREEN_W)] * PAGES
        else:
            cols = _changed(old, items)
        # The changed area (per page, a run of columns) is drawn again from
        # the items that touch it; the rest of each page keeps its bytes,
        # so the items elsewhere are not drawn at all.  Each changed
        # page's columns are drawn as one integer (a byte a column, the
        # first changed column lowest) from every item that touches them,
        # and stored into the buffer once: a few integer operations an
        # item and page, no per-pixel or per-byte loop.
        vals = self._vals
        for q in range(PAGES):
            vals[q] = 0
        self._cols = cols
        for item in items:
            x, y, w, h = item_box(item)
            if y >= SCREEN_H or y + h <= 0:
                continue
            first = y >> 3 if y > 0 else 0
            last = (y + h - 1) >> 3
            if last >= PAGES:
                last = PAGES - 1
            for p in range(first, last + 1):
                c = cols[p]
                if c is not None and x < c[1] and x + w > c[0]:
                    self._draw(item)
                    break
        for q in range(PAGES):
            c = cols[q]
            if c is not None:
                self._store(q, c[0], c[1], vals[q])
        self._send(cols)
        self._older = {}
        return self.full

    def _store(self, q, c0, c1, v):
        """Page ``q``'s columns ``c0``..``c1 - 1`` become ``v`` (their
        bytes as an integer, ``c0`` lowest)."""
        n = c1 - c0
        if v:
            if v >> (8 * n):
                v &= (1 << (8 * n)) - 1     # ink right of the changed columns
            self._page[q][c0:c1] = v.to_bytes(n, "little")
        else:
            self._page[q][c0:c1] = ZEROS[:n]

    def _send(self, cols):
        """Send the columns ``cols`` gives of each page (None: nothing).
        Consecutive pages go as one window (their pages, the columns of
        any of them) while that costs fewer bytes than a window of their
        own: a window's commands and transactions cost WINDOW_COST."""
        sent = 0
        windows = 0
        window = None
        p = 0
        while p < PAGES:
            if cols[p] is None:
                p += 1
                continue
            p0 = p
            x0, x1 = cols[p]
            while p + 1 < PAGES and cols[p + 1] is not None:
                a, b = cols[p + 1]
                u0 = a if a < x0 else x0
                u1 = b if b > x1 else x1
                n = p + 1 - p0
                if (u1 - u0) * (n + 1) > (x1 - x0) * n + (b - a) + WINDOW_COST:
                    break
                x0, x1 = u0, u1
                p += 1
            self._window(x0, x1, p0, p)
            sent += WINDOW_BYTES + 1 + (x1 - x0) * (p - p0 + 1)
            windows += 1
            window = (x0, x1, p0, p)
            p += 1
        self.cost = sent
        self.window = window
        self.full = windows == 1 and window == (0, SCREEN_W, 0, PAGES - 1)

    def _window(self, x0, x1, p0, p1):
        """Columns ``x0``..``x1 - 1`` of pages ``p0``..``p1`` to the
        panel, in one transaction: straight from ``fb`` when the pages
        are whole or one (their bytes follow each other there), else
        gathered into a buffer of their own."""
        w = x1 - x0
        if w == SCREEN_W or p0 == p1:
            buf = self.fb
            start = p0 * SCREEN_W + x0      # the byte before the window
            end = 1 + p1 * SCREEN_W + x1
        else:
            pages = self._page
            buf = bytearray(1 + w * (p1 - p0 + 1))
            k = 1
            for q in range(p0, p1 + 1):
                buf[k:k + w] = pages[q][x0:x1]
                k += w
            start, end = 0, k
        lent = buf[start]
        self.panel.write(x0, x1, p0, p1, buf, start, end)
        buf[start] = lent

    def clear(self):
        """Show nothing."""
        self.render([])

    # -- drawing into the changed area --------------------------------------
    def _draw(self, item):
        kind = item[0]
        if kind == "text":
            _, x, y, text, scale, colour = item
            self._text(x, y, text, scale, colour)
        elif kind == "rect":
            _, x, y, w, h, colour = item
            self._rect(x, y, w, h, colour)
        elif kind == "frame":
            _, x, y, w, h, colour = item
            self._rect(x, y, w, 1, colour)
            self._rect(x, y + h - 1, w, 1, colour)
            self._rect(x, y, 1, h, colour)
            self._rect(x + w - 1, y, 1, h, colour)
        else:  # die
            _, x, y, value, colour = item
            self._rect(x, y, DIE_SIZE, DIE_SIZE, not colour)
            self._draw(("frame", x, y, DIE_SIZE, DIE_SIZE, colour))
            text = str(value) if value else ""
            self._text(x + (DIE_SIZE - CHAR_W * len(text)) // 2,
                       y + (DIE_SIZE - CHAR_H) // 2, text, 1, colour)

    def _ink(self, page, x, m, colour):
        """Ink the bits set in ``m`` (an integer, a byte a column, for
        columns ``x`` on) in ``page`` with ``colour``, within the page's
        changed columns (the page's integer holds those alone: ink
        outside them is cut when the page is stored)."""
        c = self._cols[page]
        if c is None or not m:
            return
        s = 8 * (x - c[0])
        if s > 0:
            m <<= s
        elif s:
            m >>= -s
        v = self._vals[page]
        # (Each operation makes a new integer as wide as the page's
        # columns: where nothing is inked yet there is nothing to do.)
        if not v:
            if colour:
                self._vals[page] = m
        else:
            self._vals[page] = v | m if colour else (v | m) ^ m

    def _rect(self, x, y, w, h, colour):
        box = _on_screen(x, y, w, h)
        if box is None:
            return
        x0, y0, x1, y1 = box
        n = x1 - x0
        full = None     # a whole page's fill, the same for every middle page
        for p in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
            if self._cols[p] is None:
                continue
            lo = y0 - 8 * p if y0 > 8 * p else 0
            hi = y1 - 8 * p if y1 < 8 * p + 8 else 8
            byte = (((1 << (hi - lo)) - 1) << lo)
            if byte == 0xFF:
                if full is None:
                    full = _repeat(0xFF, n)
                m = full
            else:
                m = _repeat(byte, n)
            self._ink(p, x0, m, colour)

    def _text(self, x, y, text, scale, colour):
        n = len(text)
        w = n * CHAR_W * scale
        if not n or x >= SCREEN_W or x + w <= 0 or y >= SCREEN_H or y + CHAR_H * scale <= 0:
            return
        rows = self._masks(text, y & 7, scale)
        page = y >> 3
        for r in range(len(rows)):
            p = page + r
            if 0 <= p < PAGES:
                self._ink(p, x, rows[r], colour)

    def _masks(self, text, sh, scale=1):
        """The ink of ``text`` (drawn whole, as ``_ascii`` has it) at row
        ``sh`` of a page: per page it touches, an integer, a byte a
        column."""
        key = (text, sh, scale)
        masks = self._lines.get(key)
        if masks is not None:
            return masks
        masks = self._older.get(key)
        if masks is not None:
            self._lines[key] = masks
            return masks
        codes = _ascii(text)
        if scale != 1:
            masks = self._big_masks(codes, sh, scale)
        else:
            a = bytearray()
            b = bytearray()
            for c in codes:
                i = 6 * (c - 32)
                a.extend(_TOP[i:i + 6])
                b.extend(_LOW[i:i + 6])
            r0 = int.from_bytes(a, "little")
            r1 = int.from_bytes(b, "little")
            if not sh:
                masks = (r0, r1)
            else:
                # Shifting the whole line's integer moves bits across
                # columns; per-byte masks (a screen wide) keep each bit
                # in its column.
                n = 6 * len(codes)
                both = self._keep.get(sh) if n <= SCREEN_W else None
                if both is None:
                    w = n if n > SCREEN_W else SCREEN_W
                    both = (_repeat((0xFF << sh) & 0xFF, w), _repeat(0xFF >> (8 - sh), w))
                    if w == SCREEN_W:
                        self._keep[sh] = both
                keep, spill = both
                masks = ((r0 << sh) & keep,
                         ((r0 >> (8 - sh)) & spill) | ((r1 << sh) & keep))
                if sh > 4:
                    masks += ((r1 >> (8 - sh)) & spill,)
        self._lines[key] = masks
        return masks

    def _big_masks(self, codes, sh, scale):
        """``_masks`` for text (its character codes) at ``scale`` 2 or 3:
        each glyph's page rows (kept: digits and a few signs come back),
        joined per page."""
        rows = (CHAR_H * scale + sh + 7) // 8
        parts = [[] for _ in range(rows)]
        big = self._big
        wide = _WIDE[scale]
        for c in codes:
            code = c - 32
            key = (code, scale, sh)
            glyph = big.get(key)
            if glyph is None:
                # Each font column (12 bits) made ``scale`` times taller
                # a nibble at a time, then ``scale`` times wider.
                cols = []
                for i in range(6 * code, 6 * code + CHAR_W):
                    v = TOP[i] | LOW[i] << 8
                    tall = (wide[v & 15] | wide[v >> 4 & 15] << (4 * scale)
                            | wide[v >> 8] << (8 * scale)) << sh
                    cols.append(tall.to_bytes(rows, "little"))
                glyph = []
                for r in range(rows):
                    row = bytearray(CHAR_W * scale)
                    k = 0
                    for col in cols:
                        for _ in range(scale):
                            row[k] = col[r]
                            k += 1
                    glyph.append(bytes(row))
                if len(big) >= GLYPHS_KEPT:
                    big.clear()
                big[key] = glyph
            for r in range(rows):
                parts[r].append(glyph[r])
        return tuple(int.from_bytes(b"".join(part), "little") for part in parts)


def _repeat(byte, n):
    """An integer whose ``n`` low bytes are all ``byte``."""
    return int.from_bytes(bytes((byte,)) * n, "little")


def _widen(scale):
    """Per 4-bit column piece, its bits each made ``scale`` bits tall."""
    out = []
    for v in range(16):
        tall = 0
        for r in range(4):
            if v >> r & 1:
                tall |= ((1 << scale) - 1) << (r * scale)
        out.append(tall)
    return tuple(out)


_WIDE = ((), (), _widen(2), _widen(3))


def _mark(items, cols):
    """``cols`` (per page: the changed columns (x0, x1), or None) grown by
    the items' boxes, on the screen."""
    for item in items:
        box = _on_screen(*item_box(item))
        if box is None:
            continue
        x0, y0, x1, y1 = box
        for p in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
            was = cols[p]
            if was is None:
                cols[p] = (x0, x1)
            elif x0 < was[0] or x1 > was[1]:
                cols[p] = (x0 if x0 < was[0] else was[0], x1 if x1 > was[1] else was[1])
    return cols


def _take(items, count):
    """(taken, rest): the ``items`` that ``count`` (item -> how many
    more to take) still holds, each taking one from it, and the others,
    both in order."""
    taken = []
    rest = []
    for it in items:
        c = count.get(it, 0)
        if c:
            count[it] = c - 1
            taken.append(it)
        else:
            rest.append(it)
    return taken, rest


def _changed(old, new):
    """Per page, the columns (x0, x1) whose pixels may differ between the
    scenes ``old`` and ``new`` (lists of items), or None where none may."""
    n = len(old)
    if n == len(new):
        # Most presses change items in place (a row's text or colour, the
        # bar's place): the others keep their places, so their order.
        changed = [i for i in range(n) if old[i] != new[i]]
        if len(changed) * 2 <= n:
            cols = [None] * PAGES
            _mark([old[i] for i in changed], cols)
            return _mark([new[i] for i in changed], cols)
    count = {}
    for it in old:
        count[it] = count.get(it, 0) + 1
    # The new items the old ones match (each old item once) stayed; the
    # old items left over were removed.
    kept_new, added = _take(new, count)
    removed, kept_old = _take(old, count)
    cols = _mark(added, _mark(removed, [None] * PAGES))
    if kept_old != kept_new:
        # Items that stayed but changed their drawing order: those between
        # the first and the last that differ.
        n = len(kept_old)
        a = 0
        while kept_old[a] == kept_new[a]:
            a += 1
        b = n - 1
        while kept_old[b] == kept_new[b]:
            b -= 1
        _mark(kept_old[a:b + 1], cols)
    return cols
