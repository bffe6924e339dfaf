"""Compact, checksummed save records: remembered settings and a game.

A record is ``b"PP" + version + length (2 bytes) + JSON + Adler-32``: small
enough for ``microcontroller.nvm`` (4 KB on an RP2040), readable on every
VM (``json`` exists on CPython, MicroPython and CircuitPython), and a
damaged or foreign record is rejected with a reason instead of crashing
the device.

The JSON is written here, not by ``json.dumps``: the same record must give
the same bytes on every VM and however its dicts were built (the nvm store
skips a write whose bytes did not change), and ``json.dumps`` orders keys
as each VM's dicts do and escapes non-ASCII on CPython only.  The reasons
a record is rejected are the same on every VM too: built from the missing
key, never from ``str()`` of a KeyError (quoted on CPython, bare on
CircuitPython) or of a built-in TypeError (worded differently on each).

The game is saved as a snapshot of the state between turns, not as the
list of moves: a snapshot stays a few hundred bytes however long the game,
and it needs no replay at power-up.
"""

import json

MAGIC = b"PP"
VERSION = 1


class SaveError(ValueError):
    """A record that cannot be used; the message says why."""


def problem(e):
    """What an exception raised while reading a save says on screen, the
    same on every VM (``str(KeyError)`` has quotes on CPython only)."""
    if isinstance(e, KeyError):
        return "missing %s" % (e.args[0],) if e.args else "missing field"
    return str(e) or "unreadable"


def adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def to_json(x):
    """Canonical JSON text of ``x``: keys sorted, no spaces, non-ASCII as
    is, and only control characters, quotes and backslashes escaped, each
    as ``\\u00XX``.

    Takes dicts with str keys, lists, tuples, str, int, bool and None;
    anything else is a SaveError (a float would print differently on
    CircuitPython's 30-bit floats).  Written small: on the board this
    module's code stays in the heap for the whole game."""
    if isinstance(x, dict):
        return "{" + ",".join([_str(k) + ":" + to_json(x[k])
                               for k in sorted(x)]) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ",".join([to_json(v) for v in x]) + "]"
    if isinstance(x, str):
        return _str(x)
    # A bool is no int to MicroPython's isinstance.
    if x is None or x is True or x is False or isinstance(x, int):
        return json.dumps(x)
    raise SaveError("cannot save a %s" % type(x).__name__)


def _str(s):
    # Not json.dumps: CPython escapes non-ASCII and writes \b where
    # MicroPython writes \u0008.  Non-ASCII stays UTF-8 because MicroPython's
    # json.loads does not join an escaped surrogate pair.
    if not isinstance(s, str):
        raise SaveError("cannot save key %r" % (s,))
    return '"' + "".join([c if c >= " " and c not in '"\\' else
                          "\\u%04x" % ord(c) for c in s]) + '"'


def encode(record):
    """dict -> bytes, the same bytes on every VM for equal records."""
    body = to_json(record).encode()
    if len(body) > 0xFFFF:
        raise SaveError("record too large (%d bytes)" % len(body))
    head = MAGIC + bytes((VERSION, len(body) >> 8, len(body) & 0xFF))
    data = head + body
    c = adler32(data)
    return data + bytes((c >> 24, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF))


def decode(data):
    """bytes -> dict; SaveError for anything damaged or unknown."""
    if data is None or len(data) == 0:
        raise SaveError("empty")
    data = bytes(data)
    if len(data) < 9 or data[:2] != MAGIC:
        raise SaveError("not a primeplay save")
    if data[2] != VERSION:
        raise SaveError("save version %d, expected %d" % (data[2], VERSION))
    n = (data[3] << 8) | data[4]
    if len(data) < 5 + n + 4:
        raise SaveError("truncated")
    body = data[5:5 + n]
    c = data[5 + n:9 + n]
    want = adler32(data[:5 + n])
    got = (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]
    if got != want:
        raise SaveError("checksum mismatch")
    try:
        record = json.loads(body)
    except ValueError:
        raise SaveError("unreadable contents")
    if not isinstance(record, dict):
        raise SaveError("unreadable contents")
    return record


# ---------------------------------------------------------- Prime Climb

def climb_snapshot(state):
    """The state between two turns as plain JSON-able data."""
    if state.phase != "roll":
        raise SaveError("a game is saved between turns only")
    return {
        "settings": state.settings.to_dict(),
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
    }


def _ints(x, n, lo, hi, what):
    if not isinstance(x, list) or (n is not None and len(x) != n):
        raise SaveError("bad %s" % what)
    for v in x:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise SaveError("bad %s" % what)
    return x


def climb_restore(snap):
    """A State from climb_snapshot() data, checked field by field."""
    from primeplay.climb.settings import Settings
    from primeplay.climb import rules
    if not isinstance(snap, dict):
        raise SaveError("unreadable contents")
    try:
        settings = Settings.from_dict(snap["settings"])
        s = rules.new_game(settings, 0)
        n = settings.players
        s.pos = _ints(snap["pos"], 2 * n, 0, s.end, "pawn positions")
        keepers = snap["keepers"]
        if not isinstance(keepers, list) or len(keepers) != n:
            raise SaveError("bad keepers")
        ncards = len(s.cards)
        s.keepers = [_ints(k, None, 0, ncards - 1, "keepers") for k in keepers]
        s.deck = _ints(snap["deck"], None, 0, ncards - 1, "deck")
        s.discard = _ints(snap["discard"], None, 0, ncards - 1, "discards")
        every = sorted(s.deck + s.discard + [c for k in s.keepers for c in k])
        if settings.cards and every != list(range(ncards)):
            raise SaveError("cards do not add up")
        if not settings.cards and every:
            raise SaveError("cards in a game without cards")
        s.current = snap["current"]
        if not isinstance(s.current, int) or not 0 <= s.current < n:
            raise SaveError("bad current player")
        s.cursed = [bool(c) for c in _ints(snap["cursed"], n, 0, 1, "curses")]
        s.visited = _ints(snap["visited"], n, 0, 255, "way stations")
        s.extra_rolls = snap["extra"]
        if not isinstance(s.extra_rolls, int) or not 0 <= s.extra_rolls < 100:
            raise SaveError("bad extra rolls")
        s.rolls = _ints(snap["rolls"], n, 0, 10**6, "roll counts")
        s.turn = snap["turn"]
        if not isinstance(s.turn, int) or s.turn < 0:
            raise SaveError("bad turn")
        s.rng.setstate(snap["rng"])
    except SaveError:
        raise
    except KeyError as e:
        # The key itself: str(e) is quoted on CPython, bare on CircuitPython.
        raise SaveError("missing %s" % (e.args[0],))
    except TypeError:
        # Built-in TypeError texts are worded differently on each VM.
        raise SaveError("bad value")
    except ValueError as e:     # Settings.validate's and Rng.setstate's own
        raise SaveError("bad value: %s" % (e,))
    return s
