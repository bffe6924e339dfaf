"""Prime Climb through the app's buttons, as a player would press them.

``Table`` starts a game from the main menu with the setup's prefs set
(players, seats, variant; the device's computer speed) and plays it: ``choose(move)``
walks the cursor with UP/DOWN (what to use) and LEFT/RIGHT (how) until
the preview is ``move`` and presses A; ``play(limit)`` plays the human
seats with the computer player's choices, pressing the buttons for them.
Every scene is offered to ``watch(table, scene)``.
"""

from app_table import ButtonTable
from primeplay.climb.ui.play import ClimbPlay
from primeplay.climb.bot import Bot


class Table(ButtonTable):
    PLAY = ClimbPlay

    def __init__(self, seed=1, players=2, seats=(0, 1), variant="standard",
                 speed=None, storage=None, watch=None, app=None, board=None,
                 prefs=None):
        if not self._start_app(seed, storage, watch, app, board):
            return
        p = self.app.game_prefs("climb")
        p["players"] = players
        p["variant"] = variant
        for i in range(len(seats)):
            p["seats"][i] = seats[i]
        if speed is not None:
            self.app.prefs["speed"] = speed     # the device's setting
        for k in (prefs or {}):
            p[k] = prefs[k]
        self.press("A")             # Prime Climb, the first game
        self.wait(100)
        self.press("A")             # its setup opens on Start
        self.wait(100)
        self.skip_news()

    def skip_news(self, limit=40):
        """Press A through anything over the play screen (news, the board
        after a roll) until the play screen itself is shown."""
        for _ in range(limit):
            if self.app.screen is self.play and not self.play.peeking():
                return
            self.press("A")

    def roll(self):
        assert self.play.mode == "roll" and not self.play.is_bot()
        self.press("A")
        self.wait(800)

    def choose(self, move):
        """Press the buttons that make ``move`` (the play screen in move or
        action mode, a human's turn)."""
        play = self.play
        if play.peeking():
            self.press("A")         # the board after the roll goes
        for _ in range(80):
            if play.cursor.move(play.mode) == move:
                break
            if play.mode == "action":
                self.press("RIGHT")         # the card's choices
                continue
            rows = play.cursor.rows()
            gi = [i for i in range(len(rows)) if move in rows[i][1]]
            assert gi, (move, rows)
            self.press("DOWN" if gi[0] != play.cursor.group else "RIGHT")
        assert play.cursor.move(play.mode) == move, (move, play.cursor.move(play.mode))
        self.press("A")                 # End turn too: one press

    def play_game(self, limit=4000, advisor=None):
        """Play to the end; the human seats' moves are the computer
        player's, pressed through the buttons.  True when it ended."""
        advisor = advisor or Bot()
        for _ in range(limit):
            play = self.play
            if play.mode == "over":
                return True
            if self.app.screen is not play or play.peeking():
                self.press("A")
            elif play.is_bot():
                self.wait(500)
            elif play.mode == "roll":
                self.roll()
            elif play.mode in ("move", "action"):
                self.choose(advisor.choose(play.state))
            else:
                self.wait(100)
        return False
