"""Ring Climb through the app's buttons, as a player would press them.

``Table`` starts a game from the main menu and plays it: a human seat's
moves are chosen by the computer player (``rings.bot.choose``) and then
*pressed*: the cursor walks to the card, A; to the pawn, A; LEFT/RIGHT
turn the ring, A; the direction keys walk to the destination, A.  Every
scene is offered to ``watch(table, scene)``.
"""

from primeplay.app import App
from primeplay.app.rings_screen import RingsPlay
from primeplay.rings import board as B
from primeplay.rings import bot as rbot
from primeplay.rings.rules import PLAY

FRAME_MS = 50
KEY_OF_DIR = ("UP", "DOWN", "RIGHT", "LEFT")   # rules.UP, DOWN, CW, CCW


class Nvm:
    def __init__(self):
        self.nvm = bytearray(b"\xff" * 4096)


class Table:
    def __init__(self, seed=1, players=2, seats=(0, 2), face=0, first=0,
                 one_card=0, play_on=1, storage=None, watch=None, app=None,
                 board=None):
        self.storage = storage if storage is not None else Nvm()
        self.now = 0
        self.watch = watch
        self.scenes = 0
        self.presses = 0
        self.sim = None
        if board is not None:
            import sim
            self.sim = sim.Sim(seed=seed, board=board, storage=self.storage)
            app = self.sim.app
            self.app = app
        else:
            self.app = app if app is not None else App(self.storage,
                                                       seed=seed)
        if app is not None and board is None:
            return
        p = self.app.game_prefs("rings")
        p["players"] = players
        p["seats"] = list(seats) + [2] * (6 - len(seats))
        p["face"] = face
        p["first"] = first
        p["one_card"] = one_card
        p["play_on"] = play_on
        self.press("DOWN")
        self.press("DOWN")          # Ring Climb
        self.press("A")
        self.wait(100)
        self.press("A")             # Start
        self.wait(100)

    # ------------------------------------------------------------ time
    def frame(self):
        sc = self.app.scene()
        self.scenes += 1
        if self.watch is not None:
            self.watch(self, sc)
        return sc

    def press(self, name):
        self.presses += 1
        if self.sim is not None:
            self.sim.press(name)
            self.sim.advance(FRAME_MS)
            self.now = self.sim.now
            self.frame()
            return
        self.app.press(name)
        self.frame()
        self.now += FRAME_MS
        self.app.tick(self.now)
        self.frame()

    def wait(self, ms):
        if self.sim is not None:
            self.sim.advance(ms)
            self.now = self.sim.now
            self.frame()
            return
        end = self.now + ms
        while self.now < end:
            self.now += FRAME_MS
            self.app.tick(self.now)
            self.frame()

    # ------------------------------------------------------------ play
    @property
    def play(self):
        s = self.app.screen
        if isinstance(s, RingsPlay):
            return s
        for b in self.app.below:
            if isinstance(b, RingsPlay):
                return b
        return None

    def pick_card(self, cid):
        """In the card stage: the cursor to a card of ``cid``'s kind, A."""
        play = self.play
        kind = B.card_kind(cid)
        want = [i for i in range(len(play.opts)) if play.opts[i][0] ==
                "card" and B.card_kind(play.opts[i][1]) == kind][0]
        while play.ci != want:
            self.press("RIGHT")
        self.press("A")
        assert play.stage == "pawn"

    def human_move(self, move):
        """Press the buttons that make ``move`` from the card stage."""
        play = self.play
        assert play.mode == "human" and play.stage == "card"
        if move[0] != PLAY:
            i = play.opts.index(move)
            while play.ci != i:
                self.press("DOWN")
            self.press("A")
            return
        if move[2] < 0:
            self.pick_card(move[1])
            while play.pawn_opts[play.pi] != -1:
                self.press("DOWN")
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
        i = play.pawn_opts.index(pawn)
        while play.pi != i:
            self.press("DOWN")
        self.press("A")
        if play.stage == "rot":
            while play.rots[play.ri] != r:
                self.press("RIGHT" if play.rots[play.ri] < r else "LEFT")
            self.press("A")
        assert play.stage == "step"

    def walk_to(self, move):
        """In the step stage: the direction keys to ``move``'s place."""
        play = self.play
        pawn, r, dest = move[2:]
        assert play.stage == "step"
        assert dest in play.dests, (move, play.dests)
        for _ in range(30):
            if play.dests[play.si] == dest:
                break
            if play.state.pawns[pawn] == B.TABLE:
                self.press("RIGHT")
            else:
                d = play.dirs[play.dests.index(dest)] if dest >= 0 else \
                    play.dirs[0]
                self.press(KEY_OF_DIR[d])
        assert play._move() == (PLAY, play.moves[0][1], pawn, r, dest)

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
