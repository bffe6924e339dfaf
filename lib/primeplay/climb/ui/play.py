"""Prime Climb at the table: roll, choose, hear what happened.

The play screen has modes:

* roll: whose turn; A (or ROLL) rolls, B opens the pause menu (the keys
  are on the screen).  The dice tumble on the LEDs for a
  moment before the roll is made.
* move: only legal choices are offered.  UP/DOWN picks the row: the
  Board, each die value, each playable Keeper ("+-7", "Start", "Curse"),
  End turn, and for a human the Hint; LEFT/RIGHT picks how (which pawn and
  which operation: "<1 of 6>").  The cursor opens every die on the pawn
  the player moved last (else a) with + (else the first legal operation),
  so A never makes a move left over from another die.  The big line
  previews the result, e.g. ``b 26x3=78``, with "bumps P2" when the pawn
  would end the turn on another, and the ring shows 78's factor colours.
  A makes the move, B takes the last one back (within the turn), or opens
  the pause menu.  Boards with + - x / buttons jump to that operation.
* action: a drawn Action card asks which pawn or target (LEFT/RIGHT).
* over: the results (``results``): turns, bumps and cards of each
  player, Rematch or the menu.

The board (``board``): where every pawn is, each player's Keepers,
who is cursed, the Way Stations still to visit, the deck.  One press from
every play screen, without a button of its own (the reference board has
six): in move mode it is the row above the first die, so UP from the row
the cursor starts on shows it; in roll and action mode UP or DOWN shows
and hides it.  While it shows, LEFT/RIGHT turn its pages (all pawns, then
a page per player) and B goes back, as B does everywhere (A too; in roll
mode A rolls, as always).
After every roll it shows by itself for a moment (the dice just rolled
are under it; not in a game of computers alone); any press takes it away,
and does nothing else.

End turn is one press of A: its row previews what ending the turn does
("bumps P2", "draws a card"), and B can still take moves back before it.
The Hint row: A shows the moves ``climb.hint`` plans for the rest of the
roll, each further A makes the next of them.

Over the play screen, on the app's stack of screens (``App.push``): the
news of a move (``News``: who starts, bumps, cards and card effects, a
page at a time; only a computer's own news goes on by itself) and the
pause menu (``Pause``: resume, or save and quit).

Computer seats play the same screens: "thinking", then the preview of
the move chosen, for a time set by the device's computer speed
(``App.speed``, the main menu's Settings).  A hurries every step of a
computer's turn (its roll, its move, its news, the board after its roll).
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, DIE_SIZE, wrap
from primeplay.app import colours, Message
from primeplay.climb import saves
from primeplay.climb.game import Game, PAWN, move_preview, keeper_name
from primeplay.climb import rules
from primeplay.climb.rules import ROLL, ACTION, OVER
from primeplay.climb.track import ADD, TOP
from primeplay.climb.settings import THERE_AND_BACK

ROLL_MS = 700        # dice tumbling
# By the device's computer speed (App.speed, settings_menu.SPEEDS: slow,
# normal, fast, instant): how long a computer's chosen move is shown before it is made
# (and its dice tumble), and how long its news pages stay.
BOT_MS = (1800, 900, 400, 0)
BOT_ROLL_MS = (ROLL_MS, ROLL_MS, 350, 0)
NEWS_BOT_MS = (4000, 2500, 1200, 700)
NEWS_GUARD_MS = 400  # a press this soon after a page turned by itself
NEWS_ROWS = 4        # lines of a news page above its foot
COLS = WIDTH // CHAR_W
PEEK_MS = 1500       # the board after a human's roll
# ... after a computer's, by speed, when someone human plays: a game of
# computers alone does without (and without the board's module).
PEEK_BOT_MS = (2500, 1500, 700, 0)


class ClimbPlay:
    """The play screen of one game: the game, whose turn, its mode and
    timing, the news it tells.  The choice being made is the ``cursor``'s
    (``Cursor``), the Hint row's plan the ``hint``'s."""

    def __init__(self, app, settings, seed, seats, game=None):
        self.app = app
        self.seats = seats
        self.seed = seed
        self.game = game if game is not None else \
            Game(settings, seed, record=False)
        self.bots = [None] * len(seats)
        if any(seats):
            # The computer player and its table cost heap a game of humans
            # does not need to give up.
            from primeplay.climb.bot import Bot
            self.bots = [Bot(s) if s else None for s in seats]
        self.cursor = Cursor(self.game, self.bots)
        self.mode = "roll"
        self.until = 0
        self.best = 0       # the solitaire record, once the game is over
        self.results = None     # the results screen's state (results)
        self.bot_move = None
        self.shown_dice = (0, 0)
        self.peek_until = 0     # the board after a roll, until then
        self.hint = None        # the Hint row (hint_page.HintRow)
        # preview() of the position on screen, worked out once per position
        # (Game.legal_moves returns one list per position).
        self._preview = {}
        self._preview_of = None
        # Who starts, as the dice said (a new game's events): told on the
        # first tick, over this screen.
        self.start_news = _start_lines(self.state.events) \
            if game is None else None
        self.sync()

    @classmethod
    def resume(cls, app, g):
        """The screen of saved game ``g`` (``saves.play``'s dict).  Raises
        whatever is wrong with it: the registry (``games.resume``) says so
        on screen and sets the save aside, so Continue cannot fail again
        at every power-up."""
        state, seats, seed = saves.unpack(g)
        return cls(app, state.settings, seed, seats,
                   Game.from_state(state, seed, record=False))

    # ------------------------------------------------------------ state
    @property
    def state(self):
        return self.game.state

    @property
    def speed(self):
        """The device's computer speed (App.speed), an index into BOT_MS,
        NEWS_BOT_MS and PEEK_BOT_MS."""
        return self.app.speed()

    def is_bot(self):
        return self.bots[self.state.current] is not None

    def sync(self):
        """Pick the mode that fits the game's phase."""
        ph = self.game.phase
        if ph == OVER:
            self._finish()
        elif ph == ROLL:
            self.mode = "roll"
        elif ph == ACTION:
            self.mode = "action"
        else:
            self.mode = "move"
        self.cursor.reset(self.mode)
        self.bot_move = None
        self.until = self.app.now + BOT_MS[self.speed]

    def make(self, move):
        mover = self.state.current
        try:
            events = self.game.apply(move)
        except rules.IllegalMove:
            # The screens offer only legal moves; if one slips through, the
            # game stays as it was and the player chooses again.
            self.sync()
            return
        self.cursor.moved(mover, move)
        if move[0] != "roll":
            # Heard too: a move ticks, a bump thuds, the win runs up.
            cue = "move"
            if self.bots[mover] is not None and self.game.phase == ROLL \
                    and self.bots[self.state.current] is None:
                cue = "turn"    # the computer's turn over: yours
            for e in events:
                if e[0] == "bump":
                    cue = "bump"
            self.app.cue("win" if self.game.phase == OVER else cue)
        ended = self.game.phase in (ROLL, OVER) and move[0] != "roll"
        if ended and self.game.phase == ROLL:
            self._save()
        lines = self._news_lines(events)
        self.sync()
        if lines:
            self._tell(lines, mover)

    def _save(self):
        self.app.keep_game("climb", saves.play(self.state, self.seats,
                                               self.seed))

    def _tell(self, pages, seat, timed=None):
        # Only a computer's own news goes on by itself: a human's ("P1
        # draws: ...") waits for its reader, whoever plays next.
        if timed is None:
            timed = self.bots[seat] is not None
        self.app.push(News(self, pages, seat, timed))

    def news_done(self):
        """The last page of news has gone: back to the game, which waits
        a moment before a computer's next step."""
        if self.game.phase == OVER:
            self._finish()
        self.until = self.app.now + BOT_MS[self.speed]

    # ------------------------------------------------------------ choices
    def peeking(self):
        """Is the board shown by itself, after a roll?"""
        return self.peek_until > self.app.now

    def showing_board(self):
        return self.cursor.showing_board(self.mode)

    def preview(self, move):
        """(big text, number whose colours the ring shows, a warning or
        None: "bumps P2" when the pawn would end the turn on a pawn)."""
        legal = self.game.legal_moves()
        if self._preview_of is not legal:
            self._preview = {}
            self._preview_of = legal
        got = self._preview.get(move)
        if got is None:
            got = self._work_out_preview(move)
            self._preview[move] = got
        return got

    def _work_out_preview(self, move):
        text, focus = move_preview(self.state, move)
        note = None
        if not self.is_bot():
            # What the move would bump or draw: for the human choosing.
            from primeplay.climb.ui.human import note
            note = note(self.state, move)
        return text, focus, note

    def hint_row(self):
        """The Hint row (``hint_page.HintRow``), loaded when a human first
        looks at it: a game of computers never does."""
        if self.hint is None:
            from primeplay.climb.ui.hint_page import HintRow
            self.hint = HintRow()
        return self.hint

    def rematch(self):
        """The same seats and settings again, from a new seed."""
        app = self.app
        settings = self.game.settings
        # Their heap back before the next game's.
        self.game = self.cursor = self.hint = None
        app.go(ClimbPlay(app, settings, app.new_seed(), self.seats))

    # ------------------------------------------------------------ input
    def press(self, name):
        mode = self.mode
        if mode == "over":
            self._results().press(name)
            return
        if self.peek_until:
            was = self.peeking()
            self.peek_until = 0
            if was:
                return      # it only takes the board away
        if mode == "rolling" or self.is_bot():
            # A computer is playing, or the dice are in the air: A (or
            # ROLL) hurries it on to its next step, B pauses.
            if name in ("A", "ROLL"):
                self._hurry()
            elif name == "B" and mode != "rolling":
                self.pause()
            return
        # A human's press: its code is loaded with the first one, so a
        # game of computers alone does without it.
        from primeplay.climb.ui.human import press
        press(self, name)

    def _hurry(self):
        """A during a computer's turn (or the dice's tumble): its next step
        comes on the next tick, whatever the computer speed."""
        if self.mode == "roll":
            self.start_roll()
        self.until = self.app.now

    def pause(self):
        # "Save and quit": the save holds the game as of the last
        # committed turn.  Imported here: a game of computers alone never
        # pauses, and its search wants the heap the pages would hold.
        from primeplay.app.pages import Pause
        self.app.push(Pause(self.app, [("Save and quit", self.app.home),
                                       ("Colour legend", self._legend)],
                            colours.seat_ring(self.state.current,
                                              self.app.pixels, 2)))

    def _legend(self):
        # What the board's colours mean (2 orange, 3 green, ...), over the
        # game; A or B goes back to it.
        from primeplay.app.legend import Legend
        self.app.push(Legend(self.app))

    def start_roll(self):
        self.mode = "rolling"
        self.app.cue("roll")
        self.until = self.app.now + (BOT_ROLL_MS[self.speed] if self.is_bot()
                                     else ROLL_MS)

    # ------------------------------------------------------------ time
    def next_change(self):
        # At rest: a human's turn, the board shown after a roll (until
        # peek_until), a computer's pauses (until) and the results.
        # Rolling dice turn a face each 60 ms, the ring a step each 50;
        # news to tell and a computer's choice go at once.
        if self.start_news:
            return 0
        if self.mode == "rolling":
            now = self.app.now
            return min(self.until, (now // 50 + 1) * 50, (now // 60 + 1) * 60)
        if self.mode == "over":
            return None
        if self.peeking():
            return self.peek_until
        if not self.is_bot():
            return None
        return self.until if self.mode == "roll" or self.bot_move else 0

    def tick(self):
        now = self.app.now
        if self.start_news:
            pages = self.start_news
            self.start_news = None
            # Nobody's move: it waits for A unless no human plays.
            self._tell(pages, self.state.current,
                       timed=None not in self.bots)
            return
        if self.mode == "rolling":
            if now >= self.until:
                bot = self.is_bot()
                self.make(("roll",))
                self.shown_dice = self.state.rolled
                if self.mode == "move":
                    ms = PEEK_MS if not bot else PEEK_BOT_MS[self.speed] \
                        if None in self.bots else 0
                    self.peek_until = now + ms if ms else 0
            return
        if self.mode == "over" or not self.is_bot() or self.peeking():
            return
        if self.mode == "roll":
            if now >= self.until:
                self.start_roll()
            return
        if self.bot_move is None:
            # The firmware's loop takes a scene between two ticks, so
            # "thinking" is on the panel while the choice is worked out
            # (a while, on a board), never the cursor an earlier step
            # left behind.
            # The search's blocks into a heap swept first: garbage left
            # where they would go cut it into more pieces (a 4-computer
            # game's smallest cp32 heap: 125-127K, up to 130K without).
            # Only where the heap is the board's (CPython has no
            # mem_free, and room to spare).
            import gc
            if hasattr(gc, "mem_free"):
                gc.collect()
            self.bot_move = self.bots[self.state.current].choose(self.state)
            self.cursor.select(self.bot_move, self.mode)
            self.until = now + BOT_MS[self.speed]
        elif now >= self.until:
            m = self.bot_move
            self.bot_move = None
            self.make(m)

    # ------------------------------------------------------------ news
    def _news_lines(self, events):
        s = self.state
        pages = []
        for e in events:
            k = e[0]
            if k == "bump":
                pages.append(["Bump!", "P%d pawn %s goes" % (e[1] + 1,
                                                            PAWN[e[2]]),
                              "back to start."])
            elif k == "draw":
                card = s.cards[e[2]]
                pages.append(["P%d draws:" % (e[1] + 1)] + wrap(card[3]))
            elif k == "no_effect":
                pages.append(["The card has", "no effect here."])
            elif k == "cursed":
                pages.append(["P%d is cursed:" % (e[1] + 1),
                              "only - and / next", "turn."])
            elif k == "stole":
                pages.append(["P%d takes a Keeper" % (e[1] + 1),
                              "from P%d:" % (e[2] + 1)] +
                             wrap(s.cards[e[3]][3]))
            elif k == "switched":
                pages.append(["Switched places", "with P%d pawn %s." % (
                    e[3] + 1, PAWN[e[4]])])
            elif k == "moved":
                pages.append(["Pawn %s moves" % PAWN[e[2]],
                              "to %d." % e[3]])
            elif k == "home":
                if not any(x[0] == "win" for x in events):
                    pages.append(["P%d pawn %s is" % (e[1] + 1, PAWN[e[2]]),
                                  "home!"])
            elif k == "station":
                pages.append(["Way Station %d" % e[2], "visited."])
            elif k == "extra_roll":
                pages.append(["P%d rolls again." % (e[1] + 1)])
            elif k == "lost_die":
                pages.append(["No use for the %d:" % e[2], "it is lost."])
            elif k == "reshuffle":
                pages.append(["Deck empty:", "discards shuffled."])
        return pages

    def _finish(self):
        s = self.state
        self.mode = "over"
        self.app.keep_game("climb")
        if s.settings.solitaire:
            key = "solitaire2" if s.settings.goal != "standard" else \
                "solitaire1"
            # Through the app's registry, which this screen does not
            # import: a game of one human has the heap for it.
            best = self.app.game_prefs("climb")["best"]
            if key not in best or s.rolls[0] < best[key]:
                best[key] = s.rolls[0]
            self.best = best[key]
        self.app.store_soon()

    # ------------------------------------------------------------ draw
    def draw(self, sc):
        s = self.state
        n = self.app.pixels
        p = s.current
        mode = self.mode
        if mode == "over":
            self._draw_over(sc)
            return
        cur = self.cursor
        peek = self.peeking()
        if peek or cur.showing_board(mode):
            from primeplay.climb.ui.board import draw_board
            draw_board(sc, self.state, 0 if peek else cur.page, self.bots,
                       n)
            return
        self._draw_header(sc)
        if mode in ("roll", "rolling"):
            bot = self.is_bot()
            sc.text(0, 14, "P%d" % (p + 1), 2)
            sc.text(40, 14, colours.SEAT_NAMES[p])
            # The keys that work here: a human rolls or looks at the
            # board; a computer's turn goes faster with A.
            if mode == "rolling":
                lines = ("rolling...", "A: hurry" if bot else "")
            elif bot:
                lines = ("computer", "A: hurry", "B: menu")
            else:
                lines = ("A: roll", "UP: board", "B: menu")
            y = 26
            for line in lines:
                if line:
                    sc.text(40, y, line)
                y += CHAR_H
            if mode == "rolling":
                face = (self.app.now // 60) % 10 + 1
                sc.die(0, 42, face)
                sc.die(22, 42, (face * 7) % 10 + 1)
                sc.leds = colours.spinner(p, n, self.app.now // 50,
                                          self.app.prefs["calm"])
            else:
                sc.leds = colours.seat_ring(p, n)
            return
        if self.is_bot() and self.bot_move is None:
            sc.text(0, 14, "thinking", 2)
            if mode == "move":
                self._draw_uses(sc, -1, None)
            sc.leds = colours.seat_ring(p, n)
            return
        m = cur.move(mode)
        if m is None:
            if mode == "move":
                self.hint_row().draw(self, sc)
                sc.leds = colours.seat_ring(p, n)
            return
        big, focus, note = self.preview(m)
        if m[0] == "commit" and note:
            # What ending the turn does, on the row itself: A ends it.
            sc.text(0, 14, "End turn:")
            sc.text(0, 27, note[:COLS])
            note = None
        else:
            scale = 2 if len(big) * CHAR_W * 2 <= WIDTH else 1
            sc.text(0, 14, big, scale)
        if mode == "action":
            card = s.cards[s.pending[0]]
            sc.text(0, 40, wrap(card[3])[0][:COLS])
            n_ = len(self.game.legal_moves())
            sc.text(0, 52, "<%d of %d> A: ok" % (cur.option + 1, n_)
                    if n_ > 1 else "A: ok")
        else:
            self._draw_uses(sc, cur.group - 1, note)
        sc.leds = colours.number_ring(focus, n) if focus >= 0 else \
            colours.seat_ring(p, n)

    def _draw_header(self, sc):
        s = self.state
        p = s.current
        pawns = []
        tb = s.settings.goal == THERE_AND_BACK
        for i in (0, 1):
            # There and Back Again: which way each pawn goes, in place of
            # the colon ("a>52" out, "b<97" on the way back), so the line
            # still fits.
            sep = ":" if not tb else "<" if s.pos[2 * p + i] >= TOP else ">"
            pawns.append("%s%s%s" % (PAWN[i], sep, "home" if s.is_home(p, i)
                                     else s.space(p, i)))
        pawns = " ".join(pawns)
        right = "R%d" % s.rolls[0] if s.settings.solitaire else \
            "cursed" if s.curse_now else ""
        room = COLS - (len(right) + 1 if right else 0)
        # Both pawns always: the seat's colour name goes first when the
        # line is full (the LEDs show it), then "P1".
        text = "P%d %s %s" % (p + 1, colours.SEAT_NAMES[p], pawns)
        if len(text) > room:
            text = "P%d %s" % (p + 1, pawns)
        if len(text) > room:
            text = pawns
        sc.text(0, 0, text[:room])
        if right:
            sc.text(WIDTH - len(right) * CHAR_W, 0, right)
        sc.rect(0, CHAR_H, WIDTH, 1, 1)

    def _draw_uses(self, sc, lit, note):
        """The dice and Keepers left, groups()[lit] lit; at the right the
        move's warning (``note``), else, if there is room, how many ways
        LEFT/RIGHT offer."""
        gs = self.cursor.groups()
        tiles = []      # (group, die value or tag)
        x = 0
        for gi in range(len(gs)):
            m = gs[gi][1][0]
            if m[0] in ("die", "lose"):
                for _ in range(self.state.dice.count(m[1])):
                    tiles.append((gi, m[1]))
                    x += DIE_SIZE + 2
            else:
                tag = keeper_name(self.state.cards[m[1]]) \
                    if m[0] == "keeper" else "End turn"
                tiles.append((gi, tag))
                x += len(tag) * CHAR_W + 4
        if note is None and 0 <= lit < len(gs):
            n = len(gs[lit][1])
            if n > 1:
                opt = self.cursor.option + 1
                for note in ("<%d of %d>" % (opt, n), "<%d/%d>" % (opt, n),
                             None):
                    if note is None or x + len(note) * CHAR_W <= WIDTH:
                        break
        right = WIDTH - (len(note) * CHAR_W + 2 if note else 0)
        # Too many to show: the strip scrolls so the lit tile is on it.
        x = 0
        for gi, t in tiles:
            x += (DIE_SIZE if type(t) == int else len(t) * CHAR_W + 2) + 2
            if gi == lit:
                break
        x = min(0, right - x + 2)
        y = 64 - DIE_SIZE
        for gi, t in tiles:
            on = gi == lit
            w = DIE_SIZE if type(t) == int else len(t) * CHAR_W + 2
            if x < 0 or x + w > right:
                x += w + 2
                continue
            if type(t) == int:
                if on:
                    sc.rect(x, y, DIE_SIZE, DIE_SIZE, 1)
                sc.die(x, y, t, 0 if on else 1)
            else:
                if on:
                    sc.rect(x, y + 3, w, CHAR_H, 1)
                sc.text(x + 1, y + 3, t, 1, 0 if on else 1)
            x += w + 2
        if note:
            sc.text(WIDTH - len(note) * CHAR_W, 64 - CHAR_H,
                    note[:(WIDTH - x) // CHAR_W])

    def _draw_over(self, sc):
        self._results().draw(sc)

    def _results(self):
        if self.results is None:
            from primeplay.climb.ui.results import Results
            self.results = Results(self)
        return self.results



def _start_lines(events):
    """The news pages of who starts, from a new game's events: a page a
    round of rolls, two players a line ("P1 8+3=11  P2 5+1=6"), then who
    ties or who starts, so four players and the foot fit the panel; None
    without a roll."""
    pages = []
    rolls = []      # this round's "P1 8+3=11"
    last = 99
    for e in events:
        if e[0] == "start_roll":
            if e[1] <= last and rolls:
                pages.append(_round(pages, rolls, "Tie: they roll again."))
                rolls = []
            last = e[1]
            rolls.append("P%d %d+%d=%d" % (e[1] + 1, e[2], e[3],
                                           e[2] + e[3]))
        elif e[0] == "first" and rolls:
            pages.append(_round(pages, rolls, "P%d starts." % (e[1] + 1)))
    # Without a roll (the setup's "First: P1", or one player) the first
    # player is no news.
    return pages or None


def _round(pages, rolls, last):
    """A page of start rolls: its title, the rolls two a line when they
    fit, ``last``."""
    out = ["Roll to start:" if not pages else "Again:"]
    i = 0
    while i < len(rolls):
        a = rolls[i]
        b = rolls[i + 1] if i + 1 < len(rolls) else None
        if b is not None and max(len(a) + 2, 11) + len(b) <= COLS:
            out.append(a + " " * max(2, 11 - len(a)) + b)
            i += 2
        else:
            out.append(a)
            i += 1
    out.append(last)
    return out


class News(Message):
    """What a move did, a page at a time, over the play screen: A (or B)
    turns the page.  A page longer than the panel (a card's whole text)
    scrolls with UP/DOWN.  ``timed`` (a computer's own news) also turns
    the page after NEWS_BOT_MS; a press that comes just as a page turns by
    itself is dropped, so it cannot skip the next page unread.  The LEDs
    show whose move it was about."""

    def __init__(self, play, pages, seat, timed):
        app = play.app
        Message.__init__(self, app, pages[0],
                         timeout=NEWS_BOT_MS[play.speed] if timed else None,
                         leds=colours.seat_ring(seat, app.pixels, 6),
                         foot="A: go on")
        self.play = play
        self.seat = seat
        self.pages = pages
        self.top = 0
        self.turned = -NEWS_GUARD_MS   # when a page last turned by itself

    def press(self, name):
        if name in ("UP", "DOWN"):
            most = len(self.lines) - NEWS_ROWS
            if most > 0:
                self.top = min(most, max(0, self.top +
                                         (1 if name == "DOWN" else -1)))
            if self.until is not None:
                # Someone is reading: the page waits for A.
                self.until = None
        elif name in ("A", "B") and \
                self.app.now - self.turned >= NEWS_GUARD_MS:
            self._on()

    def tick(self):
        if self.until is not None and self.app.now >= self.until:
            self.turned = self.app.now
            self._on()

    def _on(self):
        self.pages = self.pages[1:]
        self.top = 0
        if self.pages:
            self.lines = self.pages[0]
            if self.until is not None:
                self.until = self.app.now + NEWS_BOT_MS[self.play.speed]
        else:
            self.app.pop()
            self.play.news_done()

    def draw(self, sc):
        lines = self.lines
        n = len(lines)
        if n == NEWS_ROWS + 1 and self.until is not None:
            # Five lines fill the panel: a computer's page, which goes on
            # by itself, shows them all.  A page waiting for a press keeps
            # its foot and scrolls.
            rows, foot = NEWS_ROWS + 1, None
        else:
            rows = NEWS_ROWS
            foot = self.foot if n <= NEWS_ROWS else \
                "v more  A: go on" if self.top + rows < n else \
                "^ back  A: go on"
        y = 0
        for line in lines[self.top:self.top + rows]:
            sc.text(0, y, line[:COLS])
            y += CHAR_H + 1
        if foot is not None:
            sc.text(0, 64 - CHAR_H, foot)
        sc.leds = self.leds


# ---------------------------------------------------------------- cursor
# Where the choice stands: in move mode UP/DOWN go through rows (the
# board, each die value, each playable Keeper, End turn, for a human with
# dice left the Hint) and LEFT/RIGHT through a row's moves (which pawn,
# which operation); in action mode LEFT/RIGHT go through the card's
# targets; in roll and action mode the board shows or not, at a page.
# The play screen holds one (``ClimbPlay.cursor``); a human's presses
# (``human``), the Hint (``hint_page``) and a computer's choice move it
# through its methods, and only they write its fields.  In this module,
# not its own: a game of computers alone holds it too, and on the board's
# heap a module of its own cost 2 KB more than a class (tools/heap.py
# smallest).

# The rows of move mode without moves: the board above the first die, the
# Hint below End turn.
BOARD_ROW = ("Board", ())
HINT_ROW = ("Hint", ())


class Cursor:
    """The row (``group``) and move (``option``) under A, whether the
    board shows (``board``, roll and action mode) and its ``page``, and
    the pawn each player moved last (the cursor opens a die on it)."""

    def __init__(self, game, bots):
        self.game = game
        self.bots = bots
        self.group = 0
        self.option = 0
        self.board = False
        self.page = 0
        self.last_pawn = bytearray(len(bots))
        # groups() and rows() of the position on screen, worked out once
        # per position (Game.legal_moves returns one list per position).
        self._groups = None
        self._rows = None
        self._of = None

    # ------------------------------------------------------------ rows
    def groups(self):
        """What can be used now: [(label, [moves])], dice first."""
        legal = self.game.legal_moves()
        if self._of is not legal:
            self._groups = _group(legal)
            self._rows = [BOARD_ROW] + self._groups
            s = self.game.state
            if s.dice and self.bots[s.current] is None:
                self._rows.append(HINT_ROW)
            self._of = legal
        return self._groups

    def rows(self):
        """The rows UP/DOWN go through in move mode: [(label, [moves])],
        the board first (no moves), then groups(), then, for a human with
        dice left, the Hint (no moves: A works it out)."""
        self.groups()
        return self._rows

    def on_hint(self):
        return self.rows()[self.group] is HINT_ROW

    def showing_board(self, mode):
        if mode == "move":
            return self.group == 0
        return self.board and mode in ("roll", "action")

    # ------------------------------------------------------------ moving
    def reset(self, mode):
        """As ``mode`` opens: the board hidden; in move mode on a die
        (``default``), in action mode on the card's first target."""
        self.board = False
        self.option = 0
        if mode == "move":
            self.default()

    def default(self):
        """The cursor after every move, undo and roll: the first row (a
        die), on the player's last pawn if it can still move, else pawn a;
        + when it is legal, else the first operation that is.  A press of
        A then never makes a move left over from another die."""
        self.to_row(1 if len(self.rows()) > 1 else 0)

    def to_row(self, g):
        """The cursor on row ``g`` of rows(), as ``default`` opens a row:
        on the player's last pawn (else pawn a) with +, else the first
        move of that pawn; the first move when none uses a pawn."""
        self.group = g
        self.page = 0
        moves = self.rows()[g][1]
        self.option = 0
        for want in (self.last_pawn[self.game.state.current], 0):
            first = -1
            for i in range(len(moves)):
                m = moves[i]
                if m[0] in ("die", "keeper") and len(m) == 4 and \
                        m[2] == want:
                    if m[3] == ADD:
                        self.option = i
                        return
                    if first < 0:
                        first = i
            if first >= 0:
                self.option = first
                return

    def step_row(self, d):
        """UP (-1) or DOWN (+1) in move mode, round the rows."""
        self.to_row((self.group + d) % len(self.rows()))

    def step(self, d, mode):
        """LEFT (-1) or RIGHT (+1) through the card's targets (action
        mode) or the row's moves."""
        n = len(self.game.legal_moves() if mode == "action" else
                self.rows()[self.group][1])
        if n:
            self.option = (self.option + d) % n

    def to_op(self, op):
        """A + - x / button: that operation on the same pawn, if it can."""
        moves = self.rows()[self.group][1]
        if not moves:
            return
        cur = moves[self.option]
        pawn = cur[2] if cur[0] == "die" else 0
        best = None
        for i in range(len(moves)):
            m = moves[i]
            if m[0] in ("die", "keeper") and len(m) == 4 and m[3] == op:
                if best is None or m[2] == pawn:
                    best = i
                    if m[2] == pawn:
                        break
        if best is not None:
            self.option = best

    def select(self, move, mode):
        """On ``move``, so the screen shows a computer's choice."""
        if mode == "action":
            ms = self.game.legal_moves()
            if move in ms:
                self.option = ms.index(move)
            return
        rs = self.rows()
        for gi in range(len(rs)):
            if move in rs[gi][1]:
                self.group = gi
                self.option = rs[gi][1].index(move)
                return

    def show_board(self, on):
        """Roll and action mode: the board shown (from its first page) or
        hidden."""
        self.board = on
        self.page = 0

    def turn_page(self, d, n):
        self.page = (self.page + d) % n

    def moved(self, player, move):
        """``player`` made ``move``: a die or a +-Keeper on a pawn opens
        on that pawn next time."""
        if move[0] == "die" or (move[0] == "keeper" and
                                self.game.state.cards[move[1]][1] ==
                                "addsub"):
            self.last_pawn[player] = move[2]

    # ------------------------------------------------------------ reading
    def move(self, mode):
        """The move under A, or None (the board's or the Hint's row)."""
        if mode == "action":
            ms = self.game.legal_moves()
            return ms[self.option % len(ms)] if ms else None
        rs = self.rows()
        self.group %= len(rs)
        ms = rs[self.group][1]
        if not ms:
            self.option = 0
            return None
        self.option %= len(ms)
        return ms[self.option]


def _group(legal):
    out = []
    by = {}
    order = []
    for m in legal:
        k = m[0]
        if k in ("die", "lose"):
            key = ("d", m[1])
        elif k == "keeper":
            key = ("k", m[1])
        else:
            key = ("c", 0)
        if key not in by:
            by[key] = []
            order.append(key)
        by[key].append(m)
    for key in order:
        if key[0] == "d":
            label = "die %d" % key[1]
        elif key[0] == "k":
            label = "Keeper"
        else:
            label = "End turn"
        out.append((label, by[key]))
    return out
