"""The emulated board's REPL pieces the games share."""

# Each import after the ones before it at a fresh REPL.  "room" is what
# 1 KB blocks still fit (the heap grows when full, so gc.mem_free() alone
# is not the limit).
BOARD_GAME_IMPORTS = """
import gc, time
def room():
    gc.collect()
    a = gc.mem_alloc()
    chain = None
    try:
        while True:
            chain = [chain, bytearray(1024)]
    except MemoryError:
        r = gc.mem_alloc() - a
    chain = None
    gc.collect()
    return r
gc.collect()
print("FREE0", gc.mem_free(), room())
for name in %r:
    gc.collect()
    t = time.monotonic_ns()
    __import__(name)
    print("IMPORT", (time.monotonic_ns() - t) // 1000)
gc.collect()
print("FREE", gc.mem_free(), room())
print("DONE")
"""


def board_imports(b, mods, out):
    """Import ``mods`` one after another at a fresh REPL of board ``b``:
    out["imports"] (ms each), out["free0"] and out["free"] (gc.mem_free
    and 1 KB blocks that fit, before and after)."""
    lines = b.repl(BOARD_GAME_IMPORTS % (mods,), timeout_ms=60000)
    out["imports"] = [int(ln.split()[1]) / 1000.0 for ln in lines
                      if ln.startswith("IMPORT ")]
    out["free0"] = [tuple(map(int, ln.split()[1:])) for ln in lines
                    if ln.startswith("FREE0 ")][0]
    out["free"] = [tuple(map(int, ln.split()[1:])) for ln in lines
                   if ln.startswith("FREE ")][0]
    return out
