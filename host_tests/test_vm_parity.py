"""The same seeds give the same games on CPython and on real MicroPython VMs.

Each VM plays a batch of seeded random games and prints one digest per
game (an FNV hash of the whole transcript and final position); CPython
computes the same batch here.  A difference means some rule, the RNG or an
integer detail behaves differently on MicroPython or CircuitPython, which
is what boards run.

The VMs: MicroPython's unix port and WASI build (from PyPI, always here)
and CircuitPython's own core built for unix, ``circuitpython-cp32`` (the
RP2040 object model) and ``-cp64``, found beside the repo by cpbuilds.py.
Without those every CircuitPython test skips with one line (``-rs``).
"""

from pathlib import Path

import pytest

import cpbuilds
import heap
import mpvm
from primeplay.climb import Settings, values
from primeplay.climb.selfplay import play_random, digest
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
from primeplay.climb.selfplay import play_random, digest
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


# Missing CircuitPython builds skip by a mark with one reason on fixture
# params: `pytest -rs` folds those into one line for the whole file (a
# skip raised at run time, or a mark beside a decorator, gives a line per
# test).  So the tests here take their VMs and seeds from fixtures.
_CP_SKIP = pytest.mark.skip(reason=mpvm.cp_missing() or "")


def _on_cp(bits):
    return () if mpvm.cp_missing(bits) is None else (_CP_SKIP,)


# The unix-port style VMs: all run the same scripts with -X heapsize.
VMS = ["unix", pytest.param("cp32", marks=_on_cp(32)),
       pytest.param("cp64", marks=_on_cp(64))]


@pytest.fixture(params=VMS)
def vm(request):
    return request.param


@pytest.fixture(params=VMS + ["wasm"])
def any_vm(request):
    return request.param


@pytest.fixture(params=[pytest.param("cp32", marks=_on_cp(32))])
def cp32(request):
    return request.param


def run_vm(vm, code, heapsize="1M", path=mpvm.LIB_DIR):
    if vm == "unix":
        return mpvm.run_unix(code, heapsize=heapsize, path=path)
    if vm == "wasm":
        return mpvm.run_wasm(code, heapsize="64M", path=path).stdout
    return mpvm.run_cp(code, bits=int(vm[2:]), heapsize=heapsize, path=path)


def test_vm_plays_the_same_games(vm, cpython_lines):
    out = run_vm(vm, guest_code(), heapsize="2M")
    assert out.split("\n")[:-1] == cpython_lines


@pytest.fixture(scope="module")
def mpy_lib():
    """lib/ as `deploy.py --mpy` puts it on a board: .mpy and data only."""
    if cpbuilds.mpy_cross() is None:
        pytest.skip(cpbuilds.missing("CircuitPython's mpy-cross"))
    lib = Path(heap.mpy_lib())
    assert not list(lib.rglob("*.py"))
    assert len(list(lib.rglob("*.mpy"))) >= 15
    return lib


def test_compiled_mpy_plays_the_same_games_on_cp32(cp32, mpy_lib,
                                                   cpython_lines):
    # The .mpy files made by deploy's own code, loaded by CircuitPython's
    # VM from a folder with no .py in it.
    code = ("import primeplay.climb.bot as b, primeplay.climb.values as v\n"
            "print(b.__file__, v.turns_x1000(0, 0))\n") + guest_code()
    out = mpvm.run_cp(code, heapsize="2M", path=mpy_lib).split("\n")[:-1]
    # The table read from beside the .mpy: 8.98 turns from the start.
    assert out[0] == "%s %d" % (mpy_lib / "primeplay/climb/bot.mpy",
                                values.turns_x1000(0, 0))
    assert out[1:] == cpython_lines


def test_wasm_port_plays_the_same_games(cpython_lines):
    # The WASI build's GC can free live objects (docs/architecture.md,
    # "Reference facts"): give the batch
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


@pytest.fixture(params=[0, 1, 2**31 + 5, 2**40 + 3])
def rng_seed(request):
    return request.param


def test_rng_is_bit_identical_on_every_vm(rng_seed, any_vm):
    # 2**40 + 3 is a long int on every VM: on cp32 even 2**30 is one.
    assert run_vm(any_vm, RNG_CODE % rng_seed).split("\n")[:-1] == \
        rng_expected(rng_seed)


SEARCH_CODE = """
from primeplay.climb.reach import search
for a, b, dice, ks in %r:
    print(sorted(search(a, b, dice, ks).pairs()))
"""


def test_end_position_search_agrees_on_every_vm(vm):
    cases = [(50, 60, [7, 7, 7, 7], [3, 8]), (0, 0, [3, 9], []),
             (99, 98, [2, 3], [1]), (97, 101, [4, 4, 4, 4], [])]
    want = [repr(sorted(search(a, b, d, k).pairs())) for a, b, d, k in cases]
    assert run_vm(vm, SEARCH_CODE % (cases,)).split("\n")[:-1] == want


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


# The heap tests (the board's heap, whole games at it) are in
# test_board_heap.py.


def test_rules_pass_the_mpy_cross_syntax_gate():
    assert mpvm.mpy_cross_gate() >= 10


APP_CODE = """
from primeplay.app import App
a = App(seed=%d)
a.game_prefs("climb")["seats"][1] = 1
a.press('A'); a.press('A')
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


@pytest.fixture(params=[1, 2])
def app_seed(request):
    return request.param


def test_the_app_shows_the_same_screens_on_every_vm(app_seed, vm):
    # Scenes and LED colours, not just rules: the UI runs on the board too.
    assert run_vm(vm, APP_CODE % app_seed, heapsize="2M") == \
        app_expected(app_seed)


# Prime Daifugo the same way: three players, every advanced rule, the
# buttons mashed (picks, menus, plays, questions) while computers play.
DAIFUGO_APP_CODE = """
from primeplay.app import App
a = App(seed=%d)
p = a.game_prefs('daifugo')
p['players'] = 3
p['seats'] = [0, 1, 2]
for k in ('zero', 'multi59', 'multi468', 'skip'):
    p[k] = 1
a.press('DOWN'); a.press('A'); a.scene(); a.tick(1)
a.press('A'); a.scene(); a.tick(2)
""" + APP_CODE[APP_CODE.index("t = 0"):]


def test_daifugo_shows_the_same_screens_on_every_vm(vm):
    assert "daifugo" in DAIFUGO_APP_CODE
    want = io_exec(DAIFUGO_APP_CODE % 4)
    assert "Beat" in want or "lead" in want
    assert run_vm(vm, DAIFUGO_APP_CODE % 4, heapsize="2M") == want


def io_exec(code):
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {})
    return out.getvalue()


# What a damaged save is reported as, and the bytes a save is written as.
# Each damage is one line "name: reason"; the record's bytes are the same
# however its dicts were filled.
SAVE_CODE = """
import json
from primeplay import save
from primeplay.climb import saves
from primeplay.climb.game import Game
from primeplay.climb.settings import Settings
cards = (("keeper", "addsub", 11,
          "Plus ou moins 11 \\u00e9t\\u00e9 \\u65e5 \\U0001f600 \\"\\\\ \\b\\t"),)
g = Game(Settings(players=3, custom_cards=cards), 5, record=False)
g.roll()
while g.state.phase != "roll":
    g.apply(g.legal_moves()[0])
good = saves.snapshot(g.state)
def damaged(change):
    snap = json.loads(json.dumps(good))
    change(snap)
    try:
        saves.restore(snap)
        return "restored"
    except save.SaveError as e:
        return str(e)
def drop(*path):
    def f(snap):
        for k in path[:-1]:
            snap = snap[k]
        del snap[path[-1]]
    return f
def put(key, value, inner=None):
    def f(snap):
        (snap[inner] if inner else snap)[key] = value
    return f
for name, change in (
        ("no pos", drop("pos")), ("no rng", drop("rng")),
        ("no settings", drop("settings")),
        ("no goal", drop("settings", "goal")),
        ("settings not a dict", put("settings", 5)),
        ("stations not a list", put("way_stations", 5, "settings")),
        ("players 9", put("players", 9, "settings")),
        ("pos a string", put("pos", "x")),
        ("keepers none", put("keepers", None)),
        ("current text", put("current", "0")),
        ("rng text", put("rng", "x")),
        ("rng zero", put("rng", 0)),
        ("turn negative", put("turn", -1))):
    print(name + ": " + damaged(change))
try:
    saves.restore([1, 2])
except save.SaveError as e:
    print("a list: " + str(e))
record = {"prefs": {"players": 3, "seats": [0, 1, 1, 1], "best": {}},
          "climb": {"state": good, "seats": [0, 1, 1], "seed": 5}}
backwards = {}
for k in sorted(record["climb"]["state"], reverse=True):
    backwards[k] = record["climb"]["state"][k]
record2 = {"climb": {"seed": 5, "seats": [0, 1, 1], "state": backwards},
           "prefs": {"best": {}, "seats": [0, 1, 1, 1], "players": 3}}
data = save.encode(record)
print(data == save.encode(record2), save.decode(data) == record)
print("".join("%02x" % b for b in data))
for bad in (data[:-1] + bytes([data[-1] ^ 1]), b"XX" + data[2:], data[:20]):
    try:
        save.decode(bad)
    except save.SaveError as e:
        print("decode: " + str(e))
# The log in a 4 KB nvm: appends, a compaction, unchanged records skipped,
# a flipped bit, what cannot be saved, junk.
nvm = bytearray(b"\\xff" * 4096)
print(save.read(nvm), save.newest(nvm))
for i in range(60):
    record["climb"]["state"]["turn"] = i // 2
    print(i, save.write(nvm, record), save.read(nvm)["climb"]["state"]["turn"])
print(save.crc32(nvm), save.crc32(b"123456789"))
print(save.read(nvm) == record, len(save.newest(nvm)))
end = bytes(nvm).find(save.newest(nvm)) + len(save.newest(nvm))
nvm[end - 1] ^= 0x10
print(save.read(nvm)["climb"]["state"]["turn"])
print(save.write(nvm, {"prefs": {}, "climb": None}), save.read(nvm))
print(save.write(nvm, {"x": 1.5}), save.read(nvm))
for junk in (bytes(4096), b"P\\xa5\\x02" * 1365 + b"x", bytes(range(256)) * 16):
    nvm[:] = junk
    odd = {"a": [-1, 300, -2**40, "\\u65e5"]}
    print(save.load(nvm), save.write(nvm, odd), save.read(nvm) == odd,
          "".join("%02x" % b for b in save.newest(nvm)))
"""


def save_expected():
    import io
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(SAVE_CODE, {})
    return out.getvalue()


def test_saves_read_and_write_the_same_on_every_vm(vm):
    # On CircuitPython str(KeyError) has no quotes and json.dumps orders
    # keys its own way and leaves non-ASCII as is: neither may reach what
    # the player is told or the bytes the board stores.
    want = save_expected()
    assert "no pos: missing pos\n" in want
    assert "no goal: missing goal\n" in want
    assert "True True\n" in want
    assert run_vm(vm, SAVE_CODE, heapsize="2M") == want


def test_save_encoding_is_canonical():
    # "The same bytes on every VM" needs one encoding per record: dict keys
    # sorted, whatever order the dict was filled in; every value reads back.
    from hypothesis import given, settings, strategies as st
    from primeplay import save
    values = st.recursive(
        st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text() |
        st.sampled_from(save._WORDS.split()),
        lambda inner: st.lists(inner, max_size=4) |
        st.dictionaries(st.text(max_size=6) | st.sampled_from(save._WORDS.split()),
                        inner, max_size=4),
        max_leaves=12)

    def backwards(x):
        if isinstance(x, dict):
            return {k: backwards(x[k]) for k in reversed(list(x))}
        if isinstance(x, list):
            return [backwards(v) for v in x]
        return x

    @settings(max_examples=300, deadline=None)
    @given(st.dictionaries(st.text(max_size=6), values, max_size=5),
           st.integers(0, 2**32 - 1))
    def check(x, seq):
        data = save.encode(x, seq)
        assert save.decode(data) == x
        assert save.encode(backwards(x), seq) == data
        assert len(data) == save.ENTRY + len(save.body(x))
    check()
    assert save.body({"b": [None, True, False, -1, 127, 128, "x"]}) == \
        b"\x87\x01\x85\x01b\x86\x07\x80\x82\x81\x84\x01\x7f\x83\x80\x01" \
        b"\x85\x01x"
    assert save.body({"prefs": "best"}) == b"\x87\x01\xa0\xbb"


def test_saves_written_before_the_log_still_load():
    # Boards in use hold one record json.dumps wrote (b"PP", version 1,
    # JSON, Adler-32) after NvmStorage's 2-byte length.
    import json
    from primeplay import save, save_first
    record = {"prefs": {"seats": [0, 1, 1, 1], "players": 2}, "climb": None}
    body = json.dumps(record).encode()
    head = b"PP" + bytes((1, len(body) >> 8, len(body) & 255))
    c = save_first.adler32(head + body)
    old = head + body + c.to_bytes(4, "big")
    assert save.decode(old) == record
    assert save.encode(record) != old
    nvm = bytearray(b"\xff" * 4096)
    nvm[0:2 + len(old)] = len(old).to_bytes(2, "big") + old
    assert save.read(nvm) == record
    record["prefs"]["players"] = 3
    assert save.write(nvm, record)           # replaces it: a compaction
    assert save.read(nvm) == {"prefs": record["prefs"]}     # no game
    n = len(save.body({"prefs": record["prefs"]})) + save.ENTRY
    assert nvm[n:] == b"\xff" * (4096 - n)
    # A save of the first format keeps its game when another key is
    # saved: the log starts from the whole record.
    nvm[:] = b"\xff" * 4096
    kept = {"prefs": {"players": 2}, "climb": {"x": 1}}
    body = json.dumps(kept).encode()
    head = b"PP" + bytes((1, len(body) >> 8, len(body) & 255))
    old = head + body + save_first.adler32(head + body).to_bytes(4, "big")
    nvm[0:2 + len(old)] = len(old).to_bytes(2, "big") + old
    assert save.update(nvm, {"prefs": {"players": 4}})
    assert save.read(nvm) == {"prefs": {"players": 4}, "climb": {"x": 1}}


def test_save_refuses_what_json_would_print_differently_per_vm():
    from primeplay import save
    with pytest.raises(save.SaveError, match="cannot save a float"):
        save.encode({"x": 0.1})
    with pytest.raises(save.SaveError, match="cannot save key 1"):
        save.encode({1: 2})
