"""Long files first: ``make test`` runs on two workers a file at a time
(--dist loadfile), and the emulated board's files take minutes each.
Run last they kept one worker busy alone at the end; started first, the
short files fill in around them, and the seeded runs of a minute go
before the many files of a few seconds.  This order holds only with
--no-loadscope-reorder (the Makefile's): by default xdist sends the files
with the most tests first, whatever the collection's order."""

# Slowest first (longest processing time first: the last file to start is
# a short one, so neither worker idles long at the end), as measured by
# ``pytest --durations`` on this suite: seconds per file, two workers.
LONG = ("test_pico.py",             # 160
        "test_pico_games.py",       # 155
        "test_pico_flash.py",       # 120
        "test_pico_daifugo.py",     # 120
        "test_pico_source.py",      # 105
        "test_pico_rings.py",       # 95
        "test_climb_games.py",      # 70
        "test_pico_mpremote.py",    # 65
        "test_vm_parity.py",        # 40
        "test_rings_games.py",      # 40
        "test_save.py",             # 35
        "test_bundle.py",           # 30
        "test_fuzz.py",             # 30
        "test_primes.py",           # 30
        "test_climb_properties.py",  # 30
        "test_board_heap.py",       # 20
        "test_pico_tools.py")


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        name = item.fspath.basename
        return LONG.index(name) if name in LONG else len(LONG)
    # sorted() is stable: each file keeps its own order.
    items[:] = sorted(items, key=rank)
