"""Reference build plus five shortcut buttons: ROLL and + - x /.

Same Pico, OLED and ring as pico_ref, with the OLED mounted upside down
(rotation 180, e.g. header at the bottom of the case) and five more
switches to GND on GP6-GP9 (physical pins 9-12) and GP17 (pin 22).
"""

PROFILE = {
    "name": "pico_pad",
    "description": "pico_ref + ROLL/ADD/SUB/MUL/DIV buttons, OLED upside down",
    "board_ids": ("raspberry_pi_pico", "raspberry_pi_pico_w",
                  "raspberry_pi_pico2", "raspberry_pi_pico2_w"),
    "i2c_scl": "GP5",
    "i2c_sda": "GP4",
    "i2c_frequency": 400_000,
    "oled_address": 0x3C,
    "width": 128,
    "height": 64,
    "rotation": 180,
    "pixel_pin": "GP16",
    "pixel_count": 12,
    "pixel_order": "GRB",
    "brightness": 0.2,
    "buttons": {
        "UP": "GP10",
        "DOWN": "GP11",
        "LEFT": "GP12",
        "RIGHT": "GP13",
        "A": "GP14",
        "B": "GP15",
        "ROLL": "GP6",
        "ADD": "GP7",
        "SUB": "GP8",
        "MUL": "GP9",
        "DIV": "GP17",
    },
}
