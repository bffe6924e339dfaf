"""The SSD1306 OLED over I2C: commands and GDDRAM windows, nothing else.

The controller holds the picture (GDDRAM: 8 pages of 128 bytes, a byte a
column of 8 rows, bit 0 on top).  ``write(x0, x1, p0, p1, data)`` sets the
column and page window (horizontal addressing mode, set at init) and
sends the window's bytes, a page after another, in one I2C transaction:
what firmware/render.py keeps in its frame buffer goes out as it is,
with no conversion.

The init sequence is the one adafruit_displayio_ssd1306 sends for a
128x64 panel, contrast full: the panel looks as it did under displayio.
A module mounted upside down (``rotation`` 180) and the left-handed
setting turn the picture in the controller (segment remap A0h/A1h, COM
scan C0h/C8h): two commands, no pixel moves.

An address that does not answer raises OSError at init (busio's "no
ACK"): the device reports a missing display from it.
"""

COMMAND = 0x00      # control byte: the rest of the transaction is commands
DATA = 0x40         # ... is GDDRAM data

INIT = bytes((
    COMMAND,
    0xAE,               # display off while it is set up
    0x20, 0x00,         # horizontal addressing: windows fill page by page
    0x81, 0xFF,         # contrast full (displayio's brightness 1.0)
    0xA6,               # normal, not inverted
    0xA8, 0x3F,         # multiplex 1/64
    0xD5, 0x80,         # clock divide
    0xD9, 0xF1,         # pre-charge
    0xDA, 0x12,         # COM pins
    0xDB, 0x40,         # VCOMH
    0x8D, 0x14,         # charge pump on
))


class SSD1306:
    """``SSD1306(i2c, address=0x3C, rotation=0)`` on a busio.I2C (or
    anything with try_lock/unlock/writeto)."""

    def __init__(self, i2c, address=0x3C, rotation=0):
        self.i2c = i2c
        self.address = address
        self._rotated = rotation == 180
        self._flip = False
        self._contrast = 0xFF   # as INIT sets it
        self._cmd = bytearray(8)
        self._send(INIT)
        # The way round first, then display on: the panel never shows
        # what it holds (the last run's Loading frame) turned the wrong way.
        self._orient()
        self.wake()

    def _send(self, buf, start=0, end=None):
        i2c = self.i2c
        while not i2c.try_lock():
            pass
        try:
            i2c.writeto(self.address, buf, start=start, end=len(buf) if end is None else end)
        finally:
            i2c.unlock()

    def command(self, *codes):
        """Send command bytes (at most 7) in one transaction."""
        cmd = self._cmd
        cmd[0] = COMMAND
        n = len(codes)
        for i in range(n):
            cmd[1 + i] = codes[i]
        self._send(cmd, 0, 1 + n)

    def _orient(self):
        turned = self._rotated != self._flip
        self.command(0xA0 if turned else 0xA1, 0xC0 if turned else 0xC8)

    def flip(self, on):
        """Turn the picture 180 degrees from the way the module is
        mounted (left-handed), or back."""
        if bool(on) != self._flip:
            self._flip = bool(on)
            self._orient()

    def contrast(self, value):
        """The panel's contrast, 0-255 (sent only when it changes)."""
        value &= 0xFF
        if value != self._contrast:
            self._contrast = value
            self.command(0x81, value)

    def sleep(self):
        """Display off: GDDRAM kept, nothing lit."""
        self.command(0xAE)

    def wake(self):
        self.command(0xAF)

    def write(self, x0, x1, p0, p1, buf, start, end):
        """Columns ``x0``..``x1 - 1`` of pages ``p0``..``p1``: their bytes,
        page by page, are ``buf[start + 1:end]``; ``buf[start]`` is
        overwritten with the DATA control byte (the caller lends it)."""
        self.command(0x21, x0, x1 - 1, 0x22, p0, p1)
        buf[start] = DATA
        self._send(buf, start, end)
