"""Ring Climb through the app's buttons, as a player would press them.

``Table`` starts a game from the main menu and plays it: a human seat's
moves are chosen by the computer player (``rings.bot.choose``) and then
*pressed*: the cursor walks to the card, A; to the pawn, A; LEFT/RIGHT
turn the ring, A; the direction keys walk to the destination, A.  Every
scene is offered to ``watch(table, scene)``.
"""

from app_table import ButtonTable, FRAME_MS
from primeplay.rings.ui.play import RingsPlay
from primeplay.rings import board as B
from primeplay.rings import bot as rbot
from primeplay.rings.rules import PLAY

KEY_OF_DIR = ("UP", "DOWN", "RIGHT", "LEFT")   # rules.UP, DOWN, CW, CCW


class Table(ButtonTable):
    PLAY = RingsPlay
    # lean: presses go to the app alone, no scene taken and no time
    # passing (a human's stages need neither): for tests of many moves.
    lean = False

    def press(self, name):
        if self.lean:
            self.presses += 1
            self.app.press(name)
            return
        ButtonTable.press(self, name)

    def __init__(self, seed=1, players=2, seats=(0, 2), face=0, first=0,
                 one_card=0, play_on=1, storage=None, watch=None, app=None,
                 board=None, prefs=None):
        if not self._start_app(seed, storage, watch, app, board):
            return
        p = self.app.game_prefs("rings")
        p["players"] = players
        p["seats"] = list(seats) + [2] * (6 - len(seats))
        p["face"] = face
        p["first"] = first
        p["one_card"] = one_card
        p["play_on"] = play_on
        for k in (prefs or {}):
            p[k] = prefs[k]
        self.press("DOWN")
        self.press("DOWN")          # Ring Climb
        self.press("A")
        self.wait(100)
        self.press("A")             # Start
        self.wait(100)

    def pick_card(self, cid):
        """In the card stage: the cursor to card ``cid`` (the very card:
        two red 2s play alike, but the hands after differ in order), A."""
        play = self.play
        want = play.choice.opts.index(("card", cid))
        self.until(lambda: play.choice.ci == want, "RIGHT", len(play.choice.opts))
        self.press("A")
        assert play.choice.stage == "pawn"

    def reset_to(self, state):
        """The play screen back at ``state`` (a copy), the human to move
        choosing a card, nothing pushed over it: a new position without
        a new app."""
        app = self.app
        play = self.play
        del app.below[:]
        app.go(play)
        play.game.resume(state.copy())
        play.overlay = None
        play.viewing = False
        play._human()

    def until(self, done, key, limit):
        """Press ``key`` until ``done()``, at most ``limit`` times."""
        for _ in range(limit):
            if done():
                return
            self.press(key)
        assert done(), "%s %d times did not get there" % (key, limit)

    def human_move(self, move):
        """Press the buttons that make ``move`` from the card stage."""
        play = self.play
        assert play.mode == "human" and play.choice.stage == "card"
        if move[0] != PLAY:
            i = play.choice.opts.index(move)
            self.until(lambda: play.choice.ci == i, "DOWN", len(play.choice.opts))
            self.press("A")
            return
        if move[2] < 0:
            self.pick_card(move[1])
            self.until(lambda: play.choice.pawn_opts[play.choice.pi] == -1, "DOWN",
                       len(play.choice.pawn_opts))
            self.press("A")
            return
        self.to_step(move)
        self.walk_to(move)
        self.press("A")

    def to_step(self, move):
        """Press up to the step stage of ``move`` (a play of a pawn)."""
        play = self.play
        cid, pawn, r, dest = move[1:]
        self.pick_card(cid)
        i = play.choice.pawn_opts.index(pawn)
        self.until(lambda: play.choice.pi == i, "DOWN", len(play.choice.pawn_opts))
        self.press("A")
        if play.choice.stage == "rot":
            self.until(lambda: play.choice.rots[play.choice.ri] == r, "RIGHT",
                       len(play.choice.rots))
            self.press("A")
        assert play.choice.stage == "step" and play.choice.rot() == r

    def walk_to(self, move):
        """In the step stage: the direction keys to ``move``'s place."""
        play = self.play
        pawn, r, dest = move[2:]
        assert play.choice.stage == "step"
        assert dest in play.choice.dests, (move, play.choice.dests)
        n = len(play.choice.dests) + 1
        if play.state.pawns[pawn] == B.TABLE:
            key = "RIGHT"
        else:
            # The way to the place; staying comes after the last place
            # of any way.
            d = play.choice.dirs[play.choice.dests.index(dest) if dest >= 0 else 0]
            key = KEY_OF_DIR[d] if d >= 0 else "UP"
        self.until(lambda: play.choice.dests[play.choice.si] == dest, key, n)
        assert play.choice.move() == (PLAY, move[1], pawn, r, dest)

    def until_human(self, limit=3000):
        """Go on (A on pass screens, time for computers) until a human's
        card stage shows."""
        for _ in range(limit):
            play = self.play
            if play.mode == "human" and self.app.screen is play or \
                    play.mode == "over":
                return play
            if play.mode == "pass":
                self.press("A")
            else:
                self.wait(4 * FRAME_MS)
        raise AssertionError("no human turn came")

    def run(self, limit=20000, level=rbot.NORMAL):
        """Play until the places screen."""
        for _ in range(limit):
            play = self.play
            if play is None or play.mode == "over":
                return play
            if self.app.screen is not play:
                self.press("A")
            elif play.mode == "pass":
                self.press("A")
            elif play.mode == "human":
                self.human_move(rbot.choose(play.state, level))
            else:
                self.wait(4 * FRAME_MS)
        raise AssertionError("the game did not end")


def table_at(state, seats, seed=0, watch=None, speed=1):
    """A table whose app shows the play screen of ``state`` (a copy), the
    seats as given (the player to move must be human to press a move);
    ``state`` may be in the middle of a turn (cards played)."""
    from app_table import Nvm
    from primeplay.app import App
    app = App(Nvm(), seed=1)
    app.prefs["speed"] = speed
    t = Table(app=app, watch=watch)
    start = state.copy()
    start.played = 0        # a game is saved at a turn's start only
    play = RingsPlay(app, state.settings, seed, seats, start)
    app.go(play)
    if state.played:
        t.reset_to(state)
    t.frame()
    return t


def find_position(settings, seed, want, level=rbot.STRONG, limit=3000):
    """The first state of a seeded game of computers at ``level`` where
    ``want(state, legal_moves)`` holds (a copy), or None."""
    from primeplay.rings.game import Game
    from primeplay.rings import rules as R
    g = Game(settings, seed)
    for _ in range(limit):
        s = g.state
        if s.phase == R.OVER:
            return None
        if want(s, g.legal_moves()):
            return s.copy()
        g.apply(rbot.choose(s, level))
    return None
