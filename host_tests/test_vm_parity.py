"""The same seeds give the same games on CPython and on real MicroPython VMs.

Each VM plays a batch of seeded random games and prints one digest per
game (an FNV hash of the whole transcript and final position); CPython
computes the same batch here.  A difference means some rule, the RNG or an
integer detail behaves differently on MicroPython, which is what boards run.
"""

import pytest

import mpvm
from primeplay.climb import Settings
from primeplay.climb.bot import play_random, digest
from primeplay.climb.reach import search
from primeplay.rng import Rng

# (preset, players, seeds): every variant at least once, every player count.
BATCH = [
    ("standard", 1, range(3)),
    ("standard", 2, range(6)),
    ("standard", 3, range(3)),
    ("standard", 4, range(3)),
    ("double_time", 3, range(2)),
    ("way_stations", 2, range(2)),
    ("prime_sprint", 4, range(2)),
    ("prime_decline", 2, range(2)),
    ("there_and_back", 2, range(2)),
    ("solitaire1", None, range(2)),
    ("solitaire2", None, range(2)),
]

GUEST = """
from primeplay.climb import Settings
from primeplay.climb.bot import play_random, digest
for name, players, seeds in %r:
    for seed in seeds:
        g = play_random(Settings.preset(name, players), seed)
        print(name, players, seed, g.moves_made, digest(g))
"""


def guest_code():
    batch = [(n, p, list(s)) for n, p, s in BATCH]
    return GUEST % (batch,)


def expected():
    lines = []
    for name, players, seeds in BATCH:
        for seed in seeds:
            g = play_random(Settings.preset(name, players), seed)
            lines.append("%s %s %d %d %d" % (name, players, seed,
                                             g.moves_made, digest(g)))
    return lines


@pytest.fixture(scope="module")
def cpython_lines():
    return expected()


def test_unix_port_plays_the_same_games(cpython_lines):
    out = mpvm.run_unix(guest_code(), heapsize="2M")
    assert out.split("\n")[:-1] == cpython_lines


def test_wasm_port_plays_the_same_games(cpython_lines):
    # The WASI build's GC can free live objects (DESIGN.md): give the batch
    # a heap it never fills and switch collection off.
    code = "import gc\ngc.disable()\n" + guest_code()
    out = mpvm.run_wasm(code, fuel=10**12, heapsize="1024M").stdout
    assert out.split("\n")[:-1] == cpython_lines


RNG_CODE = """
from primeplay.rng import Rng
r = Rng(%d)
print([r.d10() for _ in range(200)])
print([r.randbelow(1000003) for _ in range(50)])
l = list(range(24)); r.shuffle(l); print(l)
print(r.getstate())
"""


def rng_expected(seed):
    r = Rng(seed)
    out = [repr([r.d10() for _ in range(200)]),
           repr([r.randbelow(1000003) for _ in range(50)])]
    l = list(range(24))
    r.shuffle(l)
    out += [repr(l), repr(r.getstate())]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2**31 + 5, 2**40 + 3])
def test_rng_is_bit_identical_on_both_vms(seed):
    want = rng_expected(seed)
    assert mpvm.run_unix(RNG_CODE % seed).split("\n")[:-1] == want
    assert mpvm.run_wasm(RNG_CODE % seed).stdout.split("\n")[:-1] == want


SEARCH_CODE = """
from primeplay.climb.reach import search
for a, b, dice, ks in %r:
    print(sorted(search(a, b, dice, ks).pairs()))
"""


def test_end_position_search_agrees_on_micropython():
    cases = [(50, 60, [7, 7, 7, 7], [3, 8]), (0, 0, [3, 9], []),
             (99, 98, [2, 3], [1]), (97, 101, [4, 4, 4, 4], [])]
    want = [repr(sorted(search(a, b, d, k).pairs())) for a, b, d, k in cases]
    assert mpvm.run_unix(SEARCH_CODE % (cases,)).split("\n")[:-1] == want


def test_a_long_game_fits_a_small_heap():
    # 144K on the 64-bit unix port is roughly 72K of a board's heap: the
    # rules and a 1,700-move game, unrecorded as on the handheld (which
    # saves snapshots), must fit in that.
    code = ("from primeplay.climb import Settings, Game\n"
            "from primeplay.rng import Rng\n"
            "from primeplay.climb.rules import legal_moves\n"
            "g = Game(Settings(players=2), 2, record=False)\n"
            "r = Rng(2 * 7919 + 17)\n"
            "n = 0\n"
            "while g.winner is None:\n"
            "    g.apply(r.choice(legal_moves(g.state)))\n"
            "    n += 1\n"
            "print(n)\n")
    assert int(mpvm.run_unix(code, heapsize="144K")) == \
        play_random(Settings(players=2), 2).moves_made


def test_rules_pass_the_mpy_cross_syntax_gate():
    assert mpvm.mpy_cross_gate() >= 10


APP_CODE = """
from primeplay.app import App
a = App(seed=%d)
a.prefs["seats"][1] = 1
a.press('A'); a.press('UP'); a.press('A')
t = 0
keys = ('A', 'RIGHT', 'DOWN', 'A', 'B', 'A', 'LEFT', 'A')
for i in range(400):
    a.press(keys[i %% len(keys)])
    t += 350
    a.tick(t)
    if i %% 40 == 0:
        sc = a.scene()
        print(repr(sc.items))
        print(repr(sc.leds))
"""


def app_expected(seed):
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(APP_CODE % seed, {})
    return out.getvalue()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_app_shows_the_same_screens_on_micropython(seed):
    # Scenes and LED colours, not just rules: the UI runs on the board too.
    assert mpvm.run_unix(APP_CODE % seed, heapsize="2M") == app_expected(seed)
