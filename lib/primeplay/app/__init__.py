"""The handheld's UI: a state machine fed by button presses and time.

    app = App(storage, seed=..., pixels=12)
    app.press("A")          # one logical button (scene.BUTTONS)
    app.tick(now_ms)        # time passes: animations, computer turns
    scene = app.scene()     # what the OLED and the LEDs show now

The app imports no hardware module: the firmware and the simulator feed
it presses and draw its scenes.  Screens are small objects with
``press(name)``, ``tick()`` and ``draw(scene)``; ``App.go`` switches
between them, ``App.push`` shows one over another (a pause menu, a
message, a question) and ``App.pop`` goes back to it as it was.  Saves go through ``storage``: its ``nvm`` (4 KB of flash,
or memory or a file in the simulator), a power-safe log kept by
``primeplay.save``; or, without one, ``read()`` and ``write(bytes)`` of a
single record.  Saved are remembered settings, and the game in progress
after every committed turn.  A damaged game is reported on screen and set
aside; the settings are kept.

Slow work waits for a frame that says so: a press that needs it (starting
or resuming a game imports the game's modules, about a second on a board)
goes to a screen saying what is coming, with the work as its job
(``App.go(screen, job)``, ``App.loading``); ``tick`` runs the job once a
scene of that screen has been taken.  The firmware's loop (press, tick,
scene, show) so puts the answer on the panel before the work starts.

Only what the main menu needs is imported up front; games, the computer
player and saves are imported where they are first used.  The games are
known by name only, through the registry ``primeplay.app.games``; leaving
a game (``App.home``) unloads its modules.  See docs/architecture.md.
"""

from primeplay.app.scene import Scene, BUTTONS, CHAR_W, CHAR_H, WIDTH, \
    HEIGHT, mirror, text_width
from primeplay.app import colours

def __getattr__(name):
    # Screens only a game needs (a question, its pause menu) are loaded
    # with the first game that asks: the main menu does without them.
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.app", {"Confirm": "pages",
                                            "Pause": "pages"},
                          globals(), name)


# The app's own remembered settings, the device's (the Settings menu,
# ``settings_menu.DeviceSettings``, which names their values): "speed",
# how long a computer's turn stays on screen in every game (0-3); the
# panel's "contrast" (the SSD1306's, 0-255: 0xFF as displayio leaves it)
# and the LED "ring"'s brightness (in 256ths of the board profile's);
# "calm", reduced flashing (a screen that would blink the ring shows a
# steady colour); "lefty", the panel turned round and the pad mirrored;
# "colours", the colour-blind-safe palette (``colours.use``).
# A game's are under its registry key (``App.game_prefs``), defaults and
# checks its own.
DEFAULT_PREFS = {"speed": 1, "contrast": 0xFF, "ring": 256, "calm": False,
                 "lefty": False, "sound": 2, "sleep": 300,
                 "colours": False}
# A computer's pauses and pages by speed, times the game's normal time,
# in eighths: slow doubles them, fast is under half, instant none.
_PACE = (16, 8, 3, 0)


class App:
    __slots__ = ("storage", "pixels", "buttons", "now", "seed", "rng", "prefs",
                 "saves", "cued", "screen", "below", "custom_cards",
                 "job", "job_shown", "store_due", "collect_due", "unload_due", "restart",
                 "playing", "power", "power_warned")

    def __init__(self, storage=None, seed=0, pixels=12,
                 buttons=("UP", "DOWN", "LEFT", "RIGHT", "A", "B"),
                 cards_text=None, start=None):
        self.storage = storage
        self.pixels = pixels
        self.buttons = tuple(buttons)
        self.now = 0
        self.seed = seed
        self.rng = None
        self.job = None
        self.job_shown = False
        # The screens under ``screen`` (push/pop).  Its room is taken now,
        # with the app's: on the board's heap a block first taken in the
        # middle of a game would stay there, splitting the free space the
        # computer player's search needs.
        self.below = [None]
        self.below.pop()
        self.store_due = 0  # 1: asked for; 2: and the answering frame is taken
        self.collect_due = 0    # the same, for a collection (collect_soon)
        self.unload_due = False
        self.prefs = _copy_prefs(DEFAULT_PREFS)
        # The games in progress read from the record, by registry key (a
        # game's VM reads its own only); None: that game's save is gone,
        # and the next store says so.
        self.saves = {}
        self.cued = None    # the sound cue asked for (cue), not yet taken
        # The game whose turn is on screen (keep_game): where a deep
        # sleep wakes into.
        self.playing = None
        # The battery's last reading (the firmware's, primeplay.app.power):
        # (mV, on USB, low), and whether it has been warned of: a VM
        # started for a game or the menu (``start``) follows one that saw
        # the battery already.
        self.power = None
        self.power_warned = start is not None
        # The firmware's way to start the VM again for a game or the main
        # menu (``switch``); None: everything happens in this VM.
        self.restart = None
        # The record, the table's cards, the first screen: code run once,
        # in a module a game in play drops (games.MENUS).
        from primeplay.app import boot
        boot.start(self, DEFAULT_PREFS, start, cards_text)
        if start is None or start == "menu":
            # Run once: in the main menu's VM its code goes (on the
            # boards' VMs), 1.7 KB of the first frame's heap, collected
            # when the loop comes to rest after the first frame (a
            # collection here put some 10 ms before it).  A game's VM
            # drops it with the menus (games.enter), where it always
            # did: where blocks land there decides the computer's room.
            from primeplay.app.games import drop
            drop(("primeplay.app.boot",), collect=False)

    # ------------------------------------------------------------ input
    def press(self, name):
        """One button press; unknown names are ignored."""
        # A store or a collection due on this pass's tick waits for the
        # next frame: the press is answered first (a computer's turn left
        # a store due when A hurried it on, and the press waited 90 ms
        # for a sector erase on the emulated board).
        self.store_due = self.store_due and 1
        self.collect_due = self.collect_due and 1
        if name in BUTTONS:
            if self.prefs["lefty"]:
                # Left-handed, the device is held turned round: the pad's
                # directions swap; A and B are where their labels say.
                name = mirror(name)
            self.screen.press(name)

    def cue(self, name):
        """Ask for sound cue ``name`` (``primeplay.app.cues``): the
        firmware or the simulator plays it, if sound is on.  Of cues
        asked before the next is taken, the last wins."""
        self.cued = name

    def take_cue(self):
        """(cue name, volume: 1 quiet, 2 on) asked for since the last
        call, or None: none, or sound off."""
        name = self.cued
        if name is None:
            return None
        self.cued = None
        v = self.prefs["sound"]
        return (name, v) if v else None

    def tick(self, now_ms):
        if now_ms > self.now:
            self.now = now_ms
        if self.collect_due == 2:
            self.collect_due = 0
            import gc
            gc.collect()
        if self.store_due == 2:
            self.store_due = 0
            self.store()
        if self.unload_due:
            # After the press that left the game has returned: nothing
            # refers to its screen any more.
            self.unload_due = False
            from primeplay.app.games import unload
            unload()
        job = self.job
        if job is None:
            self.screen.tick()
        elif self.job_shown:
            self.job = None         # once, even if it raises
            job()

    def scene(self):
        sc = Scene()
        p = self.prefs
        if colours.safe() != p["colours"]:
            colours.use(p["colours"])
        self.screen.draw(sc)
        if len(sc.leds) != self.pixels:
            sc.leds = [colours.OFF] * self.pixels
        k = p["ring"]
        if k < 256:
            sc.leds = [(c[0] * k >> 8, c[1] * k >> 8, c[2] * k >> 8)
                       for c in sc.leds]
        sc.contrast = p["contrast"]
        sc.flip = p["lefty"]
        if self.job is not None:
            self.job_shown = True
        if self.store_due:
            self.store_due = 2
        if self.collect_due:
            self.collect_due = 2
        return sc

    def next_change(self):
        """When the scene may next differ without a press: a time in
        ``tick``'s milliseconds (at or before now: on the next pass), or
        None (only a press changes it).  Until then ticks change nothing
        and a scene would be the last one again, so the firmware's loop
        builds none: a screen at rest costs the board neither time nor
        garbage.  A screen says so with its own ``next_change()``; one
        without is asked for a scene every pass."""
        if self.job is not None or self.store_due or self.collect_due or self.unload_due:
            return 0
        f = getattr(self.screen, "next_change", None)
        return 0 if f is None else f()

    def go(self, screen, job=None):
        """Switch to ``screen``.  With ``job``, the slow work the screen
        stands for: a later ``tick`` calls ``job()`` (which goes on to the
        next screen) once a scene of ``screen`` has been taken, and ticks
        do nothing else until then.  Presses meanwhile go to ``screen``."""
        self.screen = screen
        self.job = job
        self.job_shown = False

    def push(self, screen):
        """Show ``screen`` over the current one, which ``pop`` returns to
        as it was (a pause menu, a message, a confirmation)."""
        self.below.append(self.screen)
        self.go(screen)

    def pop(self):
        """Back to the screen under the current one (the main menu when
        there is none)."""
        if self.below:
            self.go(self.below.pop())
        else:
            from primeplay.app.menus import MainMenu
            self.go(MainMenu(self))

    def main_menu(self):
        """A new main menu screen: the way back for any screen (a game or
        a tool of the device), none of which imports the menus itself."""
        from primeplay.app.menus import MainMenu
        return MainMenu(self)

    def device_settings(self):
        """The device's Settings screen (``settings_menu``), for the main
        menu, which does not load it before it is opened."""
        from primeplay.app.settings_menu import DeviceSettings
        return DeviceSettings(self)

    def message(self, lines, then=None):
        """A ``Message`` (below) for any screen of the shell that may not
        import this module (the registry, the menus): ``lines``, then A
        goes on to ``then``."""
        return Message(self, lines, then)

    def confirm(self, lines, yes, foot=None, no=None):
        """A question (``pages.Confirm``) for the menus, which may not
        import the pages: A calls ``yes()``, B goes back (then ``no()``)."""
        from primeplay.app.pages import Confirm
        return Confirm(self, lines, yes, foot=foot, no=no)

    def loading(self, title, job, detail=""):
        """``go`` to a Loading screen naming what ``job`` prepares."""
        self.go(Loading(self, title, detail), job)

    def home(self, screen=None):
        """Leave the game (or a game's setup) for the main menu, or for
        ``screen`` on the way there: the settings are stored, and the main
        menu starts on a fresh heap (``switch``); without ``restart``, in
        this VM, where the next tick unloads the game's modules
        (``games.unload``)."""
        self.playing = None
        if screen is None and self.restart is not None:
            self.switch("menu", "Main menu", store=True)
            return
        if screen is None:
            from primeplay.app.menus import MainMenu
            screen = MainMenu(self)
        self.below = []
        self.go(screen)
        self.store_soon()
        import primeplay
        self.unload_due = primeplay.UNLOAD

    def switch(self, intent, title, detail="", store=False):
        """Go where ``intent`` says ("menu", "setup:<game key>",
        "resume:<game key>"), each on a heap of its own: a game never shares the VM
        with the main menu or another game, so leaving one gives back all
        it took, and its modules compile (from .py) or load with the whole
        heap free.  With the firmware's ``restart``, a Loading frame
        (``title``, ``detail``) answers the press, the settings and the
        saved game are stored if ``store``, then ``restart(intent)``
        starts the VM again and a new App goes on with ``begin(intent)``.
        Without it (the simulator, the tests) the same happens in this
        VM."""
        restart = self.restart
        if restart is None:
            if intent == "menu":
                self.home()
            else:
                self.begin(intent)
            return
        self.below = []
        if store:
            self.store_soon()
        self.loading(title, lambda: self._restart(restart, intent), detail)

    def _restart(self, restart, intent):
        # A store still due goes first: a press on the Loading frame runs
        # this job before the tick that would have stored (a finished
        # game came back as "Continue game", a setup's change was lost).
        if self.store_due:
            self.store_due = 0
            self.store()
        restart(intent)

    def begin(self, intent, fresh=False):
        """Go to ``intent`` (see ``switch``) in this VM; False when it
        cannot be: no saved game to resume, an unknown game.  ``fresh``:
        this VM was started for it (the board), so a game run from source
        compiles its largest modules first (``games.warm``); in a VM
        shared with the menus (no ``restart``) the game loads as it is
        used."""
        from primeplay.app import games
        key = intent[intent.find(":") + 1:]
        if intent[:7] == "resume:":
            if self.saves.get(key) is None:
                return False
            if fresh:
                games.warm(key)
            games.resume(self, key)
            return True
        if intent[:6] == "setup:" and games.find(key) is not None:
            if fresh:
                games.warm(key)
            games.setup(self, key)
            return True
        return False

    def keep_game(self, key, play=None):
        """Game ``key``'s game in progress is ``play`` (None: it is over),
        saved on the next tick (``store_soon``).  Only this game's save
        changes: each game keeps its own."""
        self.saves[key] = play
        self.playing = key if play is not None else None
        self.store_soon()

    def game_prefs(self, key, e=None):
        """The remembered settings of game ``key``: a dict in ``prefs``
        under the game's key, with every field of its entry module's
        ``PREFS`` (defaults fill what is missing or of the wrong type) and
        brought in range by its ``sanitize(p)``.  The game changes the
        dict in place; ``store_soon`` saves it.  ``e``: the entry module,
        from a game in play, which has dropped the registry
        (games.enter)."""
        if e is None:
            from primeplay.app.games import entry
            e = entry(key)
        old = self.prefs.get(key)
        if not isinstance(old, dict):
            old = {}
        p = {}
        defaults = e.PREFS
        for k in defaults:
            d = defaults[k]
            v = old.get(k)
            p[k] = v if type(v) == type(d) else \
                list(d) if isinstance(d, list) else \
                dict(d) if isinstance(d, dict) else d
        e.sanitize(p)
        # The same dict every time: a screen holding it sees every change.
        old.clear()
        old.update(p)
        self.prefs[key] = old
        return old

    def has(self, button):
        return button in self.buttons

    def speed(self):
        """The computer speed, an index into settings_menu.SPEEDS (a
        device setting)."""
        return self.prefs["speed"]

    def pace(self, ms):
        """``ms``, a computer's pause or page at normal speed, at the
        device's computer speed (0 at instant)."""
        return ms * _PACE[self.prefs["speed"]] // 8

    def new_seed(self):
        """32 bits for a new game's seed, the next of the App's sequence."""
        if self.rng is None:
            from primeplay.rng import Rng
            self.rng = Rng(self.seed)
        return self.rng.next32()

    # ------------------------------------------------------------ saves
    def set_aside(self, key=None):
        """Keep the settings, drop game ``key``'s save (None: every game's
        and anything else the record holds, which could not be read): the
        next record supersedes the damaged one."""
        if key is not None:
            self.saves[key] = None
            self.store()
            return
        self.saves = {}
        self.store(True)

    def store_soon(self):
        """``store()`` on the tick after the frame answering this press has
        been taken: writing the board's flash can erase a 4 KB sector (tens
        of milliseconds, interrupts off), and the press is answered first.
        The firmware's next pass comes one frame later; a press on that
        pass puts the store off to the pass after its own frame."""
        self.store_due = 1

    def collect_soon(self):
        """Collect garbage on the first tick after the next frame is
        taken: a press that lets code go (a pause menu closing, games.drop
        with ``collect`` False) answers first, and the collection (tens of
        ms in a game's VM) still comes before the screen's next work (a
        computer's search wants the room in one piece)."""
        self.collect_due = 1

    def store(self, whole=False):
        """Write prefs and the saved games; a full or failing store is not
        fatal (the game goes on, unsaved).  Storage with an ``nvm`` (the
        board's flash, the simulator's) keeps a power-safe log with an
        entry per key, written only where it changed
        (``primeplay.save.update``): the games this VM did not read stay
        as they are.  ``whole``: nothing else stays.  Other storage keeps
        a single blob."""
        if self.storage is None:
            return True
        from primeplay import save
        # {"prefs": ...}, and each game in progress under its key.
        record = {"prefs": self.prefs}
        for k in self.saves:
            record[k] = self.saves[k]
        nvm = getattr(self.storage, "nvm", None)
        if nvm is not None:
            return save.update(nvm, record, whole)
        for k in self.saves:
            if record[k] is None:
                del record[k]
        try:
            self.storage.write(save.encode(record))
            return True
        except (OSError, ValueError):
            return False


def _copy_prefs(p):
    out = {}
    for k in p:
        v = p[k]
        out[k] = list(v) if isinstance(v, list) else \
            dict(v) if isinstance(v, dict) else v
    return out


# The foot of a message waiting for a press that names no key itself.
GO_ON = "A: go on"


class Message:
    """A few lines of text; A (or B) goes on to ``then``, or, without one,
    back to the screen it was pushed over (``App.push``).

    With ``timeout`` ms it also goes on by itself (a computer's news).
    ``foot``: a last line at the bottom of the panel ("A: go on"), under
    at most four lines.  A message that waits for a press (no timeout)
    and names no key in its lines gets ``GO_ON`` as its foot: a page
    waiting for a press always says which key."""

    def __init__(self, app, lines, then=None, timeout=None, leds=None,
                 foot=None):
        self.app = app
        self.lines = lines
        self.then = then
        self.until = None if timeout is None else app.now + timeout
        self.leds = leds
        self.foot = foot

    def _on(self):
        if self.then is None:
            self.app.pop()
        else:
            self.app.go(self.then)

    def press(self, name):
        if name in ("A", "B"):
            self._on()

    def tick(self):
        if self.until is not None and self.app.now >= self.until:
            self._on()

    def next_change(self):
        return self.until

    def draw(self, sc):
        foot = self.foot
        if foot is None and self.until is None:
            foot = GO_ON
            for line in self.lines:
                if "A:" in line or "B:" in line:
                    foot = None     # "A: OK" among the lines
        y = 0
        for line in self.lines[:5 if foot is None else 4]:
            sc.text(0, y, line[:WIDTH // CHAR_W])
            y += CHAR_H + 1
        if foot is not None:
            sc.text(0, HEIGHT - CHAR_H, foot[:WIDTH // CHAR_W])
        if self.leds is not None:
            sc.leds = self.leds


class Loading:
    """What a press started, while the work behind it waits for its turn
    (see ``App.go``): the title, "Loading...", a detail line."""

    def __init__(self, app, title, detail=""):
        self.app = app
        self.title = title
        self.detail = detail

    def press(self, name):
        # A press while the work waits for this frame (within one loop
        # pass of the press that started it, on a board): the work first
        # (it was coming anyway), then the press goes to the screen it
        # leads to instead of being lost here.
        app = self.app
        job = app.job
        if job is not None and app.screen is self:
            app.job = None
            job()
            if app.screen is not self:
                app.screen.press(name)

    def tick(self):
        pass

    def draw(self, sc):
        _centre(sc, 4, self.title[:WIDTH // CHAR_W], 1)
        sc.rect(0, CHAR_H + 5, WIDTH, 1, 1)
        _centre(sc, 22, "Loading...", 2)
        if self.detail:
            _centre(sc, HEIGHT - CHAR_H, self.detail[:WIDTH // CHAR_W], 1)
        sc.leds = colours.ring(["grey"], self.app.pixels)


def _centre(sc, y, text, scale):
    sc.text((WIDTH - text_width(text, scale)) // 2, y, text, scale)
