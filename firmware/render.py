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
big-integer operations), kept while the line stays on the screen; a
box's or a die's page rows are kept by size and row, as a screen's bars,
card frames and dice come back; each changed page is one integer that
every item touching it is ORed into (ink) or cleared from (dark), stored
into the buffer once.

What changes: the items between those both scenes begin and end with,
that only one of the scenes has (tested with ``in``, a scan in C: a
dict of items is slow in MicroPython, whose tuple hash is the sum of
the items' hashes, so a scene's items collide), or that both have but
in another drawing order; or, when the scene kept its length, the
items that changed in place.  The columns their boxes cover, page by
page, are drawn again from every item that touches them (items
elsewhere are not drawn at all).  Neighbouring changed pages go to the
panel as one window (those pages, the columns that changed in any of
them) while that costs fewer bytes than windows of their own, each
window in one I2C transaction.

On the emulated board (flash cache modelled) a Python function call
costs some 15 us and an operation on a page-wide integer some 30-100
us, so the renderer counts calls and passes over the items: drawing a
Ring Climb press's scene (23 items) went from 33 to 23 ms, a Prime
Daifugo hand's (27 items) from 36 to 15 ms, against the same scenes at
the REPL.
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
# judge's and a move's big digits come back; some 170 bytes each at scale
# 2, so a few KB at most, as a game's heap is tight: Prime Climb's
# computer decides in what the firmware leaves).  Its big lines use some
# 25 (digits, + - x / =, a, b, "thinking"), so the cache is cleared now
# and then and built again (0.65 ms a glyph).
GLYPHS_KEPT = 16
# Boxes the renderer keeps (the same few come back screen after screen:
# a menu's bar, a hand's card frames, a die's square and outline); a
# few hundred bytes each at most, so few: a game's heap is tight.
SHAPES_KEPT = 8
SHAPE_W_KEPT = 32   # (a wider box, a bar, is a page-wide integer a page:
                    # quick to make again, dear to keep)
# The font's planes as views: a glyph's columns are taken from them
# without a copy of their own.
_TOP = memoryview(TOP)
_LOW = memoryview(LOW)


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
        # Per page, its changed columns: lo[p] up to hi[p] (none when
        # lo[p] >= hi[p]).
        self._lo = [0] * PAGES
        self._hi = [0] * PAGES
        self._items = None      # the last scene's items, as given
        self._big = {}          # glyph, scale and row -> its page rows
        self._shapes = {}       # a box's size and row -> its page rows
        # text -> (its row in its page << 2 | scale, the line's ink per
        # page, as integers): a screen's texts come back frame after frame (menu rows,
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
        items = list(items)     # the app may change its list afterwards
        self._items = items
        self._older = self._lines
        self._lines = {}
        lo = self._lo
        hi = self._hi
        if old is None:
            for q in range(PAGES):
                lo[q] = 0
                hi[q] = SCREEN_W
        else:
            _changed(old, items, lo, hi)
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
        for item in items:
            self._draw(item, lo, hi, vals)
        for q in range(PAGES):
            if lo[q] < hi[q]:
                self._store(q, lo[q], hi[q], vals[q])
        self._send(lo, hi)
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

    def _send(self, lo, hi):
        """Send each page's changed columns (``lo[p]``..``hi[p] - 1``;
        none where ``lo[p] >= hi[p]``).  Consecutive pages go as one
        window (their pages, the columns of any of them) while that costs
        fewer bytes than a window of their own: a window's commands and
        transactions cost WINDOW_COST."""
        sent = 0
        windows = 0
        window = None
        p = 0
        while p < PAGES:
            if lo[p] >= hi[p]:
                p += 1
                continue
            p0 = p
            x0 = lo[p]
            x1 = hi[p]
            while p + 1 < PAGES and lo[p + 1] < hi[p + 1]:
                a = lo[p + 1]
                b = hi[p + 1]
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
    def _draw(self, item, lo, hi, vals):
        """Draw ``item`` into the pages' integers ``vals`` where it
        touches a page's changed columns (``lo``, ``hi``); nothing when it
        touches none, or when it is no item the renderer knows.  Each
        kind's page rows (a text's from ``_masks``, a box's from
        ``_shape``, a die's from ``_die``) are at the item's own columns
        and are shifted into place."""
        kind = item[0]
        x = item[1]
        y = item[2]
        if kind == "text":
            text = item[3]
            scale = item[4]
            w = len(text) * CHAR_W * scale
            h = CHAR_H * scale
        elif kind == "die":
            w = h = DIE_SIZE
        elif kind == "rect" or kind == "frame":
            w = item[3]
            h = item[4]
        else:
            return
        x1 = x + w
        if x >= SCREEN_W or x1 <= 0 or y >= SCREEN_H or y + h <= 0 or w <= 0 or h <= 0:
            return
        page = y >> 3
        q = page if page > 0 else 0
        last = (y + h - 1) >> 3
        if last >= PAGES:
            last = PAGES - 1
        while q <= last:
            if x < hi[q] and x1 > lo[q] and lo[q] < hi[q]:
                break
            q += 1
        else:
            return      # none of its columns changed
        sh = y & 7
        if kind == "text":
            _ink(page, x, self._masks(text, sh, scale), item[5], lo, hi, vals)
        elif kind == "die":
            square, ink = self._die(item[3], sh)
            colour = item[4]
            _ink(page, x, square, not colour, lo, hi, vals)
            _ink(page, x, ink, colour, lo, hi, vals)
        else:
            _ink(page, x, self._shape(kind == "frame", w, h, sh), item[5], lo, hi, vals)

    def _shape(self, frame, w, h, sh):
        """A rect's (or with ``frame`` its outline's) page rows at row
        ``sh`` of its first page, a byte a column: kept, as a screen's
        bars, boxes and cards come back."""
        key = None
        if w <= SHAPE_W_KEPT and h < 1024:
            key = ((w << 10 | h) << 3 | sh) << 1 | frame
            rows = self._shapes.get(key)
            if rows is not None:
                return rows
        rows = []
        top = sh
        bottom = sh + h - 1         # rows in the first page's terms
        k = 0
        while 8 * k <= bottom:
            lo = top - 8 * k
            hi = bottom - 8 * k
            col = (0xFF if hi >= 7 else (2 << hi) - 1) & (0xFF << lo if lo > 0 else 0xFF)
            if not frame or w <= 2:
                rows.append(_repeat(col, w))    # (every page has a row lit)
            else:
                edge = 0
                if 0 <= lo < 8:
                    edge = 1 << lo
                if 0 <= hi < 8:
                    edge |= 1 << hi
                rows.append(col | _repeat(edge, w - 2) << 8 | col << (8 * (w - 1)))
            k += 1
        rows = tuple(rows)
        if key is not None:
            if len(self._shapes) >= SHAPES_KEPT:
                self._shapes.clear()
            self._shapes[key] = rows
        return rows

    def _die(self, value, sh):
        """A die's page rows at row ``sh``: (its square, drawn in the
        other colour; its outline and number, in its own).  Not kept: a
        rolling die shows ten faces, and each is some 300 bytes a game's
        heap wants more (its square and outline are kept as shapes)."""
        ink = list(self._shape(True, DIE_SIZE, DIE_SIZE, sh))
        text = str(value) if value else ""
        if text:
            dx = (DIE_SIZE - CHAR_W * len(text)) // 2
            dy = sh + (DIE_SIZE - CHAR_H) // 2
            k = dy >> 3
            for m in self._masks(text, dy & 7, 1):
                if k < len(ink):
                    ink[k] |= m << (8 * dx) if dx >= 0 else m >> (-8 * dx)
                k += 1
        return self._shape(False, DIE_SIZE, DIE_SIZE, sh), ink

    def _masks(self, text, sh, scale=1):
        """The ink of ``text`` (drawn whole, as ``_ascii`` has it) at row
        ``sh`` of a page: per page it touches, an integer, a byte a
        column."""
        key = sh << 2 | scale
        kept = self._lines.get(text)
        if kept is None:
            kept = self._older.get(text)
            if kept is not None:
                self._lines[text] = kept
        if kept is not None and kept[0] == key:
            return kept[1]
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
        self._lines[text] = (key, masks)
        return masks

    def _big_masks(self, codes, sh, scale):
        """``_masks`` for text (its character codes) at ``scale`` 2 or 3:
        each glyph's page rows (kept: digits and a few signs come back),
        joined per page."""
        rows = (CHAR_H * scale + sh + 7) // 8
        parts = [[] for _ in range(rows)]
        big = self._big
        for c in codes:
            key = ((c - 32) << 2 | scale) << 3 | sh
            glyph = big.get(key)
            if glyph is None:
                glyph = _big_glyph(c - 32, sh, scale, rows)
                if len(big) >= GLYPHS_KEPT:
                    big.clear()
                big[key] = glyph
            for r in range(rows):
                parts[r].append(glyph[r])
        return tuple(int.from_bytes(b"".join(part), "little") for part in parts)


def _big_glyph(code, sh, scale, rows):
    """The page rows (bytes, ``CHAR_W * scale`` columns each) of glyph
    ``code`` at ``scale`` 2 or 3 and row ``sh``: each font column (12
    bits) made ``scale`` times taller a nibble at a time, then each of
    its bytes ``scale`` times wider."""
    wide = _WIDE[scale]
    s4 = 4 * scale
    s8 = 8 * scale
    t = []
    for i in range(6 * code, 6 * code + CHAR_W):
        v = TOP[i] | LOW[i] << 8
        t.append((wide[v & 15] | wide[v >> 4 & 15] << s4 | wide[v >> 8] << s8) << sh)
    c0, c1, c2, c3, c4, c5 = t
    glyph = []
    for r in range(rows):
        k = 8 * r
        b0 = c0 >> k & 255
        b1 = c1 >> k & 255
        b2 = c2 >> k & 255
        b3 = c3 >> k & 255
        b4 = c4 >> k & 255
        b5 = c5 >> k & 255
        if scale == 2:
            glyph.append(bytes((b0, b0, b1, b1, b2, b2, b3, b3, b4, b4, b5, b5)))
        else:
            glyph.append(bytes((b0, b0, b0, b1, b1, b1, b2, b2, b2,
                                b3, b3, b3, b4, b4, b4, b5, b5, b5)))
    return glyph


def _ink(page, x, rows, colour, lo, hi, vals):
    """Ink ``rows`` (per page from ``page`` on, an integer, a byte a
    column, for columns ``x`` on) in ``colour`` into ``vals`` within each
    page's changed columns (``lo``, ``hi``; a page's integer holds those
    alone: ink right of them is cut when the page is stored)."""
    for m in rows:
        if m and 0 <= page < PAGES:
            c0 = lo[page]
            if c0 < hi[page]:
                s = 8 * (x - c0)
                if s > 0:
                    m <<= s
                elif s:
                    m >>= -s
                v = vals[page]
                # (Each operation makes a new integer as wide as the
                # page's columns: where nothing is inked yet there is
                # nothing to do.)
                if not v:
                    if colour:
                        vals[page] = m
                elif m:
                    vals[page] = v | m if colour else (v | m) ^ m
        page += 1


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


def _mark(items, lo, hi):
    """The changed columns (per page ``lo[p]`` up to ``hi[p]``) grown by
    the items' boxes, on the screen."""
    for item in items:
        kind = item[0]
        x = item[1]
        y = item[2]
        if kind == "text":
            scale = item[4]
            x1 = x + len(item[3]) * CHAR_W * scale
            y1 = y + CHAR_H * scale
        elif kind == "die":
            x1 = x + DIE_SIZE
            y1 = y + DIE_SIZE
        elif kind == "rect" or kind == "frame":
            x1 = x + item[3]
            y1 = y + item[4]
        else:
            continue
        if x < 0:
            x = 0
        if x1 > SCREEN_W:
            x1 = SCREEN_W
        if y < 0:
            y = 0
        if y1 > SCREEN_H:
            y1 = SCREEN_H
        if x1 <= x or y1 <= y:
            continue
        for p in range(y >> 3, ((y1 - 1) >> 3) + 1):
            if x < lo[p]:
                lo[p] = x
            if x1 > hi[p]:
                hi[p] = x1


def _changed(old, new, lo, hi):
    """Per page, the columns (``lo[p]`` up to ``hi[p]``, none where
    ``lo[p] >= hi[p]``) whose pixels may differ between the scenes
    ``old`` and ``new`` (lists of items).

    The items both scenes begin and end with are left alone (a press
    mostly changes a few items in one place).  Between them, the items
    only one scene has changed, and so did the items both have there
    that changed their drawing order.  Membership is tested with ``in``
    (a scan of equal-tuple tests in C), not through a dict: MicroPython
    hashes a tuple as the sum of its items' hashes, so a scene's items
    (the same kinds at nearby places) collide, and a dict of them took
    milliseconds on the board."""
    for q in range(PAGES):
        lo[q] = SCREEN_W
        hi[q] = 0
    n0 = len(old)
    n1 = len(new)
    a = 0
    m = n0 if n0 < n1 else n1
    while a < m and old[a] == new[a]:
        a += 1
    while n0 > a and n1 > a and old[n0 - 1] == new[n1 - 1]:
        n0 -= 1
        n1 -= 1
    if n0 == a and n1 == a:
        return
    was = old[a:n0]
    now = new[a:n1]
    if len(was) == len(now):
        # Items changed in place (a row's text or colour): the rest kept
        # their places, so their order.
        changed = [i for i in range(len(now)) if was[i] != now[i]]
        if len(changed) * 2 <= len(now):
            _mark([was[i] for i in changed], lo, hi)
            _mark([now[i] for i in changed], lo, hi)
            return
    kept_was = []
    gone = []
    for it in was:
        (kept_was if it in now else gone).append(it)
    kept_now = []
    came = []
    for it in now:
        (kept_now if it in was else came).append(it)
    _mark(gone, lo, hi)
    _mark(came, lo, hi)
    if kept_was != kept_now:
        # Items that stayed but changed their drawing order (or how many
        # times they are drawn): those between the first and the last
        # that differ.
        i = 0
        while i < len(kept_was) and i < len(kept_now) and kept_was[i] == kept_now[i]:
            i += 1
        j = len(kept_was) - 1
        k = len(kept_now) - 1
        while j >= i and k >= i and kept_was[j] == kept_now[k]:
            j -= 1
            k -= 1
        _mark(kept_was[i:j + 1], lo, hi)
        _mark(kept_now[i:k + 1], lo, hi)
