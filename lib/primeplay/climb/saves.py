"""Prime Climb's saved games: what a save holds and how it is checked.

The app keeps one game in progress in its save record under the game's
registry key (``primeplay.app.games``): for Prime Climb ``"climb"``,
holding a dict ``{"state": snapshot(state), "seats": [0 (a human) or a
computer level per player], "seed": the game's 32-bit seed}``.  This module owns that dict's schema;
``primeplay.save`` only stores and finds records.

A saved game is read from flash that anything may have scribbled on, so
``restore`` and ``unpack`` check every field and raise SaveError (never
another exception, but MemoryError) with a reason that reads the same on
every VM.
"""

from primeplay.save import SaveError
from primeplay.game import check_record, flag, number, numbers, read, \
    unpack_record


def snapshot(state):
    """The state between two turns as plain data (dicts, lists, ints)."""
    if state.phase != "roll":
        raise SaveError("a game is saved between turns only")
    settings = state.settings.to_dict()
    # The rulings' switches are written only when not the default: a save
    # stays the size it was (restore gives a missing one its default).
    from primeplay.climb.settings import NEWER_FIELDS, Settings
    plain = Settings()
    for k in NEWER_FIELDS:
        if settings[k] == getattr(plain, k):
            del settings[k]
    return {
        "settings": settings,
        "pos": list(state.pos),
        "keepers": [list(k) for k in state.keepers],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "current": state.current,
        "cursed": [1 if c else 0 for c in state.cursed],
        "visited": list(state.visited),
        "extra": state.extra_rolls,
        "rolls": list(state.rolls),
        "turn": state.turn,
        "rng": state.rng.getstate(),
        "tally": list(state.tally),
    }


def play(state, seats, seed):
    """What the app keeps under "climb": the state, who is a computer, the
    seed."""
    return {"state": snapshot(state), "seats": list(seats), "seed": seed}


def _cards(cards):
    """Custom cards as cards_file.parse_custom_cards makes them, or
    SaveError."""
    from primeplay.climb.cards import EFFECTS, MAX_BLANKS
    if not isinstance(cards, list) or len(cards) > MAX_BLANKS:
        raise SaveError("bad custom cards")
    for c in cards:
        if not isinstance(c, list) or len(c) != 4:
            raise SaveError("bad custom card")
        kind, effect, n, text = c
        if not isinstance(effect, str) or effect not in EFFECTS or \
                EFFECTS[effect][0] != kind or not isinstance(text, str) or \
                not isinstance(n, int) or n is True or n is False or \
                not (1 <= n <= 101 if EFFECTS[effect][1] else n == 0):
            raise SaveError("bad custom card")


def restore(snap):
    """A State from snapshot() data, checked field by field."""
    return read(_restore, snap)


def _restore(snap):
    from primeplay.climb.settings import Settings, BOOL_FIELDS, NEWER_FIELDS
    from primeplay.climb import rules
    d = snap["settings"]
    if not isinstance(d, dict):
        raise SaveError("bad settings")
    for k in BOOL_FIELDS:
        # A field newer than the save is absent: its default.
        if not (k in NEWER_FIELDS and k not in d):
            flag(d[k], k)
    if not isinstance(d["way_stations"], list):
        raise SaveError("bad way stations")
    _cards(d["custom_cards"])
    settings = Settings.from_dict(d)
    s = rules.new_game(settings, 0)
    n = settings.players
    s.pos = numbers(snap["pos"], 0, s.end, "pawn positions", 2 * n)
    keepers = snap["keepers"]
    if not isinstance(keepers, list) or len(keepers) != n:
        raise SaveError("bad keepers")
    ncards = len(s.cards)
    s.keepers = [numbers(k, 0, ncards - 1, "keepers") for k in keepers]
    for k in s.keepers:
        for c in k:
            if s.cards[c][0] != "keeper":
                raise SaveError("bad keepers")
    s.deck = numbers(snap["deck"], 0, ncards - 1, "deck")
    s.discard = numbers(snap["discard"], 0, ncards - 1, "discards")
    every = sorted(s.deck + s.discard + [c for k in s.keepers for c in k])
    if settings.cards and every != list(range(ncards)):
        raise SaveError("cards do not add up")
    if not settings.cards and every:
        raise SaveError("cards in a game without cards")
    s.current = number(snap["current"], 0, n - 1, "current player")
    s.cursed = [bool(c) for c in numbers(snap["cursed"], 0, 1, "curses", n)]
    s.visited = numbers(snap["visited"], 0,
                        (1 << len(settings.way_stations)) - 1,
                        "way stations", n)
    s.extra_rolls = number(snap["extra"], 0, 99, "extra rolls")
    s.rolls = numbers(snap["rolls"], 0, 10**6, "roll counts", n)
    s.turn = number(snap["turn"], 0, 10**7, "turn")
    # Saves from before the tally have none: it starts from zeros.
    if "tally" in snap:
        s.tally = numbers(snap["tally"], 0, 10**6, "tally", rules.TALLY * n)
    s.rng.setstate(snap["rng"])
    # new_game's start roll is not news on resuming.
    s.events = []
    return s


def check(g):
    """What power-up checks of a saved game: its state (the seats and the
    seed are checked when it is resumed, ``unpack``)."""
    check_record(g, restore)


def unpack(g):
    """(state, seats, seed) of a saved game, every field checked.  A
    seat is 0 (a human) or a computer's level (climb.bot: NORMAL 1, HARD
    2, EASY 3; saves before levels wrote 1 for every computer); saves
    before the seed have none (0)."""
    return unpack_record(g, restore, 3, 0)
