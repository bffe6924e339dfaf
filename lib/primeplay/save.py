"""Saves that survive a power cut: an append-only log of small records in
one 4 KB flash sector.

On an RP2040, CircuitPython's ``microcontroller.nvm`` is one 4096-byte
flash sector.  Writing a slice whose bytes are all 0xFF (erased) programs
it in place and touches nothing else; writing anything else erases the
whole sector and programs all 4 KB again.  A cut during that erase loses
everything in the sector, and each erase wears it (about 100,000 erases).
So the records are appended into erased space, each after the last, and
the sector is erased only when the next record does not fit: then the
newest record alone is written at its start ("compaction").  A cut while
appending leaves the older records as they were; only the rare compaction
has a window in which a cut loses the save.

An entry, 13 bytes around the record's body::

    0  2  magic b"P\\xa5"
    2  1  format (2)
    3  4  sequence number, big-endian (the newest entry has the largest)
    7  2  body length n, big-endian
    9  n  body: the record in the tagged encoding below
    9+n 4 CRC-32 (IEEE, as zlib's) of bytes 0 .. 9+n, big-endian

The CRC is the entry's last four bytes, and the entry is written in one
slice assignment, start to end: an entry cut short, or with any bit
flipped, fails its CRC and the newest intact one before it is read.
``read`` finds entries by their magic (a torn or scribbled entry does not
hide the ones after it) and takes the intact one with the largest
sequence number.

The body encodes dicts (str keys, sorted), lists, tuples (as lists), str,
int, bool and None, one tag byte each: 0x00-0x7f an int 0..127 itself;
0x80 None, 0x81 False, 0x82 True; 0x83/0x84 an int >= 128 / < 0 as a
base-128 varint of its magnitude; 0x85 a str (varint length, UTF-8);
0x86 a list and 0x87 a dict (varint count, then items, or key and value
pairs); 0xa0-0xff one of the strings in ``WORDS`` (keys and names every
save has).  The same record gives the same bytes on every VM however its
dicts were built, and a 4-player Prime Climb game with its settings is
about 170 bytes: two dozen fit in the sector, so at most one save in
twenty erases it.

``write`` and ``read`` never raise: ``write`` returns False when it cannot
store (the game goes on), ``read`` returns None when there is no intact
record.  The reasons a record is rejected are the same on every VM: built
from the missing key, never from ``str()`` of a KeyError (quoted on
CPython, bare on CircuitPython) or of a built-in TypeError.

This module knows no game: it stores and finds records.  What a record
holds is the app's (``primeplay.app``): ``{"prefs": {...}}`` and, while a
game is in progress, one more key, the game's registry key
(``primeplay.app.games``), holding that game's own snapshot, e.g.
``{"prefs": {...}, "climb": {"state": ..., "seats": ..., "seed": ...}}``
(made and checked by ``primeplay.climb.saves``).  A game saves a
snapshot of its state between turns, not the list of moves: a snapshot
stays small however long the game, and it needs no replay at power-up.
Records in the first format (one JSON record, written before this log)
are still read, once, and replaced by the next save.
"""

MAGIC = b"P\xa5"
FORMAT = 2
HEAD = 9            # magic, format, sequence, length
ENTRY = HEAD + 4    # and the CRC
MAX_DEPTH = 8
CHECKS = 128      # candidate entries checked at most, newest first

# One byte each in a body: 0xa0 + index.  Append only (new words at the
# end): a word's index is part of the format.  Games' keys and field names
# are welcome here: any record may use any word.
WORDS = ("prefs", "climb", "state", "seats", "seed", "settings", "pos",
         "keepers", "deck", "discard", "current", "cursed", "visited",
         "extra", "rolls", "turn", "rng", "players", "goal", "sprint",
         "double_time", "way_stations", "solitaire", "cards", "custom_cards",
         "variant", "station", "best", "own_cards", "standard", "decline",
         "there_and_back", "solitaire1", "solitaire2", "prime_sprint",
         "prime_decline", "keeper", "action", "addsub", "goto", "wins",
         # Prime Daifugo
         "daifugo", "hands", "area", "last", "leader", "passes", "score",
         "zero", "multi59", "multi468", "skip", "multi_in_three", "strict",
         "hand_limit", "hand_size", "clues", "match",
         # Ring Climb
         "rings", "rot", "pawns", "played", "finished", "face", "first",
         "one_card", "play_on",
         # Prime Climb, issue 10: the per-player tally, the rulings'
         # switches, the computer's speed, more Way Stations
         "tally", "start_roll", "curse_mirror", "both_out",
         "station_mid_move", "speed", "stations",
         # Prime Daifugo: the learner's prime check, saved with the game
         "learner",
         # The device's settings, issue 21
         "contrast", "ring", "calm", "lefty")


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


# ------------------------------------------------------------- CRC-32

# CRC-32 in two 16-bit halves: on a 32-bit CircuitPython an int above
# 2**30 is a heap object, and a CRC over a save would allocate one per
# byte.  Four bits at a time, by a table of 16 (low and high halves): the
# byte-wide table's 512 ints were 2 KB of heap for the whole game.
_TLO = (0x0000, 0x1064, 0x20C8, 0x30AC, 0x4190, 0x51F4, 0x6158, 0x713C,
        0x8320, 0x9344, 0xA3E8, 0xB38C, 0xC2B0, 0xD2D4, 0xE278, 0xF21C)
_THI = (0x0000, 0x1DB7, 0x3B6E, 0x26D9, 0x76DC, 0x6B6B, 0x4DB2, 0x5005,
        0xEDB8, 0xF00F, 0xD6D6, 0xCB61, 0x9B64, 0x86D3, 0xA00A, 0xBDBD)


def crc32(data, start=0, end=None):
    """zlib's CRC-32 of ``data[start:end]``, as (high 16 bits, low 16)."""
    tlo = _TLO
    thi = _THI
    lo = 0xFFFF
    hi = 0xFFFF
    for i in range(start, len(data) if end is None else end):
        lo ^= data[i]
        k = lo & 0xF
        lo = ((lo >> 4) | ((hi & 0xF) << 12)) ^ tlo[k]
        hi = (hi >> 4) ^ thi[k]
        k = lo & 0xF
        lo = ((lo >> 4) | ((hi & 0xF) << 12)) ^ tlo[k]
        hi = (hi >> 4) ^ thi[k]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


# ------------------------------------------------------------- encoding

def _varint(out, n):
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _enc(out, x, depth):
    if depth > MAX_DEPTH:
        raise SaveError("record nested too deep")
    # A bool is no int to MicroPython's isinstance: test it first anyway.
    if x is None:
        out.append(0x80)
    elif x is False:
        out.append(0x81)
    elif x is True:
        out.append(0x82)
    elif isinstance(x, int):
        if 0 <= x < 0x80:
            out.append(x)
        elif x > 0:
            out.append(0x83)
            _varint(out, x)
        else:
            out.append(0x84)
            _varint(out, -x)
    elif isinstance(x, str):
        if x in WORDS:
            out.append(0xA0 + WORDS.index(x))
        else:
            b = x.encode()
            out.append(0x85)
            _varint(out, len(b))
            out.extend(b)
    elif isinstance(x, (list, tuple)):
        out.append(0x86)
        _varint(out, len(x))
        for v in x:
            _enc(out, v, depth + 1)
    elif isinstance(x, dict):
        keys = sorted(x)    # a TypeError for keys of mixed types
        out.append(0x87)
        _varint(out, len(keys))
        for k in keys:
            if not isinstance(k, str):
                raise SaveError("cannot save key %r" % (k,))
            _enc(out, k, depth + 1)
            _enc(out, x[k], depth + 1)
    else:
        raise SaveError("cannot save a %s" % type(x).__name__)


def body(record):
    """The record's encoded bytes (no header), the same on every VM."""
    if not isinstance(record, dict):
        raise SaveError("a record is a dict")
    out = bytearray()
    try:
        _enc(out, record, 0)
    except TypeError:
        raise SaveError("cannot save these keys")
    return bytes(out)


class _Reader:
    __slots__ = ("data", "i", "end")

    def __init__(self, data, i, end):
        self.data = data
        self.i = i
        self.end = end

    def byte(self):
        if self.i >= self.end:
            raise SaveError("truncated")
        b = self.data[self.i]
        self.i += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
            if shift > 70:
                raise SaveError("bad number")

    def value(self, depth):
        if depth > MAX_DEPTH:
            raise SaveError("nested too deep")
        t = self.byte()
        if t < 0x80:
            return t
        if t >= 0xA0:
            if t - 0xA0 >= len(WORDS):
                raise SaveError("unknown word")
            return WORDS[t - 0xA0]
        if t == 0x80:
            return None
        if t == 0x81:
            return False
        if t == 0x82:
            return True
        if t == 0x83:
            return self.varint()
        if t == 0x84:
            return -self.varint()
        # Counts are checked against what is left: every item takes a byte.
        n = self.varint()
        if n > self.end - self.i:
            raise SaveError("truncated")
        if t == 0x85:
            s = self.i
            self.i += n
            try:
                return str(bytes(self.data[s:self.i]), "utf-8")
            except Exception:   # UnicodeError on CPython, others elsewhere
                raise SaveError("bad text")
        if t == 0x86:
            return [self.value(depth + 1) for _ in range(n)]
        if t == 0x87:
            d = {}
            for _ in range(n):
                k = self.value(depth + 1)
                if not isinstance(k, str):
                    raise SaveError("bad key")
                d[k] = self.value(depth + 1)
            return d
        raise SaveError("unknown tag")


def _entry(record, seq):
    b = body(record)
    n = len(b)
    if n > 0xFFFF:
        raise SaveError("record too large (%d bytes)" % n)
    out = bytearray(MAGIC)
    out.append(FORMAT)
    out.extend(bytes(((seq >> 24) & 0xFF, (seq >> 16) & 0xFF,
                      (seq >> 8) & 0xFF, seq & 0xFF, n >> 8, n & 0xFF)))
    out.extend(b)
    hi, lo = crc32(out)
    out.extend(bytes((hi >> 8, hi & 0xFF, lo >> 8, lo & 0xFF)))
    return bytes(out)


def encode(record, seq=0):
    """One entry (header, body, CRC) holding ``record``: what ``write``
    appends, and what a storage of single blobs holds."""
    return _entry(record, seq)


def _check(data, p, size):
    """The end of an intact entry at ``p``, or a SaveError."""
    if p + ENTRY > size or data[p:p + 2] != MAGIC:
        raise SaveError("not a primeplay save")
    if data[p + 2] != FORMAT:
        raise SaveError("save format %d, expected %d" % (data[p + 2], FORMAT))
    n = (data[p + 7] << 8) | data[p + 8]
    end = p + ENTRY + n
    if end > size:
        raise SaveError("truncated")
    hi, lo = crc32(data, p, end - 4)
    if data[end - 4] != hi >> 8 or data[end - 3] != hi & 0xFF or \
            data[end - 2] != lo >> 8 or data[end - 1] != lo & 0xFF:
        raise SaveError("checksum mismatch")
    return end


def _unpack(data, p, end):
    try:
        r = _Reader(data, p + HEAD, end - 4)
        record = r.value(0)
        if r.i != r.end:
            raise SaveError("unreadable contents")
    except SaveError:
        raise
    except Exception:       # RuntimeError (deep), MemoryError-free paths
        raise SaveError("unreadable contents")
    if not isinstance(record, dict):
        raise SaveError("unreadable contents")
    return record


def decode(data):
    """bytes of one entry (``encode``) -> dict; SaveError for anything
    damaged or unknown.  A record of the first format (b"PP" and JSON) is
    read too."""
    if data is None or len(data) == 0:
        raise SaveError("empty")
    data = bytes(data)
    if data[:2] == b"PP":
        return _legacy(data)
    end = _check(data, 0, len(data))
    return _unpack(data, 0, end)


def _seq(data, p):
    return (data[p + 3] << 24) | (data[p + 4] << 16) | (data[p + 5] << 8) | \
        data[p + 6]


# The log is read CHUNK bytes at a time, never as one 4 KB copy: late in a
# game the heap may have far more than 4 KB free but not in one piece
# (on CircuitPython's VM every save of an all-computer game failed so on
# a 138 KB heap), and a save that cannot be written is a game lost at the
# next power cut.  Only a compaction needs the sector's 4 KB at once.
CHUNK = 256
# The sector image a compaction writes (the board's nvm takes only a whole
# slice of its size), made as this module is imported: at power-up or as a
# game starts, while the heap still has 4 KB in one piece.  Made at the
# compaction itself, it failed now and then late in a game, and every save
# after it with it until one fitted.
SECTOR = 4096
_PAGE = bytearray(SECTOR)


def _read(nvm, a, b):
    d = nvm[a:b]
    if type(d) is bytes or type(d) is bytearray:
        return d
    return bytes(d)


def _candidates(nvm, size):
    """(seq, start, body length) of every place that starts like an entry
    (magic, format, a length that fits), and whether ``nvm`` holds
    anything but 0xFF.  Of very many (scribbled flash full of magic
    bytes) only the newest CHECKS are kept."""
    found = []
    used = False
    pos = 0
    while pos < size:
        # One byte more: a magic that starts on a chunk's last byte.
        chunk = _read(nvm, pos, min(pos + CHUNK + 1, size))
        if not used and chunk.count(b"\xff") != len(chunk):
            used = True
        p = chunk.find(MAGIC)
        while 0 <= p < CHUNK:
            q = pos + p
            if q + ENTRY <= size:
                head = chunk if p + HEAD <= len(chunk) else None
                if head is None:
                    head = _read(nvm, q, q + HEAD)
                    p2 = 0
                else:
                    p2 = p
                if head[p2 + 2] == FORMAT:
                    n = (head[p2 + 7] << 8) | head[p2 + 8]
                    if q + ENTRY + n <= size:
                        found.append((_seq(head, p2), q, n))
                        if len(found) > 2 * CHECKS:
                            found.sort()
                            found = found[CHECKS:]
            p = chunk.find(MAGIC, p + 1)
        pos += CHUNK
    return found, used


def _newest(nvm, size):
    """((seq, start, end, entry bytes) of the newest intact entry, or
    None), whether ``nvm`` holds anything but 0xFF."""
    found, used = _candidates(nvm, size)
    # Largest sequence number first; of equals, the later one.  At most
    # CHECKS CRCs: scribbled flash full of magic bytes stays quick to read.
    found.sort()
    checks = CHECKS
    while found and checks:
        checks -= 1
        seq, p, n = found.pop()
        entry = _read(nvm, p, p + ENTRY + n)
        try:
            _check(entry, 0, len(entry))
            return (seq, p, p + len(entry), entry), used
        except SaveError:
            pass
    return None, used


def _snapshot(nvm):
    # The first format only, read once: the whole record in one copy.
    return _read(nvm, 0, len(nvm))


UNREADABLE = "storage unreadable"


def load(nvm):
    """(newest intact record or None, what is wrong or None): the problem
    is set when ``nvm`` holds something that is no intact record (all
    0xFF, erased, is nothing), or is UNREADABLE when reading it failed.

    Raises MemoryError only, which says nothing about the save: a caller
    that took it for damage would set a good save aside.  (On a board a
    MemoryError here means a fragmented heap; after a restart it reads.)
    """
    try:
        size = len(nvm)
        found, used = _newest(nvm, size)
    except MemoryError:
        raise
    except Exception:
        return None, UNREADABLE
    try:
        if found is not None:
            try:
                entry = found[3]
                return _unpack(entry, 0, len(entry)), None
            except SaveError as e:
                # Intact bytes, foreign contents: say so (it can only have
                # been written by something that is not this module).
                return None, problem(e)
        if not used:
            return None, None
        # The first format: after NvmStorage's 2-byte length on the board,
        # at the start of the simulator's file.
        head = _read(nvm, 0, 4)
        if head[2:4] == b"PP" or head[0:2] == b"PP":
            data = _snapshot(nvm)
            for old in (data[2:2 + ((data[0] << 8) | data[1])], data):
                if old[:2] == b"PP":
                    try:
                        return _legacy(old), None
                    except SaveError:
                        pass
        return None, "no intact save"
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001  (any content)
        return None, problem(e)


def read(nvm):
    """The newest intact record in ``nvm`` as a dict, or None; never
    raises."""
    try:
        return load(nvm)[0]
    except MemoryError:
        return None


def newest(nvm):
    """The newest intact entry's bytes, or None (tests, debugging)."""
    try:
        found, _ = _newest(nvm, len(nvm))
        return None if found is None else bytes(found[3])
    except Exception:
        return None


def write(nvm, record):
    """Store ``record`` as the newest entry in ``nvm``: appended into
    erased space when it fits there, else the sector is erased and the
    record written at its start.  Unchanged records are not written again.
    True when stored; never raises."""
    try:
        size = len(nvm)
        found, used = _newest(nvm, size)
        seq = 0
        pos = 0
        if found is not None:
            old, start, pos, entry = found
            if entry[HEAD:len(entry) - 4] == body(record):
                return True
            seq = (old + 1) & 0xFFFFFFFF
        entry = _entry(record, seq)
        n = len(entry)
        if n > size:
            return False
        if found is not None and seq and not _erased(nvm, pos, n):
            # Something after the newest entry (a write cut short): append
            # after whatever is there.
            pos = max(_used_end(nvm, size), found[2])
        if found is None and not used:
            nvm[0:n] = entry        # erased flash: programmed in place
        elif found is None or seq == 0 or pos + n > size:
            # Compaction: one erase, the new entry at the start, the rest
            # erased.  A cut here is the only way to lose the save.
            page = _PAGE if len(_PAGE) == size else bytearray(size)
            page[0:n] = entry
            for i in range(n, size):
                page[i] = 0xFF
            nvm[0:size] = page
        else:
            nvm[pos:pos + n] = entry
        return True
    except Exception:   # noqa: BLE001  (OSError, MemoryError, a bad record)
        return False


def _erased(nvm, pos, n):
    if pos + n > len(nvm):
        return False
    return _read(nvm, pos, pos + n).count(b"\xff") == n


def _used_end(nvm, size):
    """One past the last byte that is not 0xFF."""
    start = size
    while start > 0:
        a = max(0, start - CHUNK)
        chunk = _read(nvm, a, start)
        i = len(chunk)
        while i > 0 and chunk[i - 1] == 0xFF:
            i -= 1
        if i:
            return a + i
        start = a
    return 0


# --------------------------------------------------- the first format

def adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _legacy(data):
    """b"PP" + 1 + length (2 bytes) + JSON + Adler-32: the save format
    before the log."""
    if len(data) < 9 or data[2] != 1:
        raise SaveError("not a primeplay save")
    n = (data[3] << 8) | data[4]
    if len(data) < 9 + n:
        raise SaveError("truncated")
    c = data[5 + n:9 + n]
    if adler32(data[:5 + n]) != (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]:
        raise SaveError("checksum mismatch")
    import json
    try:
        record = json.loads(bytes(data[5:5 + n]))
    except Exception:
        raise SaveError("unreadable contents")
    if not isinstance(record, dict):
        raise SaveError("unreadable contents")
    return record
