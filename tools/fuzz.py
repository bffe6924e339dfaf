"""A fuzzer that presses the handheld's buttons the way people do.

    python tools/fuzz.py --game daifugo --events 200000 --seed 1
    python tools/fuzz.py --game judge --events 5000 --seed 3 --repro
    python tools/fuzz.py soak --write          # every target, BENCH.md
    python tools/fuzz.py --game daifugo --humans   # every seat a human

It drives ``primeplay.app.App`` as firmware/runner.py's loop does: each
loop pass feeds the presses queued since the last one (0 to 4: single
taps, chords such as A+UP, a key held down or tapped twice, mashing A),
then ``app.tick(now)``, then ``app.scene()``; the clock moves on by a
random amount each pass (mostly a frame, sometimes seconds, so computer
turns and timed pages run).  An *event* is one loop pass; presses are
counted apart.

A run starts an erased 4 KB flash and the main menu with a seed and a
target: ``climb``, ``daifugo``, ``rings`` (the games), ``judge``,
``cards`` (the judge by digits and by cards), ``explorer`` or ``menus``.
For a game a short guide walks the main menu to it (Continue when its
game is saved) and through its setup menu, changing rows at random with
LEFT/RIGHT (players, who is a computer, every variant and advanced rule)
before Start; everything else is random presses, weighted toward A so
that games move on.  ``menus`` runs have no guide: they wander anywhere.

As on the board, starting and leaving a game start the VM again
(``App.switch``): the fuzzer makes a new App with the intent
(``App(start=...)``), and presses still queued in that pass are lost.
At random points the power is cut: between two passes, or in the middle
of a save (the flash is cut after some bytes programmed, or part way
through a sector erase, as ``save.py`` expects of the board's flash);
the App is thrown away and a new one starts on the same flash with no
intent (sleep memory is lost), and the guide presses through to Continue.

After every pass it checks:

a. no exception came out of ``App.press``, ``App.tick``, ``App.scene``
   or a new ``App`` (the traceback and the run's presses are kept);
b. the game the play screen holds is legal: Prime Daifugo's cards are
   all there once (hands, deck, discard pile, play area), Prime Climb's
   pawns (2 a player, each between start and home) and cards (deck,
   discard pile, Keepers), Ring Climb's pawns (3 a player, each on the
   table, a ring space or the top, never two on one space) and cards;
c. with two or more humans, a hand is never on the panel before its
   owner's pass screen was drawn and confirmed (``HandoffChecker``, on
   the scene's ``hand`` and ``handoff`` fields);
d. a power cut that cannot lose the save (one in the middle of an
   append after an intact record) never leads to "Save damaged" or
   "Cannot read saves";
e. when the VM starts again (App.switch) nothing is left unstored: an
   App reading the flash then has the settings and the game in progress
   (or none) this one has.  On the board a store still due is lost;
f. ``App.next_change()`` holds: a pass with no press before the time it
   gave (None: never) builds the scene the last pass built.  The
   firmware builds no scene then, so a screen that changed anyway would
   leave the panel behind.

A failure stops the run; ``--repro`` then shrinks the run's passes to a
smaller sequence that still fails the same way and prints it as Python
to paste into a test (``fuzz.replay(STEPS, seed=..., board=...)``).
Same seed, same run.
"""

import argparse
import os
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from primeplay.rng import Rng  # noqa: E402

TARGETS = ("climb", "daifugo", "rings", "judge", "cards", "explorer",
           "menus")
GAME_TARGETS = ("climb", "daifugo", "rings")
# The main menu's entry for each target (MainMenu.entries).
ENTRY = {"climb": "climb", "daifugo": "daifugo", "rings": "rings",
         "judge": "judge", "cards": "cards", "explorer": "explorer"}
BOARDS = {
    "pico_ref": ("UP", "DOWN", "LEFT", "RIGHT", "A", "B"),
    "pico_pad": ("UP", "DOWN", "LEFT", "RIGHT", "A", "B",
                 "ROLL", "ADD", "SUB", "MUL", "DIV"),
}
PIXELS = 12
NVM_SIZE = 4096
RUN_EVENTS = 4000       # passes in one run (one seed) of a longer fuzz
SOAK_EVENTS = 200000    # passes per target in ``soak``

# How many presses a pass feeds (0..4) and how likely each is.
PRESS_COUNTS = (0, 1, 2, 3, 4)
PRESS_WEIGHTS = (30, 44, 14, 7, 5)
# Keys, weighted toward A so that games move on; B (pause, back, leave)
# rarely.  The op keys only on boards that have them.
KEY_WEIGHTS = {"A": 34, "UP": 11, "DOWN": 11, "LEFT": 11, "RIGHT": 11,
               "B": 6, "ROLL": 4, "ADD": 2, "SUB": 2, "MUL": 2, "DIV": 2}
# ... and where people read the screen before they press.
_READ = {"A": 60, "B": 14, "UP": 5, "DOWN": 5, "LEFT": 3, "RIGHT": 3}
CONTEXT_WEIGHTS = {"Message": _READ, "Confirm": _READ, "News": _READ}
CHORDS = (("A", "UP"), ("A", "DOWN"), ("A", "LEFT"), ("A", "RIGHT"),
          ("A", "B"), ("UP", "A"), ("DOWN", "A"), ("B", "A"),
          ("LEFT", "RIGHT"), ("UP", "DOWN"), ("A", "A"), ("B", "B"),
          ("A", "UP", "A"), ("RIGHT", "A", "B"))
# Power cuts: between two passes, and armed to hit the next save.
CUT_EVERY = 1500        # passes, on average
ARM_EVERY = 1200


class PowerCut(BaseException):
    """The power went: nothing after it runs.  Not an Exception, so no
    ``except Exception`` in the app can swallow it."""


class Restart(BaseException):
    """The firmware's restart (App.switch): the VM starts again with
    ``intent``; what was left of the pass is lost."""

    def __init__(self, intent):
        BaseException.__init__(self, intent)
        self.intent = intent


class Flash(bytearray):
    """The board's 4 KB nvm sector.  Without a cut armed, a write is a
    plain slice assignment (what programming erased bytes, or erasing and
    programming the sector, leaves).  ``arm(k, j)``: the next write is
    cut: after ``k`` bytes programmed, or, when the write has to erase
    the sector (a compaction), with ``j`` set, part way through the erase
    (the first ``j`` bytes erased, the rest as they were)."""

    def __init__(self, size=NVM_SIZE):
        bytearray.__init__(self, b"\xff" * size)
        self.armed = None
        self.last_cut = None    # "append", "erase" or "compact"
        self.writes = 0

    def arm(self, k, j=None):
        self.armed = (k, j)

    def __setitem__(self, index, value):
        self.writes += 1
        if self.armed is None or not isinstance(index, slice):
            bytearray.__setitem__(self, index, value)
            return
        k, j = self.armed
        self.armed = None
        start, stop, _ = index.indices(len(self))
        value = bytes(value)
        if bytes(self[start:stop]).count(b"\xff") == stop - start:
            # With no intact record before it, the record cut short was
            # the only save: "Save damaged" may be told then.
            from primeplay import save
            self.last_cut = "append" if save.newest(bytes(self)) \
                is not None else "first"
            for i in range(min(k, len(value))):
                bytearray.__setitem__(self, start + i,
                                      self[start + i] & value[i])
            raise PowerCut()
        new = bytearray(self)
        new[start:stop] = value
        if j is not None:
            self.last_cut = "erase"
            bytearray.__setitem__(self, slice(0, j), b"\xff" * j)
            raise PowerCut()
        self.last_cut = "compact"
        bytearray.__setitem__(self, slice(0, len(self)),
                              b"\xff" * len(self))
        done = 0
        for i in range(len(new)):
            if new[i] != 0xFF:
                if done >= k:
                    break
                bytearray.__setitem__(self, i, new[i])
                done += 1
        raise PowerCut()


class Storage:
    """What the firmware hands the app: ``nvm``, the flash sector."""

    def __init__(self, nvm):
        self.nvm = nvm


# -------------------------------------------------------------- checkers

class HandoffChecker:
    """Invariant (c): with two or more humans, a frame that shows seat
    ``s``'s hand (``scene.hand == s``) comes only after a frame that
    showed it too, or after a "Pass to" frame for ``s``
    (``scene.handoff == s``) and at least one press since that frame was
    drawn (its owner's confirmation).  Fed in order: ``press()`` for every
    press, ``frame(hand, handoff, humans)`` for every scene; ``frame``
    returns what is wrong, or None."""

    def __init__(self):
        self.mark = None        # ("hand" | "handoff", seat) of the last frame with one
        self.pressed = False    # a press fed since that frame

    def press(self):
        self.pressed = True

    def frame(self, hand, handoff, humans=None):
        """``humans``: the human seats of the game on screen (None: every
        seat is a human's)."""
        err = None
        if hand is not None and (humans is None or
                                 (hand in humans and len(humans) >= 2)):
            m = self.mark
            if m == ("hand", hand) or (m == ("handoff", hand) and
                                       self.pressed):
                pass
            elif m is not None and m[0] == "handoff" and m[1] == hand:
                err = "P%d's hand shown with no press after its pass " \
                      "screen" % (hand + 1)
            elif m is None:
                err = "P%d's hand shown before any pass screen" % (hand + 1)
            else:
                err = "P%d's hand shown after %s P%d, no pass screen " \
                      "for P%d" % (hand + 1, "the hand of" if m[0] == "hand"
                                   else "a pass screen for", m[1] + 1,
                                   hand + 1)
        if handoff is not None:
            self.mark = ("handoff", handoff)
            self.pressed = False
        elif hand is not None:
            self.mark = ("hand", hand)
            self.pressed = False
        return err


def check_hand_sequence(frames):
    """Invariant (c) over a synthetic sequence: items are ``"press"`` or
    ``(hand, handoff)`` (or ``(hand, handoff, humans)``).  Returns the
    list of (index, what is wrong)."""
    c = HandoffChecker()
    out = []
    for i, f in enumerate(frames):
        if f == "press":
            c.press()
            continue
        humans = f[2] if len(f) > 2 else None
        err = c.frame(f[0], f[1], humans)
        if err:
            out.append((i, err))
    return out


PLAY_SCREENS = ("ClimbPlay", "DaifugoPlay", "RingsPlay")


def play_screen(app):
    """The game's play screen, shown or under what is pushed over it."""
    s = app.screen
    if type(s).__name__ in PLAY_SCREENS:
        return s
    for b in reversed(app.below):
        if type(b).__name__ in PLAY_SCREENS:
            return b
    return None


def check_rules(play):
    """Invariant (b) on a play screen's game: what is wrong, or None."""
    kind = type(play).__name__
    game = getattr(play, "game", None)
    if game is None:
        return None     # between games (a rematch builds the next)
    s = game.state
    if kind == "DaifugoPlay":
        cids = list(s.deck) + list(s.discard)
        for h in s.hands:
            cids += h
        for p in s.area:
            cids += list(p[1])
        n = len(s.cards)
        if len(s.hands) != s.settings.players:
            return "cards: %d hands for %d players" % (len(s.hands),
                                                       s.settings.players)
        if sorted(cids) != list(range(n)):
            seen = [0] * n
            odd = []
            for c in cids:
                if 0 <= c < n:
                    seen[c] += 1
                else:
                    odd.append(c)
            lost = [c for c in range(n) if seen[c] == 0]
            twice = [c for c in range(n) if seen[c] > 1]
            return "cards: %d of %d in play; lost %r, twice %r, unknown " \
                   "%r" % (len(cids), n, lost, twice, odd)
        return None
    if kind == "ClimbPlay":
        n = s.settings.players
        if len(s.pos) != 2 * n:
            return "pawns: %d positions for %d players" % (len(s.pos), n)
        for k in range(len(s.pos)):
            v = s.pos[k]
            if not isinstance(v, int) or not 0 <= v <= s.end:
                return "pawns: P%d pawn %s at %r (0..%d)" % (
                    k // 2 + 1, "ab"[k % 2], v, s.end)
        cids = list(s.deck) + list(s.discard)
        for k in s.keepers:
            cids += k
        if s.settings.cards:
            if sorted(cids) != list(range(len(s.cards))):
                return "cards: deck %r discard %r keepers %r of %d" % (
                    s.deck, s.discard, s.keepers, len(s.cards))
        elif cids:
            return "cards: %r in a game without cards" % (cids,)
        return None
    if kind == "RingsPlay":
        from primeplay.rings import board as B
        n = s.settings.players
        if len(s.pawns) != B.PAWNS * n:
            return "pawns: %d for %d players" % (len(s.pawns), n)
        ring = []
        for k in range(len(s.pawns)):
            v = s.pawns[k]
            if v == B.TABLE or v == B.TOP:
                continue
            if not isinstance(v, int) or not B.SPACES <= v < B.TOP:
                return "pawns: P%d pawn %d at %r" % (k // B.PAWNS + 1,
                                                     k % B.PAWNS, v)
            ring.append(v)
        if len(set(ring)) != len(ring):
            return "pawns: two on one space: %r" % (s.pawns,)
        cids = list(s.deck) + list(s.discard)
        for h in s.hands:
            cids += h
        if sorted(cids) != list(range(B.DECK)):
            return "cards: hands %r deck %r discard %r" % (
                s.hands, s.deck, s.discard)
        return None
    return None


def stored_differences(app, nvm):
    """What ``app`` would store that an App reading ``nvm`` would not
    have: ["prefs speed", "prefs rings", "rings game", ...]."""
    from primeplay import save
    from primeplay.app import App
    probe = App(Storage(bytearray(nvm)), seed=0, pixels=PIXELS)
    out = []
    for k in sorted(app.prefs):
        v = app.prefs[k]
        if isinstance(v, dict):
            loose = App(None, seed=0, pixels=PIXELS)
            loose.prefs[k] = _copy(v)
            try:
                mine, theirs = loose.game_prefs(k), probe.game_prefs(k)
            except Exception:   # noqa: BLE001  (a key of no game)
                continue
            if save.body({"x": mine}) != save.body({"x": theirs}):
                out.append("prefs %s" % k)
        elif probe.prefs.get(k) != v:
            out.append("prefs %s" % k)
    # The games this VM read (a game's VM reads its own only).
    for k in sorted(app.saves):
        mine, theirs = app.saves.get(k), probe.saves.get(k)
        if (mine is None) != (theirs is None):
            out.append("game %s %s, stored %s" % (
                k, "none" if mine is None else "saved",
                "none" if theirs is None else "saved"))
        elif mine is not None and \
                save.body({"x": mine}) != save.body({"x": theirs}):
            out.append("%s game changed" % k)
    return out


def _copy(v):
    if isinstance(v, dict):
        return dict((k, _copy(v[k])) for k in v)
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


# -------------------------------------------------------------- failures

class Failure(Exception):
    """What a run found: ``kind`` (exception, rules, hand, save, rest), the
    message, the traceback (for exceptions), where (the pass)."""

    def __init__(self, kind, message, trace="", where=""):
        Exception.__init__(self, "%s: %s" % (kind, message))
        self.kind = kind
        self.message = message
        self.trace = trace
        self.where = where

    def signature(self):
        """What a shrunk run must still fail with: the kind and, for an
        exception, its type and the innermost line of the app's code."""
        if self.kind != "exception":
            return (self.kind, self.message.split(":")[0])
        return (self.kind, self.message.split(":")[0], _innermost(self.trace))


def _innermost(trace):
    last = ""
    for line in trace.splitlines():
        t = line.strip()
        if t.startswith("File ") and "primeplay" in t:
            last = t
    return last


# -------------------------------------------------------------- the device

class Device:
    """The handheld in the fuzzer: the flash, the App, the clock, the
    checks.  ``step(item)`` runs one recorded step: a loop pass
    ``(dt_ms, presses)``, ``("cut", seed)`` (power cut between passes,
    power-up with that seed) or ``("arm", k, j, seed)`` (the next save is
    cut: see Flash.arm; the power-up after it uses ``seed``)."""

    def __init__(self, seed, board="pico_ref", on_soft=None):
        self.on_soft = on_soft
        self.buttons = BOARDS[board]
        self.board = board
        self.flash = Flash()
        self.storage = Storage(self.flash)
        self.now = 0
        self.next_seed = seed
        self.hands = HandoffChecker()
        self.humans = None
        self.stats = {"passes": 0, "presses": 0, "cuts": 0, "cuts_append": 0,
                      "cuts_compact": 0, "restarts": 0, "boots": 0,
                      "turns": 0, "games": 0, "matches": 0, "verdicts": 0,
                      "hands": 0, "handoffs": 0, "screens": {},
                      "slowest_ms": 0.0}
        self._game = None
        self._turn = 0
        self._over = False
        self._match = None
        self._judge = None
        self.damage_ok = None
        self._lossy = False
        self._arm_seed = None
        self.app = None
        self._rest = None   # (app, its next_change(), the scene): check f
        self._boot(None)

    def soft(self, failure):
        """A failure the device lives through (a hand shown, a save lost):
        raised, unless ``on_soft`` takes it and the run goes on.  An
        exception or a broken game ends the run."""
        if self.on_soft is None:
            raise failure
        self.on_soft(failure)

    # -- power and restarts
    def _new_seed(self):
        s = self.next_seed & 0xFFFFFFFF
        self.next_seed = (s * 1103515245 + 12345) & 0xFFFFFFFF
        return s

    def _make(self, start):
        from primeplay.app import App
        app = App(storage=self.storage, seed=self._new_seed(),
                  pixels=PIXELS, buttons=self.buttons, start=start)

        def restart(intent):
            raise Restart(intent)
        app.restart = restart
        return app

    def _boot(self, start, where="boot"):
        """A new App: at a power-up no intent, at a restart ``start``.
        A power cut while it starts (it may store) starts it again."""
        self.app = None
        for _ in range(8):
            try:
                self.app = self._make(start)
            except PowerCut:
                self._cut_happened()
                start = None
                continue
            except Exception as e:  # noqa: BLE001
                raise Failure("exception", "%s in App(start=%r): %s" % (
                    type(e).__name__, start, e), traceback.format_exc(),
                    where)
            self.stats["boots"] += 1
            # After a cut in a sector erase the save may be gone: telling
            # so at this power-up is right.  Any other "Save damaged" is
            # not.
            self.damage_ok = self.app if self._lossy else None
            self._lossy = False
            return
        raise Failure("exception", "no App could start", "", where)

    def _cut_happened(self):
        self.stats["cuts"] += 1
        kind = self.flash.last_cut
        self.flash.last_cut = None
        if kind in ("append", "first"):
            self.stats["cuts_append"] += 1
        elif kind is not None:
            self.stats["cuts_compact"] += 1
        self._lossy = self._lossy or kind in ("erase", "compact", "first")

    # -- one step
    def step(self, item, where=""):
        if item[0] == "cut":
            self.next_seed = item[1]
            self.flash.armed = None
            self._cut_happened()
            self._boot(None, where)
            return
        if item[0] == "arm":
            self.flash.arm(item[1], item[2])
            self._arm_seed = item[3]
            return
        dt, presses = item
        self.stats["passes"] += 1
        t0 = time.perf_counter()
        app = self.app
        before = type(app.screen).__name__
        stage = "press"
        name = None
        try:
            for name in presses:
                self.stats["presses"] += 1
                self.hands.press()
                app.press(name)
            stage = "tick"
            self.now += dt
            app.tick(self.now)
            stage = "scene"
            sc = app.scene()
        except Restart as r:
            self.stats["restarts"] += 1
            self._check_stored(app, r.intent, where)
            self._boot(r.intent, where)
            return
        except PowerCut:
            self._cut_happened()
            if self._arm_seed is not None:
                self.next_seed = self._arm_seed
                self._arm_seed = None
            self._boot(None, where)
            return
        except Exception as e:  # noqa: BLE001
            what = "App.press(%r)" % name if stage == "press" else \
                "App.%s(%d)" % (stage, self.now) if stage == "tick" else \
                "App.scene()"
            raise Failure("exception", "%s in %s: %s" % (
                type(e).__name__, what, e), traceback.format_exc(), where)
        ms = (time.perf_counter() - t0) * 1000
        self._check_rest(app, presses, sc, where)
        if ms > self.stats["slowest_ms"]:
            self.stats["slowest_ms"] = ms
            self.stats["slowest"] = (where, before, presses,
                                     type(app.screen).__name__)
        self.check(sc, where)

    def _check_rest(self, app, presses, sc, where):
        """Invariant (f): at rest the scene stays what it was."""
        rest = self._rest
        if rest is not None and rest[0] is app and not presses and \
                (rest[1] is None or self.now < rest[1]) and \
                not (sc.items == rest[2][0] and sc.leds == rest[2][1]):
            raise Failure("rest", "%s: the scene changed at %d ms without a "
                          "press; next_change() had said %r" % (
                              type(app.screen).__name__, self.now, rest[1]),
                          "", where)
        self._rest = (app, app.next_change(), (list(sc.items), list(sc.leds)))

    def _check_stored(self, app, intent, where):
        """Invariant (e): the VM starts again (App.switch) with nothing
        left to store: what an App reading the flash now would have (the
        settings, each game's as it would use them, the game in progress
        or none) is what this one has.  On the board a store still due
        when the VM restarts is lost."""
        try:
            lost = stored_differences(app, self.flash)
        except Exception as e:  # noqa: BLE001
            raise Failure("exception", "%s in App() on the flash as the VM "
                          "starts again: %s" % (type(e).__name__, e),
                          traceback.format_exc(), where)
        if lost:
            self.soft(Failure("save", "restart(%r) with %s: %s" % (
                intent, "a store still due" if app.store_due else
                "changes not stored", ", ".join(lost)), "", where))

    def check(self, sc, where):
        app = self.app
        scr = app.screen
        name = type(scr).__name__
        seen = self.stats["screens"]
        seen[name] = seen.get(name, 0) + 1
        if name == "Message" and scr.lines and \
                scr.lines[0] in ("Save damaged:", "Cannot read saves:") and \
                app is not self.damage_ok:
            self.soft(Failure("save", "%s %s (no cut that could lose the "
                              "save)" % (scr.lines[0],
                                         " ".join(scr.lines[1:2])),
                              "", where))
        play = play_screen(app)
        if play is not None:
            err = check_rules(play)
            if err:
                raise Failure("rules", "%s: %s" % (type(play).__name__, err),
                              "", where)
            seats = getattr(play, "seats", None)
            if seats is not None:
                self.humans = set(i for i in range(len(seats))
                                  if seats[i] == 0)
            self._progress(play)
        elif name == "Judge":
            if scr.mode != "enter" and self._judge != (id(scr), scr.n,
                                                       scr.mode):
                self.stats["verdicts"] += 1
                self._judge = (id(scr), scr.n, scr.mode)
            elif scr.mode == "enter":
                self._judge = None
        hand = getattr(sc, "hand", None)
        handoff = getattr(sc, "handoff", None)
        if hand is not None or handoff is not None:
            self.stats["hands" if hand is not None else "handoffs"] += 1
            err = self.hands.frame(hand, handoff, self.humans or set())
            if err:
                self.soft(Failure("hand", err, "", where))

    def _progress(self, play):
        g = play.game
        if g is None:
            return
        s = g.state
        if g is not self._game:
            self._game = g
            self._turn = s.turn
            self._over = s.phase == "over"
        elif s.turn > self._turn:
            self.stats["turns"] += s.turn - self._turn
            self._turn = s.turn
        over = s.phase == "over"
        if over and not self._over:
            self.stats["games"] += 1
        self._over = over
        if type(play).__name__ == "DaifugoPlay":
            m = play.mode == "over"
            if m and self._match is not play:
                self.stats["matches"] += 1
                self._match = play


# -------------------------------------------------------------- the person

class Person:
    """Who presses: a person's habits (taps, chords, held keys, double
    taps, mashing A, waiting) and, for a target, a guide through the
    main menu and the setup."""

    def __init__(self, rng, buttons, target, seats=None):
        self.rng = rng
        self.buttons = buttons
        self.target = target
        self.seats = seats      # "humans": every seat a human's (tests)
        self.keys = [b for b in KEY_WEIGHTS if b in buttons]
        self.weights = [KEY_WEIGHTS[b] for b in self.keys]
        self.total = sum(self.weights)
        self.plan = None
        self.habit = False
        self.setup_seen = None
        self.device = None

    # -- random choices
    def chance(self, p):
        return self.rng.randbelow(1000000) < int(p * 1000000)

    def pick(self, seq, weights=None):
        if weights is None:
            return seq[self.rng.randbelow(len(seq))]
        x = self.rng.randbelow(sum(weights))
        for i in range(len(seq)):
            x -= weights[i]
            if x < 0:
                return seq[i]
        return seq[-1]

    def key(self):
        """A key, weighted toward A; people read the screen, so a
        question or a message gets A or B more often."""
        d = self.device
        if d is not None:
            w = CONTEXT_WEIGHTS.get(type(d.app.screen).__name__)
            if w is not None:
                return self.pick(self.keys, [w.get(k, KEY_WEIGHTS[k])
                                             for k in self.keys])
        return self.pick(self.keys, self.weights)

    def dt(self):
        """Milliseconds to the next pass: mostly a frame or a few, now
        and then a pause, rarely seconds."""
        r = self.rng.randbelow(100)
        if r < 72:
            return 5 + self.rng.randbelow(36)
        if r < 90:
            return 40 + self.rng.randbelow(260)
        if r < 98:
            return 300 + self.rng.randbelow(1200)
        return 1500 + self.rng.randbelow(1501)

    # -- the next pass
    def next_pass(self, device):
        """(dt, presses) for the next loop pass."""
        self.device = device
        while True:
            if self.plan is not None and self.habit and self._guided(device):
                self.plan = None    # a screen the guide answers came up
            if self.plan is not None:
                try:
                    return self._held_as_set(device, next(self.plan))
                except StopIteration:
                    self.plan = None
            self.habit = False
            self.plan = self._choose(device)

    def _held_as_set(self, d, step):
        """The guide's keys say where to go on the panel: left-handed
        (the device turned round, the pad mirrored) the person presses
        the other way round.  Habits press blindly, as they are."""
        if self.habit or not d.app.prefs.get("lefty"):
            return step
        from primeplay.app.scene import mirror
        return step[0], tuple(mirror(k) for k in step[1])

    def _guided(self, d):
        """Is the screen one the guide answers (for a target)?"""
        if self.target == "menus":
            return False
        scr = d.app.screen
        name = type(scr).__name__
        return name in ("MainMenu", "DeviceSettings") or \
            name.endswith("Setup") and scr is not self.setup_seen

    def _choose(self, d):
        app = d.app
        scr = app.screen
        name = type(scr).__name__
        if self.target != "menus":
            if name == "MainMenu" and not self.chance(0.015):
                if self.chance(0.12) and "settings" in scr.entries:
                    return self._menu_to(d, scr,
                                         scr.entries.index("settings"))
                return self._to_target(d, scr)
            if name == "DeviceSettings":
                return self._settings(d, scr)
            if name.endswith("Setup") and scr is not self.setup_seen:
                self.setup_seen = scr
                if not self.chance(0.1):
                    return self._setup(d, scr)
            if name == "Confirm" and app.below and \
                    type(app.below[-1]).__name__ == "MainMenu":
                # "A game is saved ... New game replaces it"
                return iter([(self.dt(), ("A" if self.chance(0.85)
                                          else "B",))])
        self.habit = True
        return self._habit()

    def _habit(self):
        r = self.rng.randbelow(100)
        if r < 55:
            return self._taps(1 + self.rng.randbelow(12))
        if r < 65:
            return self._chord()
        if r < 73:
            return self._hold()
        if r < 80:
            return self._double()
        if r < 90:
            return self._mash()
        return self._wait()

    def _taps(self, n):
        for _ in range(n):
            k = self.pick(PRESS_COUNTS, PRESS_WEIGHTS)
            yield self.dt(), tuple([self.key() for _ in range(k)])

    def _chord(self):
        chord = self.pick(CHORDS)
        yield self.dt(), chord
        for _ in range(self.rng.randbelow(3)):
            yield self.dt(), ()

    def _hold(self):
        """A key held down, or pressed again and again: the same key on
        many passes in a row, sometimes twice in one."""
        k = self.key()
        for _ in range(3 + self.rng.randbelow(28)):
            yield 20 + self.rng.randbelow(130), \
                (k, k) if self.chance(0.1) else (k,)

    def _double(self):
        k = self.key()
        if self.chance(0.5):
            yield self.dt(), (k, k)
        else:
            yield 5 + self.rng.randbelow(60), (k,)
            yield 5 + self.rng.randbelow(60), (k,)

    def _mash(self):
        for _ in range(2 + self.rng.randbelow(14)):
            yield self.dt(), ("A",) if not self.chance(0.08) else ()

    def _wait(self):
        for _ in range(1 + self.rng.randbelow(40)):
            yield 50 + self.rng.randbelow(2950 if self.chance(0.3)
                                          else 450), ()

    # -- the guide
    def _gap(self):
        """A person's pace between two presses of a plan."""
        for _ in range(self.rng.randbelow(3)):
            yield 10 + self.rng.randbelow(200), ()

    def _to_target(self, d, menu):
        app = d.app
        want = ENTRY[self.target]
        if "continue:" + self.target in menu.entries and self.chance(0.75):
            want = "continue:" + self.target
        if want not in menu.entries:
            return iter([(self.dt(), (self.key(),))])
        return self._menu_to(d, menu, menu.entries.index(want))

    def _menu_to(self, d, menu, idx):
        while d.app.screen is menu and menu.cursor != idx:
            n = len(menu.rows())
            down = (idx - menu.cursor) % n
            yield 20 + self.rng.randbelow(250), \
                ("DOWN" if down <= n - down else "UP",)
            for g in self._gap():
                yield g
        if d.app.screen is menu:
            yield 20 + self.rng.randbelow(250), ("A",)
        # A Loading frame: most people wait for what comes (a press there
        # would go on to it, A on a setup's Start starting the game).
        if self.chance(0.85):
            for _ in range(20):
                if type(d.app.screen).__name__ != "Loading" and \
                        d.app.screen is not menu:
                    break
                yield 20 + self.rng.randbelow(100), ()

    def _settings(self, d, scr):
        """The device's settings: a row at random, a few changes, then
        back."""
        for _ in range(self.rng.randbelow(len(scr.rows()))):
            if d.app.screen is not scr:
                return
            yield 20 + self.rng.randbelow(200), ("DOWN",)
        k = "RIGHT" if self.chance(0.5) else "LEFT"
        for _ in range(self.rng.randbelow(4)):
            if d.app.screen is not scr:
                return
            yield 20 + self.rng.randbelow(200), (k,)
        if d.app.screen is scr:
            yield 20 + self.rng.randbelow(200), ("B",)

    def _setup(self, d, scr):
        """Change some rows of a setup menu at random, then Start."""
        done = []
        while d.app.screen is scr:
            # The rows in a random order, and the rows a change brings
            # (a seat, "Multi in 3", a second Way Station) too.
            lay = [k for k, _ in scr.layout()]
            left = [k for k in lay if k != "start" and k not in done]
            if not left:
                break
            key = left[self.rng.randbelow(len(left))]
            done.append(key)
            if not self.chance(0.6) and not (self.seats and
                                             key.startswith("seat")):
                continue
            for x in self._rows_to(d, scr, lay.index(key)):
                yield x
            if key.startswith("seat") and (self.seats == "humans" or
                                           self.chance(0.5)):
                s = int(key[4:])
                for _ in range(4):
                    if d.app.screen is not scr or scr.p["seats"][s] == 0:
                        break
                    yield 20 + self.rng.randbelow(200), ("RIGHT",)
                continue
            k = "RIGHT" if self.chance(0.6) else "LEFT"
            for _ in range(self.rng.randbelow(8)):
                if d.app.screen is not scr:
                    return
                yield 20 + self.rng.randbelow(200), (k,)
        if d.app.screen is not scr:
            return
        lay = [k for k, _ in scr.layout()]
        for x in self._rows_to(d, scr, lay.index("start")):
            yield x
        if d.app.screen is scr:
            yield 20 + self.rng.randbelow(200), ("A",)

    def _rows_to(self, d, scr, idx):
        for _ in range(40):
            if d.app.screen is not scr or scr.cursor == idx:
                return
            n = len(scr.rows())
            down = (idx - scr.cursor) % n
            yield 20 + self.rng.randbelow(200), \
                ("DOWN" if down <= n - down else "UP",)


# -------------------------------------------------------------- runs

def board_for(seed):
    """Every third run on the board with ROLL and + - x / buttons."""
    return "pico_pad" if seed % 3 == 2 else "pico_ref"


class Run:
    """One fuzz run: a target, a seed, ``events`` loop passes.  ``steps``
    is what was fed (a pass, a cut, an armed cut), enough to replay it.
    ``failures``: what it found, each kind once (``Failure.at``: the
    number of steps that lead to it); an exception or a broken game ends
    the run, a hand shown or a save lost does not."""

    def __init__(self, target, seed, events=RUN_EVENTS, board=None,
                 seats=None):
        if target not in TARGETS:
            raise ValueError("no target %r (%s)" % (target,
                                                    ", ".join(TARGETS)))
        self.target = target
        self.seed = seed
        self.events = events
        self.board = board or board_for(seed)
        self.seats = seats
        self.steps = []
        self.failures = []
        self.device = None
        self.seconds = 0.0

    @property
    def failure(self):
        """The first failure, or None."""
        return self.failures[0] if self.failures else None

    def _found(self, f):
        f.at = len(self.steps)
        if f.signature() not in [x.signature() for x in self.failures]:
            self.failures.append(f)

    def go(self):
        t0 = time.perf_counter()
        rng = Rng(self.seed * 7919 + TARGETS.index(self.target))
        person = Person(rng, BOARDS[self.board], self.target, self.seats)
        try:
            d = self.device = Device(self.seed, self.board, self._found)
            while d.stats["passes"] < self.events:
                if rng.randbelow(CUT_EVERY) == 0:
                    item = ("cut", rng.next32())
                elif d.flash.armed is None and rng.randbelow(ARM_EVERY) == 0:
                    item = ("arm", rng.randbelow(220),
                            rng.randbelow(NVM_SIZE + 1)
                            if rng.randbelow(2) else None, rng.next32())
                else:
                    item = person.next_pass(d)
                self.steps.append(item)
                d.step(item, "step %d" % (len(self.steps) - 1))
        except Failure as f:
            self._found(f)
        self.seconds = time.perf_counter() - t0
        return self

    def stats(self):
        return self.device.stats if self.device is not None else {}

    def steps_to(self, failure):
        """The steps that lead to ``failure``."""
        return self.steps[:failure.at]


def replay(steps, seed, board="pico_ref", want=None):
    """Feed recorded ``steps`` to a new device; raises the Failure they
    lead to (fuzz.Failure), else returns the device.  ``want``: the
    signature of the failure looked for (others a device lives through
    are passed over)."""
    def soft(f):
        if want is None or f.signature() == want:
            raise f
    d = Device(seed, board, soft)
    for i in range(len(steps)):
        it = steps[i]
        if it[0] not in ("cut", "arm"):
            it = (it[0], tuple(it[1]))
        d.step(tuple(it), "step %d" % i)
    return d


def _fails_like(steps, seed, board, sig):
    try:
        replay(steps, seed, board, sig)
    except Failure as f:
        return f.signature() == sig
    return False


def shrink(steps, seed, board, failure, budget_s=60.0):
    """A shorter list of steps that fails the same way (delta debugging,
    as far as ``budget_s`` seconds allow): whole chunks of steps dropped,
    then presses dropped from the passes left, then long waits cut."""
    sig = failure.signature()
    t_end = time.perf_counter() + budget_s
    cur = list(steps)
    # Quick wins first: the passes without presses (their time given to
    # the next pass), then the power cuts.
    for drop in ("idle", "cuts"):
        cand = _without(cur, drop)
        if len(cand) < len(cur) and _fails_like(cand, seed, board, sig):
            cur = cand
    n = 2
    while len(cur) >= 2 and time.perf_counter() < t_end:
        size = max(1, len(cur) // n)
        removed = False
        i = 0
        while i < len(cur) and time.perf_counter() < t_end:
            cand = cur[:i] + cur[i + size:]
            if cand and _fails_like(cand, seed, board, sig):
                cur = cand
                removed = True
            else:
                i += size
        if removed:
            n = max(2, n - 1)
        elif size == 1:
            break
        else:
            n = min(len(cur), n * 2)
    # Fewer presses in the passes left; then shorter waits.
    for i in range(len(cur)):
        if time.perf_counter() >= t_end:
            break
        it = cur[i]
        if it[0] in ("cut", "arm") or len(it[1]) < 2:
            continue
        for j in range(len(it[1]) - 1, -1, -1):
            p = cur[i][1]
            cand = list(cur)
            cand[i] = (cur[i][0], p[:j] + p[j + 1:])
            if _fails_like(cand, seed, board, sig):
                cur = cand
    for i in range(len(cur)):
        if time.perf_counter() >= t_end:
            break
        if cur[i][0] not in ("cut", "arm") and cur[i][0] > 50:
            cand = list(cur)
            cand[i] = (20, cur[i][1])
            if _fails_like(cand, seed, board, sig):
                cur = cand
    return cur


def _without(steps, what):
    out = []
    carry = 0
    for it in steps:
        if it[0] in ("cut", "arm"):
            if what != "cuts":
                out.append(it)
            continue
        if what == "idle" and not it[1]:
            carry += it[0]
            continue
        out.append((it[0] + carry, it[1]))
        carry = 0
    return out


def repro_text(run, steps=None, failure=None):
    """A failure of ``run`` (its first by default) as Python to paste
    into a test."""
    f = failure or run.failure
    steps = run.steps_to(f) if steps is None else steps
    lines = ["# %s, seed %d, board %s: %s" % (run.target, run.seed,
                                               run.board, f),
             "# found at %s of the run; %d steps here" % (f.where,
                                                          len(steps))]
    if f.trace:
        lines += ["# " + x for x in f.trace.rstrip().splitlines()]
    lines.append("import fuzz")
    lines.append("STEPS = [")
    for it in steps:
        lines.append("    %r," % (it,))
    lines.append("]")
    lines.append("fuzz.replay(STEPS, seed=%d, board=%r, want=%r)"
                 % (run.seed, run.board, f.signature()))
    lines.append("# raises fuzz.Failure: %s" % f)
    return "\n".join(lines)


# -------------------------------------------------------------- totals

def fuzz(target, events, seed=1, run_events=RUN_EVENTS, seats=None,
         on_run=None):
    """``events`` loop passes of ``target`` in runs of ``run_events``,
    seeds ``seed``, ``seed + 1``, ...  Returns (totals, failed runs)."""
    totals = new_totals(target)
    failed = []
    s = seed
    while totals["passes"] < events:
        r = Run(target, s, min(run_events, events - totals["passes"]),
                seats=seats).go()
        add_totals(totals, r)
        if r.failure is not None:
            failed.append(r)
        if on_run is not None:
            on_run(r)
        s += 1
    return totals, failed


def new_totals(target):
    return {"target": target, "runs": 0, "passes": 0, "presses": 0,
            "cuts": 0, "cuts_append": 0, "cuts_compact": 0, "restarts": 0,
            "turns": 0, "games": 0, "matches": 0, "verdicts": 0,
            "hands": 0, "handoffs": 0, "screens": 0, "failures": 0,
            "seconds": 0.0, "slowest_ms": 0.0}


def add_totals(t, r):
    st = r.stats()
    t["runs"] += 1
    for k in ("passes", "presses", "cuts", "cuts_append", "cuts_compact",
              "restarts", "turns", "games", "matches", "verdicts", "hands",
              "handoffs"):
        t[k] += st.get(k, 0)
    t["screens"] = max(t["screens"], len(st.get("screens", ())))
    t["slowest_ms"] = max(t["slowest_ms"], st.get("slowest_ms", 0.0))
    t["failures"] += len(r.failures)
    t["seconds"] += r.seconds


def _soak_one(args):
    target, events, seed, run_events = args
    totals, failed = fuzz(target, events, seed, run_events)
    return totals, [(r.target, r.seed, r.board, f.kind, f.message, f.where,
                     f.trace, f.signature()) for r in failed
                    for f in r.failures]


def group_failures(fails):
    """[(signature, [failure tuples])], the most frequent first."""
    by = {}
    order = []
    for f in fails:
        if f[7] not in by:
            by[f[7]] = []
            order.append(f[7])
        by[f[7]].append(f)
    out = [(sig, by[sig]) for sig in order]
    out.sort(key=lambda x: -len(x[1]))
    return out


def soak(events=SOAK_EVENTS, seed=1, run_events=RUN_EVENTS, jobs=None,
         targets=TARGETS):
    """Every target, ``events`` passes each, split over ``jobs`` processes
    (each target's passes in slices of whole runs)."""
    jobs = jobs or os.cpu_count() or 1
    fuzzed = tree()
    per = max(1, min(jobs * 2 // len(targets) + 1,
                     events // run_events or 1))
    work = []
    for t in targets:
        share = events // per
        for k in range(per):
            n = share if k < per - 1 else events - share * (per - 1)
            # Seeds far apart: the slices never share a run.
            work.append((t, n, seed + k * 100000, run_events))
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_soak_one, work, chunksize=1)
    else:
        results = [_soak_one(w) for w in work]
    wall = time.perf_counter() - t0
    out = {}
    fails = []
    for (tot, f) in results:
        t = out.setdefault(tot["target"], new_totals(tot["target"]))
        for k in t:
            if k == "target":
                continue
            if k in ("screens", "slowest_ms"):
                t[k] = max(t[k], tot[k])
            else:
                t[k] += tot[k]
        fails += f
    return [out[t] for t in targets], fails, wall, jobs, fuzzed


# -------------------------------------------------------------- BENCH.md

SECTION = "## Fuzzing"


def section(rows, fails, wall, jobs, events, seed, fuzzed=None):
    cpu = sum(r["seconds"] for r in rows)
    out = [SECTION, "",
           "`python tools/fuzz.py soak --write` (`make soak`): every "
           "target driven from the main menu as people press (0-4 presses "
           "a loop pass: taps, chords, held keys, double taps, mashing A; "
           "5 ms to 3 s between passes), runs of %d passes from seed %d "
           "on, every third on pico_pad (ROLL and + - x /), with power "
           "cuts between passes and in the middle of saves, the VM "
           "started again at every App.switch. An event is one loop pass."
           % (RUN_EVENTS, seed), "",
           "Checked after every pass: no exception from App.press, "
           "App.tick, App.scene or a new App; the game's cards and pawns "
           "all there (Daifugo: hands, deck, discard, play area; Climb: "
           "2 pawns a player in range, deck, discard, Keepers; Ring "
           "Climb: 3 pawns a player on the table, a ring or the top, "
           "one a space, every card); with 2+ humans no hand on the "
           "panel before its owner's pass screen and a press; no "
           "\"Save damaged\" after a power cut that keeps the save; "
           "nothing left unstored when the VM starts again (App.switch).",
           "", "The tree: %s." % (fuzzed or tree()), "",
           "| target | runs | events | presses | power cuts (in a save) "
           "| restarts | turns | games over | verdicts | hands shown "
           "| failures |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append("| %s | %d | %d | %d | %d (%d) | %d | %d | %s | %d | "
                   "%d | %d |" % (r["target"], r["runs"], r["passes"],
                                  r["presses"], r["cuts"],
                                  r["cuts_append"] + r["cuts_compact"],
                                  r["restarts"], r["turns"],
                                  "%d (%d matches)" % (r["games"],
                                                       r["matches"])
                                  if r["target"] == "daifugo" else
                                  str(r["games"]), r["verdicts"],
                                  r["hands"], r["failures"]))
    total = sum(r["passes"] for r in rows)
    out += ["", "%d events in %.0f s on %d processes (%.0f events/s a "
            "process; the slowest pass by the wall clock, other work on "
            "the machine included, %.0f ms)." % (
                total, wall, jobs, total / cpu if cpu else 0,
                max(r["slowest_ms"] for r in rows)), ""]
    if fails:
        out.append("Failures, by kind (reproduce one with `python "
                   "tools/fuzz.py --game TARGET --seed SEED --events N "
                   "--repro`, N the run's %d):" % RUN_EVENTS)
        out.append("")
        for sig, fs in group_failures(fails):
            f = fs[0]
            where = " at `%s`" % _short(sig[2]) if len(sig) > 2 and sig[2] \
                else ""
            out.append("- %s: %s%s: %d run%s (%s); first %s seed %d "
                       "(%s), %s" % (
                           f[3], f[4][:160], where, len(fs),
                           "" if len(fs) == 1 else "s",
                           ", ".join(sorted(set(x[0] for x in fs))),
                           f[0], f[1], f[2], f[5]))
        out.append("")
    else:
        out.append("Failures: none.")
        out.append("")
    return "\n".join(out)


def tree():
    """The commit fuzzed, and whether lib/ or firmware/ had changes not
    committed."""
    import subprocess
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                              cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "lib",
                                "firmware"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "not a git checkout"
    return "commit %s%s" % (head, " with changes to lib/ not yet "
                            "committed" if dirty else "")


def _short(frame_line):
    """'File ".../lib/primeplay/app/judge.py", line 154, in tick' as
    'primeplay/app/judge.py:154 tick'."""
    t = frame_line.replace('"', "")
    i = t.find("primeplay/")
    if i < 0:
        return t
    parts = t[i:].split(", ")
    out = parts[0]
    for x in parts[1:]:
        if x.startswith("line "):
            out += ":" + x[5:]
        elif x.startswith("in "):
            out += " " + x[3:]
    return out


def write_section(text, path=None):
    path = path or os.path.join(ROOT, "BENCH.md")
    with open(path) as f:
        old = f.read()
    i = old.find("\n" + SECTION + "\n")
    if i >= 0:
        # The section and whatever follows it up to the next "## ".
        j = old.find("\n## ", i + 1)
        new = old[:i + 1] + text.rstrip("\n") + "\n" + \
            ("\n" + old[j + 1:] if j >= 0 else "")
    else:
        new = old.rstrip("\n") + "\n\n" + text
    if not new.endswith("\n"):
        new += "\n"
    with open(path, "w") as f:
        f.write(new)


# -------------------------------------------------------------- command line

def _print_totals(t):
    print("%s: %d runs, %d events (passes), %d presses, %d power cuts "
          "(%d in a save), %d restarts, %d turns, %d games over%s, %d "
          "verdicts, %d hands and %d pass screens drawn, %d screens, %d "
          "failures; %.1f s, %.0f events/s, the slowest pass %.0f ms" % (
              t["target"], t["runs"], t["passes"], t["presses"], t["cuts"],
              t["cuts_append"] + t["cuts_compact"], t["restarts"],
              t["turns"], t["games"],
              " (%d matches)" % t["matches"] if t["target"] == "daifugo"
              else "", t["verdicts"], t["hands"], t["handoffs"],
              t["screens"], t["failures"],
              t["seconds"], t["passes"] / t["seconds"] if t["seconds"]
              else 0, t["slowest_ms"]))


def _report(r, repro, budget):
    for f in r.failures:
        print("FAILURE %s seed %d (%s) at %s: %s" % (r.target, r.seed,
                                                     r.board, f.where, f))
        if f.trace:
            print(f.trace.rstrip())
        if repro:
            steps = shrink(r.steps_to(f), r.seed, r.board, f, budget)
            print(repro_text(r, steps, f))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", nargs="?", choices=("run", "soak"),
                    default="run")
    ap.add_argument("--game", "--target", dest="target", default="daifugo",
                    choices=TARGETS)
    ap.add_argument("--events", type=int, default=None,
                    help="loop passes (per target for soak)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--run-events", type=int, default=RUN_EVENTS,
                    help="passes in one run (one seed)")
    ap.add_argument("--humans", action="store_true",
                    help="every seat a human's in the setups")
    ap.add_argument("--repro", action="store_true",
                    help="on a failure, shrink the run and print it as "
                         "Python steps")
    ap.add_argument("--shrink-seconds", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--write", action="store_true",
                    help="soak: write BENCH.md's Fuzzing section")
    a = ap.parse_args(argv)
    if a.command == "soak":
        events = a.events or SOAK_EVENTS
        rows, fails, wall, jobs, fuzzed = soak(events, a.seed, a.run_events,
                                               a.jobs)
        for t in rows:
            _print_totals(t)
        for sig, fs in group_failures(fails):
            f = fs[0]
            print("FAILURE x%d, first %s seed %d (%s) at %s: %s: %s" % (
                len(fs), f[0], f[1], f[2], f[5], f[3], f[4]))
            if f[6]:
                print(f[6].rstrip())
        text = section(rows, fails, wall, jobs, events, a.seed, fuzzed)
        if a.write:
            write_section(text)
            print("BENCH.md: Fuzzing written")
        else:
            print()
            print(text)
        return 1 if fails else 0
    events = a.events or a.run_events

    def on_run(r):
        if r.failures:
            _report(r, a.repro, a.shrink_seconds)
    totals, failed = fuzz(a.target, events, a.seed, a.run_events,
                          seats="humans" if a.humans else None,
                          on_run=on_run)
    _print_totals(totals)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
