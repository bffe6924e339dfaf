"""primeplay firmware: what code.py runs at boot (``runner.main()``).

Loads the board profile named by ``PRIMEPLAY_BOARD`` in settings.toml
(default ``pico_ref``), builds the device adapter and the app, then loops:
buttons -> app.press, app.tick(ms), device.show(scene) when the scene
changed; no scene is built while the app says nothing can change
(``app.next_change()``).  Any unexpected error puts an error screen up (type and message,
LEDs red, "A: restart"), logs the traceback on the serial console, waits
for A or 30 s and restarts the board.  The saved game is untouched: saves
happen only after committed turns.  A MemoryError (a screen or a computer's
decision that did not fit) is survived without a restart: the app is
dropped, its heap collected, the error shown until A, and a new app starts
at the main menu with the saved game.  Ctrl-C (KeyboardInterrupt) is not
caught, so the REPL stays reachable.

Hardware modules are imported inside ``main`` only: the host tests import
this file on CPython and drive ``run`` and ``fail`` with fakes.

Whatever ends the loop (Ctrl-C, a soft reload, the error path's restart),
the display, its I2C bus, the pixels and the keys are released on the way
out, so the next code.py run (or the REPL) can claim the pins again.

settings.toml may also hold, for tests and makers:
``PRIMEPLAY_SEED = 7`` (a fixed game seed; otherwise the device seeds
itself) and ``PRIMEPLAY_DEBUG = 1`` (after every frame shown, one console
line ``primeplay: frame N press P``, P the key events the loop had taken
when it drew the frame, so a tool gives each press exactly its frame;
after the collection the loop makes when the screen comes to rest,
``primeplay: rest free BYTES``, the heap then free; tools/pico.py reads
them to know a frame is complete, which press it answers and how much
room the game leaves; and once, before anything is set up, ``primeplay:
start free BYTES``).  The lines change nothing the device does: no
collection is added, so a board with them runs as the shipped one.
``PRIMEPLAY_DEBUG = 2`` collects after every frame and adds to its line
the heap free, what is allocated and the room left (see FrameProbe): for
measuring the heap, not the time.
"""

import sys
import time

DEFAULT_BOARD = "pico_ref"
FRAME_MS = 20           # main loop period
REST_MS = 1000          # longest sleep of a screen at rest (between polls)
KEY_POLL_S = 0.002      # ...cut short when a key event is queued: polls
                        # this often for HOT_MS after a press or a frame,
REST_POLL_S = 0.025     # ...and this often when the screen has been still
HOT_MS = 3000
ERROR_WAIT_MS = 30_000  # error screen: restart after this long without A
ERROR_ARM_MS = 700      # ...ignoring presses this soon (a held or queued A)
ERROR_POLL_S = 0.05
RED = (255, 0, 0)
LINE_CHARS = 21         # terminalio 6x12 cells across 128 pixels


def ms_clock():
    """Milliseconds since boot.  monotonic_ns, not monotonic(): CircuitPython's
    float monotonic() loses millisecond resolution after about an hour."""
    return time.monotonic_ns() // 1_000_000


TICKS_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps to 0 at this


def board_clock():
    """ticks_clock on supervisor.ticks_ms, or ms_clock where there is none."""
    try:
        import supervisor
        return ticks_clock(supervisor.ticks_ms)
    except (ImportError, AttributeError):
        return ms_clock


def ticks_clock(ticks_ms):
    """A clock like ms_clock that allocates nothing, from
    supervisor.ticks_ms: the loop asks the clock a few times a pass, and
    monotonic_ns() makes long ints (nanoseconds pass 2**30 after a
    second): about 10 KB of garbage a second at rest, which the next
    press paid to collect.  ticks_ms() is a small int that wraps every
    2**29 ms (6.2 days); the clock counts the wraps and goes on."""
    seen = [0, 0]   # the last ticks_ms(), and the ms of the wraps before it

    def clock():
        t = ticks_ms()
        if t < seen[0]:
            seen[1] += TICKS_PERIOD
        seen[0] = t
        return seen[1] + t
    return clock


def run(device, app, clock, sleep, restart=None, pixels=12, frames=None,
        probe=None, make_app=None, collect=None):
    """The main loop.  ``device``: ``poll()`` -> button names, ``show(scene)``;
    ``app``: ``press(name)``, ``tick(ms)``, ``scene()``; ``clock()`` -> ms;
    ``sleep(seconds)``.  Never returns on the board; ``frames`` bounds the
    loop for tests.  ``probe`` (a FrameProbe, for the debug line), if
    given, reports every frame shown.

    A MemoryError in a screen or a computer's decision is survived when
    ``make_app`` is given: the app is dropped and its heap collected, the
    error is shown until A, then ``make_app()`` starts again at the main
    menu, where the saved game (written only after committed turns) waits.
    Any other exception, or one while starting again, goes to ``fail``
    (error screen, restart).

    ``collect`` (gc.collect on the board) runs once each time the app
    comes to rest (``app.next_change()``): the garbage of the work before
    goes then, not inside the next press."""
    passes = [0]
    while True:
        try:
            _loop(device, app, clock, sleep, frames, probe, passes, collect)
            return
        except MemoryError as exc:
            if make_app is None:
                fail(exc, device, clock, sleep, restart, pixels)
                return
            app = None  # its screens and game are what filled the heap
            device = recover(exc, device, clock, sleep, pixels)
        except Exception as exc:  # noqa: BLE001 - the board must never just stop
            fail(exc, device, clock, sleep, restart, pixels)
            return
        try:
            app = make_app()
        except Exception as exc:  # noqa: BLE001
            fail(exc, device, clock, sleep, restart, pixels)
            return


def _loop(device, app, clock, sleep, frames, probe, passes, collect=None):
    shown = None
    shown_count = 0
    # When the app's scene may next change without a press (None: only a
    # press changes it): a screen at rest is not built again fifty times
    # a second, which kept the core awake a third of the time and filled
    # the heap with garbage that the next press then paid to collect.
    next_change = getattr(app, "next_change", None)
    pending = getattr(device, "pending", None)
    # Sound: the app's cues, played by the device (a piezo, if the board
    # has one) a note at a time from this loop.
    take_cue = getattr(app, "take_cue", None)
    if getattr(device, "cue", None) is None:
        take_cue = None
    sounding = None     # when the cue's next note starts (ms); None: silent
    # Sleep after the set time without a press (firmware/dimmer.py), on a
    # device that can put its panel and ring to sleep: made after the
    # first frame, whose time its import would lengthen.
    dimmer = None
    dim = getattr(device, "sleep", None) is not None and \
        getattr(app, "prefs", None) is not None
    wake = 0
    rested = True
    presses = 0         # key events taken: the debug line's press count
    hot_until = 0       # fast key polls until then (ms)
    while frames is None or passes[0] < frames:
        pressed = False
        names = device.poll()
        if names:
            presses += len(names)
        if names and dimmer is not None and dimmer.press(clock()):
            # The press woke the panel and the ring: it does nothing else
            # (a card played unseen), and the frame is drawn again.
            names = ()
            shown = None
        if names and rested:
            # The loop slept at rest (up to REST_MS): the app's clock is as
            # old as its last pass.  A tick first, as the passes of a
            # frame each used to make, so a press acts at its own time
            # (a pause it starts is not already over).
            app.tick(clock())
        for name in names:
            app.press(name)
            pressed = True
        now = clock()
        if take_cue is not None:
            # Before the tick: a tick's work (a save, a computer's turn)
            # would hold the note playing that much longer.  A cue the
            # tick asks for starts on the next pass.
            asked = take_cue()
            if asked is not None and dimmer is not None and dimmer.asleep:
                asked = None    # no beeps from a game going on in the dark
            if asked is not None:
                left = device.cue(asked, now)
                sounding = None if left is None else now + left
            elif sounding is not None and now >= sounding:
                left = device.sound_step(now)
                sounding = None if left is None else now + left
        app.tick(now)
        if dimmer is not None and dimmer.asleep:
            rested = True       # nothing drawn while the panel sleeps
        elif pressed or shown is None or wake is not None and now >= wake:
            scene = app.scene()
            wake = 0 if next_change is None else next_change()
            if shown is None or not (scene == shown):
                device.show(scene)
                # A copy: an app that mutates and returns one Scene object
                # would otherwise always compare equal to what was shown.
                shown = _snapshot(scene)
                shown_count += 1
                if probe is not None:
                    probe.frame(shown_count, presses)
            rested = False
        elif not rested and sounding is None:
            # (Not while a cue plays: a collection takes tens of ms, and
            # the note due meanwhile would start that late.)
            rested = True
            if collect is not None:
                collect()
                if probe is not None:
                    probe.rest()
        # A pass that drew is followed a frame later by one at rest, which
        # collects the garbage of the work before the next press.
        t = clock()
        if dim and shown is not None:
            dim = False
            from dimmer import Dimmer  # pylint: disable=import-outside-toplevel
            dimmer = Dimmer(app, device, t)
        ms = rest_ms(wake, t) if rested else FRAME_MS
        if sounding is not None and sounding - t < ms:
            # The next note starts on time, however long the frame took.
            ms = sounding - t if sounding > t else 0
        if dimmer is not None:
            due = dimmer.check(t)
            if dimmer.deep(t):
                dimmer.deep_sleep()
                return
            if dimmer.redraw:
                dimmer.redraw = False
                wake = 0        # the next pass draws what the reading changed
                ms = 0
            if dimmer.asleep:
                # Asleep: the game goes on unseen, a pass a REST_MS (a
                # press still answers at the keypad's next poll).
                ms = REST_MS
            elif due is not None and due - t < ms:
                ms = due - t if due > t else 0
        if pressed or not rested:
            hot_until = t + HOT_MS
        idle(pending, clock, sleep, ms, KEY_POLL_S if t < hot_until else REST_POLL_S)
        passes[0] += 1


def woke():
    """True when this run is the wake from ``deep_sleep`` (real or
    pretended: ``alarm.wake_alarm`` is the alarm that ended it)."""
    try:
        import alarm  # pylint: disable=import-outside-toplevel
        return alarm.wake_alarm is not None
    except Exception:   # noqa: BLE001  (no alarm module)
        return False


def rest_ms(wake, now):
    """How long the loop may sleep before its next pass: until the app's
    next change (``wake``: a time, or None for a press only), at least a
    frame and at most REST_MS.  A press cuts it short (``idle``).  A
    screen at rest so wakes the core for the keypad's polls alone, not
    for a loop pass fifty times a second: the main menu's core was awake
    8% of the time, all of it waiting."""
    if wake is None:
        return REST_MS
    ms = wake - now
    return FRAME_MS if ms < FRAME_MS else REST_MS if ms > REST_MS else ms


def idle(pending, clock, sleep, ms=FRAME_MS, poll_s=KEY_POLL_S):
    """Sleep about ``ms`` between loop passes, waking early when the
    device has a key event queued (``pending()``, the device's): a press
    is then answered within a keypad scan and ``poll_s``, not up to a
    whole frame later.  A device without ``pending`` (None) just sleeps.

    Each poll costs the core about half a millisecond awake however short
    the sleep: with keypad running, CircuitPython's time.sleep() wakes at
    every 1/1024 s tick and spins through the last fraction of a tick
    (supervisor/shared/tick.c, mp_hal_delay_ms).  So a still screen polls
    every REST_POLL_S (the main menu at rest: 7.3% awake with 10 ms
    polls, under 5% with 25 ms, on the emulated board), and the loop
    polls every KEY_POLL_S for HOT_MS after a press or a frame, when the
    next press most likely comes.

    An event is queued at a keypad scan (every device.KEY_SCAN_S, for
    debouncing) and taken at the next poll after it: the polls are not in
    step with the scans, so polling at the scan interval added up to a
    whole interval (5 ms on average) to every press.  KEY_POLL_S is a
    fifth of it (about a quarter of the core's time awake while fast)."""
    if pending is None:
        sleep(ms / 1000)
        return
    end = clock() + ms      # ints: a float here is garbage every pass
    while not pending() and clock() < end:
        sleep(poll_s)


def _snapshot(scene):
    copy = type(scene)(list(scene.items), list(scene.leds))
    copy.contrast = getattr(scene, "contrast", None)
    copy.flip = getattr(scene, "flip", False)
    return copy


def fail(exc, device, clock, sleep, restart=None, pixels=12, wait_ms=ERROR_WAIT_MS):
    """Log ``exc``, show the error screen if there is a device, wait for A
    (or ``wait_ms``) and call ``restart`` (default: ``restart_board``)."""
    device = report(exc, device, pixels, "A: restart")
    if device is not None:
        print("primeplay: press A to restart (restarting in %d s anyway)" % (wait_ms // 1000))
    else:
        print("primeplay: restarting in %d s" % (wait_ms // 1000))
    wait_for_a(device, clock, sleep, wait_ms)
    (restart or restart_board)()


def recover(exc, device, clock, sleep, pixels=12, wait_ms=ERROR_WAIT_MS):
    """A MemoryError the loop survives: report it with "A: menu" and wait
    for A (or ``wait_ms``).  Returns the device (None if it failed)."""
    device = report(exc, device, pixels, "A: menu")
    print("primeplay: out of memory; press A for the menu (saved game kept)")
    wait_for_a(device, clock, sleep, wait_ms)
    return device


def report(exc, device, pixels, action):
    """Collect garbage, log ``exc`` and show it with ``action``; returns
    the device, or None when even the error screen cannot be shown."""
    try:
        import gc
        gc.collect()  # a MemoryError leaves little room to report it
    except Exception:
        pass
    log_exception(exc)
    if device is not None:
        try:
            device.show(error_scene(exc, pixels, action))
        except Exception as show_exc:
            print("primeplay: cannot show the error screen:", repr(show_exc))
            device = None
    return device


def wait_for_a(device, clock, sleep, wait_ms):
    """Until A is pressed (not sooner than ERROR_ARM_MS: a held or queued
    A) or ``wait_ms`` passes."""
    start = clock()
    while clock() - start < wait_ms:
        if device is not None:
            try:
                pressed = device.poll()
            except Exception:
                device = None
                pressed = ()
            if "A" in pressed and clock() - start >= ERROR_ARM_MS:
                return
        sleep(ERROR_POLL_S)


def log_exception(exc):
    try:
        import traceback
        traceback.print_exception(exc, exc, exc.__traceback__)
        return
    except Exception:
        pass
    try:
        print_exception = getattr(sys, "print_exception")  # MicroPython
        print_exception(exc)
    except Exception:
        print("primeplay: %s: %s" % (type(exc).__name__, exc))


def error_lines(exc):
    """The error screen's text lines: the exception type, then its message
    wrapped to the panel's width (at most three lines)."""
    lines = [_fit(type(exc).__name__ + ":")]
    message = str(exc) or "(no message)"
    rows = []
    for word in message.split():
        while len(word) > LINE_CHARS:
            rows.append(word[:LINE_CHARS])
            word = word[LINE_CHARS:]
        if rows and len(rows[-1]) + 1 + len(word) <= LINE_CHARS:
            rows[-1] = rows[-1] + " " + word
        else:
            rows.append(word)
    if len(rows) > 3:
        rows = rows[:3]
        rows[2] = _fit(rows[2][:LINE_CHARS - 3] + "...")
    return lines + rows


def _fit(text):
    return text[:LINE_CHARS]


def error_scene(exc, pixels=12, action="A: restart"):
    """A Scene with the error and ``action``, all LEDs red."""
    from primeplay.app.scene import Scene
    scene = Scene()
    scene.rect(0, 0, 128, 12, 1)
    scene.text(0, 0, _fit(error_lines(exc)[0]), 1, 0)
    y = 13
    for line in error_lines(exc)[1:]:
        scene.text(0, y, line, 1, 1)
        y += 12
    scene.text(0, 52, action, 1, 1)
    scene.leds = [RED] * pixels
    return scene


# -- one heap per game ---------------------------------------------------------
# Leaving a game, or starting one from the main menu, starts the VM again
# (supervisor.reload(): a fresh heap, as at power-up) with where to go
# next kept in alarm.sleep_memory, which survives a soft reload: no
# flash is written for it.  Framed so that a reset or stray bytes are
# never read as a destination: "pp", a length, the ASCII intent, a sum.
INTENT_MAGIC = b"pp"


def pack_intent(intent):
    data = intent.encode()
    return INTENT_MAGIC + bytes((len(data),)) + data + bytes((sum(data) & 0xFF,))


def unpack_intent(mem):
    """The intent ``pack_intent`` left at the start of ``mem``, or None."""
    if len(mem) < 4 or bytes(mem[0:2]) != INTENT_MAGIC:
        return None
    n = mem[2]
    if 4 + n > len(mem):
        return None
    data = bytes(mem[3:3 + n])
    if mem[3 + n] != sum(data) & 0xFF:
        return None
    try:
        return data.decode()
    except UnicodeError:
        return None


def can_reload():
    """Whether this board can start the VM again with an intent."""
    try:
        import alarm
        import supervisor
        return len(alarm.sleep_memory) >= 32 and hasattr(supervisor, "reload")
    except Exception:   # noqa: BLE001  (no alarm module, no sleep memory)
        return False


def take_intent():
    """The intent the last run left for this one, cleared; None at
    power-up, after a reset or on a board without sleep memory."""
    try:
        import alarm
        import supervisor
        mem = alarm.sleep_memory
        reloaded = supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    except Exception:   # noqa: BLE001
        return None
    intent = unpack_intent(mem) if reloaded else None
    mem[0] = 0   # taken: a reload after a crash starts at the main menu
    return intent


def set_autoreload(intent, runtime=None):
    """CircuitPython restarts code.py when a file is saved to CIRCUITPY:
    welcome in the menus (a maker edits and sees the change), a lost turn
    in a game.  Off in the VM of a game (its setup and play: ``intent``
    "setup:<key>" or "resume:<key>"), on in the main menu's.  Returns what it
    set (None where the runtime has no such switch)."""
    on = intent is None or intent == "menu"
    try:
        if runtime is None:
            import supervisor
            runtime = supervisor.runtime
        runtime.autoreload = on
    except Exception:   # noqa: BLE001  (no supervisor, or an older one)
        return None
    return on


def leave_intent(intent):
    import alarm
    data = pack_intent(intent)
    alarm.sleep_memory[0:len(data)] = data


def reload_board():
    """supervisor.reload(), and the loop it needs to land in; a reset if
    it does not."""
    import supervisor
    supervisor.reload()
    for _ in range(50):
        time.sleep(0.02)
    import microcontroller
    microcontroller.reset()


def restart_board():
    """Soft reload while a serial console is attached (the console and the
    CIRCUITPY drive stay up and the traceback stays readable), hard reset
    otherwise (also clears a wedged I2C bus)."""
    try:
        import supervisor
        if supervisor.runtime.serial_connected:
            supervisor.reload()
            # The reload lands as a pending exception at the next bytecode
            # check point: give it a loop to land in.
            for _ in range(20):
                time.sleep(0.1)
    except Exception as exc:
        print("primeplay: reload failed:", repr(exc))
    import microcontroller
    microcontroller.reset()


class FrameProbe:
    """PRIMEPLAY_DEBUG's console lines: after each frame its number and the
    key events taken before it was drawn (``frame``), and the heap free
    after the collection the loop makes when the screen comes to rest
    (``rest``).  Neither collects: the board times what a shipped board
    does.  (A probe that collected after every frame, as this one did
    before, kept the garbage of each press out of the next one, which the
    shipped board then paid for.)

    With ``room`` (PRIMEPLAY_DEBUG = 2) each frame's line collects and
    also says the heap free, what is allocated and how much more could
    be: CircuitPython 10 grows its heap when it is full, so "free" is
    only what the heap holds now, and the room is found by allocating
    1 KB blocks until none fits (then freed).  Slow, and it leaves the
    heap grown: for measuring the heap (tools/heap.py), not the time."""

    def __init__(self, collect=None, mem_free=None, room=False):
        if collect is None or mem_free is None:
            import gc
            collect = gc.collect
            mem_free = gc.mem_free  # type: ignore[attr-defined]  # not in the stubs' gc
        self._collect = collect
        self._mem_free = mem_free
        self._room = room

    def frame(self, n, presses=0):
        if not self._room:
            print("primeplay: frame %d press %d" % (n, presses))
            return
        import gc
        self._collect()
        free = self._mem_free()
        alloc = gc.mem_alloc()  # type: ignore[attr-defined]
        chain = None  # type: object
        try:
            while True:
                chain = [chain, bytearray(1024)]
        except MemoryError:
            room = gc.mem_alloc() - alloc  # type: ignore[attr-defined]
        chain = None
        self._collect()
        print("primeplay: frame %d free %d alloc %d room %d press %d"
              % (n, free, alloc, room, presses))

    def rest(self):
        """The loop collected at rest: the heap free now."""
        print("primeplay: rest free %d" % self._mem_free())


def setting_int(name):
    """An integer from settings.toml, or None when absent or not a number."""
    import os
    value = os.getenv(name)
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        print("primeplay: ignoring %s = %r (not a number)" % (name, value))
        return None


def make_seed():
    """32 random bits: the hardware RNG when the port has one, else the clock."""
    try:
        import os
        return int.from_bytes(os.urandom(4), "big")
    except Exception:
        return time.monotonic_ns() & 0xFFFFFFFF


def read_cards(path="/cards.txt"):
    """The table's own Prime Cards ("Fill in the Blanks"), if the drive
    has a cards.txt; None otherwise.  The app checks the lines."""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def board_name():
    """PRIMEPLAY_BOARD from settings.toml, or DEFAULT_BOARD."""
    import os
    name = os.getenv("PRIMEPLAY_BOARD")
    return name.strip() if name and name.strip() else DEFAULT_BOARD


def main():
    """Boot and run; if even the error path fails, restart anyway."""
    try:
        start()
    except Exception as exc:  # noqa: BLE001
        print("primeplay: error while handling an error:", repr(exc))
    restart_board()  # run/fail only come back here when something broke


def start():
    device = None
    pixels = 12
    if setting_int("PRIMEPLAY_DEBUG"):
        # Before the display stack: what the firmware's share is measured
        # from (tools/heap.py).
        import gc
        gc.collect()
        print("primeplay: start free %d" % gc.mem_free())  # type: ignore[attr-defined]
    try:
        try:
            import microcontroller
            profile, buttons = read_profile(board_name())
            pixels = profile["pixel_count"]
            _check_board_id(profile)
            from savestore import NvmStorage
            from device import Device
            device = Device(profile)
            from primeplay.app import App
            nvm = microcontroller.nvm
            if nvm is None:
                raise RuntimeError("no microcontroller.nvm on this board: saves need it")
            seed = setting_int("PRIMEPLAY_SEED")
            storage = NvmStorage(nvm)

            reloads = can_reload()

            def reload_into(intent):
                # The display goes first: CircuitPython would otherwise
                # draw its console on it between the two runs.  The panel
                # keeps the Loading frame until the next run's first.
                leave_intent(intent)
                device.deinit()
                reload_board()

            def make_app(start=None):
                app = App(storage=storage,
                          seed=make_seed() if seed is None else seed,
                          pixels=pixels, buttons=buttons, cards_text=read_cards(),
                          start=start)
                if reloads:
                    app.restart = reload_into
                return app
            intent = take_intent()
            if intent is None and woke():
                # Back from deep sleep: to the turn that was on screen.
                from primeplay.app.power import wake_intent
                intent = wake_intent(nvm)
            reload_on = set_autoreload(intent)
            if setting_int("PRIMEPLAY_DEBUG"):
                print("primeplay: autoreload %s" % (
                    "-" if reload_on is None else "on" if reload_on else "off"))
            app = make_app(intent)
        except Exception as exc:  # noqa: BLE001
            # A display that did not open leaves its ring (device.NoDisplay):
            # the error path's polls keep it blinking and A still restarts;
            # its pins are released like the device's below.
            ring = getattr(exc, "device", None)
            try:
                fail(exc, ring or device, ms_clock, time.sleep, None, pixels)
            finally:
                if ring is not None:
                    ring.deinit()
            return
        debug = setting_int("PRIMEPLAY_DEBUG")
        probe = FrameProbe(room=debug == 2) if debug else None
        # After an out-of-memory error the main menu starts on a fresh heap.
        import gc
        run(device, app, board_clock(), time.sleep, None, pixels, probe=probe,
            make_app=(lambda: reload_into("menu")) if reloads else make_app,
            collect=gc.collect)
    finally:
        # Ctrl-C, a soft reload and the error path's restart all leave
        # through here: a claimed I2C bus would make the next run's Device
        # fail with "I2C peripheral in use".
        if device is not None:
            try:
                device.deinit()
            except Exception as exc:  # noqa: BLE001
                print("primeplay: releasing the hardware failed:", repr(exc))


def read_profile(name):
    """(the board profile ``name``, validated; its buttons in order).  The
    boards package goes from sys.modules afterwards: its checks run once.
    Of the 9 KB its import takes, about 1.5 KB comes back (measured on the
    emulated Pico); the rest is names the VM interned for it."""
    from boards import load_profile, button_names
    try:
        profile = load_profile(name)
        return profile, button_names(profile)
    finally:
        for module in [m for m in sys.modules if m == "boards" or m.startswith("boards.")]:
            del sys.modules[module]


def _check_board_id(profile):
    try:
        import board
        running = board.board_id
    except Exception:
        return
    wanted = profile.get("board_ids")
    if wanted and running not in wanted:
        print("primeplay: warning: profile %r is for %s, this is %s"
              % (profile["name"], ", ".join(wanted), running))

