"""Ring Climb through the app's buttons, as a player would press them.

``Table`` starts a game from the main menu and plays it: a human seat's
moves are chosen by the computer player (``rings.bot.choose``) and then
*pressed*: the cursor walks to the card, A; to the pawn, A; LEFT/RIGHT
turn the ring, A; the direction keys walk to the destination, A.  Every
scene is offered to ``watch(table, scene)``.
"""

from app_table import ButtonTable, FRAME_MS
from primeplay.app.rings_screen import RingsPlay
from primeplay.rings import board as B
from primeplay.rings import bot as rbot
from primeplay.rings.rules import PLAY

KEY_OF_DIR = ("UP", "DOWN", "RIGHT", "LEFT")   # rules.UP, DOWN, CW, CCW


class Table(ButtonTable):
    PLAY = RingsPlay

    def __init__(self, seed=1, players=2, seats=(0, 2), face=0, first=0,
                 one_card=0, play_on=1, storage=None, watch=None, app=None,
                 board=None):
        if not self._start_app(seed, storage, watch, app, board):
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
