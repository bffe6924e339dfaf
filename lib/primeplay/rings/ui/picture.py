"""Ring Climb's picture: the play screen drawn on the OLED and the LED
ring (the play screen's ``picture``)."""

# (Comments, not a docstring: see ``play``.)
#
# The panel: the left 72 pixels are the board, one 12-character row a ring
# (a 6-pixel column a wedge of the base, wedge 0 at the left, the letter of
# the space now over it: board.LETTERS), the top first, level 6 down to
# level 1, rows 9 pixels apart (the font's capitals and digits are 8 rows
# high: one dark row between rings).  Each row ends with its level number;
# the ring in focus (the one the LED ring shows) has its number inverted.
# A pawn is an inverted cell: a lit block with its seat's digit dark, so
# whose is whose needs no colour; the pawn being chosen or moved (a
# computer's too) is its digit lit in an outline.  The top row counts each
# seat's pawns on top: the seat's pawn cell and one dot a pawn (1 to 3).
#
# Right of a line, under a lit bar naming whose turn it is ("P1 red";
# during a computer's cards, the computer that plays them), five lines of
# eight characters: the hand, what is being chosen, what it will do, and
# the key that goes on.
#
# What the board draws is kept to few objects that change little from
# one frame to the next (a line or card that goes away is drawn blank,
# the outline is always there): on the board each object costs the
# renderer time, and an object taken away makes the panel redraw all
# between it and the next change (host_tests/test_pico_rings.py's
# answer times).
#
# The LED ring is the 12 wedges: the ring in focus in its colours, dimmed,
# its pawns blinking in their owners' colours; a turn's start flashes the
# player's colour.
#
# The ``Picture`` only reads the play screen and its choice; what it
# keeps is its own: the last picture and LED colours, and what they were
# drawn from (the firmware asks for a scene fifty times a second).

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours
from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings.rules import PLAY
from primeplay.rings.ui.words import seat_name, turn_text, level_text, \
    ORDINALS

# The focus ring's pawns blink this slowly: each change is a frame, and
# a board (and tools/pico.py's settle) counts a screen as idle after
# 600 ms without one.  At 700 ms (or 1000) the idle time found after a
# press ended just as a blink came, so the next key met a frame being
# sent; at 1100 ms the first idle 600 ms runs from the first blink to
# some 250 ms before the second.
LED_BLINK_MS = 1100

BOARD_W = B.SPACES * CHAR_W     # 72
ROW_DY = 9                      # ring rows (capitals are 8 rows high)
STRIP_W = 7                     # the level numbers, right of it
BAR_H = 11                      # the bar naming the player
PX = BOARD_W + STRIP_W + 1      # 80: the right panel's text
PCOLS = (WIDTH - PX) // CHAR_W  # 8
LINE_Y = BAR_H                  # the panel's first line ...
LINE_DY = 10                    # ... and the next (descenders reach the
LINES = 5                       # blank top rows of the line below)

DIM = 5                         # /16: the focus ring's colours


def colour_name(p):
    return B.NAMES[B.PLAYER_COLOURS[p]]


# Each face's letters four times over, as bytes: a ring's row is one
# slice of it.  A board row is built in bytes and made a string once: on
# the board every new string costs a search of the VM's interned names
# (some 0.1 ms in a game's VM), and a row made by slicing and joining
# strings cost six of them and more a pawn.
_FACES4 = tuple((f * 4).encode() for f in B.FACES)
# The digits as strings made once (str(n) would make one each time).
DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")


def _row(face, rot):
    """(the face's letters as bytes, where the row of a ring turned
    ``rot`` starts in them): its 12 letters over wedges 0..11."""
    return _FACES4[face], (B.SPACES - rot) % B.SPACES


def row_letters(face, rot):
    """The 12 letters a ring turned ``rot`` shows over wedges 0..11."""
    ring, k = _row(face, rot)
    return ring[k:k + B.SPACES].decode()


def _hues():
    """The rings' LED colours in the palette in use."""
    return colours.HUES or B.RGB


def dim(rgb, level=DIM):
    return (rgb[0] * level // 16, rgb[1] * level // 16, rgb[2] * level // 16)


class Picture:
    """What the play screen ``play`` shows: ``draw(sc)`` the panel and
    LEDs, ``flat(level)`` the LED ring in the colour of the player on
    turn; ``shown``: (rings' turns, pawns) as last drawn."""

    def __init__(self, play):
        self.play = play
        self.shown = None
        self._drawn_key = None
        self._drawn = None
        self._framed = False
        self._board_key = None  # what the board's items (_board) show
        self._board = None
        self._leds_key = None
        self._leds = None

    def key(self):
        # What the picture depends on, without working it out: the
        # firmware asks for a scene fifty times a second, and most of them
        # are the last one again.  Every move changes the turn, the cards
        # played or the piles' sizes; the chosen pawn is drawn still, not
        # blinking (a panel changing by itself would send a frame every
        # few hundred ms).
        play = self.play
        c = play.choice
        s = play.state
        a = play.anim
        ov = play.overlay
        return (play.mode, c.stage, play.bstage, c.ci, c.pi,
                c.ri, c.si, play.bmove, play.viewing, play.who,
                play.focus,
                None if a is None else (a[0], a[1], play.anim_off()),
                None if ov is None else ov[0], c.preview is None,
                s.turn, s.played, len(s.discard), len(s.deck),
                None if play.guide is None else play.guide.tip)

    def draw(self, sc):
        play = self.play
        key = self.key()
        if key == self._drawn_key:
            sc.items.extend(self._drawn)
        else:
            rot, pawns, mark = play.view()
            self._draw(sc, rot, pawns, mark)
            self._drawn_key = key
            self._drawn = list(sc.items)
            self.shown = (rot, pawns)
        play.drawn()
        now = play.app.now
        lkey = (key, self.blink_on(), now < play.flash_until, colours.safe(),
                (now - play.t0) // 80 % 12 if play.mode == "bot" and
                play.bstage == "think" else 0)
        if lkey != self._leds_key:
            self._leds_key = lkey
            self._leds = self.leds(self.shown[0], self.shown[1])
        sc.leds = self._leds

    def _draw(self, sc, rot, pawns, mark):
        play = self.play
        if play.mode == "over":
            self._draw_over(sc)
            return
        # The board's items again, the same objects, when what it shows
        # is the same: most presses change the panel alone, and the
        # board is most of the scene (on the board some 6 ms to build,
        # and the renderer finds the same objects equal at once).
        bkey = (tuple(rot), tuple(pawns), mark, play.viewing, play.focus_level())
        if bkey == self._board_key:
            sc.items.extend(self._board)
        else:
            n = len(sc.items)
            self._framed = self._draw_board(sc, rot, pawns, mark)
            self._board_key = bkey
            self._board = sc.items[n:]
        self._draw_panel(sc)
        if play.overlay is not None:
            lines = play.overlay[0][:2]
            top = HEIGHT - 1 - CHAR_H * len(lines) - 1
            sc.rect(0, top, WIDTH, HEIGHT - top, 0)
            sc.rect(0, top, WIDTH, 1, 1)
            y = top + 1
            for line in lines:
                sc.text(0, y, line[:WIDTH // CHAR_W])
                y += CHAR_H

    def _draw_board(self, sc, rot, pawns, mark):
        play = self.play
        s = play.state
        face = s.settings.face
        # The view page draws the rings a pixel to the right: a pawn's
        # lit block at wedge 0 keeps its margin, its letter whole (its
        # panel lines are a character shorter for it).
        colours = play.viewing
        bx = 1 if colours else 0
        # The top: a pawn cell and a dot a pawn for each seat there.
        tops = _counts(pawns, s.settings.players, B.TOP)
        x = 1
        if len(tops) <= 8:
            sc.text(0, 0, "TOP")
            x = 4 * CHAR_W + 1
        for i in range(0, len(tops), 2):
            _count_cell(sc, x, 0, tops[i], tops[i + 1])
            x += 2 * CHAR_W
        # Each ring's level number ends its row, before the line that
        # parts the rings from the panel; the ring in focus has its
        # number inverted.  (A lit strip of numbers cost the board some
        # 8 objects more a frame and 10 ms more a press.)
        focus = play.focus_level()
        sx = BOARD_W + bx
        sc.rect(sx + STRIP_W - 1, BAR_H, 1, HEIGHT - BAR_H, 1)
        # The pawns on the rings, by level: (wedge, pawn).
        on = [None] * (B.LEVELS + 1)
        for i in range(len(pawns)):
            pos = pawns[i]
            if B.TABLE < pos < B.TOP:
                lvl = pos // B.SPACES
                if on[lvl] is None:
                    on[lvl] = []
                on[lvl].append(((pos + rot[lvl - 1]) % B.SPACES, i))
        framed = False
        for lvl in range(B.LEVELS, 0, -1):
            y = (B.LEVELS + 1 - lvl) * ROW_DY
            ring, k = _row(face, rot[lvl - 1])
            row = bytearray(ring[k:k + B.SPACES])
            mine = on[lvl] or ()
            if mine:
                mine.sort()     # by wedge: the digits' text runs left to right
            for c in mine:
                row[c[0]] = 32  # a pawn's space: its block goes over it
            # The row with its level number; the focus's number a dark
            # digit on a block over it (the row's text stays as it was
            # when the focus moves: less of the panel to redraw).
            row.append(48 + lvl)
            sc.text(bx, y, row.decode())
            if lvl == focus:
                sc.rect(sx, y + 2, STRIP_W, 8, 1)
                sc.text(sx + 1, y, DIGITS[lvl], 1, 0)
            # A pawn: a lit block with its seat's digit dark, or on the
            # view page the letter of the space it stands on; the digits
            # of a row are one text (fewer objects), from the first
            # pawn's wedge on, the chosen pawn's digit lit in its outline.
            dark = None
            first = 0
            for c in mine:
                x = bx + c[0] * CHAR_W
                ch = ring[k + c[0]] if colours else 49 + R.owner(c[1])
                if c[1] == mark:
                    framed = True
                    sc.frame(x - 1, y + 1, CHAR_W + 1, ROW_DY + 1, 1)
                    sc.text(x, y, chr(ch))
                else:
                    sc.rect(x - 1, y + 2, CHAR_W + 1, 8, 1)
                    if dark is None:
                        dark = bytearray()
                        first = c[0]
                    pad = c[0] - first - len(dark)
                    if pad > 0:
                        dark.extend(b" " * pad)
                    dark.append(ch)
            if dark is not None:
                sc.text(bx + first * CHAR_W, y, dark.decode(), 1, 0)
        return framed

    def _bar(self, sc, text, x=BOARD_W):
        sc.rect(x, 0, WIDTH - x, BAR_H, 1)
        if not self._framed:
            # The outline is always there: with no pawn chosen it lies
            # unseen in the lit bar, under its text (an outline that came
            # and went would cost the panel a redraw of all between its
            # place and the next change).
            sc.frame(x, 0, CHAR_W + 1, ROW_DY + 1, 1)
        sc.text(BOARD_W + 2, 0, text[:(WIDTH - BOARD_W - 2) // CHAR_W], 1, 0)

    def _panel(self, sc, lines, hand=None, lit=-1, opt=-1, x=PX):
        # The panel's five lines, always the same items (a line or card
        # that goes away is drawn blank): line 0 the hand, its card ``lit``
        # inverted, or ``lines[0]``; ``opt``: the line (a Stop or Discard)
        # drawn inverted.
        hx = PX + 17 * lit if lit >= 0 else PX
        sc.rect(hx, LINE_Y + 1, 14, CHAR_H - 2, 1 if lit >= 0 else 0)
        if opt >= 0:
            sc.rect(PX, LINE_Y + opt * LINE_DY + 1,
                    len(lines[opt]) * CHAR_W + 2, CHAR_H - 2, 1)
        for i in range(3):
            # 17 pixels apart from PX + 1: a lit card stays clear of the
            # line, and the third ends at the panel's edge.
            t = " "
            if hand is not None:
                t = B.card_text(hand[i]) if i < len(hand) else "  "
            elif i == 0:
                t = lines[0][:PCOLS] or " "
            sc.text(x if hand is None and i == 0 else PX + 1 + 17 * i,
                    LINE_Y, t, 1, 0 if i == lit else 1)
        for i in range(1, LINES):
            t = lines[i][:PCOLS] if i < len(lines) and lines[i] else " "
            if i == opt:
                sc.text(PX + 1, LINE_Y + i * LINE_DY, t, 1, 0)
            else:
                sc.text(x, LINE_Y + i * LINE_DY, t)

    def _draw_panel(self, sc):
        play = self.play
        c = play.choice
        s = play.state
        p = play.who
        if play.viewing:
            self._draw_waiting(sc)
            return
        self._bar(sc, "%s %s" % (seat_name(p), colour_name(p)))
        mode = play.mode
        foot = "A: pick"
        if mode == "pass":
            self._panel(sc, ["your", "turn", "", "", "A: cards"])
            return
        if mode == "bot":
            st = play.bstage
            m = play.bmove
            if m is None:
                lines = ["computer", "thinking"]
            elif m[0] == PLAY:
                lines = ["plays " + B.card_text(m[1])]
                if st == "spin":
                    lines.append(turn_text(s.pawns[m[2]] // B.SPACES, m[3]))
                else:
                    lines += play.bwords
                    if len(lines) > LINES and lines[1][0] == "L":
                        del lines[1]    # the ring's turn shows on the board
            else:
                lines = list(play.bwords)
            self._panel(sc, _footed(lines, "A: hurry"))
            return
        stage = c.stage
        hand = s.hands[p]
        if stage == "card":
            o = c.opts[c.ci]
            if o[0] == "card":
                n = B.card_number(o[1])
                col = B.card_colour(o[1])
                info = [B.card_name(o[1]) if col >= 0 else "wild:",
                        "turn %d" % n if n > 0 else
                        "no turn" if n == 0 else "any turn"]
            elif o[0] == "stop":
                info = ["end turn", "draw %d" % (B.HAND - len(hand))]
            else:
                info = ["all 3,", "draw 3"]
            extra = c.opts[-1]
            opt = -1
            if extra[0] == "card":
                what = "card %d/%d" % (s.played + 1, s.settings.per_turn())
            else:
                what = "Stop" if extra[0] == "stop" else "Discard"
                if o is extra:
                    opt = 1
            lines = ["", what] + info + ["UP: view"]
            g = play.guide
            if g is not None and g.on_tip(c):
                # A first game's tip: why this card, and A.
                why = g.words(s)
                lines = ["", what] + info if why is None else [""] + why
                lines.append("A: best")
            self._panel(sc, lines, hand, c.ci if o[0] == "card" else -1, opt)
            return
        pawn = c.pawn_opts[c.pi]
        if stage == "pawn":
            if pawn < 0:
                lines = ["throw it", "away"]
                foot = "A: throw"
            elif s.pawns[pawn] == B.TABLE:
                lines = ["enter", "a pawn", "(%d off)" % _counts(
                    s.pawns, s.settings.players, B.TABLE, p)]
            else:
                pos = s.pawns[pawn]
                lines = ["pawn on", level_text(pos), B.NAMES[
                    B.colour_of_space(s.settings.face, pos)]]
        elif stage == "rot":
            lvl = s.pawns[pawn] // B.SPACES
            r = c.rots[c.ri]
            lines = ["turn L%d" % lvl,
                     "no turn" if r == 0 else turn_text(lvl, r)[3:],
                     "< turn >"]
        else:
            lines = c.preview[1] if c.preview is not None else []
            foot = "A: move"
        if pawn >= 0 and play.guide is not None and play.guide.on_tip(c):
            foot = "A: best"
        self._panel(sc, _footed([""] + lines, foot), hand,
                    hand.index(c.cid) if c.cid in hand else -1)

    def _draw_waiting(self, sc):
        """The view page's panel: every seat's pawns off the board."""
        play = self.play
        s = play.state
        self._bar(sc, "off board", BOARD_W + 1)
        wait = _counts(s.pawns, s.settings.players, B.TABLE)
        x = PX + 1          # the rings are a pixel to the right
        self._panel(sc, ["" if wait else "none", "", "pawns:", "colours",
                         "A: back"], x=x)
        for i in range(0, len(wait), 2):
            k = i // 2
            _count_cell(sc, x + 1 + (k % 4) * 2 * CHAR_W,
                        LINE_Y + k // 4 * LINE_DY, wait[i], wait[i + 1])

    def _draw_over(self, sc):
        play = self.play
        s = play.state
        order = R.places(s)
        sc.text(0, 0, "Game over")
        sc.text(WIDTH - 7 * CHAR_W, 0, "A: menu")
        if len(order) <= 4:
            y = CHAR_H + 1
            for i in range(len(order)):
                q = order[i]
                sc.text(0, y, "%s %s %s %d top" % (
                    ORDINALS[i], seat_name(q), colour_name(q),
                    _counts(s.pawns, len(order), B.TOP, q)))
                y += CHAR_H + 1
        else:
            for i in range(len(order)):
                x = (i % 3) * 7 * CHAR_W
                y = (CHAR_H + 1) * (1 + i // 3)
                sc.text(x, y, "%s %s" % (ORDINALS[i], seat_name(order[i])))
            sc.text(0, 3 * (CHAR_H + 1) + 4,
                    "Winner: %s" % colour_name(order[0]))

    # ------------------------------------------------------------ LEDs
    def flat(self, level=16):
        """The LED ring all in the player on turn's colour (``level``/16)."""
        play = self.play
        p = play.state.current
        return colours.player_ring(_hues()[B.PLAYER_COLOURS[p]],
                                   play.app.pixels, p + 1, level)

    def blink_on(self):
        play = self.play
        # Are the focus ring's pawns lit now?  Steady while a ring turns
        # (the eye follows them round); else blinking, timed from the last
        # press or turn start, so that the same keys give the same pictures
        # on the board and in the simulator.
        if play.anim is not None and not play.anim_done() or \
                play.app.prefs["calm"]:
            return True     # reduced flashing: lit steadily
        return (play.app.now - play.t0) // LED_BLINK_MS % 2 == 0

    def leds(self, rot, pawns):
        """The LED ring with the rings turned ``rot`` and ``pawns``: wedge
        w is pixel w (a ring of other sizes is spread over the wedges)."""
        play = self.play
        n = play.app.pixels
        now = play.app.now
        s = play.state
        hues = _hues()
        if play.mode == "over":
            w = R.places(s)[0]
            return colours.player_ring(hues[B.PLAYER_COLOURS[w]], n, w + 1,
                                       16)
        if now < play.flash_until:
            return self.flat(8)
        lvl = play.focus_level()
        letters = row_letters(s.settings.face, rot[lvl - 1])
        out = []
        for i in range(n):
            w = i * B.SPACES // n
            out.append(dim(hues[B.LETTERS.index(letters[w])]))
        blink = self.blink_on()
        # The safe palette tells the player on turn's pawns from the
        # others' by more than colour: only theirs blink.
        steady = colours.safe()
        if blink or steady:
            for i in range(len(pawns)):
                pos = pawns[i]
                if not blink and R.owner(i) == s.current:
                    continue
                if pos // B.SPACES == lvl and pos != B.TOP:
                    w = (pos % B.SPACES + rot[lvl - 1]) % B.SPACES
                    px = w * n // B.SPACES
                    if px < n:
                        out[px] = hues[B.PLAYER_COLOURS[R.owner(i)]]
        if play.mode == "bot" and play.bstage == "think" and \
                not play.app.prefs["calm"]:
            c = hues[B.PLAYER_COLOURS[s.current]]
            k = (now - play.t0) // 80 % n
            out[k] = c
            out[(k + n // 2) % n] = c
        return out


def _footed(lines, foot):
    """``lines`` with ``foot`` on the panel's last line when they leave
    it free."""
    if len(lines) < LINES:
        lines = lines + [""] * (LINES - 1 - len(lines)) + [foot]
    return lines


def _counts(pawns, players, where, only=-1):
    """How many pawns of player ``only`` stand on ``where`` (the top, the
    table); without ``only``, [seat, count, ...] of the seats with any."""
    out = []
    for p in range(players):
        if only >= 0 and p != only:
            continue
        k = 0
        for i in range(p * B.PAWNS, p * B.PAWNS + B.PAWNS):
            if pawns[i] == where:
                k += 1
        if only >= 0:
            return k
        if k:
            out.append(p)
            out.append(k)
    return out


def _cell(sc, x, y, ch, inverted):
    # A pawn: a lit block with ``ch`` (its seat's digit, or on the view
    # page the colour of its space) dark; or the chosen pawn: its digit lit
    # in an outline.  One size everywhere (at wedge 0 the block's margin
    # and the outline's left side fall a pixel off the panel, on level 1
    # the outline's foot), so a pawn moving there changes no object's
    # kind.
    if inverted:
        sc.rect(x - 1, y + 2, CHAR_W + 1, 8, 1)
        sc.text(x, y, ch, 1, 0)
    else:
        sc.frame(x - 1, y + 1, CHAR_W + 1, ROW_DY + 1, 1)
        sc.text(x, y, ch)


def _count_cell(sc, x, y, p, k):
    """Seat p's pawn cell with ``k`` dots beside it, bottom up: how many
    of its pawns stand somewhere (the top, the table)."""
    _cell(sc, x, y, DIGITS[p + 1], True)
    for i in range(k):
        sc.rect(x + CHAR_W + 1, y + 8 - 3 * i, 2, 2, 1)

