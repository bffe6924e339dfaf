"""The dummy game's one screen: UP adds 1, DOWN adds 2, B leaves."""

import dummygame


class Play:
    def __init__(self, app, play):
        self.app = app
        self.state = play["state"]

    def press(self, name):
        if name == "B":
            self.app.home()
            return
        n = {"UP": 1, "DOWN": 2}.get(name)
        if n in dummygame.legal_moves(self.state):
            dummygame.apply(self.state, n)
            if self.state["winner"] is None:
                self.app.keep_game("dummy", {"state": dict(self.state)})
            else:
                self.app.keep_game("dummy")

    def tick(self):
        pass

    def draw(self, sc):
        s = self.state
        if s["winner"] is None:
            sc.text(0, 0, "P%d: count %d" % (s["current"] + 1, s["count"]))
        else:
            sc.text(0, 0, "P%d wins" % (s["winner"] + 1))
