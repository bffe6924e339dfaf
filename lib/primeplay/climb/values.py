"""How many turns both pawns still need from (a, b), with perfect play.

The table (values.bin, made by tools/gen_climb_values.py) is the solved
solitaire game without cards: expected turns to bring both pawns home.
Bots and hints use it to judge end positions: lower is better.

A table stays in flash and is read a row at a time: row ``a`` holds the
value of (a, b) for every b, so a search that scans its end pairs pawn a
by pawn a reads each row once (204 bytes from the file).  Held whole, a
table was 10.5 KB of heap for the whole game, and a Way Stations game
held two; the board's heap could not fit a four-computer game with them.
"""

N = 102          # spaces 0..101
SCALE = 1000     # stored as turns x 1000
ROW = 2 * N      # bytes per row: one 16-bit big-endian entry per b
SIZE = N * ROW   # bytes per table file
try:
    _DIR = __file__.rsplit("/", 1)[0]
except NameError:       # a frozen module has no __file__
    _DIR = "/lib/primeplay/climb"
PATH = _DIR + "/values.bin"
# Prime Sprint's race (the first pawn home wins) and Prime Decline's
# (101 down to 0, by progress), solved the same way by
# tools/gen_climb_variants.py --write: each read only when played.
# And Way Stations on 53 (the preset) before the station is visited: a
# pair with a pawn on 53 holds the visited (standard) value.
# And There and Back Again's way back, once both pawns have turned on
# 101 (progress less 101; the way out is the standard race): from its
# whole solve, in which a pawn back up on 101 stays there for the turn.
STANDARD, SPRINT, DECLINE, WAY53, BACK = 0, 1, 2, 3, 4     # table kinds
WAY_STATION = 53
PATHS = (PATH, _DIR + "/values_sprint.bin", _DIR + "/values_decline.bin",
         _DIR + "/values_way53.bin", _DIR + "/values_back.bin")


class Table:
    """One table file, open for reading, with the row read last.

    The file is opened at the first read and stays open: a decision
    reads dozens of rows, and opening a file on the board walks the
    drive's directories each time."""

    def __init__(self, path):
        self.path = path
        self.file = None
        self.buf = bytearray(ROW)
        self.a = -1

    def row(self, a):
        """Row ``a``: entry b is at bytes 2b, 2b+1 (big-endian)."""
        if a != self.a:
            f = self.file
            if f is None:
                f = open(self.path, "rb")
                f.seek(0, 2)
                if f.tell() != SIZE:
                    f.close()
                    raise ValueError("%s: expected %d bytes"
                                     % (self.path, SIZE))
                self.file = f
            self.a = -1         # a failed read leaves no stale row
            f.seek(a * ROW)
            if f.readinto(self.buf) != ROW:
                raise ValueError("%s: short read" % self.path)
            self.a = a
        return self.buf

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None
            self.a = -1


_tables = [None, None, None, None, None]


def kind_of(settings):
    """Which table judges this game's race (STANDARD, SPRINT, DECLINE), or
    None when none is solved (There and Back Again, a Sprint down)."""
    goal = settings.goal
    if goal == "standard":
        return SPRINT if settings.sprint else STANDARD
    if goal == "decline" and not settings.sprint:
        return DECLINE
    return None


def table_of(kind):
    """The Table of a kind (one per kind, opened at its first read)."""
    t = _tables[kind]
    if t is None:
        t = _tables[kind] = Table(PATHS[kind])
    return t


def table_for(settings):
    return table_of(kind_of(settings))


def turns_in(t, a, b):
    """turns_x1000 in table ``t`` (from table_of); reads row a."""
    r = t.row(a)
    return (r[2 * b] << 8) | r[2 * b + 1]


def turns_x1000(a, b):
    """Expected turns to finish from spaces a and b (101 = home), x 1000.

    The order of a and b does not matter."""
    return turns_in(table_of(STANDARD), a, b)
