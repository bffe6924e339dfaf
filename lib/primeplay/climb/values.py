"""How many turns both pawns still need from (a, b), with perfect play.

The table (values.bin, made by tools/gen_climb_values.py) is the solved
solitaire game without cards: expected turns to bring both pawns home.
Bots and hints use it to judge end positions: lower is better.

Only the computer player imports this module, and importing it loads
the table: a game without computer players never pays its 10.5 KB, and
one with them reads it as the game starts, before the game's own objects
are strewn over the heap.  Read with ``f.read()`` at the bot's first
move instead, a long game then an app session on CircuitPython's VM
failed now and then on heaps up to 168 KiB (up to 148 KiB this way),
with more than 10 KB free but not in one piece.
"""

N = 102          # spaces 0..101
SCALE = 1000     # stored as turns x 1000
SIZE = N * (N + 1)  # bytes: one 16-bit entry per unordered pair
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
STANDARD, SPRINT, DECLINE, WAY53 = 0, 1, 2, 3         # table kinds
WAY_STATION = 53
PATHS = (PATH, _DIR + "/values_sprint.bin", _DIR + "/values_decline.bin",
         _DIR + "/values_way53.bin")

_table = None
_others = [None, None, None, None]


def index(a, b):
    """Position of the unordered pair a <= b in the table."""
    return a * N - (a * (a - 1)) // 2 + (b - a)


def load():
    """The table, read once into one buffer of its known size.

    ``f.read()`` on MicroPython and CircuitPython grows its result 256
    bytes at a time, moving it whenever the next blocks are taken and
    leaving the old copies behind as holes; ``readinto`` a bytearray
    allocated up front asks the heap for 10.5 KB once.
    """
    global _table
    if _table is None:
        _table = _read(PATH)
    return _table


def _read(path):
    buf = bytearray(SIZE)
    with open(path, "rb") as f:
        got = f.readinto(buf)
        if got != SIZE or f.readinto(bytearray(1)):
            raise ValueError("%s: expected %d bytes" % (path, SIZE))
    return buf


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
    """The table of a kind, read at its first use (the standard one at
    import, see above)."""
    if kind == STANDARD:
        return load()
    if _others[kind] is None:
        _others[kind] = _read(PATHS[kind])
    return _others[kind]


def table_for(settings):
    return table_of(kind_of(settings))


def sprint_table():
    return table_of(SPRINT)


def turns_in(t, a, b):
    """turns_x1000 in table ``t`` (from table_for)."""
    if a > b:
        a, b = b, a
    i = 2 * index(a, b)
    return (t[i] << 8) | t[i + 1]



try:
    load()
except OSError:
    # tools/gen_climb_values.py imports this module to write the file;
    # without it, the first turns_x1000() raises the OSError instead.
    pass


def turns_x1000(a, b):
    """Expected turns to finish from spaces a and b (101 = home), x 1000.

    The order of a and b does not matter."""
    if a > b:
        a, b = b, a
    t = _table if _table is not None else load()
    i = 2 * index(a, b)
    return (t[i] << 8) | t[i + 1]
