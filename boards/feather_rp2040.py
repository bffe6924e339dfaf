"""Adafruit Feather RP2040 + Adafruit 128x64 SSD1306 OLED on STEMMA QT.

The OLED is one of Adafruit's SSD1306 128x64 breakouts (0.96" #326 or
1.3" #938) plugged into the Feather's STEMMA QT port (board.SCL = GPIO3,
board.SDA = GPIO2).  Those breakouts answer at 0x3D by default (0x3C only
with their address jumper closed), unlike most generic modules.

Not this one: the "FeatherWing OLED 128x64" (#4650) is an SH1107 panel,
not an SSD1306, and has only three buttons (A=D9, B=D6, C=D5); the
SSD1306 driver cannot drive it (see boards/README.md).

Ring data on D4 (GPIO6); six switches to GND on D5-D12.  The Feather's
own one-pixel NeoPixel (GPIO16) and red LED (D13) are left alone.
"""

PROFILE = {
    "name": "feather_rp2040",
    "description": "Feather RP2040 + Adafruit SSD1306 128x64 (STEMMA QT, 0x3D) + 12-pixel ring",
    "board_ids": ("adafruit_feather_rp2040",),
    "i2c_scl": "SCL",
    "i2c_sda": "SDA",
    "i2c_frequency": 400_000,
    "oled_address": 0x3D,
    "width": 128,
    "height": 64,
    "rotation": 0,
    "pixel_pin": "D4",
    "pixel_count": 12,
    "pixel_order": "GRB",
    "brightness": 0.2,
    "buttons": {
        "UP": "D5",
        "DOWN": "D6",
        "LEFT": "D9",
        "RIGHT": "D10",
        "A": "D11",
        "B": "D12",
    },
}
