"""Ring Climb at the table: the rings on the OLED and the LED ring."""

# (Comments, not a docstring: from source the board compiles this
# module with the game's rules and computer player loaded, and a
# docstring is kept in the parse tree.)
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
# A human turn is chosen in stages, every choice from the legal moves
# (worked out once per card picked, ``rules.plays``):
#
# * card: LEFT/RIGHT (and DOWN) the hand, then "Stop" after a card or
#   "Discard" (all three) when the level-6 discard is allowed; A picks;
#   UP shows the view page (every pawn's space colour on the rings, the
#   pawns waiting off the board; any key goes back); B the pause menu.
# * pawn: the keys step through the pawns that can use the card ("enter"
#   for the pawns on the table) and "throw away" (the card for nothing).
# * turn: if the card turns a ring and the pawn stands on one, LEFT/RIGHT
#   turn the ring live (the card's legal turns only, round and round);
#   skipped when only one turn has a move.
# * step: UP/DOWN/LEFT/RIGHT pick among the legal destinations that way
#   (the next one that way, then staying after a turn); a pawn entering
#   from the table picks its place with LEFT/RIGHT.  The board shows where
#   the pawn lands and the panel what happens ("up to L4", "bumps P2").
#   A way with no move tells why not (rules.why_not) and changes nothing.
# A makes the move; B goes back a stage.
#
# A computer's turn: a pause (the LED ring spinning in its colour), then
# each card it plays one at a time: the card, the ring's turn animated
# space by space, the move.  Every pause is the device's computer speed
# (``app.pace``); A goes on at once.
#
# The LED ring is the 12 wedges: the ring in focus in its colours, dimmed,
# its pawns blinking in their owners' colours; a turn's start flashes the
# player's colour.
#
# The game is saved at the start of every turn (``primeplay.rings.saves``).
#

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT, wrap
from primeplay.app import Pause
from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings import saves
from primeplay.rings.game import Game
from primeplay.rings.rules import PLAY, OVER, IllegalMove
from primeplay.rings.ui.words import seat_name, turn_text, level_text, \
    event_words, move_words

# A computer's pauses at normal speed (app.pace scales them): before its
# first card, before each further card, a ring's turn per space, and its
# card and move on the panel.
BOT_MS = 300
BOT_NEXT_MS = 100
BOT_SPACE_MS = 50
SHOW_MS = 600
SPACE_MS = 100      # a human's live turn of a ring, per space
NOTE_MS = 1800      # a human's move results
FLASH_MS = 400      # a turn's start: the player's colour on the ring
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
KEY_DIR = {"UP": R.UP, "DOWN": R.DOWN, "RIGHT": R.CW, "LEFT": R.CCW}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def colour_name(p):
    return B.NAMES[B.PLAYER_COLOURS[p]]


def row_letters(face, rot):
    """The 12 letters a ring turned ``rot`` shows over wedges 0..11."""
    ring = B.FACES[face] * 2
    k = (B.SPACES - rot) % B.SPACES
    return ring[k:] + ring[:k]


def dim(rgb, level=DIM):
    return (rgb[0] * level // 16, rgb[1] * level // 16, rgb[2] * level // 16)


class RingsPlay:
    def __init__(self, app, settings, seed, seats, state=None):
        self.app = app
        self.seats = list(seats)
        self.seed = seed
        self.game = Game(settings, seed)
        if state is not None:
            self.game.resume(state)
        self.bot = None
        if [s for s in seats if s]:
            from primeplay.rings import bot
            self.bot = bot
        self.humans = len([s for s in seats if not s])
        self.mode = "human"
        self.stage = "card"
        self.viewing = False    # the view page (UP in the card stage)
        self.who = 0            # the seat the bar names
        self.t0 = app.now          # what the LEDs' blinking is timed from
        self.shown_to = None
        self.until = 0
        self.flash_until = 0
        # [level, base rot, from, to, t0, ms a space, spaces drawn, when]
        self.anim = None
        self.overlay = None     # (lines, until or None): a reason, news
        self.last_line = ""     # the last move, as one line
        self.bstage = None      # a computer's: think, spin, show
        self.bmove = None
        self.bwords = []
        self.bturn_over = False
        self.focus = 1
        self.view_rot = None
        # The human's choices.
        self.opts = []
        self.ci = 0
        self.cid = -1
        self.moves = []
        self.pawn_opts = []
        self.pi = 0
        self.rots = []
        self.ri = 0
        self.rot_shown = False
        self.dests = []
        self.dirs = []
        self.si = 0
        self.preview = None     # (state after, words)
        self._drawn_key = None
        self._drawn = None
        self._framed = False
        self._view = None
        self._leds_key = None
        self._leds = None
        self._begin_turn()

    @classmethod
    def resume(cls, app, g):
        """The screen of saved game ``g`` (``saves.play``'s dict); raises
        whatever is wrong with it."""
        state, seats, seed = saves.unpack(g)
        return cls(app, state.settings, seed, seats, state)

    # ------------------------------------------------------------ state
    @property
    def state(self):
        return self.game.state

    def is_bot(self):
        return self.seats[self.state.current] != 0

    def _begin_turn(self):
        s = self.state
        self.anim = None
        self.bmove = None
        self.viewing = False
        if s.phase == OVER:
            self._finish()
            return
        self.who = s.current
        self.app.keep_game("rings", saves.play(s, self.seats, self.seed))
        now = self.app.now
        self.t0 = now
        self.flash_until = now + FLASH_MS
        self.focus = self._home_level()
        if self.is_bot():
            self.mode = "bot"
            self.bstage = "think"
            self.until = now + self.app.pace(BOT_MS)
            self.shown_to = None
        elif self.humans > 1 and self.shown_to != s.current:
            self.mode = "pass"
        else:
            self._human()

    def _human(self):
        self.mode = "human"
        self.shown_to = self.state.current
        self.ci = 0
        self._card_stage()

    def _finish(self):
        self.mode = "over"
        self.app.keep_game(None)

    def _home_level(self):
        """The current player's highest pawn's ring (level 1 if none is
        on a ring)."""
        s = self.state
        p = s.current
        best = 1
        for i in range(B.PAWNS):
            pos = s.pawns[p * B.PAWNS + i]
            if B.TABLE < pos < B.TOP and pos // B.SPACES > best:
                best = pos // B.SPACES
        return best

    def _say(self, *lines):
        """A short reason over the board's foot, until the next press."""
        self.overlay = (list(lines), None)

    # ------------------------------------------------------------ human
    def _card_stage(self):
        # Only the hand and the two moves that are not plays: a card's
        # plays are worked out when it is picked (all three cards' are
        # hundreds of tuples: on the board, time and a collection).
        s = self.state
        self.stage = "card"
        self.preview = None
        self.anim = None
        self.opts = [("card", c) for c in s.hands[s.current]]
        if s.played:
            self.opts.append(("stop",))
        elif R.may_swap(s):
            self.opts.append(("swap",))
        if self.ci >= len(self.opts):
            self.ci = 0
        self.focus = self._home_level()

    def _pick_card(self, cid):
        self.cid = cid
        self.moves = R.plays(self.state, only=cid)
        s = self.state
        pawns = []
        for m in self.moves:
            if m[2] >= 0 and m[2] not in pawns:
                pawns.append(m[2])
        # Highest pawn first, the table ("enter") last.
        pawns.sort(key=lambda i: -s.pawns[i])
        self.pawn_opts = pawns + [-1]
        self.pi = 0
        self.stage = "pawn"
        if not pawns:
            self._no_pawn()
        self._focus_pawn()

    def _no_pawn(self):
        self._say("No pawn can use %s:" % B.card_text(self.cid),
                  "A: throw it away")

    def _focus_pawn(self):
        pawn = self.pawn_opts[self.pi]
        if pawn < 0:
            self.focus = self._home_level()
        else:
            pos = self.state.pawns[pawn]
            self.focus = 1 if pos == B.TABLE else pos // B.SPACES

    def _pick_pawn(self):
        pawn = self.pawn_opts[self.pi]
        if pawn < 0:
            self._make((PLAY, self.cid, -1, 0, -1))
            return
        rots = []
        for m in self.moves:
            if m[2] == pawn and m[3] not in rots:
                rots.append(m[3])
        rots.sort()
        self.rots = rots
        self.ri = rots.index(0) if 0 in rots else 0
        pos = self.state.pawns[pawn]
        # The turn is a stage of its own when there is a choice of turns.
        self.rot_shown = len(rots) > 1
        self.anim = None
        if pos != B.TABLE and (self.rot_shown or rots[self.ri]):
            lvl = pos // B.SPACES
            self.anim = [lvl, self.state.rot[lvl - 1], 0, 0, self.app.now,
                         SPACE_MS, 0, -1]
            self._aim(rots[self.ri])
        if self.rot_shown:
            self.stage = "rot"
        else:
            self._step_stage()

    def _aim(self, r):
        # Turn the shown ring towards ``r`` from where it shows now, the
        # first space at once (the press is answered on the LED ring in
        # the same frame).
        a = self.anim
        a[2] = self._anim_off()
        a[3] = r
        a[4] = self.app.now - a[5]
        a[6] = 0
        a[7] = -1

    def _anim_off(self):
        # a[6]: the spaces drawn so far, at a[7] (``draw``).  At most one
        # space past them in a later frame: a slow frame (a collection of
        # the heap) holds the turn back, it never skips a space on the
        # panel or the LED ring.
        a = self.anim
        d = a[3] - a[2]
        k = (self.app.now - a[4]) // a[5] if a[5] else 99
        if self.app.now == a[7]:
            k = a[6]
        elif k > a[6] + 1:
            k = a[6] + 1
        if d >= 0:
            return a[2] + min(d, k)
        return a[2] - min(-d, k)

    def anim_done(self):
        return self.anim is None or self._anim_off() == self.anim[3]

    def _rot(self):
        return self.rots[self.ri] if self.stage in ("rot", "step") and \
            self.rots else 0

    def _step_stage(self):
        s = self.state
        self.stage = "step"
        pawn = self.pawn_opts[self.pi]
        r = self._rot()
        pos = s.pawns[pawn]
        dests = [m[4] for m in self.moves if m[2] == pawn and m[3] == r]
        rot = list(s.rot)
        if pos != B.TABLE:
            lvl = pos // B.SPACES
            rot[lvl - 1] = (rot[lvl - 1] + r) % B.SPACES
        occ = R.occupancy(s)
        dirs = []
        for d in dests:
            if d < 0:
                dirs.append(-1)
            elif pos == B.TABLE:
                dirs.append(_entry_wedge(rot, occ, d))
            else:
                dirs.append(_dir_of(rot, occ, pos, d))
        # Up first, then along the ring, down, staying last; entries by
        # wedge, left to right.
        order = [(dirs[i] if pos == B.TABLE else
                  (R.UP, R.CW, R.CCW, R.DOWN, -1).index(dirs[i])) * 100 +
                 (dests[i] // B.SPACES if dests[i] >= 0 else 0)
                 for i in range(len(dests))]
        idx = list(range(len(dests)))
        idx.sort(key=lambda i: order[i] if dests[i] >= 0 else 10**6)
        self.dests = [dests[i] for i in idx]
        self.dirs = [dirs[i] for i in idx]
        self.view_rot = rot
        self.si = 0
        self._preview()

    def _move(self):
        """The move the stages have chosen so far."""
        return (PLAY, self.cid, self.pawn_opts[self.pi], self._rot(),
                self.dests[self.si])

    def _preview(self):
        m = self._move()
        s2 = R.board_after(self.state, m)
        if m[4] < 0:
            words = ["turns", "only"]
        else:
            words = event_words(s2.rot, s2.events, [])
            for i in range(len(words)):
                if words[i][-5:] == "done!":
                    words[i] = "finishes"
        self.preview = (s2, words)

    def _step_key(self, name):
        s = self.state
        pawn = self.pawn_opts[self.pi]
        pos = s.pawns[pawn]
        n = len(self.dests)
        if pos == B.TABLE:
            if name in ("UP", "DOWN"):
                self._say("It enters the board:", "LEFT/RIGHT pick where")
            elif n == 1:
                self._say("It can enter here only")
            else:
                self.si = (self.si + (1 if name == "RIGHT" else -1)) % n
                self._preview()
            return
        d = KEY_DIR[name]
        cands = [i for i in range(n) if self.dirs[i] == d]
        if not cands:
            self._refuse(d)
            return
        was = self.si
        if self.si in cands:
            k = cands.index(self.si) + 1
            if k < len(cands):
                self.si = cands[k]
            elif self.dests[-1] == -1:
                self.si = n - 1
            else:
                self.si = cands[0]
        else:
            self.si = cands[0]
        if self.si == was:
            self._say("The only move that way")
        self._preview()

    def _refuse(self, d):
        """A way with no move: why not, in the rules' words."""
        s = self.state
        pawn = self.pawn_opts[self.pi]
        q = R.neighbour(self.view_rot, s.pawns[pawn], d)
        if q < 0:
            reason = "there is no space below level 1"
        else:
            reason = R.why_not(s, (PLAY, self.cid, pawn, self._rot(), q))
            if reason is None:
                reason = "no move that way"
        self.overlay = (wrap(reason)[:2], None)

    def _make(self, move):
        """Make the human's ``move``; an illegal one is explained and
        changes nothing."""
        s = self.state
        turn = s.turn
        mover = s.current
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.overlay = (wrap(str(e))[:2], None)
            return False
        self.last_line = self._line(mover, move, move_words(s, move, events))
        news = []
        for e in events:
            if e[0] == "bump":
                news.append("%s bumped %s" % (
                    seat_name(R.owner(e[1])), "off" if e[3] == B.TABLE
                    else "to " + level_text(e[3])))
            elif e[0] == "finish":
                news.append("%s done: %s" % (seat_name(e[1]),
                                             ORDINALS[e[2] - 1]))
        self.overlay = None
        if news:
            self.overlay = (wrap(", ".join(news))[:2],
                            self.app.now + NOTE_MS)
        self.anim = None
        if s.turn != turn or s.phase == OVER:
            self._begin_turn()
        else:
            self._card_stage()
        return True

    def _line(self, p, move, words):
        """'P2 R2: L1 2 ccw, up to L2, bumps P1, P1 to L1'."""
        if move[0] != PLAY:
            return "%s %s" % (seat_name(p), ", ".join(words))
        return "%s %s: %s" % (seat_name(p), B.card_text(move[1]),
                              ", ".join(words))

    # ------------------------------------------------------------ input
    def press(self, name):
        self.t0 = self.app.now
        mode = self.mode
        if mode == "over":
            if name in ("A", "B"):
                self.app.home()
            return
        if mode == "pass":
            if name == "A":
                self._human()
            elif name == "B":
                self.pause()
            return
        if mode == "bot":
            if name == "B":
                self.pause()
            elif name == "A":
                self._bot_step(True)
            return
        if self.overlay is not None:
            self.overlay = None
        if self.viewing:
            # Any key goes back to the card (the page says A).
            self.viewing = False
            return
        stage = self.stage
        if stage == "card":
            if name == "UP":
                self.viewing = True
            elif name != "A" and name != "B" and len(self.opts) == 1:
                self._say("Your only card: A plays it")
            elif name == "LEFT":
                self.ci = (self.ci - 1) % len(self.opts)
            elif name in ("RIGHT", "DOWN"):
                self.ci = (self.ci + 1) % len(self.opts)
            elif name == "A":
                o = self.opts[self.ci]
                if o[0] == "card":
                    self._pick_card(o[1])
                else:
                    self._make(o)
            elif name == "B":
                self.pause()
        elif stage == "pawn":
            if name == "A":
                self._pick_pawn()
            elif name == "B":
                self._card_stage()
            elif len(self.pawn_opts) == 1:
                self._no_pawn()
            else:
                k = -1 if name in ("LEFT", "UP") else 1
                self.pi = (self.pi + k) % len(self.pawn_opts)
                self._focus_pawn()
        elif stage == "rot":
            if name in ("LEFT", "RIGHT"):
                self.ri = (self.ri + (1 if name == "RIGHT" else -1)) % \
                    len(self.rots)
                self._aim(self.rots[self.ri])
            elif name == "A":
                self._step_stage()
            elif name == "B":
                self.anim = None
                self.stage = "pawn"
                self._focus_pawn()
            else:
                self._say("First the ring's turn:", "LEFT/RIGHT, then A")
        elif stage == "step":
            if name in KEY_DIR:
                self._step_key(name)
            elif name == "A":
                self._make(self._move())
            elif name == "B":
                self.preview = None
                if self.rot_shown:
                    self.stage = "rot"
                else:
                    self.anim = None
                    self.stage = "pawn"

    def pause(self):
        self.app.push(Pause(self.app, [("Save and quit", self.app.home)],
                            self._flat_leds(3)))

    # ------------------------------------------------------------ computer
    def next_change(self):
        # The picture changes by itself a step at a time: a turning ring
        # a space each a[5] ms, else the focus ring's pawns blink
        # (LED_BLINK_MS from t0); a computer's "thinking" spinner a step
        # each 80 ms and its next stage at ``until``; a note runs out,
        # the ring's flash ends.
        mode = self.mode
        if mode == "over":
            return None
        if mode not in ("human", "bot"):
            return 0
        now = self.app.now
        a = self.anim
        if a is not None and not self.anim_done():
            t = a[4] + (a[6] + 1) * a[5] if a[5] else 0
        else:
            t = self.t0 + ((now - self.t0) // LED_BLINK_MS + 1) * LED_BLINK_MS
        if mode == "bot":
            if self.bstage == "think":
                t = min(t, self.t0 + ((now - self.t0) // 80 + 1) * 80)
            t = min(t, self.until)
        ov = self.overlay
        if ov is not None and ov[1] is not None and ov[1] < t:
            t = ov[1]
        if now < self.flash_until < t:
            t = self.flash_until
        return t

    def tick(self):
        now = self.app.now
        if self.overlay is not None and self.overlay[1] is not None and \
                now >= self.overlay[1]:
            self.overlay = None
        if self.mode == "bot" and now >= self.until:
            self._bot_step(False)

    def _bot_step(self, hurry):
        """The computer's next stage: choose a card, turn its ring, show
        the move; ``hurry`` (A pressed): the next card now."""
        s = self.state
        st = self.bstage
        pace = self.app.pace
        if st == "show":
            if self.bturn_over:
                self._begin_turn()
                return
            self.bstage = st = "think"
            self.bmove = None
            self.until = self.app.now + pace(BOT_NEXT_MS)
            if not hurry:
                return
        if st == "think":
            self.bmove = m = self.bot.choose(s, self.seats[s.current])
            self.bwords = []
            self.bstage = st = "spin"
            ms = pace(BOT_SPACE_MS)
            if m[0] == PLAY and m[2] >= 0 and m[3] and ms and not hurry:
                lvl = s.pawns[m[2]] // B.SPACES
                self.focus = lvl
                self.anim = [lvl, s.rot[lvl - 1], 0, m[3], self.app.now, ms,
                             0, -1]
                self.until = self.app.now + ms * (abs(m[3]) + 1)
                return
        # spin: the move made
        m = self.bmove
        turn = s.turn
        events = self.game.apply(m)
        self.anim = None
        self.bwords = move_words(s, m, events)
        self.last_line = self._line(self.who, m, self.bwords)
        self.bstage = "show"
        self.bturn_over = s.turn != turn or s.phase == OVER
        self.until = self.app.now + pace(SHOW_MS)
        if m[0] == PLAY and m[2] >= 0:
            pos = s.pawns[m[2]]
            if B.TABLE < pos < B.TOP:
                self.focus = pos // B.SPACES

    # ------------------------------------------------------------ view
    def view(self):
        """(rings' turns, pawns, the pawn marked or -1) as shown now: the
        chosen pawn in a human's stages, the computer's moving pawn."""
        s = self.state
        rot = s.rot
        pawns = s.pawns
        mark = -1
        if self.anim is not None:
            a = self.anim
            rot = list(rot)
            rot[a[0] - 1] = (a[1] + self._anim_off()) % B.SPACES
        if self.mode == "human":
            if self.stage != "card":
                mark = self.pawn_opts[self.pi]
            if self.stage == "step" and self.preview is not None:
                pawns = self.preview[0].pawns
                if self.anim is None or self.anim_done():
                    rot = self.preview[0].rot
        elif self.mode == "bot" and self.bmove is not None and \
                self.bmove[0] == PLAY:
            mark = self.bmove[2]
        return rot, pawns, mark

    def _scene_key(self):
        # What the picture depends on, without working it out: the
        # firmware asks for a scene fifty times a second, and most of them
        # are the last one again.  Every move changes the turn, the cards
        # played or the piles' sizes; the chosen pawn is drawn still, not
        # blinking (a panel changing by itself would send a frame every
        # few hundred ms).
        s = self.state
        a = self.anim
        ov = self.overlay
        return (self.mode, self.stage, self.bstage, self.ci, self.pi,
                self.ri, self.si, self.bmove, self.viewing, self.who,
                self.focus,
                None if a is None else (a[0], a[1], self._anim_off()),
                None if ov is None else ov[0], self.preview is None,
                s.turn, s.played, len(s.discard), len(s.deck))

    def draw(self, sc):
        key = self._scene_key()
        if key == self._drawn_key:
            sc.items.extend(self._drawn)
        else:
            rot, pawns, mark = self.view()
            self._draw(sc, rot, pawns, mark)
            self._drawn_key = key
            self._drawn = list(sc.items)
            self._view = (rot, pawns)
        a = self.anim
        now = self.app.now
        if a is not None and a[7] != now:
            a[6] = abs(self._anim_off() - a[2])     # this frame's spaces
            a[7] = now
        lkey = (key, self._blink_on(), now < self.flash_until,
                (now - self.t0) // 80 % 12 if self.mode == "bot" and
                self.bstage == "think" else 0)
        if lkey != self._leds_key:
            self._leds_key = lkey
            self._leds = self.leds(self._view[0], self._view[1])
        sc.leds = self._leds

    def _draw(self, sc, rot, pawns, mark):
        if self.mode == "over":
            self._draw_over(sc)
            return
        self._framed = self._draw_board(sc, rot, pawns, mark)
        self._draw_panel(sc)
        if self.overlay is not None:
            lines = self.overlay[0][:2]
            top = HEIGHT - 1 - CHAR_H * len(lines) - 1
            sc.rect(0, top, WIDTH, HEIGHT - top, 0)
            sc.rect(0, top, WIDTH, 1, 1)
            y = top + 1
            for line in lines:
                sc.text(0, y, line[:WIDTH // CHAR_W])
                y += CHAR_H

    def _draw_board(self, sc, rot, pawns, mark):
        s = self.state
        face = s.settings.face
        # The view page draws the rings a pixel to the right: a pawn's
        # lit block at wedge 0 keeps its margin, its letter whole (its
        # panel lines are a character shorter for it).
        colours = self.viewing
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
        focus = self.focus_level()
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
            row = letters = row_letters(face, rot[lvl - 1])
            mine = on[lvl] or ()
            if mine:
                mine.sort()     # by wedge: the digits' text runs left to right
            for c in mine:
                row = row[:c[0]] + " " + row[c[0] + 1:]
            # The row with its level number; the focus's number a dark
            # digit on a block over it (the row's text stays as it was
            # when the focus moves: less of the panel to redraw).
            sc.text(bx, y, row + str(lvl))
            if lvl == focus:
                sc.rect(sx, y + 2, STRIP_W, 8, 1)
                sc.text(sx + 1, y, str(lvl), 1, 0)
            # A pawn: a lit block with its seat's digit dark, or on the
            # view page the letter of the space it stands on; the digits
            # of a row are one text (fewer objects), the chosen pawn's
            # digit lit in its outline.
            dark = ""
            for c in mine:
                x = bx + c[0] * CHAR_W
                ch = letters[c[0]] if colours else str(R.owner(c[1]) + 1)
                if c[1] == mark:
                    framed = True
                    sc.frame(x - 1, y + 1, CHAR_W + 1, ROW_DY + 1, 1)
                    sc.text(x, y, ch)
                else:
                    sc.rect(x - 1, y + 2, CHAR_W + 1, 8, 1)
                    dark = dark + " " * (c[0] - len(dark)) + ch
            if dark:
                k = len(dark) - len(dark.lstrip())
                sc.text(bx + k * CHAR_W, y, dark[k:], 1, 0)
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
        s = self.state
        p = self.who
        if self.viewing:
            self._draw_waiting(sc)
            return
        self._bar(sc, "%s %s" % (seat_name(p), colour_name(p)))
        mode = self.mode
        foot = "A: pick"
        if mode == "pass":
            self._panel(sc, ["your", "turn", "", "", "A: cards"])
            return
        if mode == "bot":
            st = self.bstage
            m = self.bmove
            if m is None:
                lines = ["computer", "thinking"]
            elif m[0] == PLAY:
                lines = ["plays " + B.card_text(m[1])]
                if st == "spin":
                    lines.append(turn_text(s.pawns[m[2]] // B.SPACES, m[3]))
                else:
                    lines += self.bwords
                    if len(lines) > LINES and lines[1][0] == "L":
                        del lines[1]    # the ring's turn shows on the board
            else:
                lines = list(self.bwords)
            self._panel(sc, _footed(lines, "A: hurry"))
            return
        stage = self.stage
        hand = s.hands[p]
        if stage == "card":
            o = self.opts[self.ci]
            if o[0] == "card":
                n = B.card_number(o[1])
                c = B.card_colour(o[1])
                info = [B.card_name(o[1]) if c >= 0 else "wild:",
                        "turn %d" % n if n > 0 else
                        "no turn" if n == 0 else "any turn"]
            elif o[0] == "stop":
                info = ["end turn", "draw %d" % (B.HAND - len(hand))]
            else:
                info = ["all 3,", "draw 3"]
            extra = self.opts[-1]
            opt = -1
            if extra[0] == "card":
                what = "card %d/%d" % (s.played + 1, s.settings.per_turn())
            else:
                what = "Stop" if extra[0] == "stop" else "Discard"
                if o is extra:
                    opt = 1
            self._panel(sc, ["", what] + info + ["UP: view"], hand,
                        self.ci if o[0] == "card" else -1, opt)
            return
        pawn = self.pawn_opts[self.pi]
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
            r = self.rots[self.ri]
            lines = ["turn L%d" % lvl,
                     "no turn" if r == 0 else turn_text(lvl, r)[3:],
                     "< turn >"]
        else:
            lines = self.preview[1] if self.preview is not None else []
            foot = "A: move"
        self._panel(sc, _footed([""] + lines, foot), hand,
                    hand.index(self.cid) if self.cid in hand else -1)

    def _draw_waiting(self, sc):
        """The view page's panel: every seat's pawns off the board."""
        s = self.state
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
        s = self.state
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
    def _flat_leds(self, level=16):
        c = B.RGB[B.PLAYER_COLOURS[self.state.current]]
        return [dim(c, level)] * self.app.pixels

    def focus_level(self):
        """The ring the LED ring shows (and its number marks)."""
        if self.anim is not None:
            return self.anim[0]
        if self.mode == "human" and self.stage in ("pawn", "rot", "step"):
            pawn = self.pawn_opts[self.pi]
            if pawn >= 0:
                pos = self.state.pawns[pawn]
                return 1 if pos == B.TABLE else pos // B.SPACES
        return self.focus

    def _blink_on(self):
        # Are the focus ring's pawns lit now?  Steady while a ring turns
        # (the eye follows them round); else blinking, timed from the last
        # press or turn start, so that the same keys give the same pictures
        # on the board and in the simulator.
        if self.anim is not None and not self.anim_done():
            return True
        return (self.app.now - self.t0) // LED_BLINK_MS % 2 == 0

    def leds(self, rot=None, pawns=None):
        """The LED ring: wedge w is pixel w (a ring of other sizes is
        spread over the wedges)."""
        n = self.app.pixels
        now = self.app.now
        s = self.state
        if rot is None:
            rot, pawns, _ = self.view()
        if self.mode == "over":
            w = R.places(s)[0]
            return [B.RGB[B.PLAYER_COLOURS[w]]] * n
        if now < self.flash_until:
            return self._flat_leds(8)
        lvl = self.focus_level()
        letters = row_letters(s.settings.face, rot[lvl - 1])
        out = []
        for i in range(n):
            w = i * B.SPACES // n
            out.append(dim(B.RGB[B.LETTERS.index(letters[w])]))
        if self._blink_on():
            for i in range(len(pawns)):
                pos = pawns[i]
                if pos // B.SPACES == lvl and pos != B.TOP:
                    w = (pos % B.SPACES + rot[lvl - 1]) % B.SPACES
                    px = w * n // B.SPACES
                    if px < n:
                        out[px] = B.RGB[B.PLAYER_COLOURS[R.owner(i)]]
        if self.mode == "bot" and self.bstage == "think":
            c = B.RGB[B.PLAYER_COLOURS[s.current]]
            k = (now - self.t0) // 80 % n
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
    _cell(sc, x, y, str(p + 1), True)
    for i in range(k):
        sc.rect(x + CHAR_W + 1, y + 8 - 3 * i, 2, 2, 1)


def _entry_wedge(rot, occ, dest):
    # The wedge a pawn from the table enters by to reach ``dest``: the
    # wedge of a ring place, or for the top the first wedge whose line of
    # pawns runs all the way up (rules.entries finds them in that order).
    if dest != B.TOP:
        return R.wedge(rot, dest)
    for w in range(B.SPACES):
        q = R.at(rot, 1, w)
        while q != B.TOP and occ[q] >= 0:
            q = R.neighbour(rot, q, R.UP)
        if q == B.TOP:
            return w
    return 0


def _dir_of(rot, occ, pos, dest):
    """The way (rules.UP ...) from ``pos`` along which ``dest`` lies: the
    next place, or the end of a line of pawns."""
    for d in R.DIRECTIONS:
        q = R.neighbour(rot, pos, d)
        while q >= 0:
            if q == dest:
                return d
            if q == B.TOP or occ[q] < 0:
                break
            q = R.neighbour(rot, q, d)
            if q == pos:
                break
    return -1
