"""The games the handheld plays, known by name only.

The main menu and "Continue" go through this registry; it imports no
game.  A game's modules are imported when it is chosen (by module path),
and dropped again when the player leaves it (``unload``), so that the
heap they took comes back for the next game.

Each entry of ``GAMES`` is a tuple:

    (key, main-menu name, entry module, the game's package)

* ``key``: the game's name in code and in the save record, which holds
  the game in progress under this key: ``{"prefs": ..., key: play}``
  (docs/architecture.md, "Saves").
* the entry module (the game's ``ui`` package, ``primeplay.<game>.ui``)
  has four small functions that import the rest
  when called:

  - ``setup(app)``: go to the game's first screen (its setup menu);
  - ``check(play)``: raise if a saved game cannot be offered (power-up);
  - ``detail(play)``: the Loading screen's line for Continue ("turn 3");
  - ``resume(app, play)``: the saved game's screen; anything it raises
    (but MemoryError) is reported on screen and the save set aside.

  ``LEAN = True`` there asks the app to drop its menus, and the setup
  menu's module ``SETUP``, while the game is in play (``enter``);
  ``WARM``: the modules to compile first from source (``warm``).

  The game saves itself: ``app.keep_game(key, play)`` after each turn,
  ``app.keep_game(key)`` when it is over, ``app.home()`` to leave.  Each
  game keeps its own save: the record holds every game in progress, each
  under its key.
* the package: leaving the game drops it and everything under it from
  ``sys.modules``.

A new game is one package (its rules, and a ``ui`` package with the
entry points and screens) and one line in ``GAMES``; the shell imports
nothing of any game but through the paths here.
"""

import sys

GAMES = [
    ("climb", "Prime Climb", "primeplay.climb.ui", "primeplay.climb"),
    ("daifugo", "Prime Daifugo", "primeplay.daifugo.ui", "primeplay.daifugo"),
    ("rings", "Ring Climb", "primeplay.rings.ui", "primeplay.rings"),
]

# The table's own cards (a cards.txt on the drive) are Prime Climb's Prime
# Cards: read at power-up, with what is wrong with them (``read_cards``).
CARDS = ("primeplay.climb.cards_file", "parse_custom_cards")

# Modules any game may load that the main menu does without (the one Game
# shell, the pushed question, pause and colour legend screens): dropped
# with the game too.
SHARED = ("primeplay.game", "primeplay.app.pages", "primeplay.app.legend")

# The main menu's modules, and this registry: a LEAN game in play does
# without them (a pause menu loads the rows' drawing again and drops it
# as it closes; leaving the game loads them again), so they go while the
# game loads, with the game's setup menu (``enter``).
MENUS = ("primeplay.app.menus", "primeplay.app.rows", "primeplay.app.games",
         "primeplay.app.boot")


def register(key, name, entry_path, package):
    """Add a game: a fourth game is one package and one line above; a
    test's dummy game comes in through here."""
    if find(key) is None:
        GAMES.append((key, name, entry_path, package))


def read_cards(text):
    """The cards of a cards.txt, as the game that plays them reads them
    (``CARDS``); raises ValueError naming the first bad line."""
    __import__(CARDS[0])
    return tuple(getattr(sys.modules[CARDS[0]], CARDS[1])(text))


def find(key):
    """The entry of ``key``, or None."""
    for e in GAMES:
        if e[0] == key:
            return e
    return None


def name(key):
    return find(key)[1]


def entry(key):
    """The game's entry module, imported now if it is not yet."""
    path = find(key)[2]
    __import__(path)
    return sys.modules[path]


def detail(key, play):
    """The entry's line for game ``key``'s saved game ``play`` ("turn
    3"), or "" if ``play`` says nothing the entry can read."""
    try:
        return entry(key).detail(play)
    except MemoryError:
        raise
    except Exception:   # noqa: BLE001  (the line goes without it)
        return ""


def setup(app, key):
    """Start a new game of ``key``: its setup screen."""
    _reserve()
    entry(key).setup(app)


def _reserve():
    """As a game starts, the save's sector image (``save.reserve``): a
    compaction late in the game might not find 4 KB in one piece."""
    from primeplay import save
    save.reserve()


def check(key, play):
    """Raise if ``play`` (the record's value under ``key``) cannot be
    offered as "Continue"."""
    entry(key).check(play)


def resume(app, key):
    """Continue game ``key``'s saved game: a Loading screen, then the
    game."""
    _reserve()
    app.loading(name(key), _resumer(app, key),
                detail(key, app.saves.get(key)))


def _resumer(app, key):
    def job():
        play = app.saves.get(key)
        enter(key)
        try:
            screen = entry(key).resume(app, play)
        except MemoryError:
            raise
        except Exception as e:  # noqa: BLE001  (any record, any field)
            from primeplay.save import problem
            from primeplay.app.scene import WIDTH, CHAR_W
            app.set_aside(key)
            app.home(app.message(["Save damaged:",
                                   problem(e)[:WIDTH // CHAR_W],
                                   "Set aside.", "A: OK"], app.main_menu()))
            return
        app.go(screen)
    return job


def loaded():
    """The names in ``sys.modules`` that belong to a game."""
    out = []
    for m in sys.modules:
        if m in SHARED:
            out.append(m)
            continue
        for e in GAMES:
            p = e[3]
            if m == p or m.startswith(p + "."):
                out.append(m)
    return out


def unload():
    """Drop every game's modules (``sys.modules`` and the parent package's
    attribute), then collect: what they held comes back to the heap once
    nothing else refers to the game."""
    drop(loaded())


def warm(key):
    """Import the game's largest modules now, as its VM starts, if they
    run from source (.py): compiling a module takes some three times its
    source in passing heap (its parse tree), which later, with the setup
    and the game's objects around, the heap may not have in one piece.
    The entry module names them in ``WARM``, in the order measured on
    the emulated board from .py; .mpy files need no compiling, and their
    games keep the order measured for them."""
    e = entry(key)
    names = getattr(e, "WARM", ())
    if names and getattr(e, "__file__", "").endswith(".py"):
        import gc
        for m in names:
            __import__(m)
            gc.collect()


def enter(key):
    """A game of ``key`` starts or resumes.  If its entry module sets
    ``LEAN``, drop the menus it leaves behind (its setup menu, the main
    menu's module, this registry), which a new game or the main menu
    imports again: 5-7 KB of the board's heap in play, which Prime
    Climb's computer search wants.  Whether it pays otherwise is measured
    per game on the emulated board, as where the game's objects land
    among the holes decides how long its allocations search for room:
    Ring Climb's presses answer sooner with the menus dropped (a move in
    64 ms, not 137), Prime Daifugo's with them kept (a card picked in 92
    ms, not 116)."""
    e = entry(key)
    if getattr(e, "LEAN", False):
        drop(MENUS + (getattr(e, "SETUP", ""),))



def drop(names, collect=True):
    """Forget modules ``names`` (where loaded; only on the boards' VMs,
    see primeplay.UNLOAD), then collect, or (``collect`` False) leave
    it to the caller: a press that drops code asks for it after its frame
    (App.collect_soon), not in the press's own answer."""
    import gc
    import primeplay
    if primeplay.UNLOAD:
        for m in names:
            if sys.modules.pop(m, None) is None:
                continue
            i = m.rfind(".")
            parent = sys.modules.get(m[:i])
            if parent is not None:
                try:
                    delattr(parent, m[i + 1:])
                except (AttributeError, TypeError):
                    pass
    if collect:
        gc.collect()
