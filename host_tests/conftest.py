"""Long files first: ``make test`` runs on two workers a file at a time
(--dist loadfile), and the emulated board's files take minutes each.
Collected last (their names sort late) they ran at the end with one
worker idle; started first, the short files fill in around them."""

# Slowest first, as measured by ``pytest --durations`` on this suite.
LONG = ("test_pico_games.py", "test_pico_source.py", "test_pico_flash.py",
        "test_pico.py", "test_pico_daifugo.py", "test_pico_rings.py",
        "test_pico_mpremote.py", "test_bundle.py", "test_pico_tools.py")


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        name = item.fspath.basename
        return LONG.index(name) if name in LONG else len(LONG)
    # sorted() is stable: each file keeps its own order.
    items[:] = sorted(items, key=rank)
