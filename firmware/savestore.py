"""Where the saved game lives: one small blob of bytes.

Both backends have the same three methods, which is all ``primeplay.save``
and the app need:

* ``read()`` -> the stored bytes, or None when nothing is stored;
* ``write(data)`` stores ``data`` (bytes), replacing what was there;
* ``clear()`` forgets it.

``NvmStorage`` runs on the board over ``microcontroller.nvm``; ``FileStorage``
is for the desktop simulator and tests.  Neither checks the payload: a blank
or scribbled nvm reads as None or as garbage bytes, and the caller's
checksum (primeplay.save) rejects garbage.  Reading never raises.

Not called ``storage.py``: CircuitPython has a built-in ``storage`` module,
and a built-in always wins over a file of the same name on the board.
"""

_HEADER = 2  # big-endian payload length


class NvmStorage:
    """A length-prefixed blob in a bytearray-like ``nvm``.

    Layout from ``offset``: 2-byte big-endian length n, then n payload
    bytes.  Erased flash (0xFF 0xFF) or any length that does not fit reads
    as "nothing stored".  Every ``write`` is one slice assignment: on
    CircuitPython each nvm write erases and reprograms a flash sector, so
    byte-by-byte writes would wear it (and be slow); an unchanged blob is not
    written at all.
    """

    def __init__(self, nvm, offset=0, size=None):
        if nvm is None:
            raise ValueError("NvmStorage needs an nvm (microcontroller.nvm is None "
                             "on this board)")
        total = len(nvm)
        if size is None:
            size = total - offset
        if offset < 0 or size < _HEADER or offset + size > total:
            raise ValueError("NvmStorage: offset %d size %d outside nvm of %d bytes"
                             % (offset, size, total))
        self._nvm = nvm
        self._offset = offset
        self._size = size

    @property
    def capacity(self):
        """The largest payload that fits, in bytes."""
        return self._size - _HEADER

    def read(self):
        try:
            start = self._offset
            head = self._nvm[start:start + _HEADER]
            n = (head[0] << 8) | head[1]
            if n == 0 or n > self.capacity:
                return None
            return bytes(self._nvm[start + _HEADER:start + _HEADER + n])
        except Exception:  # a broken nvm reads as nothing stored
            return None

    def write(self, data):
        n = len(data)
        if n > self.capacity:
            raise ValueError("save of %d bytes does not fit in %d bytes of nvm"
                             % (n, self.capacity))
        if n == 0:
            self.clear()
            return
        blob = bytes((n >> 8, n & 0xFF)) + bytes(data)
        start = self._offset
        end = start + len(blob)
        if self._nvm[start:end] == blob:
            return
        self._nvm[start:end] = blob

    def clear(self):
        start = self._offset
        if self._nvm[start:start + _HEADER] != b"\x00\x00":
            self._nvm[start:start + _HEADER] = b"\x00\x00"


class FileStorage:
    """The blob in a file (desktop).  Writes go to ``path + '.tmp'`` first
    and then replace the file, so a crash mid-write keeps the old save."""

    def __init__(self, path):
        self.path = str(path)

    def read(self):
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        return data if data else None

    def write(self, data):
        import os
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(bytes(data))
            try:
                f.flush()
                os.fsync(f.fileno())
            except (AttributeError, OSError):
                pass
        if hasattr(os, "replace"):
            os.replace(tmp, self.path)
        else:  # CircuitPython: rename does not overwrite
            self.clear()
            os.rename(tmp, self.path)

    def clear(self):
        import os
        try:
            os.remove(self.path)
        except OSError:
            pass
