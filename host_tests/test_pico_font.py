"""The renderer's font is the board's own terminalio.FONT, glyph for glyph.

firmware/font6x12.py is made from Blinka's copy of the font file
(tools/make_font.py), and the simulator draws with the same table, so
only the board can say the table matches what CircuitPython builds in:
its terminalio.FONT bitmap, read pixel by pixel at the REPL of the
emulated Pico, against the table on the drive.
"""

import pytest

import pico

_missing = pico.missing_pieces()
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))

CHECK = """\
import terminalio, font6x12
font = terminalio.FONT
sheet = font.bitmap
w, h = font.get_bounding_box()[:2]
per_row = sheet.width // w
bad = []
for code in range(32, 127):
    t = font.get_glyph(code).tile_index
    x0 = (t % per_row) * w
    y0 = (t // per_row) * h
    for c in range(6):
        col = 0
        for r in range(12):
            if sheet[x0 + c, y0 + r]:
                col |= 1 << r
        i = 6 * (code - 32) + c
        if col != font6x12.TOP[i] | font6x12.LOW[i] << 8:
            bad.append(code)
            break
print("CELL", w, h)
print("BAD", bad)
print("DONE")
"""


def test_the_font_table_is_the_boards_terminalio_font():
    with pico.Pico(seed=3, flash_timing=False) as board:
        lines = board.repl(CHECK, timeout_ms=120000)
    assert "CELL 6 12" in lines
    assert "BAD []" in lines, lines
