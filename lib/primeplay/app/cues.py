"""The device's sound cues: what each sounds like, by name.

The app says *what* to play (``App.cue(name)``, taken by the firmware or
the simulator with ``App.take_cue()``); this table says how: notes as
(frequency in Hz, ms), a frequency of 0 a rest.  A piezo is loudest near
2-4 kHz and thin below 500 Hz, so the cues keep to 500-2,100 Hz.  The
firmware steps through them from its loop (firmware/sound.py: a PWM pin
whose frequency changes per note, nothing waits), the simulator plays or
prints them.

Every cue can be told from the others without looking: a verdict by its
shape (prime rises, not prime falls and is longer), your turn by two
equal pips, a win by a run of four.  The judge so has a channel that
needs no colour.
"""

CUES = {
    # Dice in the air: a short rattle.
    "roll": ((1800, 20), (0, 20), (2100, 20), (0, 20), (1600, 20)),
    # A pawn or a card goes down: one tick.
    "move": ((2000, 30),),
    # A pawn sent back: a falling thud.
    "bump": ((700, 60), (0, 20), (500, 90)),
    # The judge's verdicts, and a play the table judges.
    "prime": ((1568, 70), (0, 20), (2093, 120)),
    "not_prime": ((784, 90), (0, 20), (523, 180)),
    # A human's turn begins: two pips.
    "turn": ((1760, 50), (0, 40), (1760, 50)),
    # The game is won: a rising run.
    "win": ((1047, 80), (1319, 80), (1568, 80), (2093, 220)),
}

# The PWM duty cycle (of 65535) per volume: 1 quiet, 2 on.  A piezo's
# loudness follows the duty up to a square wave (half of 65535).
DUTY = (0, 2048, 32768)


def length_ms(name):
    """How long cue ``name`` lasts."""
    n = 0
    for _, ms in CUES[name]:
        n += ms
    return n
