"""Scene -> displayio: draws what the app asks for on the 128x64 OLED.

Runs unchanged on CircuitPython 9/10 and on CPython through Blinka's
displayio (the desktop simulator), so it uses only APIs both have:
displayio.Group/Bitmap/Palette/TileGrid (Group insert/remove, TileGrid
x/y/pixel_shader/tiles) and terminalio.FONT.  No vectorio: not every
CircuitPython build has it.

What each scene item becomes (see lib/primeplay/app/scene.py):

* text  -> a row of 6x12 font tiles (a TileGrid over the font's glyph
           bitmap, in a Group for the scale): (x, y) is the top left of
           the first cell.  Ink in ``colour``,
           background transparent (dark text on a lit bar works).  Only
           printable ASCII is drawn: any other character shows as "?",
           because CircuitPython's built-in font holds ASCII plus a few
           build-dependent extras while Blinka's holds all of Terminus, and
           the simulator must show what the board shows.  No newlines.
* rect  -> a TileGrid over a w x h bitmap, all ink.
* frame -> a TileGrid over a w x h bitmap, one-pixel outline of ink,
           inside transparent.
* die   -> an opaque 18x18 square: outline and number in ``colour``,
           inside in the other colour; value 0 is a blank face.

Later items are drawn over earlier ones.  Colours are pure white and pure
black, so the panel's monochrome conversion (CircuitPython and Blinka light
a pixel when luma = (19R + 182G + 54B) / 255 >= 128) lights exactly the ink
pixels.

Text is drawn the way CircuitPython's own REPL terminal draws it: one
TileGrid whose tiles are the glyphs of terminalio.FONT's bitmap, so a
line of text costs a few bytes of tile numbers, no bitmap of its own and
no glyph copying (CircuitPython's built-in font already is such a tile
sheet; the simulator's BDF font is laid out as one once, see FontTiles).
adafruit_display_text's bitmap_label, used before, allocated and drew a
bitmap per text: on the emulated Pico a new screen of five lines took
90 ms in the renderer, and the library's 62 KB of source cost over half
a second of the .py start.  One TileGrid per text is also one dirty
rectangle per text, as bitmap_label was.

I2C is the bottleneck (about 25 ms per full 1 KB frame at 400 kHz), so the
renderer keeps the displayio objects between scenes and touches only what
changed: an item that is still there (same tuple) is left alone, and a
changed item reuses an object of its kind (a label's text is set, a
TileGrid is moved), so displayio's dirty rectangles, and the bytes sent,
cover only the changed pixels.  Only items that overlap need a particular
stacking order, so unchanged objects are not re-stacked when, say, a
highlight bar moves from the first row to the last.  When a change would cost more in
rectangles than a whole frame (a new screen), the renderer asks for one
full refresh instead.  Bitmaps are shared by size; objects that leave the
screen wait in a small pool for the next scene.
"""

import displayio
import terminalio

try:
    from primeplay.app.scene import CHAR_W, CHAR_H, DIE_SIZE
except ImportError:  # a board without lib/primeplay on the path
    CHAR_W, CHAR_H, DIE_SIZE = 6, 12, 18

WHITE = 0xFFFFFF
BLACK = 0x000000
POOL_PER_KIND = 6  # spare objects kept per reuse key
SCREEN_W = 128
SCREEN_H = 64
# What a full refresh sends on an SSD1306 over I2C: column and page range
# commands (12 bytes as displayio sends them), the data control byte and
# 1024 bytes of GDDRAM.  A scene change estimated to cost more than this
# incrementally is sent as one full frame instead.
FULL_FRAME_BYTES = 12 + 1 + 1024


def box_cost(x, y, w, h):
    """Estimated I2C bytes to refresh one dirty rectangle: its columns
    times the 8-row pages it touches, plus the addressing overhead (two
    range commands, the data control byte, the I2C address byte)."""
    x1 = x if x > 0 else 0
    y1 = y if y > 0 else 0
    x2 = x + w if x + w < SCREEN_W else SCREEN_W
    y2 = y + h if y + h < SCREEN_H else SCREEN_H
    if x2 <= x1 or y2 <= y1:
        return 0
    return 14 + (x2 - x1) * ((y2 - 1) // 8 - y1 // 8 + 1)


def item_box(item):
    """(x, y, w, h) that ``item`` covers."""
    kind = item[0]
    if kind == "text":
        scale = item[4]
        return item[1], item[2], len(item[3]) * CHAR_W * scale, CHAR_H * scale
    if kind == "die":
        return item[1], item[2], DIE_SIZE, DIE_SIZE
    return item[1], item[2], item[3], item[4]


def draw_cost(item):
    """Estimated bytes to draw ``item`` where nothing was: displayio sends
    one dirty rectangle per TileGrid, and every item is one TileGrid (a
    die's number lies inside its square)."""
    return box_cost(*item_box(item))


def erase_cost(item):
    """Estimated bytes to clear where ``item`` was (one rectangle)."""
    return box_cost(*item_box(item))


def _ascii(text):
    """The text as the board's font can draw it (printable ASCII)."""
    text = str(text)
    for ch in text:
        if not " " <= ch <= "~":
            break
    else:
        return text
    return "".join(ch if " " <= ch <= "~" else "?" for ch in text)


def _overlap(a, b):
    """Do boxes (x, y, w, h) share a pixel?"""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and \
        a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _key(item):
    """Which pooled object can show ``item``: same kind (and the same
    bitmap size or text scale)."""
    kind = item[0]
    if kind == "text":
        return ("text", item[4])
    if kind == "die":
        return ("die",)
    return (kind, item[3], item[4])


class FontTiles:
    """terminalio.FONT as a tile sheet: ``bitmap`` holds the printable ASCII
    glyphs in ``w`` x ``h`` cells, ``tile(ch)`` is a character's cell.

    CircuitPython's built-in font is such a sheet already (its ``bitmap``,
    with each glyph's ``tile_index``): used as it is, nothing is copied.
    Blinka's font (the simulator) is a BDF font with a bitmap per glyph:
    its cells are drawn into a sheet once, each glyph at its offset in the
    font's bounding box, which is where a label put it.
    """

    def __init__(self, font=None):
        font = font or terminalio.FONT
        box = font.get_bounding_box()
        self.w, self.h = box[0], box[1]
        sheet = getattr(font, "bitmap", None)
        self._index = []  # tile number of chr(32 + i)
        if isinstance(sheet, displayio.Bitmap):
            self.bitmap = sheet
            for code in range(32, 127):
                self._index.append(font.get_glyph(code).tile_index)
            return
        glyphs = [font.get_glyph(code) for code in range(32, 127)]
        # The cell's baseline and left edge, from the glyphs themselves
        # (Blinka's font reports its box without the offsets).
        baseline = max(g.height + g.dy for g in glyphs if g is not None)
        x_off = min(g.dx for g in glyphs if g is not None)
        self.bitmap = displayio.Bitmap(95 * self.w, self.h, 2)
        for cell in range(95):
            self._index.append(cell)
            glyph = glyphs[cell]
            if glyph is None:
                continue
            left = cell * self.w + glyph.dx - x_off
            top = baseline - glyph.height - glyph.dy
            for gy in range(glyph.height):
                for gx in range(glyph.width):
                    if glyph.bitmap[gx, gy]:
                        self.bitmap[left + gx, top + gy] = 1

    def tile(self, ch):
        return self._index[ord(ch) - 32]  # ch is printable ASCII (_ascii)


class Renderer:
    """Turns Scenes into displayio objects under one Group.

    ``Renderer(display_or_group)``: given a display
    (anything with a ``root_group``), shows its own Group there; given a
    Group, appends to it (tests, or layering with other content).
    ``render(scene)`` updates the Group; the caller refreshes the display.
    After a render, ``stats`` is [kept, reused, created] objects, ``cost``
    the estimated I2C bytes of the change and ``full`` whether a full
    refresh was asked for.
    """

    def __init__(self, target):
        self._font = FontTiles()
        self.group = displayio.Group()
        self._display = None
        if hasattr(target, "root_group"):
            self._display = target
            target.root_group = self.group
        else:
            target.append(self.group)
        self._ink = {}  # colour -> palette: 0 transparent, 1 ink
        self._paper = {}  # colour -> palette for dice: 0 paper, 1 ink
        for colour in (0, 1):
            pal = displayio.Palette(2)
            pal[0] = BLACK
            pal[1] = WHITE if colour else BLACK
            pal.make_transparent(0)
            self._ink[colour] = pal
            pal = displayio.Palette(2)
            pal[0] = BLACK if colour else WHITE
            pal[1] = WHITE if colour else BLACK
            self._paper[colour] = pal
        self._bitmaps = {}  # (kind, w, h) -> [Bitmap, users]
        self._shown = []  # [item, obj, key] in drawing order
        self._free = {}  # key -> [obj, ...]
        self._items = None  # copy of the last scene's items
        self.stats = [0, 0, 0]  # kept, reused, created in the last render
        self.cost = 0  # estimated I2C bytes of the last render's changes
        self.full = False  # did the last render ask for a full refresh

    # -- public -----------------------------------------------------------
    def render(self, scene):
        """Make the Group show ``scene`` (a Scene or a list of items).

        Returns True when the change is big enough that the next refresh
        sends the whole frame (cheaper than many small rectangles): the
        renderer then re-sets the display's root group, which makes
        displayio (CircuitPython and Blinka alike) refresh everything once.
        """
        items = getattr(scene, "items", scene)
        self.full = False
        if items == self._items:
            self.stats[0] = len(items)
            self.stats[1] = self.stats[2] = 0
            self.cost = 0
            return False
        self._update([it for it in items if self._valid(it)])
        self._items = list(items)
        if self._display is not None and self.cost > FULL_FRAME_BYTES:
            self._display.root_group = None
            self._display.root_group = self.group
            self.full = True
        return self.full

    def clear(self):
        """Show nothing (e.g. before handing the display to something else)."""
        self.render([])

    # -- diffing ------------------------------------------------------------
    def _update(self, items):
        # pylint: disable=too-many-locals,too-many-branches,too-many-statements
        old = self._shown  # [item, obj, key] in group order
        n_old = len(old)
        n_new = len(items)
        # 1. items still on screen (equal tuples) keep their objects: most
        #    are where they were in the list, and a press changes a few,
        #    so those are matched first without a dict of every item (on
        #    the board the dict's lists were a tenth of a press).
        match = [-1] * n_new  # new index -> old index it keeps
        taken = bytearray(n_old)
        in_place = 0
        for j in range(min(n_new, n_old)):
            if old[j][0] == items[j]:
                match[j] = j
                taken[j] = 1
                in_place += 1
        if in_place < n_new:
            where = {}
            for i in range(n_old):
                if not taken[i]:
                    lst = where.get(old[i][0])
                    if lst is None:
                        where[old[i][0]] = [i]
                    else:
                        lst.append(i)
            for j in range(n_new):
                if match[j] < 0:
                    lst = where.get(items[j])
                    if lst:
                        match[j] = lst.pop(0)
                        taken[match[j]] = 1
        # 2. the other new items take an old object of their kind, the one
        #    at the same place if there is one (a text or colour change).
        spare = {}
        for i in range(n_old):
            if not taken[i]:
                key = old[i][2]
                lst = spare.get(key)
                if lst is None:
                    spare[key] = [i]
                else:
                    lst.append(i)
        origin = list(match)  # new index -> old index of its object, or -1
        for j in range(n_new):
            if match[j] >= 0:
                continue
            lst = spare.get(_key(items[j]))
            if lst:
                pick = 0
                item = items[j]
                for p in range(len(lst)):
                    was = old[lst[p]][0]
                    if was[1] == item[1] and was[2] == item[2]:
                        pick = p
                        break
                origin[j] = lst.pop(pick)
                taken[origin[j]] = 1
        # 3. drawing order.  Only overlapping items care which is on top, so
        #    objects that stay in the group keep their order unless two
        #    overlapping ones are the wrong way round; then the changed one
        #    of the two moves.  New objects go just above the last item
        #    below them that they overlap.
        boxes = [item_box(it) for it in items]
        order = [j for j in range(n_new) if origin[j] >= 0]
        order.sort(key=lambda j: origin[j])
        move = bytearray(n_new)
        bad = True
        while bad:
            bad = False
            for p in range(len(order)):
                a = order[p]
                for q in range(p + 1, len(order)):
                    b = order[q]
                    if a > b and _overlap(boxes[a], boxes[b]):
                        victim = b if match[a] >= 0 and match[b] < 0 else a
                        order.remove(victim)
                        move[victim] = 1
                        bad = True
                        break
                if bad:
                    break
        for j in range(n_new):
            if origin[j] >= 0 and not move[j]:
                continue
            move[j] = 1
            lo = -1  # last overlapping item below it
            hi = len(order)  # first overlapping item above it
            near = -1  # last item before it in the scene
            for p in range(len(order)):
                k = order[p]
                if k < j:
                    near = p
                if _overlap(boxes[j], boxes[k]):
                    if k < j:
                        lo = p
                    elif p < hi:
                        hi = p
            if lo >= hi:  # no room: redraw in plain scene order
                order = list(range(n_new))
                for k in range(n_new):
                    move[k] = 1
                break
            order.insert(min(max(lo, near) + 1, hi), j)
        group = self.group
        cost = 0
        # 4. objects nobody takes leave for the pool; objects that move in
        #    the drawing order leave the group before they change, so the
        #    dirty area they leave behind is where they were.
        for i in range(n_old):
            if not taken[i]:
                group.remove(old[i][1])
                self._release(old[i][2], old[i][1])
                cost += erase_cost(old[i][0])
        for j in range(n_new):
            if move[j] and origin[j] >= 0:
                group.remove(old[origin[j]][1])
        # 5. set each object up for its item.
        entries = []  # by new index
        kept = reused = created = 0
        for j in range(n_new):
            item = items[j]
            i = origin[j]
            if match[j] >= 0:
                entries.append(old[i])
                kept += 1
                if move[j]:
                    cost += erase_cost(item) + draw_cost(item)
                continue
            key = _key(item)
            if i >= 0:
                obj = old[i][1]
                was = old[i][0]
                self._configure(obj, was, item)
                if move[j] or item_box(was) != item_box(item):
                    cost += erase_cost(was)
                reused += 1
            else:
                pool = self._free.get(key)
                if pool:
                    obj = pool.pop()
                    self._configure(obj, None, item)
                    reused += 1
                else:
                    obj = self._create(item)
                    created += 1
            cost += draw_cost(item)
            entries.append([item, obj, key])
        # 6. into the group, in drawing order.
        shown = []
        for p in range(len(order)):
            j = order[p]
            if move[j]:
                group.insert(p, entries[j][1])
            shown.append(entries[j])
        self._shown = shown
        self.stats[0] = kept
        self.stats[1] = reused
        self.stats[2] = created
        self.cost = cost

    # -- objects --------------------------------------------------------------
    @staticmethod
    def _valid(item):
        kind = item[0]
        if kind in ("rect", "frame"):
            return item[3] > 0 and item[4] > 0
        return kind in ("text", "die")

    def _bitmap(self, kind, w, h):
        key = (kind, w, h)
        entry = self._bitmaps.get(key)
        if entry is None:
            bmp = displayio.Bitmap(w, h, 2)
            if kind == "rect":
                bmp.fill(1)
            else:  # frame and die: one-pixel outline
                for x in range(w):
                    bmp[x, 0] = 1
                    bmp[x, h - 1] = 1
                for y in range(h):
                    bmp[0, y] = 1
                    bmp[w - 1, y] = 1
            entry = [bmp, 0]
            self._bitmaps[key] = entry
        entry[1] += 1
        return entry[0]

    def _drop_bitmap(self, kind, w, h):
        key = (kind, w, h)
        entry = self._bitmaps.get(key)
        if entry is not None:
            entry[1] -= 1
            if entry[1] <= 0:
                del self._bitmaps[key]

    def _create(self, item):
        kind = item[0]
        if kind == "text":
            _, x, y, text, scale, colour = item
            line = displayio.Group(x=x, y=y, scale=scale)
            line.append(self._tiles(_ascii(text), colour))
            return line
        if kind == "die":
            _, x, y, value, colour = item
            die = displayio.Group(x=x, y=y)
            die.append(displayio.TileGrid(
                self._bitmap("die", DIE_SIZE, DIE_SIZE),
                pixel_shader=self._paper[1 if colour else 0]))
            text = self._die_text(value)
            number = self._tiles(text, colour)
            number.x, number.y = self._die_text_at(text)
            die.append(number)
            return die
        _, x, y, w, h, colour = item
        return displayio.TileGrid(self._bitmap(kind, w, h),
                                  pixel_shader=self._ink[1 if colour else 0],
                                  x=x, y=y)

    def _tiles(self, text, colour):
        """A TileGrid showing ``text`` (printable ASCII) in ``colour`` over
        a transparent background; an empty text is one blank cell."""
        font = self._font
        grid = displayio.TileGrid(font.bitmap, pixel_shader=self._ink[1 if colour else 0],
                                  width=len(text) or 1, height=1,
                                  tile_width=font.w, tile_height=font.h,
                                  default_tile=font.tile(" "))
        for i in range(len(text)):
            grid[i] = font.tile(text[i])
        return grid

    def _retext(self, holder, at, old, text, colour):
        """Make ``holder[at]`` (a TileGrid from _tiles, last showing ``old``,
        None if unknown) show ``text`` in ``colour``; returns the grid.  A
        text of the same length keeps its grid and changes only the tiles
        that differ, so the dirty area is just those cells."""
        grid = holder[at]
        if old is None or len(old) != len(text):
            new = self._tiles(text, colour)
            new.x, new.y = grid.x, grid.y
            holder[at] = new
            return new
        font = self._font
        for i in range(len(text)):
            if old[i] != text[i]:
                grid[i] = font.tile(text[i])
        palette = self._ink[1 if colour else 0]
        if grid.pixel_shader is not palette:
            grid.pixel_shader = palette
        return grid

    @staticmethod
    def _die_text(value):
        return str(value) if value else ""

    @staticmethod
    def _die_text_at(text):
        return ((DIE_SIZE - CHAR_W * len(text)) // 2, (DIE_SIZE - CHAR_H) // 2)

    def _configure(self, obj, was, item):
        """Make a reused ``obj`` (last showing ``was``, None if pooled) show
        ``item``; touches only the properties that differ."""
        kind = item[0]
        if kind == "text":
            _, x, y, text, scale, colour = item
            self._retext(obj, 0, None if was is None else _ascii(was[3]),
                         _ascii(text), colour)
            if obj.x != x:
                obj.x = x
            if obj.y != y:
                obj.y = y
            return
        if kind == "die":
            _, x, y, value, colour = item
            if obj.x != x:
                obj.x = x
            if obj.y != y:
                obj.y = y
            if was is None or was[4] != colour:
                obj[0].pixel_shader = self._paper[1 if colour else 0]
            text = self._die_text(value)
            old = None if was is None else self._die_text(was[3])
            grid = self._retext(obj, 1, old, text, colour)
            if old is None or len(old) != len(text):
                grid.x, grid.y = self._die_text_at(text)
            return
        _, x, y, _, _, colour = item
        if obj.x != x:
            obj.x = x
        if obj.y != y:
            obj.y = y
        palette = self._ink[1 if colour else 0]
        if obj.pixel_shader is not palette:
            obj.pixel_shader = palette

    def _release(self, key, obj):
        pool = self._free.get(key)
        if pool is None:
            pool = []
            self._free[key] = pool
        if len(pool) < POOL_PER_KIND:
            pool.append(obj)
        elif key[0] in ("rect", "frame"):
            self._drop_bitmap(key[0], key[1], key[2])
