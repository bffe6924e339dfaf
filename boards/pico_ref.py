"""Reference build: Raspberry Pi Pico, SSD1306 128x64 on I2C0, 12-pixel ring.

Wiring table, parts and power notes: boards/README.md.
"""

# Momentary switches to GND, internal pull-ups (keypad.Keys pull=True).
BUTTONS = {
    "UP": "GP10",
    "DOWN": "GP11",
    "LEFT": "GP12",
    "RIGHT": "GP13",
    "A": "GP14",
    "B": "GP15",
}

PROFILE = {
    "name": "pico_ref",
    "description": "Raspberry Pi Pico + SSD1306 128x64 I2C OLED + 12-pixel ring + 6 buttons",
    "board_ids": ("raspberry_pi_pico", "raspberry_pi_pico_w",
                  "raspberry_pi_pico2", "raspberry_pi_pico2_w"),
    # I2C0 on physical pins 6 (SDA) and 7 (SCL).
    "i2c_scl": "GP5",
    "i2c_sda": "GP4",
    "i2c_frequency": 400_000,
    # Most 4-pin SSD1306 modules answer at 0x3C (0x3D with the address
    # jumper / resistor moved).
    "oled_address": 0x3C,
    "width": 128,
    "height": 64,
    "rotation": 0,
    # Ring data in on physical pin 21 (through a 330-470 ohm resistor).
    "pixel_pin": "GP16",
    "pixel_count": 12,
    "pixel_order": "GRB",
    # 0.2 keeps the ring under ~150 mA even all white (see README.md).
    "brightness": 0.2,
    "buttons": BUTTONS,
    # The Pico's own battery sense: VSYS through 200k/100k on GPIO29, and
    # VBUS on GPIO24 (boards/README.md, Power notes).  3.4 V: three AA
    # cells at 1.13 V each, or a LiPo with a few minutes left.
    "vsys_pin": "VOLTAGE_MONITOR",
    "vsys_scale": 3,
    "vbus_pin": "VBUS_SENSE",
    "battery_low_mv": 3400,
}
