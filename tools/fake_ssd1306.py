"""A fake I2C bus with an SSD1306 on it: what the simulator's panel shows.

The simulator runs the real display path on CPython: firmware/render.py
and firmware/ssd1306.py write I2C transactions exactly as they do on the
board.  ``FakeI2C`` stands where ``busio.I2C`` would, decodes those
transactions as the SSD1306 controller does (control bytes, commands with
their argument bytes, GDDRAM writes in every addressing mode) into a 1 KB
GDDRAM model, and ``pixels()`` returns what the glass shows, honouring
segment remap, COM scan direction, start line, display offset, multiplex
ratio, inversion, entire-display-on, charge pump and display on/off.

It also counts what crossed the bus, so a benchmark can tell what a frame
costs on a 400 kHz I2C bus (about 25 ms for a full 1 KB frame).

Only the standard library is used: the decoder is tested on its own with
hand-made command streams (host_tests/test_sim.py).

Panel model: a common 128x64 module, glass wired so that the driver's usual
setting (segment remap 0xA1, COM scan 0xC8) shows RAM column 0 at the left
and RAM row 0 at the top.  0xA0 mirrors left/right, 0xC0 mirrors top/bottom.
"""

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8

# Commands that take argument bytes, and how many.  Everything not listed
# takes none (single-byte commands and the nibble/range families).
ARG_COUNT = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address start, end
    0x22: 2,  # page address start, end
    0x26: 6, 0x27: 6,  # continuous horizontal scroll setup
    0x29: 5, 0x2A: 5,  # vertical and horizontal scroll setup
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # internal IREF (SSD1306B) / external VCC select on clones
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD6: 1,  # zoom in (SSD1306B)
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins hardware configuration
    0xDB: 1,  # VCOMH deselect level
}

MODE_HORIZONTAL = 0
MODE_VERTICAL = 1
MODE_PAGE = 2

ENODEV = 19  # what CircuitPython's busio raises for an absent address


class SSD1306Model:
    """The controller: command decoder, registers and GDDRAM.

    ``feed_command(byte)`` and ``feed_data(byte)`` take one byte each, as
    the I2C front end (``FakeI2C``) separates them by control byte.  The
    state after a power-on reset follows the datasheet: display off, page
    addressing, no remap, charge pump off, RAM cleared (real RAM powers up
    random; zeros keep tests deterministic).
    """

    def __init__(self):
        self.reset()

    def reset(self):
        self.ram = bytearray(WIDTH * PAGES)  # index page * 128 + column
        self.display_on = False
        self.inverted = False
        self.entire_on = False  # 0xA5: all pixels on regardless of RAM
        self.segment_remap = False  # 0xA1
        self.com_remap = False  # 0xC8
        self.start_line = 0
        self.offset = 0
        self.multiplex = 63  # mux ratio - 1
        self.contrast = 0x7F
        self.charge_pump = False
        self.com_pins = 0x12
        self.clock = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.scrolling = False
        self.mode = MODE_PAGE
        self.col_start, self.col_end = 0, WIDTH - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col = 0
        self.page = 0
        self.unknown = []  # command bytes we do not model
        self.commands = 0  # complete commands decoded
        self.data_bytes = 0  # GDDRAM bytes written
        self._cmd = None
        self._args = bytearray()
        self._need = 0

    # -- commands ---------------------------------------------------------
    def feed_command(self, byte):
        if self._cmd is not None:
            self._args.append(byte)
            if len(self._args) >= self._need:
                cmd = self._cmd
                self._cmd = None
                self._execute(cmd, bytes(self._args))
            return
        need = ARG_COUNT.get(byte, 0)
        if need:
            self._cmd = byte
            self._args = bytearray()
            self._need = need
        else:
            self._execute(byte, b"")

    def _execute(self, cmd, args):
        # pylint: disable=too-many-branches,too-many-statements
        self.commands += 1
        if cmd <= 0x0F:  # lower column nibble (page mode)
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= 0x1F:  # higher column nibble (page mode)
            self.col = ((cmd & 0x0F) << 4) | (self.col & 0x0F)
            self.col &= 0x7F
        elif cmd == 0x20:
            mode = args[0] & 0x03
            self.mode = mode if mode != 3 else MODE_PAGE  # 3 is invalid
        elif cmd == 0x21:
            self.col_start = args[0] & 0x7F
            self.col_end = args[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start = args[0] & 0x07
            self.page_end = args[1] & 0x07
            self.page = self.page_start
        elif cmd in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # scroll setup: recorded only by the counter
        elif cmd == 0x2E:
            self.scrolling = False
        elif cmd == 0x2F:
            self.scrolling = True
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif cmd in (0xA0, 0xA1):
            self.segment_remap = cmd == 0xA1
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverted = cmd == 0xA7
        elif cmd == 0xA8:
            mux = args[0] & 0x3F
            self.multiplex = mux if mux >= 15 else 63  # 0..14 are invalid
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 0x07
        elif cmd in (0xC0, 0xC8):
            self.com_remap = cmd == 0xC8
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F
        elif cmd == 0xD5:
            self.clock = args[0]
        elif cmd == 0xD9:
            self.precharge = args[0]
        elif cmd == 0xDA:
            self.com_pins = args[0]
        elif cmd == 0xDB:
            self.vcomh = args[0]
        elif cmd in (0xAD, 0xD6, 0xE3):
            pass  # IREF, zoom, NOP
        else:
            self.unknown.append(cmd)

    # -- GDDRAM -----------------------------------------------------------
    def feed_data(self, byte):
        self.data_bytes += 1
        self.ram[self.page * WIDTH + self.col] = byte
        if self.mode == MODE_HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end \
                    else self.page + 1
            else:
                self.col += 1
        elif self.mode == MODE_VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end \
                    else self.col + 1
            else:
                self.page += 1
        else:  # page mode: the column wraps, the page stays
            self.col = 0 if self.col >= WIDTH - 1 else self.col + 1

    def ram_bit(self, col, row):
        """GDDRAM bit at column ``col``, row ``row`` (0..63)."""
        return (self.ram[(row >> 3) * WIDTH + col] >> (row & 7)) & 1

    def ram_rows(self):
        """GDDRAM as 64 rows of 128 bools, no panel mapping."""
        return [[bool(self.ram_bit(c, r)) for c in range(WIDTH)]
                for r in range(HEIGHT)]

    # -- glass --------------------------------------------------------------
    def pixels(self):
        """What the panel shows: 64 rows of 128 bools (True = lit)."""
        dark = [[False] * WIDTH for _ in range(HEIGHT)]
        if not self.display_on or not self.charge_pump:
            return dark
        if self.entire_on:
            return [[True] * WIDTH for _ in range(HEIGHT)]
        rows = []
        mux = self.multiplex + 1
        inv = self.inverted
        for y in range(HEIGHT):
            com = y if self.com_remap else HEIGHT - 1 - y
            line = (com + self.offset) % HEIGHT  # display row driven on COM
            if line >= mux:
                rows.append([False] * WIDTH)
                continue
            ram_row = (line + self.start_line) % HEIGHT
            base = (ram_row >> 3) * WIDTH
            bit = ram_row & 7
            row = []
            for x in range(WIDTH):
                seg = WIDTH - 1 - x
                col = WIDTH - 1 - seg if self.segment_remap else seg
                row.append(bool((self.ram[base + col] >> bit) & 1) != inv)
            rows.append(row)
        return rows


class FakeI2C:
    """Stands in for ``busio.I2C`` with one SSD1306 at ``address``.

    Implements what displayio's I2CDisplayBus uses (try_lock, unlock,
    writeto) plus scan, deinit and frequency.  Writes need the lock, as on
    CircuitPython.  Each write is one I2C transaction: its first byte and
    every later control byte are decoded per the SSD1306 datasheet
    (Co bit 0x80: one byte follows, then another control byte; D/C# bit
    0x40: data to GDDRAM, else commands).
    """

    def __init__(self, address=0x3C, frequency=400000):
        self.address = address
        self.frequency = frequency
        self.panel = SSD1306Model()
        self._locked = False
        self.deinited = False
        self.bytes_total = 0  # payload bytes, all time
        self.writes_total = 0  # transactions, all time
        self.bytes = 0  # payload bytes since reset_counters()
        self.writes = 0  # transactions since reset_counters()

    # -- busio.I2C API ----------------------------------------------------
    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return [self.address]

    def deinit(self):
        # Blinka's release_displays() deinits the bus it was given (the
        # board's firmware does not); keep working so a test may reuse it.
        self.deinited = True

    def writeto(self, address, buffer, *, start=0, end=None):
        if not self._locked:
            raise RuntimeError("Function requires lock")
        if address != self.address:
            raise OSError(ENODEV, "No such device")
        if end is None:
            end = len(buffer)
        data = bytes(buffer[start:end])
        self.bytes += len(data)
        self.bytes_total += len(data)
        self.writes += 1
        self.writes_total += 1
        self.decode(data)

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *,
                              out_start=0, out_end=None, in_start=0,
                              in_end=None):
        raise OSError(ENODEV, "SSD1306 over I2C is write-only")

    # -- decoding ---------------------------------------------------------
    def decode(self, data):
        """Feed one I2C transaction's payload to the controller."""
        panel = self.panel
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            is_data = ctrl & 0x40
            if ctrl & 0x80:  # Co = 1: exactly one byte, then a control byte
                if i < n:
                    if is_data:
                        panel.feed_data(data[i])
                    else:
                        panel.feed_command(data[i])
                    i += 1
                continue
            # Co = 0: the rest of the transaction is one stream
            if is_data:
                while i < n:
                    panel.feed_data(data[i])
                    i += 1
            else:
                while i < n:
                    panel.feed_command(data[i])
                    i += 1

    # -- for the simulator and tests -----------------------------------------
    def reset_counters(self):
        self.bytes = 0
        self.writes = 0

    def wire_bytes(self):
        """Bytes on the wire since reset_counters(): payload plus one
        address byte per transaction (ACK bits and start/stop ignored)."""
        return self.bytes + self.writes

    def pixels(self):
        return self.panel.pixels()

    def frame_text(self, on="#", off="."):
        """The panel as 64 lines of ``on``/``off`` characters."""
        return "\n".join("".join(on if p else off for p in row)
                         for row in self.panel.pixels()) + "\n"
