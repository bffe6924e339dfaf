"""Saves that survive a power cut: an append-only log of small entries in
one 4 KB flash sector, an entry for each key of the record.

On an RP2040, CircuitPython's ``microcontroller.nvm`` is one 4096-byte
flash sector.  Writing a slice whose bytes are all 0xFF (erased) programs
it in place and touches nothing else; writing anything else erases the
whole sector and programs all 4 KB again.  A cut during that erase loses
everything in the sector, and each erase wears it (about 100,000 erases).
So entries are appended into erased space, each after the last, and the
sector is erased only when the next ones do not fit: then the live
entries are written again at its start, the new ones first
("compaction").  A cut while appending leaves the older entries as they
were; only the rare compaction has a window in which a cut loses keys.

The record is a dict, and each entry holds one of its keys: the body is
``{key: value}`` (value None: the key is gone).  ``update`` appends an
entry only for a key whose bytes changed, so a turn of one game writes
that game's save alone, and the settings and the other games' saves
stay where they are.  Three games saved at every turn of an evening
erase the sector about once in thirty saves (a whole record of the
three, 200-500 bytes, would about once in ten).

An entry, 13 bytes around its body::

    0  2  magic b"P\\xa5"
    2  1  format: 3 (a key), or 2 (a whole record: the log before, and
          single blobs, ``encode``)
    3  4  sequence number, big-endian (the newest entry has the largest)
    7  2  body length n, big-endian
    9  n  body: ``{key: value}`` in the tagged encoding below
    9+n 4 CRC-32 (IEEE, as zlib's) of bytes 0 .. 9+n, big-endian

The CRC is the entry's last four bytes, and the entries of a save are
written in one slice assignment, start to end: an entry cut short, or
with any bit flipped, fails its CRC and its key's newest intact entry
before it is read.  ``load`` finds entries by their magic (a torn or
scribbled entry does not hide the ones after it) and takes each key's
intact entry with the largest sequence number, newest first: an entry
of a key already found is passed over unchecked, so a read checks about
one CRC per key, however long the log.  A whole record (format 2) older
than every key entry holds the keys they do not; the next compaction
splits it.

The body encodes dicts (str keys, sorted), lists, tuples (as lists), str,
int, bool and None, one tag byte each: 0x00-0x7f an int 0..127 itself;
0x80 None, 0x81 False, 0x82 True; 0x83/0x84 an int >= 128 / < 0 as a
base-128 varint of its magnitude; 0x85 a str (varint length, UTF-8);
0x86 a list and 0x87 a dict (varint count, then items, or key and value
pairs); 0xa0-0xff one of the strings in ``_WORDS`` (keys and names every
save has).  The same record gives the same bytes on every VM however its
dicts were built; a 4-player Prime Climb game is about 150 bytes.

``update``, ``write`` and ``read`` never raise: ``update`` and ``write``
return False when they cannot store (the game goes on), ``read``
returns None when there is no intact record.  The reasons a record is
rejected are the same on every VM (``primeplay.game``).

This module knows no game: it stores and finds records.  What a record
holds is the app's (``primeplay.app``): ``{"prefs": {...}}`` and, for
each game in progress, its registry key (``primeplay.app.games``)
holding that game's own snapshot, e.g. ``{"prefs": {...}, "climb":
{"state": ..., "seats": ..., "seed": ...}, "rings": {...}}`` (made and
checked by ``primeplay.climb.saves``, ``primeplay.rings.saves``).  A
game saves a snapshot of its state between turns, not the list of
moves: a snapshot stays small however long the game, and it needs no
replay at power-up.  Records in the first format (one JSON record,
written before this log) are still read, once, by
``primeplay.save_first``, and replaced by the next save.
"""

MAGIC = b"P\xa5"
FORMAT = 3          # an entry about one key (``update``)
WHOLE = 2           # a whole record: older logs, single blobs (``encode``)
HEAD = 9            # magic, format, sequence, length
ENTRY = HEAD + 4    # and the CRC
MAX_DEPTH = 8
CHECKS = 128      # candidate entries checked at most, newest first

# One byte each in a body: 0xa0 + index.  Append only (new words at the
# end): a word's index is part of the format.  Games' keys and field names
# are welcome here: any record may use any word.  One string, each word
# between spaces (a tuple of them took 2.6 KB of the board's heap, a
# name each, in every game's VM): ``_word_index`` and ``word`` read it.
_WORDS = (" "
    "prefs climb state seats seed settings pos "
    "keepers deck discard current cursed visited "
    "extra rolls turn rng players goal sprint "
    "double_time way_stations solitaire cards custom_cards "
    "variant station best own_cards standard decline "
    "there_and_back solitaire1 solitaire2 prime_sprint "
    "prime_decline keeper action addsub goto wins "
    # Prime Daifugo
    "daifugo hands area last leader passes score "
    "zero multi59 multi468 skip multi_in_three strict "
    "hand_limit hand_size clues match "
    # Ring Climb
    "rings rot pawns played finished face first "
    "one_card play_on "
    # Prime Climb, issue 10: the per-player tally, the rulings'
    # switches, the computer's speed, more Way Stations
    "tally start_roll curse_mirror both_out "
    "station_mid_move speed stations "
    # Prime Daifugo: the learner's prime check, saved with the game
    "learner "
    # The device's settings, issue 21
    "contrast ring calm lefty "
    # Sound, sleep after, issue 21
    "sound sleep "
    # The colour-blind-safe palette, where a deep sleep wakes, each game's
    # First game row, issue 21
    "colours wake guide ")


def _word_index(x):
    """The index of ``x`` among the words, or -1."""
    i = _WORDS.find(" " + x + " ")
    return -1 if i < 0 else _WORDS.count(" ", 0, i)


def word(k):
    """The word of index ``k``, or None."""
    i = 0
    for _ in range(k):
        i = _WORDS.find(" ", i + 1)
        if i < 0:
            return None
    j = _WORDS.find(" ", i + 1)
    return None if j < 0 else _WORDS[i + 1:j]


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


def crc32(data, start=0, end=None, hi=0, lo=0):
    """zlib's CRC-32 of ``data[start:end]``, as (high 16 bits, low 16);
    ``hi``, ``lo``: the CRC of the bytes before it, to go on from (as
    zlib.crc32's second argument)."""
    tlo = _TLO
    thi = _THI
    lo ^= 0xFFFF
    hi ^= 0xFFFF
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
        k = _word_index(x) if " " not in x else -1
        if k >= 0:
            out.append(0xA0 + k)
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
    __slots__ = ("data", "i", "end", "words")

    def __init__(self, data, i, end):
        self.data = data
        self.i = i
        self.end = end
        # Each word read once a record: its keys, repeated in each of its
        # dicts, share one string (words are no interned names now).
        self.words = {}

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
            w = self.words.get(t)
            if w is None:
                w = word(t - 0xA0)
                if w is None:
                    raise SaveError("unknown word")
                self.words[t] = w
            return w
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


def _entry(b, seq, fmt=FORMAT, out=None):
    """An entry: header, the encoded body ``b``, CRC; appended to ``out``
    if given (no entry of its own to copy from)."""
    n = len(b)
    if n > 0xFFFF:
        raise SaveError("record too large (%d bytes)" % n)
    if out is None:
        out = bytearray()
    start = len(out)
    out.extend(MAGIC)
    for x in (fmt, (seq >> 24) & 0xFF, (seq >> 16) & 0xFF, (seq >> 8) & 0xFF,
              seq & 0xFF, n >> 8, n & 0xFF):
        out.append(x)
    out.extend(b)
    hi, lo = crc32(out, start)
    for x in (hi >> 8, hi & 0xFF, lo >> 8, lo & 0xFF):
        out.append(x)
    return out


def encode(record, seq=0):
    """One whole-record entry (header, body, CRC) holding ``record``: what
    a storage of single blobs holds.  (The log writes a key at a time:
    ``update``.)"""
    return bytes(_entry(body(record), seq, WHOLE))


def _check(data, p, size):
    """The end of an intact entry at ``p``, or a SaveError."""
    if p + ENTRY > size or data[p:p + 2] != MAGIC:
        raise SaveError("not a primeplay save")
    if data[p + 2] not in (WHOLE, FORMAT):
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
        from primeplay.save_first import parse
        try:
            return parse(data)
        except ValueError as e:
            raise SaveError(str(e))
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
# slice of its size).  A game reserves it as it starts (``reserve``: from
# app.boot in a VM started for the game, low in its fresh heap, and from
# games.setup and games.resume in a VM shared with the menus), while the
# heap has 4 KB in one piece: made at the compaction itself, it failed now
# and then late in a game, and every save after it with it until one
# fitted.  The main menu's VM, whose heap is mostly free, makes it only if
# it compacts.
SECTOR = 4096
_PAGE = None


def reserve():
    """The sector image, made now if it is not yet."""
    global _PAGE
    if _PAGE is None:
        _PAGE = bytearray(SECTOR)
    return _PAGE


def _read(nvm, a, b):
    d = nvm[a:b]
    if type(d) is bytes or type(d) is bytearray:
        return d
    return bytes(d)


def _candidates(nvm, size):
    """(seq, start, body length, format) of every place that starts like an entry
    (magic, a format of ours, a length that fits), and whether ``nvm``
    holds anything but 0xFF.  Of very many (scribbled flash full of magic
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
                if head[p2 + 2] == FORMAT or head[p2 + 2] == WHOLE:
                    n = (head[p2 + 7] << 8) | head[p2 + 8]
                    if q + ENTRY + n <= size:
                        found.append((_seq(head, p2), q, n, head[p2 + 2]))
                        if len(found) > 2 * CHECKS:
                            found.sort()
                            found = found[CHECKS:]
            p = chunk.find(MAGIC, p + 1)
        pos += CHUNK
    return found, used


def _key_of(nvm, p, n):
    """The key a key entry at ``p`` (body length ``n``) is about, read
    from its first bytes without checking the entry; None if its body is
    no dict of one key.  (A word, as every key the app saves is, is read
    from three bytes: a read of the log allocates as little as it can.)"""
    q = p + HEAD
    if n < 3 or nvm[q] != 0x87 or nvm[q + 1] != 1:
        return None
    t = nvm[q + 2]
    if t >= 0xA0:
        return word(t - 0xA0)
    k = nvm[q + 3] if n > 3 else 0x80
    if t == 0x85 and k < 0x80 and 4 + k <= n:
        try:
            return str(bytes(_read(nvm, q + 4, q + 4 + k)), "utf-8")
        except Exception:   # noqa: BLE001  (UnicodeError, or its kin)
            return None
    return None


def _intact(nvm, p, n):
    """Whether the entry at ``p`` (body length ``n``) has its CRC: read
    CRC_CHUNK bytes at a time (a copy of the whole entry was a block of
    its size to find on a cut-up heap at every save; a byte at a time
    from the board's nvm took a save several times as long)."""
    end = p + HEAD + n
    hi = lo = 0
    a = p
    while a < end:
        b = a + CRC_CHUNK if a + CRC_CHUNK < end else end
        hi, lo = crc32(_read(nvm, a, b), 0, b - a, hi, lo)
        a = b
    c = _read(nvm, end, end + 4)
    return c[0] == hi >> 8 and c[1] == hi & 0xFF and \
        c[2] == lo >> 8 and c[3] == lo & 0xFF


CRC_CHUNK = 64


def _scan(nvm, size):
    """What the log holds: (``keys``, each key's newest intact entry as
    {key: (seq, start, end)}; ``whole``, the newest intact whole-record
    entry older than all of them, or None; ``top``, the newest intact
    entry, or None; ``used``, whether the flash holds anything but 0xFF).
    Newest first: an entry about a key already found is passed over
    unchecked, so a scan checks the CRCs of about one entry per key,
    however long the log; the first whole record ends it, as it holds
    every key it does not override."""
    found, used = _candidates(nvm, size)
    keys = {}
    whole = None
    top = None
    # Largest sequence number first; of equals, the later one.  At most
    # CHECKS CRCs: scribbled flash full of magic bytes stays quick to read.
    found.sort()
    checks = CHECKS
    while found and checks:
        seq, p, n, fmt = found.pop()
        key = None
        if fmt == FORMAT:
            key = _key_of(nvm, p, n)
            if key is None or key in keys:
                continue
        checks -= 1
        if not _intact(nvm, p, n):
            continue
        where = (seq, p, p + ENTRY + n)
        if top is None:
            top = where
        if fmt == WHOLE:
            whole = where
            break
        keys[key] = where
    return keys, whole, top, used


def _value(nvm, where):
    """The record of the intact entry at ``where``."""
    entry = _read(nvm, where[1], where[2])
    return _unpack(entry, 0, len(entry))


def _first_format(nvm):
    """The record of the first format (before the log), or None; its
    reader is a module of its own, loaded only when flash starts like
    one."""
    head = _read(nvm, 0, 4)
    if head[2:4] == b"PP" or head[0:2] == b"PP":
        from primeplay.save_first import record
        return record(_read(nvm, 0, len(nvm)))
    return None


UNREADABLE = "storage unreadable"


def load(nvm, keys=None):
    """(the record or None, what is wrong or None).  The record is each
    key's newest value (a key whose newest entry says None is gone); of
    ``keys`` only, if given (a game's VM reads no other game's save).
    The problem is set when ``nvm`` holds something that is no intact
    record (all 0xFF, erased, is nothing), or is UNREADABLE when reading
    it failed.

    Raises MemoryError only, which says nothing about the save: a caller
    that took it for damage would set a good save aside.  (On a board a
    MemoryError here means a fragmented heap; after a restart it reads.)
    """
    try:
        size = len(nvm)
        live, whole, top, used = _scan(nvm, size)
    except MemoryError:
        raise
    except Exception:
        return None, UNREADABLE
    try:
        if top is not None:
            record = {}
            try:
                if whole is not None:
                    old = _value(nvm, whole)
                    for k in old:
                        if keys is None or k in keys:
                            record[k] = old[k]
                for k in live:
                    if keys is None or k in keys:
                        v = _value(nvm, live[k])[k]
                        if v is None:
                            record.pop(k, None)
                        else:
                            record[k] = v
                return record, None
            except SaveError as e:
                # Intact bytes, foreign contents: say so (it can only have
                # been written by something that is not this module).
                return None, problem(e)
        if not used:
            return None, None
        old = _first_format(nvm)
        if old is not None:
            return old, None
        return None, "no intact save"
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001  (any content)
        return None, problem(e)


def read(nvm, keys=None):
    """The record in ``nvm`` (``load``) as a dict, or None; never
    raises."""
    try:
        return load(nvm, keys)[0]
    except MemoryError:
        return None


def newest(nvm):
    """The newest intact entry's bytes, or None (tests, debugging)."""
    try:
        top = _scan(nvm, len(nvm))[2]
        return None if top is None else bytes(_read(nvm, top[1], top[2]))
    except Exception:
        return None


def write(nvm, record):
    """Store ``record`` as the whole of what ``nvm`` holds: its keys
    (``update``), and every other key gone.  True when stored; never
    raises."""
    if not isinstance(record, dict):
        return False
    return update(nvm, record, True)


def update(nvm, changes, whole=False):
    """Store each key of the dict ``changes`` (a value None: the key is
    gone), each as an entry of its own, and only where it differs from
    what the log holds: a turn of one game rewrites neither the settings
    nor the other games' saves.  ``whole``: every other key goes too.
    The entries are appended into erased space in one write when they fit
    there; else the sector is erased and the live keys written again at
    its start (a compaction), then these.  True when stored; never raises.
    """
    try:
        size = len(nvm)
        live, base, top, used = _scan(nvm, size)
        old = None          # the whole record the log starts from
        if base is not None:
            old = _value(nvm, base)
        elif top is None and used:
            old = _first_format(nvm)
        pending = []        # (key, body) to write
        names = sorted(changes)
        if whole:
            for k in live:
                if k not in changes:
                    names.append(k)
            for k in (old or ()):
                if k not in changes and k not in names:
                    names.append(k)
        for k in names:
            v = changes.get(k)
            if v is None and k not in live and (old is None or k not in old):
                continue            # gone already
            b = body({k: v})
            if k in live:
                w = live[k]
                if w[2] - 4 - w[1] - HEAD == len(b) and \
                        _read(nvm, w[1] + HEAD, w[2] - 4) == b:
                    continue
            pending.append((k, b))
        if not pending and old is None:
            return True
        seq = 0 if top is None else (top[0] + 1) & 0xFFFFFFFF
        out = bytearray()
        for k, b in pending:
            _entry(b, seq, FORMAT, out)
            seq = (seq + 1) & 0xFFFFFFFF
        n = len(out)
        if n > size:
            return False
        if top is None and not used:
            nvm[0:n] = out        # erased flash: programmed in place
            return True
        pos = size
        if top is not None and old is None and \
                top[0] + len(pending) < 0xFFFFFFFF:
            # After the newest entry, or after whatever a write cut short
            # left there.
            pos = top[2]
            if not _erased(nvm, pos, n):
                pos = max(_used_end(nvm, size), pos)
        if pos + n <= size:
            nvm[pos:pos + n] = out
            return True
        return _compact(nvm, size, live, old, pending)
    except Exception:   # noqa: BLE001  (OSError, MemoryError, a bad record)
        return False


def _compact(nvm, size, live, old, pending):
    """One erase: ``pending``'s entries first (the save being made lands
    where a compaction cut short after the first page keeps it), then the
    other live keys' (none that is gone), renumbered from 0.  A cut here
    is the only way to lose saves, each key whole or not at all."""
    page = reserve() if size == SECTOR else bytearray(size)
    gone = {}
    keep = []           # bodies, in the order written
    for k, b in pending:
        gone[k] = True
        if b != body({k: None}):
            keep.append(b)
    for k in sorted(live):
        if k not in gone:
            w = live[k]
            b = _read(nvm, w[1] + HEAD, w[2] - 4)
            if b != body({k: None}):
                keep.append(b)
            gone[k] = True
    if old is not None:
        for k in sorted(old):
            if k not in gone and old[k] is not None:
                keep.append(body({k: old[k]}))
    pos = 0
    seq = 0
    for b in keep:
        e = _entry(b, seq)
        if pos + len(e) > size:
            return False
        page[pos:pos + len(e)] = e
        pos += len(e)
        seq += 1
    for i in range(pos, size):
        page[i] = 0xFF
    nvm[0:size] = page
    return True


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
