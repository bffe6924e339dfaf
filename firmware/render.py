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
columns of the whole line joined (shifted to its row with big-integer
operations), kept while the line stays on the screen, and copied into
the buffer, or combined as integers where earlier ink lies under them.

What changes: the items that left the scene or came into it (as
multisets of equal tuples, or place by place when the scene kept its
length), and the items that kept their place but changed their drawing
order.  The columns their boxes cover, page by page, are cleared and
drawn again from every item that touches them (items elsewhere are not
drawn at all), and each run of such pages goes to the panel as one
window (those pages, the columns that changed in any of them) in one I2C
transaction, straight from the buffer where its bytes follow each other
there.
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
# Scaled glyphs the renderer keeps between frames (a glyph's pages: the
# judge's and a move's big digits come back; a few KB at most, as a
# game's heap is tight).
GLYPHS_KEPT = 16


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
    """The text as the board's font can draw it (printable ASCII)."""
    text = str(text)
    for ch in text:
        if not " " <= ch <= "~":
            break
    else:
        return text
    return "".join(ch if " " <= ch <= "~" else "?" for ch in text)


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
        self._spans = [None] * PAGES  # type: list  # per page: columns inked this render
        self._cols = [None] * PAGES  # type: list  # per page: changed columns
        self._items = None      # the last scene's items (valid ones)
        self._big = {}          # (glyph, scale, row) -> its page rows
        # (text, row in its page, scale) -> the line's ink per page, as
        # bytes: a screen's texts come back frame after frame (menu rows,
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
        # The changed area (per page, a run of columns) is cleared and drawn
        # again from the items that touch it; the rest of each page keeps
        # its bytes, so the items elsewhere are not drawn at all.
        fb = self.fb
        spans = self._spans
        for q in range(PAGES):
            c = cols[q]
            spans[q] = None
            if c is not None:
                fb[1 + q * SCREEN_W + c[0]:1 + q * SCREEN_W + c[1]] = ZEROS[:c[1] - c[0]]
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
        panel = self.panel
        p = 0
        sent = 0
        windows = 0
        while p < PAGES:
            if cols[p] is None:
                p += 1
                continue
            p0 = p
            x0, x1 = cols[p]
            while p + 1 < PAGES and cols[p + 1] is not None:
                p += 1
                if cols[p][0] < x0:
                    x0 = cols[p][0]
                if cols[p][1] > x1:
                    x1 = cols[p][1]
            p1 = p
            p += 1
            # Each run of changed pages goes as one window (its pages, the
            # columns that changed in any of them): straight from ``fb``
            # when the pages are whole or one (their bytes follow each
            # other there), else gathered into a buffer of its own (a
            # window a page would cost a transaction and its commands
            # each).
            w = x1 - x0
            if w == SCREEN_W or p0 == p1:
                buf = fb
                start = p0 * SCREEN_W + x0      # the byte before the window
                end = 1 + p1 * SCREEN_W + x1
            else:
                buf = bytearray(1 + w * (p1 - p0 + 1))
                view = memoryview(fb)
                k = 1
                for q in range(p0, p1 + 1):
                    at = 1 + q * SCREEN_W + x0
                    buf[k:k + w] = view[at:at + w]
                    k += w
                start, end = 0, k
            lent = buf[start]
            panel.write(x0, x1, p0, p1, buf, start, end)
            buf[start] = lent
            sent += WINDOW_BYTES + end - start
            windows += 1
            self.window = (x0, x1, p0, p1)
        self._older = {}
        self.cost = sent
        self.full = windows == 1 and self.window == (0, SCREEN_W, 0, PAGES - 1)
        return self.full

    def clear(self):
        """Show nothing."""
        self.render([])

    # -- drawing into the changed area --------------------------------------
    def _draw(self, item):
        kind = item[0]
        if kind == "text":
            _, x, y, text, scale, colour = item
            self._text(x, y, _ascii(text), scale, colour)
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

    def _put(self, page, x, data, colour):
        """Ink the bits set in ``data`` (bytes for columns ``x`` on) in
        ``page`` with ``colour``, within the page's changed columns.
        Where nothing was inked yet in this render the area is clear, so
        the bytes are copied (or, dark ink on dark, left); over earlier
        ink they are combined as integers."""
        c = self._cols[page]
        if c is None:
            return
        n = len(data)
        lo = x if x > c[0] else c[0]
        hi = x + n if x + n < c[1] else c[1]
        if lo >= hi:
            return
        seg = memoryview(data)[lo - x:hi - x]
        at = 1 + page * SCREEN_W
        fb = self.fb
        spans = self._spans[page]
        clean = True
        if spans is not None:
            for s0, s1 in spans:
                if lo < s1 and s0 < hi:
                    clean = False
                    break
        if clean:
            if not colour:
                return
            fb[at + lo:at + hi] = seg
        else:
            v = int.from_bytes(fb[at + lo:at + hi], "little")
            m = int.from_bytes(seg, "little")
            v = v | m if colour else (v | m) ^ m
            fb[at + lo:at + hi] = v.to_bytes(hi - lo, "little")
        if spans is None:
            self._spans[page] = [(lo, hi)]
        else:
            spans.append((lo, hi))

    def _rect(self, x, y, w, h, colour):
        box = _on_screen(x, y, w, h)
        if box is None:
            return
        x0, y0, x1, y1 = box
        n = x1 - x0
        for p in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
            lo = y0 - 8 * p if y0 > 8 * p else 0
            hi = y1 - 8 * p if y1 < 8 * p + 8 else 8
            self._put(p, x0, bytes(((((1 << (hi - lo)) - 1) << lo),)) * n, colour)

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
                self._put(p, x, rows[r], colour)

    def _masks(self, text, sh, scale=1):
        """The ink of ``text`` (printable ASCII, drawn whole) at row ``sh``
        of a page: bytes per page it touches, a byte a column."""
        key = (text, sh, scale)
        masks = self._lines.get(key)
        if masks is not None:
            return masks
        masks = self._older.get(key)
        if masks is not None:
            self._lines[key] = masks
            return masks
        if scale != 1:
            masks = self._big_masks(text, sh, scale)
        else:
            a = []
            b = []
            for ch in text:
                i = 6 * (ord(ch) - 32)
                a.append(TOP[i:i + 6])
                b.append(LOW[i:i + 6])
            row0 = b"".join(a)
            row1 = b"".join(b)
            if not sh:
                masks = (row0, row1)
            else:
                r0 = int.from_bytes(row0, "little")
                r1 = int.from_bytes(row1, "little")
                # Shifting the whole line's integer moves bits across
                # columns; per-byte masks (a screen wide) keep each bit
                # in its column.
                n = 6 * len(text)
                both = self._keep.get(sh) if n <= SCREEN_W else None
                if both is None:
                    w = n if n > SCREEN_W else SCREEN_W
                    both = (int.from_bytes(bytes(((0xFF << sh) & 0xFF,)) * w, "little"),
                            int.from_bytes(bytes((0xFF >> (8 - sh),)) * w, "little"))
                    if w == SCREEN_W:
                        self._keep[sh] = both
                keep, spill = both
                masks = (((r0 << sh) & keep).to_bytes(n, "little"),
                         (((r0 >> (8 - sh)) & spill) | ((r1 << sh) & keep)).to_bytes(n, "little"))
                if sh > 4:
                    masks += (((r1 >> (8 - sh)) & spill).to_bytes(n, "little"),)
        self._lines[key] = masks
        return masks

    def _big_masks(self, text, sh, scale):
        """``_masks`` for text at ``scale`` 2 or 3: each glyph's page rows
        (kept: digits and a few signs come back), joined per page."""
        rows = (CHAR_H * scale + sh + 7) // 8
        parts = [[] for _ in range(rows)]
        big = self._big
        for ch in text:
            code = ord(ch) - 32
            key = (code, scale, sh)
            glyph = big.get(key)
            if glyph is None:
                cols = []
                for c in range(CHAR_W):
                    i = 6 * code + c
                    v = TOP[i] | LOW[i] << 8
                    tall = 0
                    for r in range(CHAR_H):
                        if v >> r & 1:
                            tall |= ((1 << scale) - 1) << (r * scale)
                    cols += [tall << sh] * scale
                glyph = [bytes([(col >> (8 * r)) & 0xFF for col in cols]) for r in range(rows)]
                if len(big) >= GLYPHS_KEPT:
                    big.clear()
                big[key] = glyph
            for r in range(rows):
                parts[r].append(glyph[r])
        return tuple(b"".join(part) for part in parts)


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
