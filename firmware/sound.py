"""The piezo: the app's sound cues played on a PWM pin, without waiting.

``Piezo(pin)`` drives a passive piezo buzzer (or a small speaker through
a transistor) with ``pwmio.PWMOut(variable_frequency=True)``: a square
wave at a note's frequency, a duty cycle per volume (a piezo is louder
the closer its duty is to half), duty 0 for a rest and for silence.
``play(notes, duty, now)`` starts a cue (``primeplay.app.cues``) and
``step(now)`` moves it on from runner.py's loop, returning how long until
its next note (the loop sleeps no longer than that), or None once it is
silent.  Nothing blocks: a press during a cue is answered as ever.
"""


class Piezo:
    def __init__(self, pin, pwm=None):
        if pwm is None:
            import pwmio  # pylint: disable=import-outside-toplevel
            pwm = pwmio.PWMOut(pin, frequency=1000, duty_cycle=0,
                               variable_frequency=True)
        self.pwm = pwm
        self.notes = ()
        self.i = 0
        self.duty = 0
        self.until = 0      # when the note playing ends (ms)

    def play(self, notes, duty, now):
        """Start ``notes`` ((Hz, ms), ...; 0 Hz a rest) at ``duty`` (of
        65535), cutting short a cue still playing."""
        self.notes = notes
        self.duty = duty
        self.i = -1
        self.until = now
        return self.step(now)

    def step(self, now):
        """The next note if the one playing is over at ``now``: ms until
        the next change, or None when silent.  A note starts when the loop
        gets to it and lasts its whole length: a pass held up by other
        work (a save, a collection) makes the cue later, never a rest or
        a note lost in it."""
        notes = self.notes
        if not notes:
            return None
        if now < self.until:
            return self.until - now
        self.i += 1
        if self.i >= len(notes):
            self.pwm.duty_cycle = 0
            self.notes = ()
            return None
        hz, ms = notes[self.i]
        self.until = now + ms
        if hz:
            self.pwm.frequency = hz
            self.pwm.duty_cycle = self.duty
        else:
            self.pwm.duty_cycle = 0
        return ms

    def deinit(self):
        self.pwm.deinit()
