"""How many turns both pawns still need from (a, b), with perfect play.

The table (values.bin, made by tools/gen_climb_values.py) is the solved
solitaire game without cards: expected turns to bring both pawns home.
Bots and hints use it to judge end positions: lower is better.  It is
loaded on first use only, so a game without computer players never pays
its 10 KB.
"""

N = 102          # spaces 0..101
SCALE = 1000     # stored as turns x 1000
try:
    PATH = __file__.rsplit("/", 1)[0] + "/values.bin"
except NameError:       # a frozen module has no __file__
    PATH = "/lib/primeplay/climb/values.bin"

_table = None


def index(a, b):
    """Position of the unordered pair a <= b in the table."""
    return a * N - (a * (a - 1)) // 2 + (b - a)


def _load():
    global _table
    if _table is None:
        with open(PATH, "rb") as f:
            _table = f.read()
    return _table


def turns_x1000(a, b):
    """Expected turns to finish from spaces a and b (101 = home), x 1000.

    The order of a and b does not matter."""
    if a > b:
        a, b = b, a
    t = _load()
    i = 2 * index(a, b)
    return (t[i] << 8) | t[i + 1]
