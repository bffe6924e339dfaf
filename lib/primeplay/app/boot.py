"""Power-up: reading the record (the device's settings, each game's, and
the saved game, with what is wrong with them) and the table's cards, and
the first screen.

Its own module, apart from ``App``: it runs once as a VM starts, and a
game that drops the menus to make room (``games.enter``, ``LEAN``)
drops this too (about 1 KB of Prime Climb's heap in play).
"""

from primeplay.app.scene import wrap


def start(app, defaults, start=None, cards_text=None):
    """The App's power-up (``App.__init__``): the record read, the
    table's cards (a cards.txt) read, then ``start`` begun ("resume",
    "setup:<key>", "menu": ``App.begin``) or the main menu, under what
    went wrong on the way, if anything."""
    # A game's VM reads its own game's save only: the others stay in the
    # log as they are (each game's save is an entry of its own), and
    # their checks and modules would take the game's heap.
    # The main menu's VM after a game reads every game's save, checked
    # at power-up only (it was checked then, or written since by this
    # build).
    game = None
    if start is not None and ":" in start:
        game = start[start.find(":") + 1:]
        # A game's VM: the save's sector image first, low in a fresh heap.
        from primeplay import save
        save.reserve()
    problem = load(app, defaults, game, start is None)
    # "Fill in the Blanks": the table's own cards, from cards.txt.
    app.custom_cards = ()
    card_problem = None
    if cards_text:
        from primeplay.app.games import read_cards
        try:
            app.custom_cards = read_cards(cards_text)
        except ValueError as e:
            card_problem = str(e)
    if not problem and start is not None and app.begin(start, True):
        return
    screen = app.main_menu()
    if problem == "storage unreadable":     # save.UNREADABLE
        screen = app.message(["Cannot read saves:", "storage error.",
                              "A: OK"], app.main_menu())
    elif problem:
        screen = app.message(["Save damaged:", problem[:21], "Set aside.",
                              "A: OK"], app.main_menu())
    if card_problem is not None:
        screen = app.message(["cards.txt not used:"] +
                             wrap(card_problem)[:3], screen)
    app.screen = screen
    if app.saves:
        # The saved games' checks loaded their games' rules (some 20 KB
        # each on the board); the menu has its rows and notes now.
        from primeplay.app.games import unload
        unload()


# Prime Climb's settings as builds before App.game_prefs saved them: flat
# in "prefs".  Loading moves them to prefs["climb"].
_OLD_CLIMB_PREFS = ("players", "seats", "variant", "cards", "station",
                    "best", "own_cards")


def load(app, defaults, game=None, checked=True):
    """Prefs and the saved games from storage; what is wrong, or None.
    ``defaults``: the device's own settings
    (``primeplay.app.DEFAULT_PREFS``), the fields and types a record's
    are checked against, and a number out of its range falls back to
    the default.
    ``game``: read only this game's save (a game's VM: its resume checks
    it); None: every game's.  ``checked``: check each game's save now,
    so that a damaged one is told at power-up.

    Settings and the other games are kept when a game is damaged; the
    damaged one is set aside (the next save says it is gone)."""
    st = app.storage
    if st is None:
        return None
    nvm = getattr(st, "nvm", None)
    data = None
    try:
        if nvm is not None:
            # Erased flash: nothing stored, and no save module loaded
            # for the first frame.
            if _erased(nvm):
                return None
        else:
            data = st.read()
            if not data:
                return None
    except MemoryError:
        raise   # says nothing about the save (see save.load)
    except Exception:   # noqa: BLE001
        from primeplay.save import UNREADABLE
        return UNREADABLE
    from primeplay import save
    if nvm is not None:
        record, problem = save.load(nvm, None if game is None
                                    else ("prefs", game))
    else:
        try:
            record, problem = save.decode(data), None
        except save.SaveError as e:
            record, problem = None, save.problem(e)
    if record is None:
        # Set aside only what was read and found damaged: a failed
        # read says nothing about the save.
        if problem and problem != save.UNREADABLE:
            app.set_aside()
        return problem
    from primeplay.app.games import GAMES, check
    prefs = record.get("prefs")
    if isinstance(prefs, dict):
        prefs = _migrate_prefs(prefs)
        for k in defaults:
            if k in prefs and type(prefs[k]) == type(defaults[k]):
                app.prefs[k] = prefs[k]
        # Builds before the device setting kept the speed in Prime
        # Climb's settings: the player's choice carries over.
        climb = prefs.get("climb")
        if "speed" not in prefs and isinstance(climb, dict) and \
                type(climb.get("speed")) == int:
            app.prefs["speed"] = climb["speed"]
        for k, top in (("speed", 3), ("contrast", 255), ("ring", 256),
                       ("sound", 2), ("sleep", 3600)):
            if not 0 <= app.prefs[k] <= top:
                app.prefs[k] = defaults[k]
        # A game's own settings, checked when the game asks for them
        # (game_prefs): its module is not loaded yet.
        for e in GAMES:
            if isinstance(prefs.get(e[0]), dict):
                app.prefs[e[0]] = prefs[e[0]]
    # Each game in progress under its registry key; keys of games this
    # build does not know stay in the log unread.
    problem = None
    for e in GAMES:
        key = e[0]
        play = record.get(key)
        if play is None or (game is not None and key != game):
            continue
        try:
            if checked and game is None:
                check(key, play)   # now: a damaged game is told at power-up
            app.saves[key] = play
        except MemoryError:
            raise
        except Exception as e:  # noqa: BLE001  (any record, any field)
            app.set_aside(key)
            if problem is None:
                problem = save.problem(e)
    return problem


def _erased(nvm):
    """All 0xFF.  Not only byte 0: a power cut during an erase can leave
    the sector's start erased and a record after it intact."""
    n = len(nvm)
    for i in range(0, n, 256):
        chunk = nvm[i:min(i + 256, n)]
        if chunk.count(b"\xff") != len(chunk):
            return False
    return True


def _migrate_prefs(prefs):
    """``prefs`` of a record, Prime Climb's settings moved under "climb"
    if an older build wrote them flat (and no "climb" dict is there)."""
    if isinstance(prefs.get("climb"), dict):
        return prefs
    climb = {}
    out = {}
    for k in prefs:
        if k in _OLD_CLIMB_PREFS:
            climb[k] = prefs[k]
        else:
            out[k] = prefs[k]
    if climb:
        out["climb"] = climb
        return out
    return prefs
