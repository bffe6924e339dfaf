"""What is wrong with a saved record, worded the same on every VM.

Its own module: a game's rules and snapshots (``primeplay.game``, each
game's ``saves``) raise and word these, and need none of the log's code
(``primeplay.save``), which a game's VM loads when it reads or writes
the flash.
"""


class SaveError(ValueError):
    """A record that cannot be used; the message says why."""


def problem(e):
    """What an exception raised while reading a save says on screen, the
    same on every VM (``str(KeyError)`` has quotes on CPython only)."""
    if isinstance(e, KeyError):
        return "missing %s" % (e.args[0],) if e.args else "missing field"
    if isinstance(e, SaveError):
        return str(e) or "unreadable"
    # Built-in exception texts differ from VM to VM: the name only.
    return "unreadable" if isinstance(e, TypeError) else type(e).__name__


def field_error(e):
    """The SaveError for an exception a game's ``restore`` met reading a
    record's fields, worded the same on every VM: the missing key itself
    (``str(KeyError)`` is quoted on CPython, bare on CircuitPython), no
    built-in TypeError text (worded differently on each VM), the game's
    own ValueError texts (its Settings.validate, Rng.setstate)."""
    if isinstance(e, KeyError):
        return SaveError("missing %s" % (e.args[0],))
    if isinstance(e, TypeError):
        return SaveError("bad value")
    return SaveError("bad value: %s" % (e,))
