"""Sleep that loses nothing: the panel and the ring go dark after the
Sleep-after setting's time without a press (``app.prefs["sleep"]``, in
seconds; 0 never), and the first press after wakes them and does nothing
else.

An OLED left lit all evening burns in and drains a battery; a press
that woke the device and also acted would play a card nobody saw.  Only
a press counts: a screen's blinking or a computer's turn does not keep
the device awake (computers' turns take seconds, the shortest setting
is two minutes; someone watching an all-computer game sets "never").
The game goes on as it was, only unseen (the app ticks as ever), and
the save after every turn holds the turn; the first press shows the
panel as the game is then.

Deep sleep: DEEP_TIMES the setting's time without a press (at once when
the panel sleeps on a low battery), the loop stores the game and where it
was (``primeplay.app.power``) and the board sleeps with its core off
until A (firmware/deep_sleep.py); the run A starts goes straight back to the
turn on screen (runner.py's ``woke``).  An all-computer game stops there too, saved.

The battery: a reading from the device (``power()``: millivolts, on USB,
low) every ``EVERY_MS`` goes to the app (``App.power``), which shows
it and warns once when it is low (``primeplay.app.power.reading``).

The same object runs on the board (firmware/runner.py's loop) and in the
simulator (tools/sim.py), over a device with ``sleep()`` and ``wake()``
(and ``power()``, where it can read a battery).
"""

# Deep sleep after this many times Sleep after's time (5 min: 15).
DEEP_TIMES = 3
# A battery reading this often (ms): its voltage moves over minutes.
EVERY_MS = 10000


class Dimmer:
    def __init__(self, app, device, now):
        self.app = app
        self.device = device
        self.last = now         # the last press, or the last change shown
        self.asleep = False
        self.read_at = now      # the next battery reading
        # A reading changed what the app shows (its warning): the loop
        # draws a frame, which only a press or the app's own time would.
        self.redraw = False

    def seconds(self):
        prefs = getattr(self.app, "prefs", None)
        return prefs.get("sleep", 0) if prefs is not None else 0

    def press(self, now):
        """A press at ``now``: True when it only woke the device (the app
        must not see it)."""
        self.last = now
        if self.asleep:
            self.asleep = False
            self.device.wake()
            return True
        return False

    def check(self, now):
        """The loop's pass at ``now``: reads the battery when due; sleeps
        when the time has come; returns when the device is due to sleep
        (the loop wakes no later), or None."""
        if now >= self.read_at:
            self.read_at = now + EVERY_MS
            self.read_power()
        if self.asleep:
            return None
        seconds = self.seconds()
        if not seconds:
            return None
        due = self.last + seconds * 1000
        if now >= due:
            self.asleep = True
            self.device.sleep()
            return None
        return due

    def read_power(self):
        """The device's battery reading to the app, if both can: on USB
        power, as before, nothing to show, and the app's battery module
        (primeplay.app.power) stays out of a game's heap."""
        read = getattr(self.device, "power", None)
        app = self.the_app()
        if read is None or not hasattr(app, "power"):
            return
        reading = read()
        if reading is None:
            return
        mv, usb, low = reading
        was = app.power
        if usb and (was is None or was[1]):
            app.power = reading
            return
        from primeplay.app.power import reading as tell  # pylint: disable=import-outside-toplevel
        if tell(app, mv, usb, low):
            self.redraw = True

    def the_app(self):
        """The app (the simulator passes itself: its app changes at each
        restart)."""
        return getattr(self.app, "app", self.app)

    def deep(self, now):
        """Is it time for deep sleep: asleep DEEP_TIMES the setting's
        time after the last press, or asleep at all on a low battery."""
        if not self.asleep:
            return False
        seconds = self.seconds()
        if not seconds:
            return False
        power = getattr(self.the_app(), "power", None)
        if power is not None and power[2]:
            return True         # a low battery
        return now >= self.last + seconds * 1000 * DEEP_TIMES

    def deep_sleep(self):
        """The board's deep sleep until A (``deep`` says when), in a
        module of its own (firmware/deep_sleep.py): loaded only then."""
        from deep_sleep import deep_sleep  # pylint: disable=import-outside-toplevel
        deep_sleep(self.the_app(), self.device)
