"""Write firmware/font6x12.py: terminalio's 6x12 font as SSD1306 columns.

    python tools/make_font.py           # rewrite firmware/font.py
    python tools/make_font.py --check   # exit 1 if it is out of date

The font is Terminus 6x12 (ter-u12n), the font CircuitPython builds in as
terminalio.FONT and Blinka ships as a BDF file: printable ASCII, 95
glyphs of 6 columns, as two byte planes, glyph after glyph: TOP holds
rows 0-7 of each column (bit r = row r), LOW rows 8-11 (bits 0-3), which
is how the renderer puts a column into the SSD1306's pages.  host_tests/test_pico_font.py checks the table against the
board's own terminalio.FONT.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "font6x12.py"
W, H = 6, 12


def bdf_path():
    import displayio  # pylint: disable=import-outside-toplevel  (Blinka)
    return Path(displayio.__file__).parent / "resources" / "ter-u12n.bdf"


def glyph_rows(path):
    """{code: [row bits as ints, 12 rows]} for printable ASCII."""
    glyphs = {}
    code, rows, in_bitmap = None, [], False
    for line in path.read_text().splitlines():
        if line.startswith("ENCODING "):
            code = int(line.split()[1])
        elif line.startswith("BBX ") and code is not None and 32 <= code <= 126:
            if line.split()[1:] != ["6", "12", "0", "-2"]:
                raise ValueError("glyph %d is not a 6x12 cell: %s" % (code, line))
        elif line == "BITMAP":
            rows, in_bitmap = [], True
        elif line == "ENDCHAR":
            if code is not None and 32 <= code <= 126:
                glyphs[code] = [int(r, 16) for r in rows]
            in_bitmap = False
        elif in_bitmap:
            rows.append(line)
    return glyphs


def planes(glyphs):
    """(TOP, LOW): rows 0-7 and rows 8-11 of every column, glyph after glyph."""
    top = bytearray()
    low = bytearray()
    for code in range(32, 127):
        rows = glyphs[code]
        for x in range(W):
            col = 0
            for y in range(H):
                if rows[y] & (0x80 >> x):
                    col |= 1 << y
            top.append(col & 0xFF)
            low.append(col >> 8)
    return bytes(top), bytes(low)


def _literal(name, data):
    lines = [name + " = ("]
    for i in range(0, len(data), 24):
        lines.append("    b\"%s\"" % "".join("\\x%02x" % b for b in data[i:i + 24]))
    return lines + [")"]


def source(top, low):
    lines = ['"""terminalio\'s 6x12 font (Terminus ter-u12n) for firmware/render.py.',
             "",
             "Written by tools/make_font.py: do not edit.  The 95 printable ASCII",
             "glyphs from space, 6 columns each, as two byte planes: TOP holds rows",
             "0-7 of each column (bit r = row r from the top of the 12-row cell),",
             "LOW rows 8-11 (bits 0-3).",
             '"""',
             "",
             "W = %d" % W,
             "H = %d" % H]
    return "\n".join(lines + _literal("TOP", top) + _literal("LOW", low)) + "\n"


def main(argv):
    text = source(*planes(glyph_rows(bdf_path())))
    if "--check" in argv:
        if OUT.read_text() != text:
            print("firmware/font6x12.py is out of date: python tools/make_font.py")
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
