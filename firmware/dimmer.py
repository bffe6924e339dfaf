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

The same object runs on the board (firmware/code.py's loop) and in the
simulator (tools/sim.py), over a device with ``sleep()`` and ``wake()``.
"""


class Dimmer:
    def __init__(self, app, device, now):
        self.app = app
        self.device = device
        self.last = now         # the last press, or the last change shown
        self.asleep = False

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
        """The loop's pass at ``now``: sleeps when the time has come;
        returns when the device is due to sleep (the loop wakes no
        later), or None."""
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
