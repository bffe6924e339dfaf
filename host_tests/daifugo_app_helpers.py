"""Prime Daifugo through the app's buttons, as a player would press them.

``Table`` starts a match from the main menu and plays it: a human seat's
moves are chosen by a bot (so a whole game has real plays, draws, D cards,
SKIPs and discards) and then *pressed*: the cursor walks to each card, A
picks it (again for the number a multi-number card is declared as), UP
goes to the actions over the row (Play, Draw, Pass, ?), LEFT/RIGHT to the
one wanted, A does it; a question is answered with A.  Every scene is
offered to ``watch(table, scene)``.
"""

from app_table import ButtonTable, FRAME_MS
from primeplay.daifugo.ui.play import DaifugoPlay
from primeplay.daifugo.bot import Bot


class Table(ButtonTable):
    PLAY = DaifugoPlay

    def __init__(self, seed=1, players=2, seats=(0, 2, 2), match=1,
                 rules=(), clues=1, learner=0, storage=None, watch=None,
                 app=None, board=None, prefs=None):
        if not self._start_app(seed, storage, watch, app, board):
            return
        p = self.app.game_prefs("daifugo")
        p["players"] = players
        p["seats"] = list(seats) + [2] * (3 - len(seats))
        p["match"] = match
        p["clues"] = clues
        p["learner"] = learner
        for k in ("zero", "multi59", "multi468", "skip", "multi_in_three",
                  "strict"):
            p[k] = 1 if k in rules else 0
        p["hand_limit"] = 13 if "hand_limit" in rules else 0
        for k in (prefs or {}):
            p[k] = prefs[k]
        self.press("DOWN")          # Prime Daifugo
        self.press("A")
        self.wait(100)
        self.press("A")             # Start
        self.wait(100)

    def act(self, key):
        """Choose the action ``key`` over the row ("play", "draw", "pass",
        "help") and press A on it."""
        play = self.play
        assert self.app.screen is play, type(self.app.screen).__name__
        if not play.hand.focus:
            self.press("UP")
        acts = play.hand.acts()
        assert key in acts, (key, acts)
        assert play.hand.focus
        for _ in range(len(acts)):
            if acts[play.hand.act % len(acts)] == key:
                break
            self.press("RIGHT")
        assert acts[play.hand.act % len(acts)] == key
        assert play.hand.info().startswith("A: ") or key == "play", play.hand.info()
        self.press("A")

    def cursor_to(self, cid):
        play = self.play
        order = play.hand.order()
        i = order.index(cid)
        while play.hand.cursor != i:
            self.press("RIGHT" if play.hand.cursor < i else "LEFT")

    def human_move(self, move):
        """Press the buttons that make ``move`` in the hand view."""
        play = self.play
        k = move[0]
        if k == "play":
            cids, values = move[1], move[2]
            for i in range(len(cids)):
                self.cursor_to(cids[i])
                self.press("A")
                card = play.state.cards[cids[i]]
                while [x for x in play.hand.sel if x[0] == cids[i]][0][1] != \
                        values[i]:
                    self.press("A")
            # Picked in the number's order already.
            assert play.hand.picked() == (tuple(cids), tuple(values)), \
                (play.hand.picked(), move, card)
            self.act("play")
        elif k == "draw":
            self.act("draw")
        elif k == "pass":
            ten = play.ten()
            self.act("pass")
            if ten:     # "Pass? A [10] is on top: you draw 2 cards."
                assert self.app.screen is not play
                self.press("A")
        else:       # dcard, skip, discard: A on the card, A to confirm
            self.cursor_to(move[1])
            self.press("A")
            self.press("A")

    def until_hand(self, limit=2000):
        """Go on (A on pass screens and pages, time for computers) until a
        human's hand shows."""
        for _ in range(limit):
            play = self.play
            if play.mode == "hand" and self.app.screen is play:
                return play
            if play.mode in ("table", "page") and play.page_bot or \
                    play.mode == "table":
                self.wait(10 * FRAME_MS)
            else:
                self.press("A")
        raise AssertionError("no hand showed")

    def run(self, limit=4000, bots=None):
        """Play until the match is over (the results screen)."""
        if bots is None:
            bots = {}
        for _ in range(limit):
            play = self.play
            if play is None or play.mode == "over":
                return play
            if self.app.screen is not play:
                self.press("A")     # a message or question over the game
            elif play.mode == "pass":
                self.press("A")
            elif play.mode == "page":
                if play.page_bot:
                    self.wait(10 * FRAME_MS)
                else:
                    self.press("A")
            elif play.mode == "hand":
                p = play.state.current
                if p not in bots:
                    bots[p] = Bot("strong")
                self.human_move(bots[p].choose(play.state))
            else:
                self.wait(10 * FRAME_MS)
        raise AssertionError("the match did not end")
