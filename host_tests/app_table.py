"""A game at the table, driven through the app's buttons: the part the
Daifugo and Ring Climb drivers share (daifugo_app_helpers.Table,
rings_app_helpers.Table).

``ButtonTable`` holds the app (alone, or through the simulator's real
renderer and display driver when given a board profile), counts presses
and scenes, offers every scene to ``watch(table, scene)``, lets time pass
in frames, and finds the game's play screen (``PLAY``) under any screen
pushed over it.
"""

from primeplay.app import App

FRAME_MS = 50


class Nvm:
    def __init__(self):
        self.nvm = bytearray(b"\xff" * 4096)


class ButtonTable:
    PLAY = None     # the game's play screen class

    def _start_app(self, seed, storage, watch, app, board):
        """The app to drive; True when the caller should set up a new
        game from the main menu (no app was handed over, or a board)."""
        self.storage = storage if storage is not None else Nvm()
        self.now = 0
        self.watch = watch
        self.scenes = 0
        self.presses = 0
        self.sim = None
        if board is not None:
            import sim
            self.sim = sim.Sim(seed=seed, board=board, storage=self.storage)
            self.app = self.sim.app
            return True
        self.app = app if app is not None else App(self.storage, seed=seed)
        return app is None

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

    @property
    def play(self):
        s = self.app.screen
        if isinstance(s, self.PLAY):
            return s
        for b in self.app.below:
            if isinstance(b, self.PLAY):
                return b
        return None
