"""One game in progress, for any game: its seed, its moves, its position.

Each game's ``game.py`` subclasses ``Game`` and says only what differs:
its rules module (``RULES``: ``new_game``, ``legal_moves``, ``apply``,
``apply_legal``, ``winner``, ``places``), its ``SETTINGS`` class, how a
move packs into ``SIZE`` bytes (``encode``, ``decode``), how a move reads
(``text``), and, for Prime Climb, the undo (``moved``, ``resume``).

A game is replayed, and can be saved, as seed + settings + moves.  The
moves are kept packed in one bytearray (``log``): a long game makes
thousands of moves, and a list of tuples that size would not fit beside
displayio on a board.  The handheld passes ``record=False``: it saves
snapshots between turns, and a log growing a few bytes at a time for
hours fragments a small heap.

``legal_moves`` is worked out once per position: the handheld draws an
unchanged screen fifty times a second, and ``apply`` takes a move found
in that list the short way (no second legality check).

Below it, the reading of a game's saved record (``check_record``,
``unpack_record``, ``read`` and the field checks ``number``,
``numbers``, ``flag``): a saved game is read from flash that anything may have scribbled on, and
each game's ``saves`` module states its fields through these.  ``read``
turns what a scribbled record raises (a missing key, a list where an int
belongs, a value its Settings refuse) into SaveError worded the same on
every VM.  They live beside the Game shell, not in a module of their
own: a game's VM holds both, and a module is heap of its own.
"""

from primeplay.save import SaveError, field_error



class Game:
    __slots__ = ("settings", "seed", "state", "log", "record", "_legal",
                 "_legal_of")

    RULES = None      # the game's rules module
    SETTINGS = None   # its Settings class
    SIZE = 4          # bytes a move in ``log``

    def __init__(self, settings=None, seed=0, record=True):
        if settings is None:
            settings = self.SETTINGS()
        self.settings = settings
        self.seed = seed
        self.state = self.RULES.new_game(settings, seed)
        self.log = bytearray()
        self.record = record
        self._legal = None
        self._legal_of = None

    @classmethod
    def replay(cls, settings, seed, moves):
        """The game that ``moves`` lead to from ``seed``."""
        g = cls(settings, seed)
        for m in moves:
            g.apply(tuple(m))
        return g

    @classmethod
    def from_state(cls, state, seed=0, record=True):
        """Go on from a state restored from a save (no history before
        it)."""
        g = cls(state.settings, seed, record)
        g.resume(state)
        return g

    def resume(self, state):
        """Take ``state`` (restored from a save) as the position."""
        self.state = state
        self.edited()

    @property
    def history(self):
        """Every move so far, as tuples."""
        n = self.SIZE
        return [self.decode(self.log, i) for i in range(0, len(self.log), n)]

    @property
    def moves_made(self):
        return len(self.log) // self.SIZE

    @property
    def phase(self):
        return self.state.phase

    @property
    def current(self):
        return self.state.current

    @property
    def winner(self):
        return self.RULES.winner(self.state)

    def places(self):
        """Players best first, as the game's rules rank them: [] before
        there is a winner in Prime Climb and Daifugo; Ring Climb ranks
        the race as it stands."""
        return self.RULES.places(self.state)

    def legal_moves(self):
        """The legal moves of the position, worked out once per position.
        Treat the list as read-only; change the game through ``apply``,
        or call ``edited()`` after changing the state by hand (a test, a
        table's house setup)."""
        if self._legal is None or self._legal_of is not self.state:
            self._legal = self.RULES.legal_moves(self.state)
            self._legal_of = self.state
        return self._legal

    def edited(self):
        """The state was changed by hand: forget the cached legal moves."""
        self._legal = None

    def apply(self, move):
        """Make a move; IllegalMove leaves the game as it was.  Returns the
        events of the move."""
        legal = self._legal if self._legal_of is self.state else None
        self._legal = None
        # The list is searched with ==, for which 1.0 and True are 1: only
        # a move of plain ints takes the short way (else the rules' own
        # apply refuses it, the state unchanged).
        if legal is not None and plain(move) and move in legal:
            self.RULES.apply_legal(self.state, move)
        else:
            move = self.RULES.apply(self.state, move)
        if self.record:
            self.log.extend(self.encode(move))
        self.moved(move, legal)
        return self.state.events

    def moved(self, move, legal):
        """After each move (``legal``: the list it was found in, or
        None): Prime Climb keeps its undo here."""

    def transcript(self):
        """The moves as short text, one a line: the game's record."""
        return [self.text(m) for m in self.history]


def plain(move):
    """A tuple of a name and ints (or tuples of ints), nothing else."""
    if type(move) is not tuple or not move:
        return False
    for f in move[1:]:
        if type(f) is tuple:
            for x in f:
                if type(x) is not int:
                    return False
        elif type(f) is not int:
            return False
    return True


# ------------------------------------------- a saved game, checked

def number(x, lo, hi, what):
    """``x`` if it is an int (not a bool) in lo..hi, else SaveError."""
    if not isinstance(x, int) or x is True or x is False or \
            not lo <= x <= hi:
        raise SaveError("bad %s" % what)
    return x


def numbers(x, lo, hi, what, size=-1):
    """``x`` if it is a list (of ``size`` items, if given) of such
    ints."""
    if not isinstance(x, list) or (size >= 0 and len(x) != size):
        raise SaveError("bad %s" % what)
    for v in x:
        number(v, lo, hi, what)
    return x


def flag(x, what):
    """``x`` if it is True or False."""
    if x is not True and x is not False:
        raise SaveError("bad %s" % what)
    return x


def read(restore, snap):
    """``restore(snap)``, a dict's fields read in it, with anything it
    meets but SaveError and MemoryError raised as a SaveError."""
    if not isinstance(snap, dict):
        raise SaveError("unreadable contents")
    try:
        return restore(snap)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise field_error(e)


def check_record(g, restore):
    """The state of a saved game ``g`` (``{"state": ...}``) by
    ``restore``: what power-up checks before it offers Continue."""
    return read(lambda g: restore(g["state"]), g)


def unpack_record(g, restore, seat_top, seed=None):
    """(state, seats, seed) of a saved game ``g``: its state by
    ``restore``, one seat a player (0 a human, up to ``seat_top`` a
    computer's level), a 32-bit seed (``seed``: what a record without
    one had, or None if every record has one)."""
    s = check_record(g, restore)
    seats = read(lambda g: g["seats"], g)
    if not isinstance(seats, list) or len(seats) != s.settings.players:
        raise SaveError("seats do not match")
    numbers(seats, 0, seat_top, "seats")
    if seed is None or "seed" in g:
        seed = read(lambda g: g["seed"], g)
    return s, list(seats), number(seed, 0, 0xFFFFFFFF, "seed")
