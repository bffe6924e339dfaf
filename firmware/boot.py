"""primeplay boot.py: runs once after a hard reset, before USB is up.

Normal boot (nothing held): CIRCUITPY stays writable over USB and
read-only to code.  Saves do not need the file system: they go to
microcontroller.nvm.

Hold B while the board resets: CIRCUITPY becomes writable to code and
read-only to the computer for this boot.  That is what ``mpremote fs cp``
(tools/deploy.py --mpremote) needs, since it writes through the REPL.
Reset without B to get the USB drive back.
"""

import os
import time

import board
import digitalio
import storage


def b_held():
    try:
        from boards import load_profile
        name = os.getenv("PRIMEPLAY_BOARD") or "pico_ref"
        pin = getattr(board, load_profile(name)["buttons"]["B"])
        button = digitalio.DigitalInOut(pin)
        button.switch_to_input(pull=digitalio.Pull.UP)
        time.sleep(0.01)  # let the pull-up charge the line
        held = not button.value
        button.deinit()
        return held
    except Exception as exc:  # boot.py must never stop the board booting
        print("boot.py:", repr(exc))
        return False


if b_held():
    storage.remount("/", readonly=False)
    print("boot.py: B held: CIRCUITPY writable by code (mpremote), read-only over USB")
