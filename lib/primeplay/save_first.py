"""Saves of the first format, written before the log (``primeplay.save``):
one record, b"PP", a version (1), its length (2 bytes), JSON, Adler-32.
Boards in use may still hold one, after NvmStorage's 2-byte length (the
simulator's file: at its start).  It is read once, and the next save
replaces it; this module is loaded only when flash starts like one, so
that no game's heap pays for it.
"""



def adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def parse(data):
    """The record of one first-format save ``data``; ValueError saying why
    if it is none or damaged (primeplay.save words it as a SaveError: this
    module imports nothing of the log)."""
    if len(data) < 9 or data[2] != 1:
        raise ValueError("not a primeplay save")
    n = (data[3] << 8) | data[4]
    if len(data) < 9 + n:
        raise ValueError("truncated")
    c = data[5 + n:9 + n]
    if adler32(data[:5 + n]) != (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]:
        raise ValueError("checksum mismatch")
    import json
    try:
        record = json.loads(bytes(data[5:5 + n]))
    except Exception:
        raise ValueError("unreadable contents")
    if not isinstance(record, dict):
        raise ValueError("unreadable contents")
    return record


def record(data):
    """The record of the first-format save at the start of the sector
    image ``data`` (after a 2-byte length, or at its very start), or
    None."""
    for old in (data[2:2 + ((data[0] << 8) | data[1])], data):
        if old[:2] == b"PP":
            try:
                return parse(old)
            except ValueError:
                pass
    return None
