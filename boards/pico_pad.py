"""Reference build plus five shortcut buttons: ROLL and + - x /, and a
piezo.

Same Pico, OLED and ring as pico_ref, with the OLED mounted upside down
(rotation 180, e.g. header at the bottom of the case), five more
switches to GND on GP6-GP9 (physical pins 9-12) and GP17 (pin 22), and
a passive piezo buzzer from GP18 (pin 24) to GND (pin 23) for the sound
cues (through a 100 ohm resistor).
Built from pico_ref's profile, so a wiring change there reaches both.
"""

from boards.pico_ref import PROFILE as _REF, BUTTONS as _REF_BUTTONS

_BUTTONS = dict(_REF_BUTTONS)
_BUTTONS.update({"ROLL": "GP6", "ADD": "GP7", "SUB": "GP8", "MUL": "GP9",
                 "DIV": "GP17"})

PROFILE = dict(_REF)
PROFILE.update({
    "name": "pico_pad",
    "description": "pico_ref + ROLL/ADD/SUB/MUL/DIV buttons, OLED upside down",
    "rotation": 180,
    "buttons": _BUTTONS,
    "piezo_pin": "GP18",
})
