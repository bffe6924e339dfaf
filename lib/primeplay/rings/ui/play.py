"""Ring Climb at the table: the rings on the OLED and the LED ring."""

# (Comments, not a docstring: from source the board compiles this
# module with the game's rules and computer player loaded, and a
# docstring is kept in the parse tree.)
#
# The play screen runs the turns: whose turn it is, the pass screen
# between humans, a computer's cards one at a time, the notes over the
# board, the ring turning live.  A human's turn is chosen in stages by
# its ``choice`` (``Choice``, below), and the panel and LED ring are
# drawn by its ``picture`` (``picture.Picture``); both read its fields
# and move them through its methods.  (The Choice is a class here, not a
# module of its own: on the emulated board, with it in a module the
# heap's objects lay so that picking a card paid for a collection, 192
# ms against the 190 ms guard of test_pico_rings.py; here that press
# takes 143 ms.)
#
# A human's turn is chosen in stages, every choice from the legal moves
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
# A makes the move; B goes back a stage.  In a first game (the setup's
# row) the turn starts on a sensible move (``guide``): each stage opens on
# its option while the player follows it, the panel saying why.
#
# The ``Choice`` holds only the choosing; the ring's live turn, the notes
# over the board and the move itself are the play screen's, asked for
# through its methods (``spin``, ``aim``, ``still``, ``say``, ``make``,
# ``view_page``, ``pause``).
#
# A computer's turn: a pause (the LED ring spinning in its colour), then
# each card it plays one at a time: the card, the ring's turn animated
# space by space, the move.  Every pause is the device's computer speed
# (``app.pace``); A goes on at once.
#
# The game is saved at the start of every turn (``primeplay.rings.saves``).
#

from primeplay.app.scene import wrap
from primeplay.app import Pause
from primeplay.rings import board as B
from primeplay.rings import rules as R
from primeplay.rings import saves
from primeplay.rings.game import Game
from primeplay.rings.rules import PLAY, OVER, IllegalMove
from primeplay.rings.ui.words import seat_name, level_text, move_words, \
    event_words, ORDINALS
from primeplay.rings.ui.picture import Picture, LED_BLINK_MS

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
KEY_DIR = {"UP": R.UP, "DOWN": R.DOWN, "RIGHT": R.CW, "LEFT": R.CCW}



def cue_of(s, events):
    """The sound cue of a move's events in state ``s``: the game won, a
    bump, else a tick."""
    if s.phase == OVER:
        return "win"
    for e in events:
        if e[0] == "bump":
            return "bump"
    return "move"

class RingsPlay:
    def __init__(self, app, settings, seed, seats, state=None):
        self.app = app
        self.seats = list(seats)
        self.seed = seed
        self.game = Game(settings, seed, record=False)
        if state is not None:
            self.game.resume(state)
        self.bot = None
        if [s for s in seats if s]:
            from primeplay.rings import bot
            self.bot = bot
        self.humans = len([s for s in seats if not s])
        self.mode = "human"
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
        # First game (the setup's row): a human's choice starts on a
        # sensible move; loaded only when it is on and someone human plays.
        self.guide = None
        p = app.prefs.get("rings")
        if self.humans and isinstance(p, dict) and p.get("guide") == 1:
            from primeplay.rings.ui.guide import Guide
            self.guide = Guide()
        self.choice = Choice(self)
        self.picture = Picture(self)
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
            return
        if self.humans < len(self.seats) and self.app.cued is None:
            # A human's turn after the computers': heard (a bump asked in
            # the same pass is heard instead).
            self.app.cue("turn")
        if self.humans > 1 and self.shown_to != s.current:
            self.mode = "pass"
        else:
            self._human()

    def _human(self):
        self.mode = "human"
        self.shown_to = self.state.current
        self.anim = None
        self.choice.new_turn()
        self.focus = self._home_level()

    def _finish(self):
        self.mode = "over"
        self.app.keep_game("rings")

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

    def say(self, *lines):
        """A short reason over the board's foot, until the next press."""
        self.overlay = (list(lines), None)

    def explain(self, reason):
        """Why a move cannot be made, in the rules' words, until the next
        press."""
        self.overlay = (wrap(reason)[:2], None)

    def view_page(self):
        """The view page (every pawn's space colour, the pawns off the
        board) until the next key."""
        self.viewing = True

    def cards(self):
        """The human's card stage: the rings still, the focus on the
        player's highest ring."""
        self.anim = None
        self.choice.cards()
        self.focus = self._home_level()

    # ------------------------------------------------------------ ring
    def spin(self, lvl, r):
        """Show ring ``lvl`` turning live towards ``r`` (a human's turn
        stage)."""
        self.anim = [lvl, self.state.rot[lvl - 1], 0, 0, self.app.now,
                     SPACE_MS, 0, -1]
        self.aim(r)

    def still(self):
        """No ring turning."""
        self.anim = None

    def aim(self, r):
        # Turn the shown ring towards ``r`` from where it shows now, the
        # first space at once (the press is answered on the LED ring in
        # the same frame).
        a = self.anim
        a[2] = self.anim_off()
        a[3] = r
        a[4] = self.app.now - a[5]
        a[6] = 0
        a[7] = -1

    def anim_off(self):
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

    def drawn(self):
        """A frame is drawn now: the spaces a turning ring shows in it
        are on the panel (``anim_off`` goes on from them)."""
        a = self.anim
        now = self.app.now
        if a is not None and a[7] != now:
            a[6] = abs(self.anim_off() - a[2])
            a[7] = now

    def anim_done(self):
        return self.anim is None or self.anim_off() == self.anim[3]

    # ------------------------------------------------------------ moves
    def make(self, move):
        """Make the human's ``move``; an illegal one is explained and
        changes nothing."""
        s = self.state
        turn = s.turn
        mover = s.current
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.explain(str(e))
            return False
        self.last_line = self._line(mover, move, move_words(s, move, events))
        self.app.cue(cue_of(s, events))
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
            self.cards()
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
        if self.guide is not None:
            self.guide.pressed(self)
        if self.viewing:
            # Any key goes back to the card (the page says A).
            self.viewing = False
            return
        self.choice.press(name)

    def pause(self):
        self.app.push(Pause(self.app, [("Save and quit", self.app.home)],
                            self.picture.flat(3)))

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
        if self.guide is not None and self.guide.due(self):
            return 0        # the tip, on the next tick
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
        if self.guide is not None:
            self.guide.tick(self)
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
        self.app.cue(cue_of(s, events))
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
            rot[a[0] - 1] = (a[1] + self.anim_off()) % B.SPACES
        c = self.choice
        if self.mode == "human":
            if c.stage != "card":
                mark = c.pawn()
            elif self.guide is not None:
                mark = self.guide.pawn(self)
            if c.stage == "step" and c.preview is not None:
                pawns = c.preview[0].pawns
                if self.anim is None or self.anim_done():
                    rot = c.preview[0].rot
        elif self.mode == "bot" and self.bmove is not None and \
                self.bmove[0] == PLAY:
            mark = self.bmove[2]
        return rot, pawns, mark

    def draw(self, sc):
        if self.guide is not None and self.mode == "human":
            self.guide.drawn(self)
        self.picture.draw(sc)

    def focus_level(self):
        """The ring the LED ring shows (and its number marks)."""
        if self.anim is not None:
            return self.anim[0]
        c = self.choice
        if self.mode == "human" and c.stage in ("pawn", "rot", "step"):
            pawn = c.pawn()
            if pawn >= 0:
                pos = self.state.pawns[pawn]
                return 1 if pos == B.TABLE else pos // B.SPACES
        return self.focus


class Choice:
    """The stage (``stage``: card, pawn, rot, step) and what each has
    chosen: the card (``opts``, ``ci``; ``cid`` once picked, with its
    ``moves``), the pawn (``pawn_opts``, ``pi``; -1 throws the card
    away), the ring's turn (``rots``, ``ri``; ``rot_shown`` when it was a
    stage), the destination (``dests``, ``dirs``, ``si``, on the rings as
    turned, ``view_rot``) and the state it leads to (``preview``:
    (state after, words))."""

    def __init__(self, play):
        self.play = play
        self.stage = "card"
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
        self.preview = None
        self.view_rot = None

    def new_turn(self):
        """A human's turn begins: the first card under the cursor."""
        self.ci = 0
        self.cards()

    def cards(self):
        """The card stage.  Only the hand and the two moves that are not
        plays: a card's plays are worked out when it is picked (all three
        cards' are hundreds of tuples: on the board, time and a
        collection)."""
        s = self.play.state
        self.stage = "card"
        self.preview = None
        self.opts = [("card", c) for c in s.hands[s.current]]
        if s.played:
            self.opts.append(("stop",))
        elif R.may_swap(s):
            self.opts.append(("swap",))
        if self.ci >= len(self.opts):
            self.ci = 0

    def pawn(self):
        """The pawn chosen (-1: the card thrown away)."""
        return self.pawn_opts[self.pi]

    def rot(self):
        """The ring's turn chosen (0 before the turn stage)."""
        return self.rots[self.ri] if self.stage in ("rot", "step") and \
            self.rots else 0

    def move(self):
        """The move the stages have chosen so far."""
        return (PLAY, self.cid, self.pawn_opts[self.pi], self.rot(),
                self.dests[self.si])

    # ------------------------------------------------------------ stages
    def _pick_card(self, cid):
        self.cid = cid
        s = self.play.state
        self.moves = R.plays(s, only=cid)
        pawns = []
        for m in self.moves:
            if m[2] >= 0 and m[2] not in pawns:
                pawns.append(m[2])
        # Highest pawn first, the table ("enter") last.
        pawns.sort(key=lambda i: -s.pawns[i])
        self.pawn_opts = pawns + [-1]
        self.pi = 0
        self.stage = "pawn"
        self.steer("pawn")
        if not pawns:
            self._no_pawn()

    def _no_pawn(self):
        self.play.say("No pawn can use %s:" % B.card_text(self.cid),
                      "A: throw it away")

    def _pick_pawn(self):
        play = self.play
        pawn = self.pawn_opts[self.pi]
        if pawn < 0:
            play.make((PLAY, self.cid, -1, 0, -1))
            return
        rots = []
        for m in self.moves:
            if m[2] == pawn and m[3] not in rots:
                rots.append(m[3])
        rots.sort()
        self.rots = rots
        self.ri = rots.index(0) if 0 in rots else 0
        self.steer("rot")
        pos = play.state.pawns[pawn]
        # The turn is a stage of its own when there is a choice of turns.
        self.rot_shown = len(rots) > 1
        play.still()
        if pos != B.TABLE and (self.rot_shown or rots[self.ri]):
            play.spin(pos // B.SPACES, rots[self.ri])
        if self.rot_shown:
            self.stage = "rot"
        else:
            self._step_stage()

    def _step_stage(self):
        s = self.play.state
        self.stage = "step"
        pawn = self.pawn_opts[self.pi]
        r = self.rot()
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
        self.steer("step")
        self._preview()

    def steer(self, stage):
        """A first game: ``stage``'s cursor on the tip's option, while
        the choice follows the tip (``guide``)."""
        g = self.play.guide
        i = -1 if g is None else g.option(self, stage)
        if i < 0:
            return
        if stage == "card":
            self.ci = i
        elif stage == "pawn":
            self.pi = i
        elif stage == "rot":
            self.ri = i
        else:
            self.si = i

    def _preview(self):
        m = self.move()
        s2 = R.board_after(self.play.state, m)
        if m[4] < 0:
            words = ["turns", "only"]
        else:
            words = event_words(s2.rot, s2.events, [])
            for i in range(len(words)):
                if words[i][-5:] == "done!":
                    words[i] = "finishes"
        self.preview = (s2, words)

    def _step_key(self, name):
        play = self.play
        pawn = self.pawn_opts[self.pi]
        pos = play.state.pawns[pawn]
        n = len(self.dests)
        if pos == B.TABLE:
            if name in ("UP", "DOWN"):
                play.say("It enters the board:", "LEFT/RIGHT pick where")
            elif n == 1:
                play.say("It can enter here only")
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
            play.say("The only move that way")
        self._preview()

    def _refuse(self, d):
        """A way with no move: why not, in the rules' words."""
        s = self.play.state
        pawn = self.pawn_opts[self.pi]
        q = R.neighbour(self.view_rot, s.pawns[pawn], d)
        if q < 0:
            reason = "there is no space below level 1"
        else:
            reason = R.why_not(s, (PLAY, self.cid, pawn, self.rot(), q))
            if reason is None:
                reason = "no move that way"
        self.play.explain(reason)

    # ------------------------------------------------------------ input
    def press(self, name):
        """A key in the human's stages (the play screen has cleared a
        note and left the view page first)."""
        play = self.play
        stage = self.stage
        if stage == "card":
            if name == "UP":
                play.view_page()
            elif name != "A" and name != "B" and len(self.opts) == 1:
                play.say("Your only card: A plays it")
            elif name == "LEFT":
                self.ci = (self.ci - 1) % len(self.opts)
            elif name in ("RIGHT", "DOWN"):
                self.ci = (self.ci + 1) % len(self.opts)
            elif name == "A":
                o = self.opts[self.ci]
                if o[0] == "card":
                    self._pick_card(o[1])
                else:
                    play.make(o)
            elif name == "B":
                play.pause()
        elif stage == "pawn":
            if name == "A":
                self._pick_pawn()
            elif name == "B":
                play.cards()
            elif len(self.pawn_opts) == 1:
                self._no_pawn()
            else:
                k = -1 if name in ("LEFT", "UP") else 1
                self.pi = (self.pi + k) % len(self.pawn_opts)
        elif stage == "rot":
            if name in ("LEFT", "RIGHT"):
                self.ri = (self.ri + (1 if name == "RIGHT" else -1)) % \
                    len(self.rots)
                play.aim(self.rots[self.ri])
            elif name == "A":
                self._step_stage()
            elif name == "B":
                play.still()
                self.stage = "pawn"
            else:
                play.say("First the ring's turn:", "LEFT/RIGHT, then A")
        elif stage == "step":
            if name in KEY_DIR:
                self._step_key(name)
            elif name == "A":
                play.make(self.move())
            elif name == "B":
                self.preview = None
                if self.rot_shown:
                    self.stage = "rot"
                else:
                    play.still()
                    self.stage = "pawn"


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
